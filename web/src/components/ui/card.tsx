import type { ReactNode } from 'react';

/** A titled panel of the signed-in areas. */
export function Card({
  title,
  description,
  action,
  children,
  className = '',
}: {
  title?: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-2xl border border-gold/20 bg-night-900/80 p-4 sm:p-6 ${className}`}>
      {title || action ? (
        <header className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            {title ? <h2 className="font-display text-2xl text-gold">{title}</h2> : null}
            {description ? <p className="mt-1 text-sm text-white/75">{description}</p> : null}
          </div>
          {action}
        </header>
      ) : null}
      {children}
    </section>
  );
}

const badgeTones = {
  gold: 'border-gold/60 bg-gold/15 text-gold-light',
  neon: 'border-neon-light/60 bg-neon/20 text-neon-light',
  green: 'border-emerald-400/60 bg-emerald-500/15 text-emerald-200',
  muted: 'border-white/25 bg-white/5 text-white/80',
  red: 'border-red-400/60 bg-red-500/15 text-red-200',
} as const;

export function Badge({ children, tone = 'gold' }: { children: ReactNode; tone?: keyof typeof badgeTones }) {
  return (
    <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${badgeTones[tone]}`}>
      {children}
    </span>
  );
}

/** Loading, empty and failure lines of a list. */
export function ListNote({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'error' }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : undefined}
      className={`py-6 text-center text-sm ${tone === 'error' ? 'text-red-200' : 'text-white/75'}`}
    >
      {children}
    </p>
  );
}
