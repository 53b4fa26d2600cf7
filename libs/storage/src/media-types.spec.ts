import { isMediaKey, MAGIC_BYTES_NEEDED, matchesMagicNumber, mediaTypeOfKey, type MediaType } from './media-types.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + compatible.length * 4;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], ...compatible);
};

const SAMPLES: Record<MediaType, Buffer> = {
  'image/jpeg': bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'),
  'image/png': bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'),
  'image/gif': bytes('GIF89a', [1, 0, 1, 0]),
  'image/webp': bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
  'image/avif': ftyp('avif', 'mif1', 'miaf'),
  'video/mp4': ftyp('isom', 'iso2', 'avc1', 'mp41'),
  'video/webm': bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm'),
};

describe('matchesMagicNumber', () => {
  it.each(Object.keys(SAMPLES) as MediaType[])('recognises %s and nothing else as it', (type) => {
    for (const [other, sample] of Object.entries(SAMPLES)) {
      expect({ declared: type, actual: other, ok: matchesMagicNumber(type, sample.subarray(0, MAGIC_BYTES_NEEDED)) }).toEqual({
        declared: type,
        actual: other,
        ok: other === type,
      });
    }
  });

  it('accepts AVIF whose major brand is mif1 but lists avif as compatible', () => {
    expect(matchesMagicNumber('image/avif', ftyp('mif1', 'avif', 'miaf'))).toBe(true);
    expect(matchesMagicNumber('video/mp4', ftyp('mif1', 'avif', 'miaf'))).toBe(false);
  });

  it('refuses Matroska that is not WebM, HTML and empty files', () => {
    expect(matchesMagicNumber('video/webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x82, 0x88], 'matroska'))).toBe(false);
    expect(matchesMagicNumber('image/png', bytes('<!doctype html><script>'))).toBe(false);
    for (const type of Object.keys(SAMPLES) as MediaType[]) expect(matchesMagicNumber(type, Buffer.alloc(0))).toBe(false);
  });
});

describe('media keys', () => {
  it('accepts only news/<uuid v4>.<known extension>', () => {
    expect(isMediaKey('news/0b6f3c2e-8a1d-4f7e-9c3b-2d5e6f7a8b9c.png')).toBe(true);
    expect(mediaTypeOfKey('news/0b6f3c2e-8a1d-4f7e-9c3b-2d5e6f7a8b9c.webm')).toBe('video/webm');
    for (const key of [
      'news/../etc/passwd',
      'news/0b6f3c2e-8a1d-4f7e-9c3b-2d5e6f7a8b9c.html',
      'other/0b6f3c2e-8a1d-4f7e-9c3b-2d5e6f7a8b9c.png',
      'news/x.png',
      '/news/0b6f3c2e-8a1d-4f7e-9c3b-2d5e6f7a8b9c.png',
    ]) {
      expect({ key, ok: isMediaKey(key) }).toEqual({ key, ok: false });
    }
  });
});
