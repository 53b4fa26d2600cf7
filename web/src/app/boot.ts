// The page's only script tag. The full stylesheet is imported here so the build still links it
// from the HTML. The application (React, the router, the landing page's code: main.tsx) is
// imported once the prerendered landing page has been painted (the browser's first-contentful-paint
// entry, which comes when the frame is on screen): on a slow phone, the heading, the page's largest
// paint, waits for no script download or evaluation. Any other page (and the dev server) starts
// from an empty root and loads the app at once.
import './index.css';
import { isPrerenderedLanding } from './prerendered-landing';

const root = document.getElementById('root');
let started = false;

/**
 * Until the prerendered page is hydrated, its buttons do nothing: a click on one (a visitor quicker
 * than the script) is held, starts the app at once and is replayed on the same button once the app
 * runs. The button is taken from the press (pointerdown) too: should the page be hydrated between
 * press and release, the click lands on an ancestor. Links work without the app and are left alone.
 */
let pressedButton: HTMLButtonElement | null = null;
let heldButton: HTMLButtonElement | null = null;
let hydrated = false;
const buttonOf = (target: EventTarget | null) => {
  const button = target instanceof Element ? target.closest('button') : null;
  return button && root?.contains(button) ? button : null;
};
function notePress(event: PointerEvent): void {
  pressedButton = buttonOf(event.target);
  if (pressedButton) start();
}
/** The press's click, if any, comes in the same task as its release: after it, forget the press. */
function endPress(): void {
  setTimeout(() => {
    pressedButton = null;
    if (hydrated) replay();
  }, 0);
}
function holdClick(event: MouseEvent): void {
  const button = buttonOf(event.target) ?? pressedButton;
  if (!button) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  heldButton = button;
  if (hydrated) replay();
  else start();
}

/**
 * What a visitor typed before hydration: the app's fields are controlled and start empty, so once
 * the page is hydrated the typed values are entered again (through the native setter and an input
 * event, as typing does), before any held click is replayed.
 */
const typed = new Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string>();
function noteTyping(event: Event): void {
  const field = event.target;
  if (
    (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) &&
    root?.contains(field)
  ) {
    typed.set(field, field.value);
    start();
  }
}
function retype(): void {
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) continue;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    // Cleared through the element (React's tracked setter), entered through the native one: React
    // then sees a change and the field's onChange runs.
    field.value = '';
    setter?.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
  typed.clear();
}

/**
 * F8, which asks for the notifications area (DeferredToaster listens for it once the app runs):
 * pressed before hydration it starts the app at once and is pressed again for the app then.
 */
let heldF8 = false;
function holdF8(event: KeyboardEvent): void {
  if (event.key !== 'F8') return;
  heldF8 = true;
  start();
}

/** What boot.ts listens to (in the capture phase) until the page is hydrated. */
const GUARDS: readonly [string, EventListener][] = [
  ['pointerdown', notePress as EventListener],
  ['pointerup', endPress],
  ['pointercancel', endPress],
  ['click', holdClick as EventListener],
  ['input', noteTyping],
  ['change', noteTyping],
  ['keydown', holdF8 as EventListener],
];

function replay(): void {
  for (const [type, listener] of GUARDS) document.removeEventListener(type, listener, true);
  const button = heldButton;
  heldButton = null;
  retype();
  if (heldF8) {
    heldF8 = false;
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', bubbles: true }));
  }
  // The re-entered values reach the app's state before the click (a submit) is replayed.
  if (button) setTimeout(() => button.click(), 0);
}

function start(): void {
  if (started) return;
  started = true;
  void import('./main').then(async ({ ready }) => {
    await ready;
    hydrated = true;
    // A press whose click has not come yet: its click is replayed when it comes.
    if (heldButton || !pressedButton) replay();
  });
}

function afterFirstPaint(then: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // No paint timing: a frame, then a task after it.
    requestAnimationFrame(() => setTimeout(then, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
  // Should the entry never come (a page opened in a background tab paints only once shown), the
  // app still starts.
  setTimeout(then, 3000);
}

if (isPrerenderedLanding(root)) {
  for (const [type, listener] of GUARDS) document.addEventListener(type, listener, true);
  afterFirstPaint(start);
} else {
  start();
}
