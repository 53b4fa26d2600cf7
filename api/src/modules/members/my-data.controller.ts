import { Controller, Header, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { DeleteAccountRequest, endpoints, SuccessResponse } from '@nocturne/contracts';
import { ACCOUNT_DELETED } from '@nocturne/domain';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody } from '#common/http/input.decorators.js';
import { ExportSlots } from '#infrastructure/exports/export-slots.js';
import { type AuthenticatedMember, CurrentMember, LIMITS, RateLimiter } from '../auth/auth.public.js';
import { DeleteMyAccountCommand } from './commands/delete-my-account/delete-my-account.command.js';
import { ExportMyDataQuery } from './queries/export-my-data/export-my-data.query.js';

/** The member's own data: a copy to take away, and the account's deletion (APP 12 and 13). */
@Controller()
export class MyDataController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly limiter: RateLimiter,
    private readonly slots: ExportSlots,
  ) {}

  /** A MyDataExport document, streamed as it is read; a few at a time per member and per process. */
  @Header('Content-Disposition', 'attachment; filename="nocturne-my-data.json"')
  @Header('Cache-Control', 'no-store')
  @Endpoint(endpoints.exportMyData)
  async export(@CurrentMember() member: AuthenticatedMember): Promise<StreamableFile> {
    const json = await this.slots.stream(member.id, () => this.queries.execute(new ExportMyDataQuery(member.id)));
    return new StreamableFile(json, { type: 'application/json; charset=utf-8' });
  }

  @Endpoint(endpoints.deleteMyAccount)
  async delete(@CurrentMember() member: AuthenticatedMember, @ValidBody() body: DeleteAccountRequest): Promise<SuccessResponse> {
    await this.limiter.hit(LIMITS.currentPasswordPerMember, member.id);
    await this.commands.execute(new DeleteMyAccountCommand(member.id, body.password));
    return { success: true, message: ACCOUNT_DELETED };
  }
}
