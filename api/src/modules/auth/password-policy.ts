import { PASSWORD_MIN_LENGTH } from '@nocturne/contracts';
import { COMMON_PASSWORDS } from './common-passwords.js';

/** Why a password is refused, in words for the person choosing it; null when it is fine. */
export function passwordProblem(password: string, context: { email?: string; firstName?: string } = {}): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  const lowered = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lowered)) return 'This password is too common. Please choose a less predictable one';
  if (/^(.)\1+$/.test(password)) return 'Password must not be one character repeated';
  const local = context.email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && lowered.includes(local)) return 'Password must not contain your email address';
  return null;
}
