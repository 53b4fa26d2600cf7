import { byteRange } from './byte-range.js';
import { keyFromMediaUrl } from './media-url.js';

const key = 'news/0b6f3c2e-8a1d-4f7e-9c3b-2d5e6f7a8b9c.png';

describe('keyFromMediaUrl', () => {
  it('finds the key in S3, local, relative and signed URLs', () => {
    expect(keyFromMediaUrl(`http://127.0.0.1:9000/nocturne-media/${key}`)).toBe(key);
    expect(keyFromMediaUrl(`/api/uploads/${key}`)).toBe(key);
    expect(keyFromMediaUrl(`https://venue.example/api/uploads/${key}?expires=1&signature=ab`)).toBe(key);
  });

  it('refuses anything that is not one of our keys', () => {
    for (const url of [
      '',
      'https://example.com/evil.png',
      `/api/uploads/${key}.html`,
      '/api/uploads/news/../../etc/passwd',
      'http://[::1',
      '/api/uploads/news/%E0%A4%A.png',
    ]) {
      expect({ url, key: keyFromMediaUrl(url) }).toEqual({ url, key: null });
    }
  });
});

describe('byteRange', () => {
  it('reads the forms browsers send', () => {
    expect(byteRange(undefined, 1000)).toBeNull();
    expect(byteRange('bytes=0-', 1000)).toEqual({ start: 0, end: 999 });
    expect(byteRange('bytes=100-199', 1000)).toEqual({ start: 100, end: 199 });
    expect(byteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
  });

  it('serves everything for forms it does not handle and refuses ranges past the end', () => {
    expect(byteRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(byteRange('items=0-1', 1000)).toBeNull();
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=5-4', 1000)).toBe('unsatisfiable');
  });
});
