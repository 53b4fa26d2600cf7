import { Module } from '@nestjs/common';
import { CouponsModule } from '../coupons/coupons.module.js';
import { NewsModule } from '../news/news.module.js';
import { VenueInboxModule } from '../venue-inbox/venue-inbox.module.js';
import { WalletModule } from '../wallet/wallet.module.js';
import { AccountErasureRepository } from './account-erasure.repository.js';
import { AdminMemberController } from './admin-member.controller.js';
import { AdminMemberRepository } from './admin-member.repository.js';
import { AdminMembersRepository } from './admin-members.repository.js';
import { AdjustMemberPointsHandler } from './commands/adjust-member-points/adjust-member-points.handler.js';
import { DeleteMyAccountHandler } from './commands/delete-my-account/delete-my-account.handler.js';
import { DisableMemberHandler } from './commands/disable-member/disable-member.handler.js';
import { EnableMemberHandler } from './commands/enable-member/enable-member.handler.js';
import { SendMemberPasswordResetHandler } from './commands/send-member-password-reset/send-member-password-reset.handler.js';
import { MembersAdminController } from './members-admin.controller.js';
import { MailSpool } from './mail-spool.js';
import { MyDataController } from './my-data.controller.js';
import { MyDataRepository } from './my-data.repository.js';
import { GetAdminMemberHandler } from './queries/get-admin-member/get-admin-member.handler.js';
import { ExportMembersHandler } from './queries/export-members/export-members.handler.js';
import { ExportMyDataHandler } from './queries/export-my-data/export-my-data.handler.js';
import { GetAdminStatsHandler } from './queries/get-admin-stats/get-admin-stats.handler.js';
import { ListAdminMembersHandler } from './queries/list-admin-members/list-admin-members.handler.js';

@Module({
  imports: [NewsModule, CouponsModule, VenueInboxModule, WalletModule],
  controllers: [MembersAdminController, MyDataController, AdminMemberController],
  providers: [
    AdminMembersRepository,
    AdminMemberRepository,
    MyDataRepository,
    AccountErasureRepository,
    MailSpool,
    ListAdminMembersHandler,
    GetAdminStatsHandler,
    ExportMyDataHandler,
    ExportMembersHandler,
    DeleteMyAccountHandler,
    GetAdminMemberHandler,
    AdjustMemberPointsHandler,
    SendMemberPasswordResetHandler,
    DisableMemberHandler,
    EnableMemberHandler,
  ],
})
export class MembersModule {}
