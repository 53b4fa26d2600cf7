import type { FinalizeUploadResponse, SignUploadResponse } from '@nocturne/contracts';
import { api } from '@/lib/api-client';

/** SPEC 3 "Upload parameters" for one file: the server chooses the key and signs a PUT. */
export const getUploadParameters = (contentType: string) =>
  api.post<SignUploadResponse>('/api/admin/upload/sign', { contentType });

/** Asks the server to check the uploaded object and publish it; answers the path posts store. */
export const finalizeUpload = (mediaURL: string, contentType: string) =>
  api.post<FinalizeUploadResponse>('/api/admin/upload/finalize', { mediaURL, contentType });
