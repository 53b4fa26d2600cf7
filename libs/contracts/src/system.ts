import { z } from 'zod';

const Up = z.object({ status: z.literal('up') });
export const LiveResponse = z.object({ status: z.literal('ok') });
export const ReadyResponse = z.object({ status: z.literal('ok'), info: z.object({ database: Up, redis: Up }) });
export type ReadyResponse = z.infer<typeof ReadyResponse>;

/** The files of Swagger UI the docs page loads. */
export const API_DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js'] as const;
export type ApiDocsAsset = (typeof API_DOCS_ASSETS)[number];
