import { Controller, Headers, Req, Res } from '@nestjs/common';
import {
  type AppleDevicePassesParams,
  type AppleDevicePassesQuery,
  type AppleDeviceRegistration,
  type AppleDeviceRegistrationParams,
  type AppleLogEntries,
  type ApplePassParams,
  endpoints,
  type GoogleWalletLink,
  type WalletCouponParams,
  type WalletSettings,
} from '@nocturne/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '../../common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember, LIMITS, RateLimiter } from '../auth/auth.public.js';
import { WalletService } from './wallet.service.js';

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
    private readonly wallet: WalletService,
    private readonly limiter: RateLimiter,
  ) {}

  @Endpoint(endpoints.getWalletSettings)
  settings(): WalletSettings {
    return this.wallet.settings();
  }

  @Endpoint(endpoints.getCouponApplePass)
  async couponPass(
    @CurrentMember() member: AuthenticatedMember,
    @ValidParams() params: WalletCouponParams,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendPass(reply, await this.wallet.couponPass(member, params.userCouponId));
  }

  @Endpoint(endpoints.getCardApplePass)
  async cardPass(@CurrentMember() member: AuthenticatedMember, @Res() reply: FastifyReply): Promise<void> {
    await sendPass(reply, await this.wallet.cardPass(member));
  }

  /** "Register a Pass for Update Notifications": 201 Created for a new registration, 200 OK when it already exists. */
  @Endpoint(endpoints.registerAppleDevice)
  async register(
    @ValidParams() params: AppleDeviceRegistrationParams,
    @ValidBody() body: AppleDeviceRegistration,
    @Headers('authorization') authorization: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const pass = await this.wallet.authenticate(params.passTypeIdentifier, params.serialNumber, authorization);
    const created = await this.wallet.register(pass, params.deviceLibraryIdentifier, body.pushToken);
    await reply.status(created ? 201 : 200).send();
  }

  /** "Unregister a Pass for Update Notifications": 200 OK once the device no longer gets its updates. */
  @Endpoint(endpoints.unregisterAppleDevice)
  async unregister(
    @ValidParams() params: AppleDeviceRegistrationParams,
    @Headers('authorization') authorization: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const pass = await this.wallet.authenticate(params.passTypeIdentifier, params.serialNumber, authorization);
    await this.wallet.unregister(pass, params.deviceLibraryIdentifier);
    await reply.status(200).send();
  }

  /** "Get the List of Updatable Passes": 200 with serialNumbers and lastUpdated, 204 No Content when nothing changed. */
  @Endpoint(endpoints.listUpdatedApplePasses)
  async changed(
    @ValidParams() params: AppleDevicePassesParams,
    @ValidQuery() query: AppleDevicePassesQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const changed = await this.wallet.changedSince(
      params.passTypeIdentifier,
      params.deviceLibraryIdentifier,
      query.passesUpdatedSince,
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
    const pass = await this.wallet.authenticate(params.passTypeIdentifier, params.serialNumber, authorization);
    const modified = new Date(pass.updated_at);
    const since = ifModifiedSince ? Date.parse(ifModifiedSince) : NaN;
    // HTTP dates have whole seconds: unchanged unless it changed after that second.
    if (!Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since) {
      await reply.status(304).header('Last-Modified', modified.toUTCString()).send();
      return;
    }
    await sendPass(reply, await this.wallet.latest(pass), modified);
  }

  /** "Log a Message": devices report problems with our passes. */
  @Endpoint(endpoints.logAppleWalletMessages)
  async log(@ValidBody() body: AppleLogEntries, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.limiter.hit(LIMITS.walletLogPerIp, request.ip);
    this.wallet.log(body.logs);
    await reply.status(200).send();
  }

  @Endpoint(endpoints.getCouponGoogleWalletLink)
  async googleCoupon(
    @CurrentMember() member: AuthenticatedMember,
    @ValidParams() params: WalletCouponParams,
  ): Promise<GoogleWalletLink> {
    return { url: await this.wallet.googleCouponLink(member, params.userCouponId) };
  }

  @Endpoint(endpoints.getCardGoogleWalletLink)
  async googleCard(@CurrentMember() member: AuthenticatedMember): Promise<GoogleWalletLink> {
    return { url: await this.wallet.googleCardLink(member) };
  }
}
