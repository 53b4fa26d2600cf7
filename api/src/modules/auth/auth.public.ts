/*
 * What the rest of the api may use of the auth module (ESLint refuses imports of its other files
 * from outside it): the signed-in member of a request, the session cache other modules must keep
 * true, password hashing, the Redis rate limits, the `user` view of a member row, the reset e-mail
 * (forgot-password's command, which staff send too), the admin bootstrap `admin:create` runs, and
 * the bearer token of a request and its hash (the queue dashboard's pass is tied to the session),
 * and the lock on the enabled admins every change that could leave no admin takes first.
 */
export { AdminBootstrapService } from './admin-bootstrap.service.js';
export { AuthGuard, bearerToken } from './auth.guard.js';
export { RequestPasswordResetCommand } from './commands/request-password-reset/request-password-reset.command.js';
export { CurrentMember } from './current-member.decorator.js';
export { EnabledAdmins } from './enabled-admins.js';
export { PasswordHasher } from './password-hasher.js';
export { LIMITS, RateLimiter, TooManyRequestsException } from './rate-limiter.js';
export { hashToken, SessionService } from './session.service.js';
export { type AuthenticatedMember, USER_COLUMNS, userFromRow } from './user-view.js';
