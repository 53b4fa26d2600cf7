import { type DynamicModule, Global, Inject, Module } from '@nestjs/common';
import type { WorkerEnv } from '@nocturne/config';

export const WORKER_CONFIG = Symbol('WORKER_CONFIG');
export type WorkerConfig = WorkerEnv;
export const InjectConfig = () => Inject(WORKER_CONFIG);

@Global()
@Module({})
export class WorkerConfigModule {
  static forRoot(config: WorkerConfig): DynamicModule {
    return { module: WorkerConfigModule, providers: [{ provide: WORKER_CONFIG, useValue: config }], exports: [WORKER_CONFIG] };
  }
}
