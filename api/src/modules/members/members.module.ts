import { Module } from '@nestjs/common';
import { MembersAdminController } from './members-admin.controller.js';

@Module({ controllers: [MembersAdminController] })
export class MembersModule {}
