import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthProbes } from './health.probes.js';

@Module({ controllers: [HealthController], providers: [HealthProbes] })
export class HealthModule {}
