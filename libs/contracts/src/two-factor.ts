import { z } from 'zod';

/** Where a session stands with its second factor. */
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

/*
 * WebAuthn's JSON forms (W3C WebAuthn Level 3, "PublicKeyCredentialCreationOptionsJSON" and its
 * siblings), as @simplewebauthn/server writes and @simplewebauthn/browser reads them: the web
 * passes these to startRegistration/startAuthentication and sends back what they answer, typed by
 * the library's own types: the api's and the web's typechecks hold each schema to them, both ways.
 */
const Base64Url = z.string();
// The libraries' PublicKeyCredentialDescriptorJSON: type and transports as plain strings.
const CredentialDescriptor = z.object({
  id: Base64Url,
  type: z.string(),
  transports: z.array(z.string()).optional(),
});
const Hints = z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional();
const UserVerification = z.enum(['discouraged', 'preferred', 'required']).optional();
const ExtensionInputs = z
  .object({
    appid: z.string().optional(),
    credProps: z.boolean().optional(),
    hmacCreateSecret: z.boolean().optional(),
    minPinLength: z.boolean().optional(),
  })
  .optional();

export const PasskeyCreationOptionsJSON = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: Base64Url,
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(CredentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: UserVerification,
    })
    .optional(),
  hints: Hints,
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  attestationFormats: z
    .array(z.enum(['fido-u2f', 'packed', 'android-safetynet', 'android-key', 'tpm', 'apple', 'none']))
    .optional(),
  extensions: ExtensionInputs,
});

export const PasskeyRequestOptionsJSON = z.object({
  challenge: Base64Url,
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(CredentialDescriptor).optional(),
  userVerification: UserVerification,
  hints: Hints,
  extensions: ExtensionInputs,
});

const ExtensionOutputs = z.object({
  appid: z.boolean().optional(),
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
  hmacCreateSecret: z.boolean().optional(),
});
const CredentialAnswer = {
  id: Base64Url,
  rawId: Base64Url,
  authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
  clientExtensionResults: ExtensionOutputs,
  type: z.literal('public-key'),
};

export const PasskeyRegistrationResponseJSON = z.object({
  ...CredentialAnswer,
  response: z.object({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    authenticatorData: Base64Url.optional(),
    transports: z.array(z.string()).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: Base64Url.optional(),
  }),
});

export const PasskeyAuthenticationResponseJSON = z.object({
  ...CredentialAnswer,
  response: z.object({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Base64Url.optional(),
  }),
});

export const PasskeyRegistrationOptionsResponse = z.object({
  options: PasskeyCreationOptionsJSON.describe('PublicKeyCredentialCreationOptionsJSON for startRegistration()'),
});
export type PasskeyRegistrationOptionsResponse = z.infer<typeof PasskeyRegistrationOptionsResponse>;

export const PasskeyAuthenticationOptionsResponse = z.object({
  options: PasskeyRequestOptionsJSON.describe('PublicKeyCredentialRequestOptionsJSON for startAuthentication()'),
});
export type PasskeyAuthenticationOptionsResponse = z.infer<typeof PasskeyAuthenticationOptionsResponse>;

/** Either passkey ceremony's options. */
export type PasskeyOptionsResponse = PasskeyRegistrationOptionsResponse | PasskeyAuthenticationOptionsResponse;

export const PasskeyRegisterRequest = z.object({
  response: PasskeyRegistrationResponseJSON.describe('RegistrationResponseJSON from startRegistration()'),
  label: z.string().trim().min(1).max(100).optional(),
  rememberDevice: z.boolean().optional(),
});
export type PasskeyRegisterRequest = z.infer<typeof PasskeyRegisterRequest>;

export const PasskeyVerifyRequest = z.object({
  response: PasskeyAuthenticationResponseJSON.describe('AuthenticationResponseJSON from startAuthentication()'),
  rememberDevice: z.boolean().optional(),
});
export type PasskeyVerifyRequest = z.infer<typeof PasskeyVerifyRequest>;
