import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

/** Upload parameters for one file: the server chooses the key and signs a PUT. */
export const getUploadParameters = (contentType: string) => api.call(routes.signUpload, { body: { contentType } });

/** Asks the server to check the uploaded object and publish it; answers the path posts store. */
export const finalizeUpload = (mediaURL: string, contentType: string) =>
  api.call(routes.finalizeUpload, { body: { mediaURL, contentType } });
