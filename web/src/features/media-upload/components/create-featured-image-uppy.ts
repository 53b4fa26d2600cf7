import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { finalizeUpload, getUploadParameters } from '../api/upload';

// One file of at most 10485760 bytes, images and videos, no automatic start (PRODUCT.md §2.9).
const UPLOAD_RESTRICTIONS = {
  maxNumberOfFiles: 1,
  maxFileSize: 10_485_760,
  allowedFileTypes: ['image/*', 'video/*'],
};
// The library's defaults, where Uppy 6 still exposes them (its request timeout and retry delays are fixed inside the S3 client).
const CONCURRENT_UPLOADS = 5;

export const MESSAGES = {
  uploaded: 'Image uploaded successfully',
  finalizeFailed: 'Failed to finalize image upload',
  parametersFailed: 'Failed to get upload parameters',
};

/** The server's reason for refusing a file, in words for the admin ("The file is not a PNG image."). */
function refusalReason(error: unknown): string {
  if (error instanceof ApiError) {
    const issues = error.body?.issues ?? [];
    if (issues.length > 0)
      return issues.map(({ path, message }) => `${path === 'file' ? 'The file' : path} ${message}.`).join(' ');
    if (error.serverMessage) return error.serverMessage;
  }
  return 'The server could not check the file. Please try again.';
}

export interface UploadCallbacks {
  onUploaded(objectPath: string, fileName: string): void;
  onRemoved(): void;
  /** A file was added and is not uploaded yet: the news form will not publish without it. */
  onPicked?(fileName: string): void;
}

/**
 * The Uppy instance behind the featured-image button. Uppy 6's S3 plugin asks `signRequest` for
 * each request; the key it proposes is the Uppy file id (see `generateObjectKey`), so a failure to
 * get upload parameters can remove exactly that file. The server picks the real key.
 */
export function createFeaturedImageUppy(callbacks: UploadCallbacks) {
  const uppy = new Uppy({ id: 'featured-image', autoProceed: false, restrictions: UPLOAD_RESTRICTIONS });
  uppy.use(AwsS3, {
    shouldUseMultipart: false,
    limit: CONCURRENT_UPLOADS,
    generateObjectKey: (file) => file.id,
    signRequest: async (request) => {
      if (request.method !== 'PUT' || !('contentType' in request))
        throw new Error(`Unsupported upload request: ${request.method}`);
      try {
        const parameters = await getUploadParameters(request.contentType ?? '');
        // Local storage answers a same-origin path; the S3 client needs an absolute URL.
        const url = new URL(parameters.uploadURL, window.location.origin).href;
        return { url, headers: parameters.headers, key: new URL(url).pathname.replace(/^.*?(news\/)/, '$1') };
      } catch (error) {
        if (uppy.getFile(request.key)) uppy.removeFile(request.key);
        console.error(MESSAGES.parametersFailed, error);
        throw error;
      }
    },
  });

  uppy.on('upload-success', (file, response) => {
    if (!file || !response.uploadURL) return;
    finalizeUpload(response.uploadURL, file.type)
      .then(({ objectPath }) => {
        toast({ title: MESSAGES.uploaded });
        callbacks.onUploaded(objectPath, file.name ?? objectPath);
      })
      .catch((error: unknown) => {
        console.error(MESSAGES.finalizeFailed, error);
        const reason = refusalReason(error);
        // The bytes reached storage, but the server refused (and deleted) them: the dashboard must
        // show the file as failed, with the reason, never as complete.
        uppy.emit('upload-error', file, new Error(reason), undefined);
        toast({ title: MESSAGES.finalizeFailed, description: reason, variant: 'destructive' });
      });
  });
  uppy.on('file-added', (file) => callbacks.onPicked?.(file.name ?? 'The image'));
  uppy.on('file-removed', () => callbacks.onRemoved());
  return uppy;
}
