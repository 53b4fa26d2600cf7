import { Global, Module } from '@nestjs/common';
import { AdminBootstrapService } from './admin-bootstrap.service.js';
import { AuthController } from './auth.controller.js';
import { AuthRepository } from './auth.repository.js';
import { AuthGuard } from './auth.guard.js';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler.js';
import { UpdateConsentHandler } from './commands/update-consent/update-consent.handler.js';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler.js';
import { RegisterMemberHandler } from './commands/register-member/register-member.handler.js';
import { RequestPasswordResetHandler } from './commands/request-password-reset/request-password-reset.handler.js';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler.js';
import { SignInHandler } from './commands/sign-in/sign-in.handler.js';
import { SignOutHandler } from './commands/sign-out/sign-out.handler.js';
import { StartTotpEnrolmentHandler } from './commands/start-totp-enrolment/start-totp-enrolment.handler.js';
import { ConfirmTotpEnrolmentHandler } from './commands/confirm-totp-enrolment/confirm-totp-enrolment.handler.js';
import { VerifySecondFactorHandler } from './commands/verify-second-factor/verify-second-factor.handler.js';
import { StartPasskeyRegistrationHandler } from './commands/start-passkey-registration/start-passkey-registration.handler.js';
import { FinishPasskeyRegistrationHandler } from './commands/finish-passkey-registration/finish-passkey-registration.handler.js';
import { StartPasskeyAuthenticationHandler } from './commands/start-passkey-authentication/start-passkey-authentication.handler.js';
import { VerifyPasskeyHandler } from './commands/verify-passkey/verify-passkey.handler.js';
import { RemoveSecondFactorHandler } from './commands/remove-second-factor/remove-second-factor.handler.js';
import { ResetStaffSecondFactorHandler } from './commands/reset-staff-second-factor/reset-staff-second-factor.handler.js';
import { GetMeHandler } from './queries/get-me/get-me.handler.js';
import { GetSecondFactorsHandler } from './queries/get-second-factors/get-second-factors.handler.js';
import { EnabledAdmins } from './enabled-admins.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordHasher } from './password-hasher.js';
import { RateLimiter } from './rate-limiter.js';
import { SessionService } from './session.service.js';
import { SignInDevices } from './sign-in-device.js';
import { TwoFactorController } from './two-factor/two-factor.controller.js';
import { TwoFactorRepository } from './two-factor/two-factor.repository.js';
import { TotpSecretBox } from './two-factor/totp-secret-box.js';
import { PasskeyFactors } from './two-factor/passkey-factors.service.js';
import { SecondFactorSessions } from './two-factor/second-factor-sessions.js';
import { SecondFactors } from './two-factor/second-factors.service.js';
import { TotpFactors } from './two-factor/totp-factors.service.js';

@Global()
@Module({
  controllers: [AuthController, TwoFactorController],
  providers: [
    { provide: PasswordHasher, useFactory: () => new PasswordHasher() },
    AuthRepository,
    SessionService,
    RateLimiter,
    LoginThrottle,
    SignInDevices,
    AuthGuard,
    EnabledAdmins,
    AdminBootstrapService,
    RegisterMemberHandler,
    SignInHandler,
    SignOutHandler,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    UpdateProfileHandler,
    UpdateConsentHandler,
    ChangePasswordHandler,
    StartTotpEnrolmentHandler,
    ConfirmTotpEnrolmentHandler,
    VerifySecondFactorHandler,
    StartPasskeyRegistrationHandler,
    FinishPasskeyRegistrationHandler,
    StartPasskeyAuthenticationHandler,
    VerifyPasskeyHandler,
    RemoveSecondFactorHandler,
    ResetStaffSecondFactorHandler,
    GetMeHandler,
    GetSecondFactorsHandler,
    TwoFactorRepository,
    SecondFactorSessions,
    SecondFactors,
    TotpFactors,
    PasskeyFactors,
    TotpSecretBox,
  ],
  exports: [SessionService, RateLimiter, PasswordHasher, AuthGuard, EnabledAdmins],
})
export class AuthModule {}
