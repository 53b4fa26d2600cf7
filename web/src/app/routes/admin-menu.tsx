import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminScreen } from '@nocturne/contracts/constants';

export interface AdminMenuItem {
  value: AdminScreen;
  label: string;
  /** What waits there (bookings, messages), said beside the label. */
  count?: number;
}

/**
 * The staff dashboard's navigation on a phone (under 600 px): one button naming the open screen,
 * opening the list of screens, each a link to its own address (PRODUCT.md §2.6). Rows of tabs
 * would wrap onto four lines there. Escape and a tap outside close the list.
 */
export function AdminMenu({ items, current }: { items: AdminMenuItem[]; current: AdminScreen }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const currentLabel = items.find((item) => item.value === current)?.label ?? '';

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <nav ref={root} aria-label="Admin screens" className="relative min-[600px]:hidden">
      <button
        ref={button}
        type="button"
        aria-label={`Menu: ${currentLabel}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="flex min-h-11 w-full items-center justify-between gap-3 rounded-full border border-white/15 bg-night-900/80 px-5 text-sm font-semibold uppercase tracking-wider text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold"
      >
        <span>
          Menu <span className="text-gold">{currentLabel}</span>
        </span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-30 mt-2 grid gap-1 rounded-3xl border border-white/10 bg-night-900 p-2 shadow-xl"
      >
        {items.map((item) => (
          <li key={item.value}>
            <Link
              to={`/admin/${item.value}`}
              aria-current={item.value === current ? 'page' : undefined}
              onClick={() => setOpen(false)}
              className="flex min-h-11 items-center justify-between rounded-full px-4 text-sm font-semibold uppercase tracking-wider text-white/85 hover:text-gold aria-[current=page]:bg-gold aria-[current=page]:text-night-950"
            >
              {item.label}
              {item.count ? (
                <span className="rounded-full bg-neon px-2 text-xs text-white">
                  {item.count}
                  <span className="sr-only"> waiting</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
