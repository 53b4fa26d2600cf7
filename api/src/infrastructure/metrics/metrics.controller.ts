import { Controller, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { endpoints } from '@nocturne/contracts';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { MetricsService } from './metrics.service.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

@Controller()
export class MetricsController {
  private readonly expected?: Buffer;

  constructor(
    private readonly metrics: MetricsService,
    @InjectConfig() config: ApiConfig,
  ) {
    this.expected = config.METRICS_TOKEN ? digest(config.METRICS_TOKEN) : undefined;
  }

  @Endpoint(endpoints.scrapeMetrics)
  scrape(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    if (this.expected) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
      // Compared as digests: same length whatever was sent, so the comparison's time says nothing.
      if (!match || !timingSafeEqual(digest(match[1]!), this.expected))
        throw new UnauthorizedException('Metrics need their bearer token');
    }
    // Set here rather than with @Header, which would also label a JSON error as text/plain.
    void reply.header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8');
    return this.metrics.render();
  }
}
