import { Controller, Headers, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type AppleDevicePassesParams,
  type AppleDevicePassesQuery,
  type AppleDeviceRegistration,
  type AppleDeviceRegistrationParams,
  type AppleLogEntries,
  type ApplePassParams,
  endpoints,
  type EventKeyParams,
  type EventNightQuery,
  type GoogleWalletLink,
  type WalletCouponParams,
  type WalletSettings,
} from '@nocturne/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember, LIMITS, RateLimiter } from '../auth/auth.public.js';
import { IssueCardApplePassCommand } from './commands/issue-card-apple-pass/issue-card-apple-pass.command.js';
import { IssueCouponApplePassCommand } from './commands/issue-coupon-apple-pass/issue-coupon-apple-pass.command.js';
import { LogAppleWalletMessagesCommand } from './commands/log-apple-wallet-messages/log-apple-wallet-messages.command.js';
import { RegisterAppleDeviceCommand } from './commands/register-apple-device/register-apple-device.command.js';
import { UnregisterAppleDeviceCommand } from './commands/unregister-apple-device/unregister-apple-device.command.js';
import { GetCardGoogleWalletLinkQuery } from './queries/get-card-google-wallet-link/get-card-google-wallet-link.query.js';
import { GetCouponGoogleWalletLinkQuery } from './queries/get-coupon-google-wallet-link/get-coupon-google-wallet-link.query.js';
import { GetEventApplePassQuery } from './queries/get-event-apple-pass/get-event-apple-pass.query.js';
import { GetEventGoogleWalletLinkQuery } from './queries/get-event-google-wallet-link/get-event-google-wallet-link.query.js';
import { GetLatestApplePassQuery } from './queries/get-latest-apple-pass/get-latest-apple-pass.query.js';
import { GetWalletSettingsQuery } from './queries/get-wallet-settings/get-wallet-settings.query.js';
import { ListUpdatedApplePassesQuery } from './queries/list-updated-apple-passes/list-updated-apple-passes.query.js';

const PKPASS = 'application/vnd.apple.pkpass';

async function sendPass(reply: FastifyReply, pass: Buffer, lastModified?: Date): Promise<void> {
  void reply.header('Content-Type', PKPASS).header('Cache-Control', 'no-store');
  if (lastModified) void reply.header('Last-Modified', lastModified.toUTCString());
  await reply.status(200).send(pass);
}

/**
 * Wallet passes: what the members area downloads (Apple passes, Google links), and Apple's
 * PassKit web service under /api/wallet/apple (the passes' webServiceURL), as Apple's "PassKit
 * Web Service Reference" describes each request and answer.
 */
@Controller()
export class WalletController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly limiter: RateLimiter,
  ) {}

  @Endpoint(endpoints.getWalletSettings)
  settings(): Promise<WalletSettings> {
    return this.queries.execute(new GetWalletSettingsQuery());
  }

  @Endpoint(endpoints.getCouponApplePass)
  async couponPass(
    @CurrentMember() member: AuthenticatedMember,
    @ValidParams() params: WalletCouponParams,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendPass(reply, await this.commands.execute(new IssueCouponApplePassCommand(member.id, params.userCouponId)));
  }

  @Endpoint(endpoints.getCardApplePass)
  async cardPass(@CurrentMember() member: AuthenticatedMember, @Res() reply: FastifyReply): Promise<void> {
    await sendPass(reply, await this.commands.execute(new IssueCardApplePassCommand(member.id)));
  }

  /** "Register a Pass for Update Notifications": 201 Created for a new registration, 200 OK when it already exists. */
  @Endpoint(endpoints.registerAppleDevice)
  async register(
    @ValidParams() params: AppleDeviceRegistrationParams,
    @ValidBody() body: AppleDeviceRegistration,
    @Headers('authorization') authorization: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const created = await this.commands.execute(
      new RegisterAppleDeviceCommand(
        params.passTypeIdentifier,
        params.serialNumber,
        authorization,
        params.deviceLibraryIdentifier,
        body.pushToken,
      ),
    );
    await reply.status(created ? 201 : 200).send();
  }

  /** "Unregister a Pass for Update Notifications": 200 OK once the device no longer gets its updates. */
  @Endpoint(endpoints.unregisterAppleDevice)
  async unregister(
    @ValidParams() params: AppleDeviceRegistrationParams,
    @Headers('authorization') authorization: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.commands.execute(
      new UnregisterAppleDeviceCommand(
        params.passTypeIdentifier,
        params.serialNumber,
        authorization,
        params.deviceLibraryIdentifier,
      ),
    );
    await reply.status(200).send();
  }

  /** "Get the List of Updatable Passes": 200 with serialNumbers and lastUpdated, 204 No Content when nothing changed. */
  @Endpoint(endpoints.listUpdatedApplePasses)
  async changed(
    @ValidParams() params: AppleDevicePassesParams,
    @ValidQuery() query: AppleDevicePassesQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const changed = await this.queries.execute(
      new ListUpdatedApplePassesQuery(params.passTypeIdentifier, params.deviceLibraryIdentifier, query.passesUpdatedSince),
    );
    if (!changed) {
      await reply.status(204).send();
      return;
    }
    await reply.status(200).send(changed);
  }

  /** "Send an Updated Pass": the pass with Last-Modified; 304 Not Modified when unchanged since If-Modified-Since. */
  @Endpoint(endpoints.getLatestApplePass)
  async latest(
    @ValidParams() params: ApplePassParams,
    @Headers('authorization') authorization: string | undefined,
    @Headers('if-modified-since') ifModifiedSince: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { modified, pass } = await this.queries.execute(
      new GetLatestApplePassQuery(params.passTypeIdentifier, params.serialNumber, authorization, ifModifiedSince),
    );
    if (!pass) {
      await reply.status(304).header('Last-Modified', modified.toUTCString()).send();
      return;
    }
    await sendPass(reply, pass, modified);
  }

  /** "Log a Message": devices report problems with our passes. */
  @Endpoint(endpoints.logAppleWalletMessages)
  async log(@ValidBody() body: AppleLogEntries, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.limiter.hit(LIMITS.walletLogPerIp, request.ip);
    await this.commands.execute(new LogAppleWalletMessagesCommand(body.logs));
    await reply.status(200).send();
  }

  @Endpoint(endpoints.getCouponGoogleWalletLink)
  googleCoupon(
    @CurrentMember() member: AuthenticatedMember,
    @ValidParams() params: WalletCouponParams,
  ): Promise<GoogleWalletLink> {
    return this.queries.execute(new GetCouponGoogleWalletLinkQuery(member.id, params.userCouponId));
  }

  @Endpoint(endpoints.getCardGoogleWalletLink)
  googleCard(@CurrentMember() member: AuthenticatedMember): Promise<GoogleWalletLink> {
    return this.queries.execute(new GetCardGoogleWalletLinkQuery(member.id));
  }

  /** A published night's pass for anyone, from the event's page (a plain link: the page has no JavaScript). */
  @Endpoint(endpoints.getEventApplePass)
  async eventPass(
    @ValidParams() params: z.infer<typeof EventKeyParams>,
    @ValidQuery() query: z.infer<typeof EventNightQuery>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { pass, filename } = await this.queries.execute(new GetEventApplePassQuery(params.key, query.night));
    void reply.header('Content-Disposition', `attachment; filename="${filename}"`);
    await sendPass(reply, pass);
  }

  /** The page's "Save to Google Wallet" link lands here: a redirect to a link made now (its object is the visitor's). */
  @Endpoint(endpoints.getEventGoogleWalletLink)
  async eventGoogle(
    @ValidParams() params: z.infer<typeof EventKeyParams>,
    @ValidQuery() query: z.infer<typeof EventNightQuery>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const url = await this.queries.execute(new GetEventGoogleWalletLinkQuery(params.key, query.night));
    await reply.header('Cache-Control', 'no-store').redirect(url, 302);
  }
}
