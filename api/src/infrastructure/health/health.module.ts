import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthProbes } from './health.probes.js';
import { CheckReadinessHandler } from './queries/check-readiness/check-readiness.handler.js';

@Module({ controllers: [HealthController], providers: [HealthProbes, CheckReadinessHandler] })
export class HealthModule {}
