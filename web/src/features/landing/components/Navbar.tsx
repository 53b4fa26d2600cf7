import { useEffect, useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { venue } from '@/config/venue';
import { useScrolledPast } from '../hooks/use-scrolled-past';
import { useScrollToSection, type SectionId } from '../hooks/use-scroll-to-section';

const LINKS: { id: SectionId; label: string }[] = [
  { id: 'venue', label: 'Venue' },
  { id: 'performers', label: 'Performers' },
  { id: 'services', label: 'Services' },
  { id: 'contact', label: 'Contact' },
];

// The bar changes its background once the page is scrolled beyond 100 px (PRODUCT.md §2.2).
const SCROLL_THRESHOLD_PX = 100;

const linkClass =
  'rounded px-2 py-2 text-sm font-medium uppercase tracking-widest text-white/85 transition-colors hover:text-gold focus-visible:outline-2 focus-visible:outline-gold';

export function Navbar() {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const scrollTo = useScrollToSection();

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const go = (id: SectionId | 'top') => (event: MouseEvent) => {
    event.preventDefault();
    setMenuOpen(false);
    scrollTo(id);
  };

  const links = LINKS.map((link) => (
    <li key={link.id}>
      <a href={`#${link.id}`} onClick={go(link.id)} className={`${linkClass} block`}>
        {link.label}
      </a>
    </li>
  ));

  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-300 ${
        scrolled || menuOpen
          ? 'bg-night-950/95 shadow-[0_1px_0_rgba(212,175,55,0.25),0_8px_30px_rgba(0,0,0,0.5)] backdrop-blur-md'
          : 'bg-gradient-to-b from-night-950/80 to-transparent'
      }`}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <a
          href="#top"
          onClick={go('top')}
          className="font-display rounded text-2xl tracking-[0.2em] text-gold focus-visible:outline-2 focus-visible:outline-gold"
        >
          {venue.name.toUpperCase()}
        </a>
        <ul className="hidden items-center gap-4 md:flex">{links}</ul>
        <div className="flex items-center gap-2">
          {/* On phones the menu carries this link, so the bar keeps room for the logo. */}
          <div className="hidden sm:block">
            <Link to="/members-login" className={buttonClass('outline', 'px-4')}>
              Members Login
            </Link>
          </div>
          <button
            type="button"
            className="flex h-11 w-11 items-center justify-center rounded-full text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-gold md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </nav>
      {menuOpen ? (
        <div id="mobile-menu" className="border-t border-white/10 bg-night-950/98 px-4 pb-5 md:hidden">
          <ul className="grid gap-1 py-3">{links}</ul>
          <Link to="/members-login" className={buttonClass('gold', 'w-full')}>
            Members Login
          </Link>
        </div>
      ) : null}
    </header>
  );
}
