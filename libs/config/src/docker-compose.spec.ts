import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { apiEnvSchema, workerEnvSchema } from './env.js';
import { loadConfig } from './load-config.js';

// No Docker engine runs where the tests run, so this reads docker-compose.yml the way compose
// would and checks that it wires everything the app needs.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { image?: string; build?: { target: string }; command?: string[]; entrypoint?: string[]; environment?: Record<string, string>; depends_on?: Record<string, { condition: string }>; restart?: string }>;
};
const services = compose.services;

/** Resolves `${NAME:-default}` the way compose does with an empty shell environment. */
function resolved(environment: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, String(v).replace(/\$\{\w+:-([^}]*)\}/g, '$1')]));
}

describe('docker-compose.yml', () => {
  it('has every service the app needs', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'mailpit', 'migrate', 'minio', 'minio-setup', 'postgres', 'redis', 'worker'].sort());
    expect(services['postgres']!.image).toBe('postgres:17');
    expect(services['redis']!.image).toBe('redis:7');
    expect(services['redis']!.command).toEqual(expect.arrayContaining(['--appendonly', 'yes', '--maxmemory-policy', 'noeviction']));
    expect(services['minio-setup']!.entrypoint!.join(' ')).toContain('mc mb --ignore-existing local/nocturne-media');
    expect(services['mailpit']!.image).toContain('mailpit');
  });

  it('migrates once before the api and worker start', () => {
    expect(services['migrate']!.build!.target).toBe('migrate');
    expect(services['migrate']!.restart).toBe('no');
    for (const name of ['api', 'worker']) {
      expect(services[name]!.depends_on!['migrate']).toEqual({ condition: 'service_completed_successfully' });
    }
  });

  it.each([
    ['api', apiEnvSchema],
    ['worker', workerEnvSchema],
  ] as const)('gives the %s every variable its config schema requires, wired to the compose services', (name, schema) => {
    const env = resolved(services[name]!.environment);
    const config = loadConfig(schema, env) as Record<string, unknown>;
    expect(config['NODE_ENV']).toBe('production');
    expect(new URL(String(config['DATABASE_URL'])).hostname).toBe('postgres');
    expect(new URL(String(config['REDIS_URL'])).hostname).toBe('redis');
    expect(new URL(String(config['SMTP_URL'])).hostname).toBe('mailpit');
    expect(new URL(String(config['S3_ENDPOINT'])).hostname).toBe('minio');
    expect(config['S3_BUCKET']).toBe('nocturne-media');
  });
});
