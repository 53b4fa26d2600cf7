import { Global, Module } from '@nestjs/common';
import { ResourceVersions } from './resource-versions.js';

@Global()
@Module({ providers: [ResourceVersions], exports: [ResourceVersions] })
export class VersionsModule {}
