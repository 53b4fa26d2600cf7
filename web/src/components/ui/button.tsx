import type { ButtonHTMLAttributes } from 'react';

type Variant = 'gold' | 'neon' | 'outline' | 'ghost';

const variants: Record<Variant, string> = {
  gold: 'bg-gold text-night-950 hover:bg-gold-light shadow-[0_0_24px_rgba(212,175,55,0.35)]',
  neon: 'bg-neon text-white hover:bg-neon-light shadow-[0_0_24px_rgba(255,45,149,0.45)]',
  outline: 'border border-gold/70 text-gold hover:bg-gold/10',
  ghost: 'text-white/85 hover:text-gold',
};

/** The class list of a button, for links that should look like one. */
export const buttonClass = (variant: Variant = 'gold', extra = '') =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 py-2.5 text-sm font-semibold uppercase tracking-wider transition-colors disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold ${variants[variant]} ${extra}`;

export function Button({
  variant = 'gold',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
