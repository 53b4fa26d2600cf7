import { Controller, Req, Res } from '@nestjs/common';
import {
  endpoints,
  type StartEnrolmentRequest,
  type PasskeyOptionsResponse,
  PasskeyRegisterRequest,
  PasskeyVerifyRequest,
  type RecoveryCodesResponse,
  type SecondFactorStatus,
  SecondFactorVerifyRequest,
  type SuccessResponse,
  TotpConfirmRequest,
  type TotpSetupResponse,
} from '@nocturne/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidParams } from '#common/http/input.decorators.js';
import { CurrentMember } from '../current-member.decorator.js';
import { LIMITS, RateLimiter } from '../rate-limiter.js';
import type { AuthenticatedMember } from '../user-view.js';
import { PasskeyFactors } from './passkey-factors.service.js';
import { deviceCookie } from './remembered-device.js';
import type { Satisfied } from './second-factor-sessions.js';
import { SecondFactors } from './second-factors.service.js';
import { TotpFactors } from './totp-factors.service.js';

type IdParams = { id: string };

/** The second factor's endpoints; the auth guard decides which a session owing its factor may call. */
@Controller()
export class TwoFactorController {
  constructor(
    private readonly factors: SecondFactors,
    private readonly totp: TotpFactors,
    private readonly passkeys: PasskeyFactors,
    private readonly limiter: RateLimiter,
  ) {}

  @Endpoint(endpoints.getSecondFactors)
  status(@CurrentMember() member: AuthenticatedMember): Promise<SecondFactorStatus> {
    return this.factors.status(member);
  }

  @Endpoint(endpoints.startTotpEnrolment)
  startTotp(
    @CurrentMember() member: AuthenticatedMember,
    // Validated for what it refuses (a body that is not empty); it carries nothing.
    @ValidBody() _body: StartEnrolmentRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TotpSetupResponse> {
    void reply.header('cache-control', 'no-store');
    return this.totp.start(member);
  }

  @Endpoint(endpoints.confirmTotpEnrolment)
  async confirmTotp(
    @CurrentMember() member: AuthenticatedMember,
    @ValidBody() body: TotpConfirmRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RecoveryCodesResponse> {
    await this.limiter.hit(LIMITS.secondFactorPerMember, member.id);
    const { deviceToken, recoveryCodes } = await this.totp.confirm(member, body.code, body.rememberDevice ?? false);
    remember(request, reply, { deviceToken });
    return { recoveryCodes };
  }

  @Endpoint(endpoints.verifySecondFactor)
  async verify(
    @CurrentMember() member: AuthenticatedMember,
    @ValidBody() body: z.infer<typeof SecondFactorVerifyRequest>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SuccessResponse> {
    await this.limiter.hit(LIMITS.secondFactorPerMember, member.id);
    remember(request, reply, await this.totp.verify(member, body, body.rememberDevice ?? false));
    return { success: true, message: 'Signed in' };
  }

  @Endpoint(endpoints.startPasskeyRegistration)
  async passkeyRegistrationOptions(
    @CurrentMember() member: AuthenticatedMember,
    // Validated for what it refuses (a body that is not empty); it carries nothing.
    @ValidBody() _body: StartEnrolmentRequest,
  ): Promise<PasskeyOptionsResponse> {
    return { options: await this.passkeys.registrationOptions(member) };
  }

  @Endpoint(endpoints.finishPasskeyRegistration)
  async registerPasskey(
    @CurrentMember() member: AuthenticatedMember,
    @ValidBody() body: PasskeyRegisterRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RecoveryCodesResponse> {
    const { deviceToken, recoveryCodes } = await this.passkeys.register(
      member,
      body.response,
      body.label,
      body.rememberDevice ?? false,
    );
    remember(request, reply, { deviceToken });
    return { recoveryCodes };
  }

  @Endpoint(endpoints.startPasskeyAuthentication)
  async passkeyAuthenticationOptions(@CurrentMember() member: AuthenticatedMember): Promise<PasskeyOptionsResponse> {
    return { options: await this.passkeys.authenticationOptions(member) };
  }

  @Endpoint(endpoints.verifyPasskey)
  async verifyPasskey(
    @CurrentMember() member: AuthenticatedMember,
    @ValidBody() body: PasskeyVerifyRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SuccessResponse> {
    await this.limiter.hit(LIMITS.secondFactorPerMember, member.id);
    remember(request, reply, await this.passkeys.verify(member, body.response, body.rememberDevice ?? false));
    return { success: true, message: 'Signed in' };
  }

  @Endpoint(endpoints.removeSecondFactor)
  async remove(@CurrentMember() member: AuthenticatedMember, @ValidParams() params: IdParams): Promise<SuccessResponse> {
    await this.factors.remove(member, params.id);
    return { success: true, message: 'Second factor removed' };
  }

  @Endpoint(endpoints.resetStaffSecondFactor)
  async reset(@ValidParams() params: IdParams): Promise<SuccessResponse> {
    await this.factors.reset(params.id);
    return { success: true, message: 'Second factor reset: they set up a new one at their next sign-in' };
  }
}

function remember(request: FastifyRequest, reply: FastifyReply, { deviceToken }: Satisfied): void {
  if (deviceToken) void reply.header('set-cookie', deviceCookie(deviceToken, request.protocol === 'https'));
}
