import { z } from 'zod';

/** Image and video types browsers display; uploads of anything else are refused. */
export const MEDIA_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
  'video/mp4',
  'video/webm',
] as const;
export type MediaContentType = (typeof MEDIA_CONTENT_TYPES)[number];

/** What people call each type, for messages about a refused file ("not a PNG image"). */
export const MEDIA_TYPE_NAMES: Record<MediaContentType, string> = {
  'image/jpeg': 'a JPEG image',
  'image/png': 'a PNG image',
  'image/webp': 'a WebP image',
  'image/avif': 'an AVIF image',
  'image/gif': 'a GIF image',
  'video/mp4': 'an MP4 video',
  'video/webm': 'a WebM video',
};

const MediaContentType = z
  .string({ message: 'is required' })
  .trim()
  .toLowerCase()
  .pipe(z.enum(MEDIA_CONTENT_TYPES, { message: `must be one of ${MEDIA_CONTENT_TYPES.join(', ')}` }));

export const SignUploadRequest = z.object({ contentType: MediaContentType });
export type SignUploadRequest = z.infer<typeof SignUploadRequest>;

/** The upload parameters (PRODUCT.md §3): the browser PUTs the raw file to `uploadURL` with `headers`. */
export const SignUploadResponse = z
  .object({
    uploadURL: z.string().describe('Absolute (S3) or same-origin relative (local storage) URL, valid for a few minutes'),
    method: z.literal('PUT'),
    headers: z.record(z.string(), z.string()),
  })
  .meta({ id: 'UploadParameters' });
export type SignUploadResponse = z.infer<typeof SignUploadResponse>;

export const FinalizeUploadRequest = z.object({
  mediaURL: z.string({ message: 'is required' }).trim().min(1, 'must not be empty').max(2000, 'must be at most 2000 characters'),
  // A finalize without a type is a JPEG (PRODUCT.md §7).
  contentType: MediaContentType.default('image/jpeg'),
});
export type FinalizeUploadRequest = z.infer<typeof FinalizeUploadRequest>;

export const FinalizeUploadResponse = z.object({
  objectPath: z.string().describe("Stored as a news post's featuredImageUrl; served at /media/{objectPath}"),
  url: z.string().describe('Where the object is served: /media/{objectPath}'),
});
export type FinalizeUploadResponse = z.infer<typeof FinalizeUploadResponse>;

/** The signature of a local-storage upload URL (the stand-in for an S3 presigned PUT). */
export const UploadSignatureQuery = z.object({
  expires: z.coerce.number({ message: 'is required' }).int('must be a unix time in seconds'),
  signature: z.string({ message: 'is required' }).max(128, 'must be at most 128 characters'),
});

export const UploadedResponse = z.object({
  url: z.string().describe('The upload URL without its signature: send it to finalize as mediaURL'),
});
