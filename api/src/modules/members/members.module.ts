import { Module } from '@nestjs/common';
import { DeleteMyAccountHandler } from './commands/delete-my-account/delete-my-account.handler.js';
import { MembersAdminController } from './members-admin.controller.js';
import { MyDataController } from './my-data.controller.js';
import { ExportMyDataHandler } from './queries/export-my-data/export-my-data.handler.js';

@Module({ controllers: [MembersAdminController, MyDataController], providers: [ExportMyDataHandler, DeleteMyAccountHandler] })
export class MembersModule {}
