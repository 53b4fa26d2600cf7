import type { ReactNode } from 'react';

/** A message filling the screen ("Redeemed: ...", a refusal), with Next. */
export function FullScreen({ tone, children, onTap }: { tone: string; children: ReactNode; onTap: () => void }) {
  return (
    <section className={`fixed inset-0 z-40 flex flex-col justify-center gap-6 p-6 text-white ${tone}`}>
      {children}
      <button
        type="button"
        onClick={onTap}
        className="min-h-14 rounded-2xl border-2 border-white/80 text-xl font-semibold uppercase"
      >
        Next
      </button>
    </section>
  );
}
