import { Controller, Header, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type ApiDocsAsset, endpoints } from '@nocturne/contracts';
import { Endpoint } from '../http/endpoint.decorator.js';
import { OpenApiService } from './openapi.service.js';
import { errorBody } from '../http/http-exception.filter.js';
import { preparedBody } from '#infrastructure/web/compress-answers.js';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<ApiDocsAsset, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
};

// Swagger UI without inline script, so the docs page works under a strict CSP.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Nocturne API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

@Controller()
export class OpenApiController {
  constructor(private readonly openApi: OpenApiService) {}

  /** Sent as bytes made once (OpenApiService.answer), gzipped for clients that take it. */
  @Endpoint(endpoints.getOpenApiDocument)
  document(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    void reply.send(preparedBody(request, reply, this.openApi.answer()));
  }

  @Header('Content-Type', 'text/html; charset=utf-8')
  @Endpoint(endpoints.getApiDocs)
  docs(): string {
    return PAGE;
  }

  @Header('Content-Type', 'application/javascript; charset=utf-8')
  @Endpoint(endpoints.getApiDocsScript)
  init(): string {
    return INIT;
  }

  @Endpoint(endpoints.getApiDocsAsset)
  asset(@Res() reply: FastifyReply): void {
    const file = (reply.request.params as { file: string }).file;
    const type = ASSETS[file as ApiDocsAsset];
    if (!type) {
      void reply.status(404).send(errorBody(404, 'No such asset'));
      return;
    }
    void reply
      .header('Content-Type', type)
      .header('Cache-Control', 'public, max-age=86400')
      .send(createReadStream(path.join(swaggerDir, file)));
  }
}
