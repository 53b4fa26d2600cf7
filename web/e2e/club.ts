import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { test } from './fixtures';

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
  user: { id: string; email: string; firstName: string; isAdmin: boolean; currentPoints: number };
}

export async function call<T>(request: APIRequestContext, method: string, url: string, session?: Session, data?: unknown): Promise<T> {
  const response = await request.fetch(url, {
    method,
    data,
    headers: { 'x-forwarded-for': randomIp(), ...(session ? { Authorization: `Bearer ${session.sessionId}` } : {}) },
  });
  if (!response.ok()) throw new Error(`${method} ${url} → ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

// One admin sign-in per worker: the api allows 10 sign-ins per e-mail in 15 minutes.
let adminSession: Promise<Session> | undefined;

export function signInAdmin(request: APIRequestContext): Promise<Session> {
  const email = process.env.E2E_ADMIN_EMAIL ?? process.env.ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD;
  test.skip(!email || !password, 'set E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD (the api\'s ADMIN_EMAIL/ADMIN_PASSWORD)');
  adminSession ??= call<Session>(request, 'POST', '/api/auth/login', undefined, { email, password });
  void adminSession.catch(() => (adminSession = undefined));
  return adminSession;
}

export const registerMember = (request: APIRequestContext, firstName = 'Erin') =>
  call<Session>(request, 'POST', '/api/auth/register', undefined, {
    email: uniqueEmail(firstName.toLowerCase()),
    firstName,
    lastName: 'Tester',
    password: PASSWORD,
  });

/** Opens the app already signed in, as after a sign-in on this device. */
export async function useSession(page: Page, session: Session) {
  await page.addInitScript(({ sessionId, user }) => {
    localStorage.setItem('sessionId', sessionId);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
}

export const createCoupon = (request: APIRequestContext, admin: Session, overrides: Record<string, unknown> = {}) =>
  call<{ id: string; code: string; title: string }>(request, 'POST', '/api/admin/coupons', admin, {
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

/**
 * Writes a Y4M video of a QR code for Chromium's fake camera (--use-file-for-fake-video-capture):
 * black modules on white, 6 px a module (inside the 250 px scan box), centred in a 640x480 frame, repeated.
 */
export function qrVideo(text: string): string {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 6;
  const size = qr.modules.size * scale;
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(os.tmpdir(), `nocturne-qr-${randomUUID()}.y4m`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
  return file;
}
