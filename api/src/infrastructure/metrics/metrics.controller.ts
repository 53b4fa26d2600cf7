import { Controller, Get, Header } from '@nestjs/common';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { MetricsService } from './metrics.service.js';

@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  @Endpoint({ summary: 'Prometheus metrics', auth: 'public', tags: ['health'], produces: 'text/plain' })
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
