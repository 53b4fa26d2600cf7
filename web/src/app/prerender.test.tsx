import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { AGE_CONFIRMED_KEY } from '@/features/landing/components/AgeGate';
import { AppProvider } from './provider';
import { AppRouter } from './router';

// The build renders the landing page to HTML (prerender.tsx) and main.tsx hydrates it. Any
// difference between that HTML and the browser's first render is a hydration error: React throws
// the page away and renders it again, and the console shows an error.

function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

async function hydrateLanding() {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.replaceChildren(root);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      root,
      <AppProvider>
        <AppRouter />
      </AppProvider>,
      { onRecoverableError: (error) => errors.push(error), onUncaughtError: (error) => errors.push(error) },
    );
  });
  return { errors, root };
}

let renderLanding: () => string;
/** Rendered as the build does: no stored answers, no motion preference. */
let html: string;
beforeAll(async () => {
  // react-dom/server's browser build wants MessageChannel, which jsdom lacks; renderToString
  // never waits on it. Loaded after the stand-in so only the server renderer sees it.
  class StandInMessageChannel {
    port1: { onmessage: ((event: unknown) => void) | null } = { onmessage: null };
    port2 = { postMessage: () => setTimeout(() => this.port1.onmessage?.({})) };
  }
  Object.assign(globalThis, { MessageChannel: StandInMessageChannel });
  ({ renderLanding } = await import('./prerender'));
  localStorage.clear();
  html = renderLanding();
  // jsdom has no media playback or scrolling
  Object.assign(HTMLMediaElement.prototype, { play: () => Promise.resolve(), pause: () => undefined });
  // HTML: a media element created with a `muted` attribute starts with its muted property true
  // (browsers do this as they parse; jsdom does not), so React's hydration reads true as it does
  // in a browser instead of reporting a mismatch that no visitor would see.
  const mutedState = new WeakMap<HTMLMediaElement, boolean>();
  Object.defineProperty(HTMLMediaElement.prototype, 'muted', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return mutedState.get(this) ?? this.hasAttribute('muted');
    },
    set(this: HTMLMediaElement, value: boolean) {
      mutedState.set(this, Boolean(value));
    },
  });
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});
beforeEach(() => {
  localStorage.clear();
  setReducedMotion(false);
  window.history.replaceState(null, '', '/');
});

describe('the prerendered landing page', () => {
  it('holds the sections, the hours and the booking buttons before any script runs', () => {
    for (const id of ['venue', 'performers', 'services', 'contact']) expect(html).toContain(`id="${id}"`);
    expect(html).toContain('20:00 – 04:00');
    expect(html).toContain('Book VIP');
  });

  it.each([
    ['a first-time visitor', () => undefined],
    ['a visitor who already confirmed their age', () => localStorage.setItem(AGE_CONFIRMED_KEY, 'true')],
    ['a visitor who asked for reduced motion', () => setReducedMotion(true)],
  ])('hydrates for %s without a mismatch', async (_, arrange) => {
    arrange();
    const { errors } = await hydrateLanding();
    expect(errors).toEqual([]);
  });

  it('asks a first-time visitor their age once hydrated, and not a confirmed one', async () => {
    const first = await hydrateLanding();
    expect(first.root.querySelector('dialog[open]')).not.toBeNull();
    localStorage.setItem(AGE_CONFIRMED_KEY, 'true');
    const again = await hydrateLanding();
    expect(again.root.querySelector('dialog')).toBeNull();
  });

  describe("a group's landing page", () => {
    const venue = (slug: string, name: string, locality: string) => ({
      id: slug.length,
      slug,
      name,
      kind: 'NightClub',
      address: { street: '1 Main St', locality, region: '', postalCode: '', country: '' },
      phone: '',
      timeZone: 'Australia/Sydney',
      openingHours: { opensAtHour: [20, 20, 20, 20, 19, 19, 19], closesAtHour: 4, lastBookingHour: 2 },
      location: null,
    });
    afterEach(() => document.getElementById('venue-group')?.remove());

    it('lists the venues the api wrote into the page, each linking to its own page, and offers them in the contact form', async () => {
      localStorage.setItem(AGE_CONFIRMED_KEY, 'true');
      const data = document.createElement('script');
      data.type = 'application/json';
      data.id = 'venue-group';
      data.textContent = JSON.stringify([
        venue('nocturne', 'Nocturne', 'Surry Hills'),
        venue('the-velvet-room', 'The Velvet Room', 'London'),
      ]);
      document.head.append(data);
      const { errors, root } = await hydrateLanding();
      expect(errors).toEqual([]);
      const section = await waitFor(() => {
        const found = root.querySelector('#venues');
        if (!found) throw new Error('no venues section yet');
        return found;
      });
      expect(Array.from(section.querySelectorAll('h3'), (heading) => heading.textContent)).toEqual([
        'Nocturne',
        'The Velvet Room',
      ]);
      expect(Array.from(section.querySelectorAll('a'), (link) => link.getAttribute('href'))).toEqual([
        '/venues/nocturne',
        '/venues/the-velvet-room',
      ]);
      const choice = root.querySelector<HTMLSelectElement>('#contact select[name="venue"]');
      expect(Array.from(choice?.options ?? [], (option) => option.textContent)).toEqual(['Nocturne', 'The Velvet Room']);
    });

    it("shows a single venue's landing page as before: no venue list, no venue choice", async () => {
      localStorage.setItem(AGE_CONFIRMED_KEY, 'true');
      const { root } = await hydrateLanding();
      expect(root.querySelector('#venues')).toBeNull();
      expect(root.querySelector('select[name="venue"]')).toBeNull();
    });
  });
});
