import { Controller, Get, Patch, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  AuthResponse,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  SuccessResponse,
  UpdateProfileRequest,
  User,
} from '@nocturne/contracts';
import { PASSWORD_CHANGED, PASSWORD_RESET_DONE, resetLinkSent } from '@nocturne/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { settleNoSoonerThan } from '../../common/timing.js';
import { ValidBody } from '../../common/http/input.decorators.js';
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
import type { AuthenticatedMember } from './session.service.js';
import { userFromSession } from './user-view.js';

/**
 * A reset request for a real account does a little more work (it records an event) than one for
 * an unknown e-mail. Both answer after the same time, so the answer's timing says nothing about
 * whether the account exists; the work normally takes a few milliseconds.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 200;

function requestMeta(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined };
}

@Controller('auth')
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly limiter: RateLimiter,
    private readonly loginThrottle: LoginThrottle,
  ) {}

  @Post('register')
  @Endpoint({
    summary: 'Create a free membership and sign in',
    auth: 'public',
    tags: ['auth'],
    body: RegisterRequest,
    response: AuthResponse,
    status: 201,
    errors: {
      409: 'Email already registered',
      429: 'Too many sign-ups from this address',
      503: 'Too much anonymous password work waiting; see Retry-After',
    },
  })
  async register(@ValidBody() body: RegisterRequest, @Req() request: FastifyRequest): Promise<AuthResponse> {
    await this.limiter.hit(LIMITS.registerPerIp, request.ip);
    return this.commands.execute(new RegisterMemberCommand(body, requestMeta(request)));
  }

  @Post('login')
  @Endpoint({
    summary: 'Sign in with email and password',
    auth: 'public',
    tags: ['auth'],
    body: LoginRequest,
    response: AuthResponse,
    errors: {
      401: 'Invalid email or password',
      403: 'The account has been disabled by staff (said only after the right password)',
      429: 'Too many failed attempts for this e-mail from this address, or from this address',
    },
  })
  async login(@ValidBody() body: LoginRequest, @Req() request: FastifyRequest): Promise<AuthResponse> {
    const attempt = await this.loginThrottle.begin(body.email, request.ip);
    let answer: AuthResponse;
    try {
      answer = await this.commands.execute(new SignInCommand(body, requestMeta(request)));
    } catch (error) {
      // Only a wrong e-mail or password counts as a failure.
      if (!(error instanceof AuthFailure && error.kind === 'unauthorized')) await attempt.undone();
      throw error;
    }
    await attempt.succeeded();
    return answer;
  }

  @Get('me')
  @Endpoint({
    summary: 'The signed-in member, with fresh points',
    auth: 'member',
    tags: ['auth'],
    response: User,
    conditional: { scopes: ['member:{me}'] },
  })
  me(@CurrentMember() member: AuthenticatedMember): User {
    return userFromSession(member);
  }

  @Patch('me')
  @Endpoint({
    summary: "Change the signed-in member's first and last name",
    auth: 'member',
    tags: ['auth'],
    body: UpdateProfileRequest,
    response: User,
    errors: { 400: 'A name is empty or too long' },
  })
  updateProfile(@CurrentMember() member: AuthenticatedMember, @ValidBody() body: UpdateProfileRequest): Promise<User> {
    return this.commands.execute(new UpdateProfileCommand(member.id, body));
  }

  @Post('me/password')
  @Endpoint({
    summary: 'Change the password (the current one required); every other session is signed out',
    auth: 'member',
    tags: ['auth'],
    body: ChangePasswordRequest,
    response: SuccessResponse,
    errors: { 400: 'The current password is wrong, or the new one is weak', 429: 'Too many attempts' },
  })
  async changePassword(
    @CurrentMember() member: AuthenticatedMember,
    @ValidBody() body: ChangePasswordRequest,
  ): Promise<SuccessResponse> {
    await this.limiter.hit(LIMITS.currentPasswordPerMember, member.id);
    await this.commands.execute(new ChangePasswordCommand(member.id, member.sessionId, body));
    return { success: true, message: PASSWORD_CHANGED };
  }

  @Post('logout')
  @Endpoint({ summary: 'Revoke the current session', auth: 'member', tags: ['auth'], response: SuccessResponse })
  async logout(@CurrentMember() member: AuthenticatedMember): Promise<SuccessResponse> {
    await this.commands.execute(new SignOutCommand(member.sessionId));
    return { success: true, message: 'Signed out' };
  }

  @Post('forgot-password')
  @Endpoint({
    summary: 'E-mail a one-time reset link if the account exists (always 202)',
    auth: 'public',
    tags: ['auth'],
    body: ForgotPasswordRequest,
    response: SuccessResponse,
    status: 202,
    errors: { 429: 'Too many requests from this address' },
  })
  async forgotPassword(
    @ValidBody() body: z.infer<typeof ForgotPasswordRequest>,
    @Req() request: FastifyRequest,
  ): Promise<SuccessResponse> {
    await this.limiter.hit(LIMITS.forgotPasswordPerIp, request.ip);
    await settleNoSoonerThan(FORGOT_PASSWORD_ANSWER_MS, this.commands.execute(new RequestPasswordResetCommand(body.email)));
    return { success: true, message: resetLinkSent() };
  }

  @Post('reset-password')
  @Endpoint({
    summary: 'Set a new password with a reset token; signs out every session',
    auth: 'public',
    tags: ['auth'],
    body: ResetPasswordRequest,
    response: SuccessResponse,
    errors: {
      400: 'Invalid or expired token, or a weak password',
      429: 'Too many attempts from this address',
      503: 'Too much anonymous password work waiting; see Retry-After',
    },
  })
  async resetPassword(
    @ValidBody() body: z.infer<typeof ResetPasswordRequest>,
    @Req() request: FastifyRequest,
  ): Promise<SuccessResponse> {
    await this.limiter.hit(LIMITS.resetPasswordPerIp, request.ip);
    await this.commands.execute(new ResetPasswordCommand(body.token, body.password));
    return { success: true, message: PASSWORD_RESET_DONE };
  }
}
