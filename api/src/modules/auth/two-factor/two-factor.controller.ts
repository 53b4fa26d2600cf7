import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
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
import { ConfirmTotpEnrolmentCommand } from '../commands/confirm-totp-enrolment/confirm-totp-enrolment.command.js';
import { FinishPasskeyRegistrationCommand } from '../commands/finish-passkey-registration/finish-passkey-registration.command.js';
import { RemoveSecondFactorCommand } from '../commands/remove-second-factor/remove-second-factor.command.js';
import { ResetStaffSecondFactorCommand } from '../commands/reset-staff-second-factor/reset-staff-second-factor.command.js';
import { StartPasskeyAuthenticationCommand } from '../commands/start-passkey-authentication/start-passkey-authentication.command.js';
import { StartPasskeyRegistrationCommand } from '../commands/start-passkey-registration/start-passkey-registration.command.js';
import { StartTotpEnrolmentCommand } from '../commands/start-totp-enrolment/start-totp-enrolment.command.js';
import { VerifyPasskeyCommand } from '../commands/verify-passkey/verify-passkey.command.js';
import { VerifySecondFactorCommand } from '../commands/verify-second-factor/verify-second-factor.command.js';
import { GetSecondFactorsQuery } from '../queries/get-second-factors/get-second-factors.query.js';
import { deviceCookie } from './remembered-device.js';
import type { Satisfied } from './second-factor-sessions.js';

type IdParams = { id: string };

/** The second factor's endpoints; the auth guard decides which a session owing its factor may call. */
@Controller()
export class TwoFactorController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly limiter: RateLimiter,
  ) {}

  @Endpoint(endpoints.getSecondFactors)
  status(@CurrentMember() member: AuthenticatedMember): Promise<SecondFactorStatus> {
    return this.queries.execute(new GetSecondFactorsQuery(member));
  }

  @Endpoint(endpoints.startTotpEnrolment)
  startTotp(
    @CurrentMember() member: AuthenticatedMember,
    // Validated for what it refuses (a body that is not empty); it carries nothing.
    @ValidBody() _body: StartEnrolmentRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TotpSetupResponse> {
    void reply.header('cache-control', 'no-store');
    return this.commands.execute(new StartTotpEnrolmentCommand(member));
  }

  @Endpoint(endpoints.confirmTotpEnrolment)
  async confirmTotp(
    @CurrentMember() member: AuthenticatedMember,
    @ValidBody() body: TotpConfirmRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RecoveryCodesResponse> {
    await this.limiter.hit(LIMITS.secondFactorPerMember, member.id);
    const { deviceToken, recoveryCodes } = await this.commands.execute(
      new ConfirmTotpEnrolmentCommand(member, body.code, body.rememberDevice ?? false),
    );
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
    remember(
      request,
      reply,
      await this.commands.execute(new VerifySecondFactorCommand(member, body, body.rememberDevice ?? false)),
    );
    return { success: true, message: 'Signed in' };
  }

  @Endpoint(endpoints.startPasskeyRegistration)
  async passkeyRegistrationOptions(
    @CurrentMember() member: AuthenticatedMember,
    // Validated for what it refuses (a body that is not empty); it carries nothing.
    @ValidBody() _body: StartEnrolmentRequest,
  ): Promise<PasskeyOptionsResponse> {
    return { options: await this.commands.execute(new StartPasskeyRegistrationCommand(member)) };
  }

  @Endpoint(endpoints.finishPasskeyRegistration)
  async registerPasskey(
    @CurrentMember() member: AuthenticatedMember,
    @ValidBody() body: PasskeyRegisterRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RecoveryCodesResponse> {
    const { deviceToken, recoveryCodes } = await this.commands.execute(
      new FinishPasskeyRegistrationCommand(member, body.response, body.label, body.rememberDevice ?? false),
    );
    remember(request, reply, { deviceToken });
    return { recoveryCodes };
  }

  @Endpoint(endpoints.startPasskeyAuthentication)
  async passkeyAuthenticationOptions(@CurrentMember() member: AuthenticatedMember): Promise<PasskeyOptionsResponse> {
    return { options: await this.commands.execute(new StartPasskeyAuthenticationCommand(member)) };
  }

  @Endpoint(endpoints.verifyPasskey)
  async verifyPasskey(
    @CurrentMember() member: AuthenticatedMember,
    @ValidBody() body: PasskeyVerifyRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SuccessResponse> {
    await this.limiter.hit(LIMITS.secondFactorPerMember, member.id);
    remember(
      request,
      reply,
      await this.commands.execute(new VerifyPasskeyCommand(member, body.response, body.rememberDevice ?? false)),
    );
    return { success: true, message: 'Signed in' };
  }

  @Endpoint(endpoints.removeSecondFactor)
  async remove(@CurrentMember() member: AuthenticatedMember, @ValidParams() params: IdParams): Promise<SuccessResponse> {
    await this.commands.execute(new RemoveSecondFactorCommand(member, params.id));
    return { success: true, message: 'Second factor removed' };
  }

  @Endpoint(endpoints.resetStaffSecondFactor)
  async reset(@ValidParams() params: IdParams): Promise<SuccessResponse> {
    await this.commands.execute(new ResetStaffSecondFactorCommand(params.id));
    return { success: true, message: 'Second factor reset: they set up a new one at their next sign-in' };
  }
}

function remember(request: FastifyRequest, reply: FastifyReply, { deviceToken }: Satisfied): void {
  if (deviceToken) void reply.header('set-cookie', deviceCookie(deviceToken, request.protocol === 'https'));
}
