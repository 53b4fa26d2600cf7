import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OpenApiController } from './openapi.controller.js';
import { OpenApiService } from './openapi.service.js';
import { RouteBindings } from './route-bindings.js';

@Module({
  imports: [DiscoveryModule],
  providers: [OpenApiService, RouteBindings],
  controllers: [OpenApiController],
  exports: [OpenApiService],
})
export class OpenApiModule {}
