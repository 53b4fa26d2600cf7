import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AuthResponse,
  ChangePasswordRequest,
  endpoints,
  ForgotPasswordRequest,
  LoginRequest,
  MyConsent,
  RegisterRequest,
  ResetPasswordRequest,
  SuccessResponse,
  UpdateMyConsentRequest,
  UpdateProfileRequest,
  User,
} from '@nocturne/contracts';
import { PASSWORD_CHANGED, PASSWORD_RESET_DONE, resetLinkSent } from '@nocturne/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { settleNoSoonerThan } from '#common/timing.js';
import { ValidBody } from '#common/http/input.decorators.js';
import { UpdateConsentCommand } from './commands/update-consent/update-consent.command.js';
import { RegisterMemberCommand } from './commands/register-member/register-member.command.js';
import { RequestPasswordResetCommand } from './commands/request-password-reset/request-password-reset.command.js';
import { ChangePasswordCommand } from './commands/change-password/change-password.command.js';
import { UpdateProfileCommand } from './commands/update-profile/update-profile.command.js';
import { ResetPasswordCommand } from './commands/reset-password/reset-password.command.js';
import { SignInCommand } from './commands/sign-in/sign-in.command.js';
import { SignOutCommand } from './commands/sign-out/sign-out.command.js';
import { CurrentMember } from './current-member.decorator.js';
import { AuthFailure } from './auth-failure.js';
import { LoginThrottle } from './login-throttle.js';
import { LIMITS, RateLimiter } from './rate-limiter.js';
import { SignInDevices } from './sign-in-device.js';
import { GetMeQuery } from './queries/get-me/get-me.query.js';
import type { AuthenticatedMember } from './user-view.js';
import { deviceTokenFromCookie } from './two-factor/remembered-device.js';

/**
 * A reset request for a real account does a little more work (it records an event) than one for
 * an unknown e-mail. Both answer after the same time, so the answer's timing says nothing about
 * whether the account exists; the work normally takes a few milliseconds.
 */
const FORGOT_PASSWORD_ANSWER_MS = 200;

function requestMeta(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined };
}

@Controller()
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly limiter: RateLimiter,
    private readonly loginThrottle: LoginThrottle,
    private readonly devices: SignInDevices,
  ) {}

  @Endpoint(endpoints.register)
  async register(@ValidBody() body: RegisterRequest, @Req() request: FastifyRequest): Promise<SuccessResponse> {
    await this.limiter.hit(LIMITS.registerPerIp, request.ip);
    return this.commands.execute(new RegisterMemberCommand(body));
  }

  @Endpoint(endpoints.signIn)
  async login(
    @ValidBody() body: LoginRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    const attempt = await this.loginThrottle.begin(
      body.email,
      request.ip,
      this.devices.recognise(body.email, request.headers.cookie),
    );
    let answer: AuthResponse;
    try {
      answer = await this.commands.execute(
        new SignInCommand(body, { ...requestMeta(request), deviceToken: deviceTokenFromCookie(request.headers.cookie) }),
      );
    } catch (error) {
      // Only a wrong e-mail or password counts as a failure.
      if (error instanceof AuthFailure && error.kind === 'unauthorized') await attempt.failed();
      else await attempt.undone();
      throw error;
    }
    await attempt.succeeded();
    // The right password: this browser is a known device of the account from now on (renewed each time).
    void reply.header('set-cookie', this.devices.issue(body.email, request.protocol === 'https'));
    return answer;
  }

  @Endpoint(endpoints.getMe)
  me(@CurrentMember() member: AuthenticatedMember): Promise<User> {
    return this.queries.execute(new GetMeQuery(member.id));
  }

  @Endpoint(endpoints.updateMyProfile)
  updateProfile(@CurrentMember() member: AuthenticatedMember, @ValidBody() body: UpdateProfileRequest): Promise<User> {
    return this.commands.execute(new UpdateProfileCommand(member.id, body));
  }

  @Endpoint(endpoints.getMyConsent)
  myConsent(@CurrentMember() member: AuthenticatedMember): Promise<MyConsent> {
    return this.commands.execute(new UpdateConsentCommand(member.id, undefined));
  }

  @Endpoint(endpoints.updateMyConsent)
  updateConsent(@CurrentMember() member: AuthenticatedMember, @ValidBody() body: UpdateMyConsentRequest): Promise<MyConsent> {
    return this.commands.execute(new UpdateConsentCommand(member.id, body));
  }

  @Endpoint(endpoints.changeMyPassword)
  async changePassword(
    @CurrentMember() member: AuthenticatedMember,
    @ValidBody() body: ChangePasswordRequest,
  ): Promise<SuccessResponse> {
    await this.limiter.hit(LIMITS.currentPasswordPerMember, member.id);
    await this.commands.execute(new ChangePasswordCommand(member.id, member.sessionId, body));
    return { success: true, message: PASSWORD_CHANGED };
  }

  @Endpoint(endpoints.signOut)
  async logout(@CurrentMember() member: AuthenticatedMember): Promise<SuccessResponse> {
    await this.commands.execute(new SignOutCommand(member.sessionId));
    return { success: true, message: 'Signed out' };
  }

  @Endpoint(endpoints.requestPasswordReset)
  async forgotPassword(
    @ValidBody() body: z.infer<typeof ForgotPasswordRequest>,
    @Req() request: FastifyRequest,
  ): Promise<SuccessResponse> {
    await this.limiter.hit(LIMITS.forgotPasswordPerIp, request.ip);
    await settleNoSoonerThan(FORGOT_PASSWORD_ANSWER_MS, this.commands.execute(new RequestPasswordResetCommand(body.email)));
    return { success: true, message: resetLinkSent() };
  }

  @Endpoint(endpoints.resetPassword)
  async resetPassword(
    @ValidBody() body: z.infer<typeof ResetPasswordRequest>,
    @Req() request: FastifyRequest,
  ): Promise<SuccessResponse> {
    await this.limiter.hit(LIMITS.resetPasswordPerIp, request.ip);
    await this.commands.execute(new ResetPasswordCommand(body.token, body.password));
    return { success: true, message: PASSWORD_RESET_DONE };
  }
}
