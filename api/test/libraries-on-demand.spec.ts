import { type BuiltApi, SoftwareAuthenticator, startBuiltApi } from '@nocturne/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The AWS SDK (some 35 MB of an api's memory), the WebAuthn library (25 MB) and node-forge (10 MB)
// serve features a venue may not use: media in S3, passkeys, Apple Wallet. An api whose media is on
// disk and whose Apple Wallet is off must not hold them, and passkeys bring theirs in only when a
// ceremony starts. The built api runs with a module hook (libs/testing/hooks/watch-packages.mjs)
// that names each watched package on stderr the first time anything in it is loaded.
const WATCHED = ['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner', 'node-forge', '@simplewebauthn/server'];

let built: BuiltApi;
let dir: string;
let token: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'nocturne-libraries-'));
  built = await startBuiltApi('libraries_on_demand', {
    heapFlags: false,
    nodeFlags: ['--import', './libs/testing/hooks/watch-packages.mjs'],
    env: {
      WATCH_PACKAGES: WATCHED.join(','),
      APP_URL: 'http://localhost:8080',
      WEB_DIST_DIR: '/nonexistent',
      STORAGE_DIR: path.join(dir, 'uploads'),
      MAIL_DIR: path.join(dir, 'mail'),
    },
  });
  ({ token } = await built.adminSession());
});
afterAll(async () => {
  await built?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const loaded = () =>
  built.api
    .stderr()
    .split('\n')
    .filter((line) => line.startsWith('package loaded: '))
    .map((line) => line.slice('package loaded: '.length));

it('an api with its media on disk and Apple Wallet off holds neither the AWS SDK, node-forge nor the WebAuthn library', async () => {
  expect((await built.call('GET', '/api/wallet', token)).body).toEqual({ apple: false, google: false });
  expect((await built.call('GET', '/api/wallet/apple/card', token)).status).toBe(404);
  expect((await built.call('GET', '/api/auth/me', token)).status).toBe(200);
  expect(loaded()).toEqual([]);
});

it('the WebAuthn library comes in with the first passkey ceremony, and the ceremony works', async () => {
  const options = await built.call('POST', '/api/auth/2fa/passkeys/registration-options', token);
  expect(options.status).toBe(200);
  expect(loaded()).toEqual(['@simplewebauthn/server']);
  const authenticator = new SoftwareAuthenticator('localhost', 'http://localhost:8080');
  const registered = await built.call('POST', '/api/auth/2fa/passkeys', token, {
    response: authenticator.register(options.body.options),
    label: 'Laptop',
  });
  expect(registered.status).toBe(200);
  const factors = await built.call('GET', '/api/auth/2fa', token);
  expect(factors.body.factors.map((factor: { label: string }) => factor.label)).toContain('Laptop');
});
