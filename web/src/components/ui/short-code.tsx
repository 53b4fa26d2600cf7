/**
 * A short code as staff type it (`K7QM-3XPD-2A9`, coupons' and member cards' alike), large and
 * spaced under its QR; screen readers spell it out character by character.
 */
export function ShortCode({ code, testId }: { code: string; testId: string }) {
  return (
    <span
      className="font-mono text-2xl font-semibold tracking-[0.2em] text-white"
      data-testid={testId}
      aria-label={`Short code ${code.split('').join(' ')}`}
    >
      {code}
    </span>
  );
}
