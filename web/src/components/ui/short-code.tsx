/**
 * A short code as staff type it (`K7QM-3XPD-2A9`, coupons' and member cards' alike), large and
 * spaced under its QR; screen readers spell it out character by character.
 */
export function ShortCode({ code, testId, dark = false }: { code: string; testId: string; dark?: boolean }) {
  return (
    <span
      className={`font-mono text-2xl font-semibold tracking-[0.2em] ${dark ? 'text-night-950' : 'text-white'}`}
      data-testid={testId}
      aria-label={`Short code ${code.split('').join(' ')}`}
    >
      {code}
    </span>
  );
}
