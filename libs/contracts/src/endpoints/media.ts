import {
  FinalizeUploadRequest,
  FinalizeUploadResponse,
  SignUploadRequest,
  SignUploadResponse,
  UploadedResponse,
  UploadSignatureQuery,
} from '../media.js';
import { ANYONE, MANAGERS, endpoint } from '../endpoint.js';

export const getMedia = endpoint({
  method: 'GET',
  path: '/media/news/:file',
  summary: 'A finalized upload (featured image or video): the bytes, or a redirect to a short-lived URL',
  access: ANYONE,
  tags: ['media'],
  produces: 'application/octet-stream',
  errors: { 302: 'Redirect to a short-lived object storage URL (S3)', 404: 'No such media', 416: 'Range not satisfiable' },
});

export const receiveLocalUpload = endpoint({
  method: 'PUT',
  path: '/api/uploads/news/:file',
  summary: 'Receive the raw bytes of a signed upload (local storage; the signature authorizes)',
  access: ANYONE,
  tags: ['media'],
  query: UploadSignatureQuery,
  response: UploadedResponse,
  errors: {
    403: 'Signature invalid for this key or content type, or expired',
    409: 'Already finalized',
    413: 'Larger than 10 MB',
  },
});

export const signUpload = endpoint({
  method: 'POST',
  path: '/api/admin/upload/sign',
  summary: 'Upload parameters for one image or video: a presigned PUT to a server-chosen key',
  access: MANAGERS,
  tags: ['media'],
  body: SignUploadRequest,
  response: SignUploadResponse,
  errors: { 400: 'contentType is not an image or video type browsers display' },
});

export const finalizeUpload = endpoint({
  method: 'POST',
  path: '/api/admin/upload/finalize',
  summary: 'Check an uploaded file (signed here, at most 10 MB, bytes match the type) and publish it',
  access: MANAGERS,
  tags: ['media'],
  body: FinalizeUploadRequest,
  response: FinalizeUploadResponse,
  errors: { 400: 'Not signed here, missing, too large or not the declared type (the file is deleted)' },
});
