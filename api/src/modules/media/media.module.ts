import { Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type ObjectStorage, uploadSigningKey } from '@nocturne/storage';
import type { FastifyInstance } from 'fastify';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { FinalizeUploadHandler } from './commands/finalize-upload/finalize-upload.handler.js';
import { SignUploadHandler } from './commands/sign-upload/sign-upload.handler.js';
import { StoreLocalUploadHandler } from './commands/store-local-upload/store-local-upload.handler.js';
import { LocalUploadController } from './local-upload.controller.js';
import { MediaController } from './media.controller.js';
import { MediaRepository } from './media.repository.js';
import { OBJECT_STORAGE, objectStorageProvider } from './object-storage.provider.js';
import { GetMediaHandler } from './queries/get-media/get-media.handler.js';
import { registerRawUploadParser } from './raw-upload-parser.js';
import { UploadAdminController } from './upload-admin.controller.js';

/** Featured images and videos for news posts: sign, upload (S3 or local), finalize, serve. */
@Module({
  controllers: [UploadAdminController, LocalUploadController, MediaController],
  providers: [
    objectStorageProvider,
    MediaRepository,
    SignUploadHandler,
    FinalizeUploadHandler,
    StoreLocalUploadHandler,
    GetMediaHandler,
  ],
  exports: [OBJECT_STORAGE],
})
export class MediaModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  onModuleInit(): void {
    // Script contexts (db:seed, ledger:verify) run these modules without an HTTP server.
    const adapter = this.adapterHost.httpAdapter;
    if (adapter)
      registerRawUploadParser(adapter.getInstance<FastifyInstance>(), this.storage, uploadSigningKey(this.config.QR_SECRET));
  }

  onApplicationShutdown(): void {
    this.storage.destroy?.();
  }
}
