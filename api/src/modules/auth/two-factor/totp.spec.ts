import { generate } from 'otplib';
import { checkTotp, hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpUri } from './totp.js';

const NOW = 1_795_000_000; // a fixed instant, in seconds
const code = (secret: string, epoch: number) => generate({ secret, epoch, period: 30 });

describe('TOTP check', () => {
  const secret = newTotpSecret();

  it('accepts the current code and one step either side, and says which step it was', async () => {
    const step = Math.floor(NOW / 30);
    expect(await checkTotp(secret, await code(secret, NOW), null, NOW)).toBe(step);
    expect(await checkTotp(secret, await code(secret, NOW - 30), null, NOW)).toBe(step - 1);
    expect(await checkTotp(secret, await code(secret, NOW + 30), null, NOW)).toBe(step + 1);
  });

  it('refuses codes two steps away', async () => {
    expect(await checkTotp(secret, await code(secret, NOW - 60), null, NOW)).toBeNull();
    expect(await checkTotp(secret, await code(secret, NOW + 60), null, NOW)).toBeNull();
  });

  it('refuses a code of a step already used (replay), and earlier ones', async () => {
    const current = await code(secret, NOW);
    const step = (await checkTotp(secret, current, null, NOW))!;
    expect(await checkTotp(secret, current, step, NOW)).toBeNull();
    expect(await checkTotp(secret, await code(secret, NOW - 30), step, NOW)).toBeNull();
    expect(await checkTotp(secret, await code(secret, NOW + 30), step, NOW)).toBe(step + 1);
  });

  it('refuses a wrong code', async () => {
    const right = await code(secret, NOW);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(await checkTotp(secret, wrong, null, NOW)).toBeNull();
  });

  it('names the issuer and the account in the otpauth URI', () => {
    const uri = totpUri('ana@example.com', secret);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Nocturne:ana(%40|@)example\.com\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=Nocturne');
  });
});

describe('recovery codes', () => {
  it('are ten different codes whose hash ignores case, spaces and hyphens', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [first] = codes as [string];
    expect(hashRecoveryCode(first.toUpperCase().replace('-', ' '))).toBe(hashRecoveryCode(first));
    expect(hashRecoveryCode(first)).not.toBe(hashRecoveryCode(codes[1]!));
  });
});
