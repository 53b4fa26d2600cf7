import { MEDIA_CONTENT_TYPES, type MediaContentType } from '@nocturne/contracts';

/** Upload limits shared by the api (sign, PUT, finalize) and the worker. 10 MB, one file (PRODUCT.md §9). */
export const MAX_UPLOAD_BYTES = 10_485_760;

/** The extension each accepted type's keys get (the list itself lives in the API contracts). */
export const MEDIA_TYPES: Record<MediaContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

export type MediaType = MediaContentType;

export function isMediaType(value: string): value is MediaType {
  return (MEDIA_CONTENT_TYPES as readonly string[]).includes(value);
}

const EXTENSION_TYPES = Object.fromEntries(Object.entries(MEDIA_TYPES).map(([type, ext]) => [ext, type])) as Record<
  string,
  MediaType
>;

/** Keys are always server-chosen: `news/<uuid v4>.<ext>`. Anything else is not ours. */
export const MEDIA_KEY_PATTERN =
  /^news\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(jpg|png|webp|avif|gif|mp4|webm)$/;

export function isMediaKey(key: string): boolean {
  return MEDIA_KEY_PATTERN.test(key);
}

export function mediaTypeOfKey(key: string): MediaType | undefined {
  const match = MEDIA_KEY_PATTERN.exec(key);
  return match ? EXTENSION_TYPES[match[1]!] : undefined;
}

/** How many leading bytes `matchesMagicNumber` needs to decide. */
export const MAGIC_BYTES_NEEDED = 64;

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/** ISO-BMFF (`ftyp`) brands: the major brand and the compatible brands of the first box. */
function isoBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 12 || ascii(bytes, 4, 4) !== 'ftyp') return [];
  const boxSize = Math.min((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!, bytes.length);
  const brands = [ascii(bytes, 8, 4)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, 4));
  return brands;
}

const IMAGE_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * Whether a file's first bytes are what its declared type says. Browsers trust our Content-Type
 * (we send `nosniff`), so a mislabelled upload would be shown broken or, worse, as something else.
 */
export function matchesMagicNumber(type: MediaType, bytes: Uint8Array): boolean {
  switch (type) {
    case 'image/jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'image/png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/gif':
      return ['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6));
    case 'image/webp':
      return ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP';
    case 'image/avif': {
      const brands = isoBrands(bytes);
      return brands.includes('avif') || brands.includes('avis');
    }
    case 'video/mp4': {
      const brands = isoBrands(bytes);
      return brands.length > 0 && !IMAGE_BRANDS.has(brands[0]!);
    }
    case 'video/webm':
      // EBML header whose DocType is "webm" (plain Matroska says "matroska").
      return startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(bytes, 0, bytes.length).includes('webm');
  }
}
