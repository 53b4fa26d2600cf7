import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminCoupon, CreateCouponRequest } from '@nocturne/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { generate } from 'otplib';
import pg from 'pg';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import type { z } from 'zod';
import { expect, test } from './fixtures';

// Helpers for the members-club browser tests. They run against the whole stack (E2E_BASE_URL):
// set-up that is not under test (an admin's post or coupon, a member holding a coupon) goes
// through the API; what is under test goes through the page.

export const PASSWORD = 'night-owl-password-1';
export const uniqueEmail = (label: string) => `e2e-${label}-${randomUUID().slice(0, 8)}@example.com`;
/** A documentation-range client address, so per-IP sign-up limits treat each helper call as a new visitor. */
export const randomIp = () => `198.51.100.${Math.floor(Math.random() * 254) + 1}`;

/** Skips the file's tests when the base URL serves only the SPA (no API behind it). */
export function requireApi() {
  test.beforeEach(async ({ request }) => {
    const answer = await request.get('/api/openapi.json').catch(() => null);
    const isApi = !!answer && answer.ok() && (answer.headers()['content-type'] ?? '').includes('json');
    test.skip(!isApi, 'needs the API (E2E_BASE_URL pointing at the full stack)');
  });
}

export interface Session {
  sessionId: string;
  secondFactor?: 'none' | 'satisfied' | 'pending' | 'enrol';
  user: { id: string; email: string; firstName: string; isAdmin: boolean; currentPoints: number };
}

export async function call<T>(
  request: APIRequestContext,
  method: string,
  url: string,
  session?: Session,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    data,
    headers: { 'x-forwarded-for': randomIp(), ...(session ? { Authorization: `Bearer ${session.sessionId}` } : {}), ...headers },
  });
  if (!response.ok()) throw new Error(`${method} ${url} → ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

// One admin sign-in per worker: the api allows 10 sign-ins per e-mail in 15 minutes.
let adminSession: Promise<Session> | undefined;
let adminSignedInAt = 0;
/**
 * The admin's session is shared by the tests while its second factor is recent: dangerous staff
 * actions ask for the factor again 15 minutes after it was given (step-up), so it is given anew
 * after 10.
 */
const ADMIN_SESSION_REUSE_MS = 10 * 60_000;

export function signInAdmin(request: APIRequestContext): Promise<Session> {
  const email = process.env.E2E_ADMIN_EMAIL ?? process.env.ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD;
  test.skip(!email || !password, "set E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD (the api's ADMIN_EMAIL/ADMIN_PASSWORD)");
  if (Date.now() - adminSignedInAt > ADMIN_SESSION_REUSE_MS) adminSession = undefined;
  if (!adminSession) {
    adminSignedInAt = Date.now();
    adminSession = signInAdminWithSecondFactor(request, email!, password!);
  }
  void adminSession.catch(() => (adminSession = undefined));
  return adminSession;
}

/*
 * Managers and admins give a second factor after the password. The helpers answer it as
 * a person's authenticator app would (otplib, from the secret enrolled through the api); each code
 * is used once, so they keep the last time step they used per secret and take the next one.
 */
const lastStep = new Map<string, number>();

export async function nextTotpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 1000 / 30);
    const step = [now - 1, now, now + 1].find((candidate) => candidate > (lastStep.get(secret) ?? -Infinity));
    if (step !== undefined) {
      lastStep.set(secret, step);
      return generate({ secret, epoch: step * 30, period: 30 });
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Enrols an authenticator app on a session that must enrol (through the api); its secret. */
export async function enrolTotp(request: APIRequestContext, session: Session): Promise<string> {
  const { secret } = await call<{ secret: string }>(request, 'POST', '/api/auth/2fa/totp', session, {});
  await call(request, 'POST', '/api/auth/2fa/totp/confirm', session, { code: await nextTotpCode(secret) });
  return secret;
}

/** The authenticator secret the stack's admin is enrolled with (by signInAdmin, with E2E_DATABASE_URL). */
export const E2E_ADMIN_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * The admin of the stack (admin:create) has no factor until first sign-in. Every worker signs in
 * as them, and a TOTP code works once, so with the stack's database (E2E_DATABASE_URL) each worker
 * marks the admin as enrolled if nobody did and remembers its own device (≤ 12 h), as a person
 * ticking "Remember this device" would; without it, the admin enrols an app through the api.
 */
async function signInAdminWithSecondFactor(request: APIRequestContext, email: string, password: string): Promise<Session> {
  const url = process.env.E2E_DATABASE_URL;
  let cookie: string | undefined;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const token = randomBytes(32).toString('base64url');
      await client.query(
        `insert into second_factors (member_id, kind, label, totp_secret, confirmed_at)
         select m.id, 'totp', 'e2e', $2, now() from members m
         where m.email = $1 and not exists (select 1 from second_factors f where f.member_id = m.id and f.confirmed_at is not null)`,
        [email, E2E_ADMIN_TOTP_SECRET],
      );
      await client.query(
        `insert into remembered_devices (member_id, token_hash, expires_at)
         select id, $2, now() + interval '12 hours' from members where email = $1`,
        [email, createHash('sha256').update(token).digest('hex')],
      );
      cookie = `nocturne_2fa_device=${token}`;
    } finally {
      await client.end();
    }
  }
  const session = await call<Session>(
    request,
    'POST',
    '/api/auth/login',
    undefined,
    { email, password },
    cookie ? { cookie } : {},
  );
  if (session.secondFactor === 'enrol') await enrolTotp(request, session);
  // A remembered device skips the second step but never gave the factor on this session: give it
  // now, so the dangerous actions (webhooks, exports, staff roles) do not ask for it again.
  // Each code is taken once, and another worker may have just used this one: the next is tried.
  else if (url)
    for (let attempt = 1; ; attempt += 1) {
      try {
        await call(request, 'POST', '/api/auth/2fa/verify', session, { code: await nextTotpCode(E2E_ADMIN_TOTP_SECRET) });
        break;
      } catch (error) {
        if (attempt === 4) throw error;
      }
    }
  return session;
}

/** A new member, signed in: the sign-up answers alike for any e-mail, so the session comes from signing in after it. */
export async function registerMember(request: APIRequestContext, firstName = 'Erin'): Promise<Session> {
  const email = uniqueEmail(firstName.toLowerCase());
  await call(request, 'POST', '/api/auth/register', undefined, {
    email,
    firstName,
    lastName: 'Tester',
    password: PASSWORD,
    dateOfBirth: '1990-06-15',
  });
  return call<Session>(request, 'POST', '/api/auth/login', undefined, { email, password: PASSWORD });
}

/**
 * Opens a screen of the staff dashboard as a person would: its tab on a wide screen, the menu on a
 * phone (under 600 px the tabs give way to one menu button), then waits for its lists to load.
 */
export async function openAdminScreen(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 1280) < 600) {
    const nav = page.getByRole('navigation', { name: 'Admin screens' });
    await nav.getByRole('button', { name: /^Menu: / }).click();
    await nav.getByRole('link', { name: new RegExp(`^${name}\\b`) }).click();
    await expect(nav.getByRole('button', { name: `Menu: ${name}` })).toBeVisible();
  } else {
    await page.getByRole('tab', { name, exact: true }).click();
  }
  await expect(page.getByRole('tabpanel').getByText(/Loading/)).toHaveCount(0);
  return page.getByRole('tabpanel');
}

/**
 * A new account holding a staff role, as @nocturne/testing's registerStaff makes one: registered
 * through the api, the role set in the stack's database (E2E_DATABASE_URL, the runner's throwaway
 * one). Sign in afterwards (page or api): that session carries the role.
 */
export async function registerStaff(request: APIRequestContext, role: 'door' | 'manager' | 'admin', firstName = 'Sam') {
  const url = process.env.E2E_DATABASE_URL;
  test.skip(!url, "set E2E_DATABASE_URL (the stack's database) to make staff accounts");
  const member = await registerMember(request, firstName);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('update members set role = $2 where id = $1', [member.user.id, role]);
  } finally {
    await client.end();
  }
  // Managers and admins enrol an authenticator app before anything else: done here
  // through the api, so the account signs in like any enrolled one (signIn answers the code).
  const totpSecret = role === 'door' ? undefined : await enrolTotp(request, member);
  return { email: member.user.email, password: PASSWORD, firstName, totpSecret };
}

/** Signs in through the api; a staff account owing its second factor gives its next TOTP code. */
export async function signIn(request: APIRequestContext, account: { email: string; password: string; totpSecret?: string }) {
  const session = await call<Session>(request, 'POST', '/api/auth/login', undefined, {
    email: account.email,
    password: account.password,
  });
  if (session.secondFactor === 'pending' && account.totpSecret) {
    await call(request, 'POST', '/api/auth/2fa/verify', session, { code: await nextTotpCode(account.totpSecret) });
  }
  return session;
}

/** Gives the second step on the page as a person would: the next code of their authenticator app. */
export async function passSecondStep(page: Page, account: { totpSecret?: string }) {
  await expect(page).toHaveURL(/\/two-factor$/);
  await page.getByLabel('Code from your authenticator app').fill(await nextTotpCode(account.totpSecret!));
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Opens the app already signed in, as after a sign-in on this device. */
export async function useSession(page: Page, session: Session) {
  await page.addInitScript(({ sessionId, user }) => {
    localStorage.setItem('sessionId', sessionId);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
}

export const createCoupon = (
  request: APIRequestContext,
  admin: Session,
  overrides: Partial<z.input<typeof CreateCouponRequest>> = {},
) =>
  call<AdminCoupon>(request, 'POST', '/api/admin/coupons', admin, {
    code: `E2E${randomUUID().slice(0, 8).toUpperCase()}`,
    title: `E2E cocktail ${randomUUID().slice(0, 4)}`,
    description: 'Half price on any cocktail.',
    type: 'percentage',
    value: 50,
    pointsCost: 10,
    requiredTier: 'bronze',
    maxUses: null,
    validUntil: null,
    ...overrides,
  });

/** Reads the QR code in a PNG screenshot, gold-on-black (inverted) codes included. */
export function decodeQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data;
}

/** A 640x480 frame for Chromium's fake camera (--use-file-for-fake-video-capture). */
const FRAME_WIDTH = 640;
const FRAME_HEIGHT = 480;

/**
 * Writes a Y4M clip (4:2:0, BT.601 studio range) of one RGB frame repeated: one second at 10 fps,
 * which Chromium's fake camera loops. Written by hand so no ffmpeg is needed.
 */
function writeY4m(rgb: Buffer): string {
  const width = FRAME_WIDTH;
  const height = FRAME_HEIGHT;
  const luma = Buffer.alloc(width * height);
  const cb = Buffer.alloc((width / 2) * (height / 2));
  const cr = Buffer.alloc((width / 2) * (height / 2));
  for (let i = 0; i < width * height; i += 1) {
    const [r, g, b] = [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!];
    luma[i] = Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
  }
  for (let y = 0; y < height / 2; y += 1) {
    for (let x = 0; x < width / 2; x += 1) {
      let [r, g, b] = [0, 0, 0];
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const at = ((y * 2 + dy) * width + x * 2 + dx) * 3;
        r += rgb[at]! / 4;
        g += rgb[at + 1]! / 4;
        b += rgb[at + 2]! / 4;
      }
      cb[y * (width / 2) + x] = Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
      cr[y * (width / 2) + x] = Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, cb, cr]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(os.tmpdir(), `nocturne-qr-${randomUUID()}.y4m`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
  return file;
}

/** An RGB frame of one grey, as a wall behind the phone. */
const greyFrame = (level: number) => Buffer.alloc(FRAME_WIDTH * FRAME_HEIGHT * 3, level);

/**
 * A Y4M video of a QR code the test generates itself: black modules on white, 6 px a module,
 * centred in a 640x480 frame.
 */
export function qrVideo(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 6;
  const size = qr.modules.size * scale;
  const left = Math.floor((FRAME_WIDTH - size) / 2);
  const top = Math.floor((FRAME_HEIGHT - size) / 2);
  const rgb = greyFrame(255);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale)))
        rgb.fill(0, ((top + y) * FRAME_WIDTH + left + x) * 3, ((top + y) * FRAME_WIDTH + left + x + 1) * 3);
    }
  }
  return writeY4m(rgb);
}

/** Gold (the theme's) for what was dark, black for what was light: the first design's inverted QR. */
const goldOnBlack = (value: number, channel: number) => Math.round(((255 - value) / 255) * [212, 175, 55][channel]!);

/**
 * A Y4M video of a screenshot (PNG) exactly as the page rendered it, e.g. the member's QR code:
 * scaled (nearest neighbour) to `heightFraction` of the 640x480 frame's height, centred on a
 * mid-grey background, as a phone held at the door at some distance from the staff's camera.
 * `inverted` recolours it gold on black first (light modules on a dark ground).
 */
export function screenshotVideo(png: Buffer, heightFraction: number, { inverted = false } = {}): string {
  const image = PNG.sync.read(png);
  const height = Math.round(FRAME_HEIGHT * heightFraction);
  const width = Math.round((image.width * height) / image.height);
  if (width > FRAME_WIDTH || height > FRAME_HEIGHT) throw new RangeError(`a ${width}x${height} image does not fit the frame`);
  const left = Math.floor((FRAME_WIDTH - width) / 2);
  const top = Math.floor((FRAME_HEIGHT - height) / 2);
  const rgb = greyFrame(128);
  for (let y = 0; y < height; y += 1) {
    const sourceY = Math.floor((y * image.height) / height);
    for (let x = 0; x < width; x += 1) {
      const from = (sourceY * image.width + Math.floor((x * image.width) / width)) * 4;
      const to = ((top + y) * FRAME_WIDTH + left + x) * 3;
      // Screenshots are opaque; blend any transparency onto the grey all the same.
      const alpha = image.data[from + 3]! / 255;
      for (let channel = 0; channel < 3; channel += 1) {
        const value = image.data[from + channel]!;
        rgb[to + channel] = Math.round((inverted ? goldOnBlack(value, channel) : value) * alpha + 128 * (1 - alpha));
      }
    }
  }
  return writeY4m(rgb);
}

/**
 * A second venue of the group, added through the admin API as on the Venues screen (unique name and
 * slug per call). Archive it afterwards (`archiveVenue`) so the other tests see the single venue
 * they expect. The api keeps the venue list a few seconds per process.
 */
export async function addVenue(request: APIRequestContext, admin: Session, label: string) {
  const suffix = randomUUID().slice(0, 6);
  const slug = `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${suffix}`;
  const name = `${label} ${suffix}`;
  const venue = await call<{ id: number }>(request, 'POST', '/api/admin/venues', admin, {
    slug,
    name,
    kind: 'BarOrPub',
    address: { street: '12 Old Compton St', locality: 'London', postalCode: 'W1D 4TQ', country: 'United Kingdom' },
    phone: '+44 20 7000 0000',
    inboxEmail: `${slug}@example.com`,
    timeZone: 'Europe/London',
    openingHours: { opensAtHour: [18, 18, 18, 18, 18, 18, 18], closesAtHour: 2, lastBookingHour: 0 },
    location: { latitude: 51.5136, longitude: -0.1318 },
  });
  return { id: venue.id, slug, name };
}

export const archiveVenue = (request: APIRequestContext, admin: Session, venueId: number) =>
  call(request, 'POST', `/api/admin/venues/${venueId}/archive`, admin);

/** Grants a door or manager account these venues only (as on the Staff screen); sign in afterwards. */
export async function grantVenues(request: APIRequestContext, admin: Session, account: { email: string }, venueIds: number[]) {
  const { staff } = await call<{ staff: { id: string; email: string }[] }>(request, 'GET', '/api/admin/staff', admin);
  const member = staff.find((row) => row.email === account.email);
  if (!member) throw new Error(`${account.email} is not on the staff list`);
  await call(request, 'PUT', `/api/admin/staff/${member.id}/venues`, admin, { venueIds });
}

/** The group's venues as a staff account may choose them (`mine`: those it works at). */
export const venueChoices = (request: APIRequestContext, session: Session) =>
  call<{ venues: { id: number; name: string; archived: boolean; mine: boolean }[] }>(
    request,
    'GET',
    '/api/admin/venue-choices',
    session,
  ).then((answer) => answer.venues);
