import { Module } from '@nestjs/common';
import { NewsModule } from '../news/news.module.js';
import { DeleteMyAccountHandler } from './commands/delete-my-account/delete-my-account.handler.js';
import { MembersAdminController } from './members-admin.controller.js';
import { MembersRepository } from './members.repository.js';
import { MyDataController } from './my-data.controller.js';
import { ExportMyDataHandler } from './queries/export-my-data/export-my-data.handler.js';
import { GetAdminStatsHandler } from './queries/get-admin-stats/get-admin-stats.handler.js';
import { ListAdminMembersHandler } from './queries/list-admin-members/list-admin-members.handler.js';

@Module({
  imports: [NewsModule],
  controllers: [MembersAdminController, MyDataController],
  providers: [MembersRepository, ListAdminMembersHandler, GetAdminStatsHandler, ExportMyDataHandler, DeleteMyAccountHandler],
})
export class MembersModule {}
