/** An inline message read out as soon as it appears. */
export function FormAlert({ children, tone = 'error' }: { children: string; tone?: 'error' | 'success' }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border p-3 text-sm ${
        tone === 'error' ? 'border-red-500/50 bg-red-950/60 text-red-100' : 'border-gold/40 bg-gold/10 text-gold-light'
      }`}
    >
      {children}
    </p>
  );
}
