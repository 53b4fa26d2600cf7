import { z } from 'zod';

/** Where a session stands with its second factor (issue 31). */
export const SecondFactorState = z
  .enum(['none', 'satisfied', 'pending', 'enrol'])
  .describe(
    'none: the account has no second factor and needs none; satisfied: given (or remembered device); pending: the account has one, ask for it; enrol: a manager or admin must enrol one first',
  );
export type SecondFactorState = z.infer<typeof SecondFactorState>;

export const SecondFactorSummary = z.object({
  id: z.uuid(),
  kind: z.enum(['totp', 'passkey']),
  label: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});

export const SecondFactorStatus = z
  .object({
    state: SecondFactorState,
    required: z.boolean().describe('True when the role must keep a second factor (manager, admin)'),
    factors: z.array(SecondFactorSummary),
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ id: 'SecondFactorStatus' });
export type SecondFactorStatus = z.infer<typeof SecondFactorStatus>;

export const TotpSetupResponse = z.object({
  secret: z.string().describe('Base32 secret, shown for manual entry; never returned again after the code is confirmed'),
  otpauthUri: z.string().describe('otpauth://totp/Nocturne:<email>?secret=...&issuer=Nocturne, for the QR'),
});
export type TotpSetupResponse = z.infer<typeof TotpSetupResponse>;

const Code = z
  .string({ message: 'is required' })
  .trim()
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'must be the 6 digits your app shows'));

export const TotpConfirmRequest = z.object({
  code: Code,
  rememberDevice: z.boolean().optional(),
});
export type TotpConfirmRequest = z.infer<typeof TotpConfirmRequest>;

export const RecoveryCodesResponse = z.object({
  recoveryCodes: z.array(z.string()).describe('Ten one-time codes, shown this once; only their hashes are kept'),
});
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;

export const SecondFactorVerifyRequest = z
  .object({
    code: Code.optional(),
    recoveryCode: z.string().trim().min(1).max(40).optional(),
    rememberDevice: z.boolean().optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'Send either a code or a recovery code',
  });
export type SecondFactorVerifyRequest = z.infer<typeof SecondFactorVerifyRequest>;

/**
 * What starting an enrolment (an authenticator app, or a passkey's registration options) takes:
 * nothing, no body or an empty object; anything else is refused with 400, not ignored.
 */
export const StartEnrolmentRequest = z.object({}).strict().optional();
export type StartEnrolmentRequest = z.infer<typeof StartEnrolmentRequest>;

export const PasskeyOptionsResponse = z.object({
  options: z
    .record(z.string(), z.unknown())
    .describe('PublicKeyCredential{Creation,Request}OptionsJSON for @simplewebauthn/browser'),
});
export type PasskeyOptionsResponse = z.infer<typeof PasskeyOptionsResponse>;

export const PasskeyRegisterRequest = z.object({
  response: z.record(z.string(), z.unknown()).describe('RegistrationResponseJSON from startRegistration()'),
  label: z.string().trim().min(1).max(100).optional(),
  rememberDevice: z.boolean().optional(),
});
export type PasskeyRegisterRequest = z.infer<typeof PasskeyRegisterRequest>;

export const PasskeyVerifyRequest = z.object({
  response: z.record(z.string(), z.unknown()).describe('AuthenticationResponseJSON from startAuthentication()'),
  rememberDevice: z.boolean().optional(),
});
export type PasskeyVerifyRequest = z.infer<typeof PasskeyVerifyRequest>;
