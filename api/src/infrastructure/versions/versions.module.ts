import { Global, Module } from '@nestjs/common';
import { ReplicaRouter } from './replica-router.js';
import { ResourceVersions } from './resource-versions.js';

@Global()
@Module({ providers: [ResourceVersions, ReplicaRouter], exports: [ResourceVersions, ReplicaRouter] })
export class VersionsModule {}
