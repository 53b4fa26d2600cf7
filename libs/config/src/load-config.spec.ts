import { apiEnvSchema, workerEnvSchema } from './env.js';
import { ConfigError, loadConfig } from './load-config.js';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig(apiEnvSchema, {});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/nocturne');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.VENUE_TZ).toBe('Australia/Sydney');
    expect([config.TIER_SILVER, config.TIER_GOLD, config.TIER_PLATINUM]).toEqual([100, 500, 1500]);
    expect(config.POINTS_WELCOME_BONUS).toBe(20);
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('names every bad variable in one error', () => {
    let caught: unknown;
    try {
      loadConfig(apiEnvSchema, { PORT: 'eighty', VENUE_TZ: 'Mars/Olympus', DATABASE_URL: 'nope' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toContain('PORT');
    expect(message).toContain('VENUE_TZ');
    expect(message).toContain('DATABASE_URL');
  });

  it('refuses production without its secrets', () => {
    expect(() => loadConfig(workerEnvSchema, { NODE_ENV: 'production' })).toThrow(/QR_SECRET: required/);
    const secret = 'x'.repeat(32);
    expect(loadConfig(workerEnvSchema, { NODE_ENV: 'production', QR_SECRET: secret }).QR_SECRET).toBe(secret);
  });

  it('wants both ActiveCampaign variables or neither', () => {
    expect(() => loadConfig(workerEnvSchema, { AC_API_URL: 'https://acme.api-us1.com' })).toThrow(/AC_API_KEY/);
  });

  it('serves worker metrics only when WORKER_METRICS_PORT is set', () => {
    expect(loadConfig(workerEnvSchema, { WORKER_METRICS_PORT: '' }).WORKER_METRICS_PORT).toBeUndefined();
    expect(loadConfig(workerEnvSchema, { WORKER_METRICS_PORT: '9464' }).WORKER_METRICS_PORT).toBe(9464);
    expect(() => loadConfig(workerEnvSchema, { WORKER_METRICS_PORT: '70000' })).toThrow(/WORKER_METRICS_PORT/);
  });

  it('expires points only when POINTS_EXPIRE_AFTER_MONTHS is a positive whole number of months', () => {
    expect(loadConfig(workerEnvSchema, {}).POINTS_EXPIRE_AFTER_MONTHS).toBeUndefined();
    expect(loadConfig(workerEnvSchema, { POINTS_EXPIRE_AFTER_MONTHS: '' }).POINTS_EXPIRE_AFTER_MONTHS).toBeUndefined();
    expect(loadConfig(workerEnvSchema, { POINTS_EXPIRE_AFTER_MONTHS: '12' }).POINTS_EXPIRE_AFTER_MONTHS).toBe(12);
    for (const bad of ['0', '-3', '1.5', 'a year']) {
      expect(() => loadConfig(workerEnvSchema, { POINTS_EXPIRE_AFTER_MONTHS: bad })).toThrow(/POINTS_EXPIRE_AFTER_MONTHS/);
    }
  });

  it('treats an empty variable as unset, whatever its type', () => {
    expect(loadConfig(workerEnvSchema, { SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    // A number would otherwise coerce '' to 0: no welcome bonus, or a refused tier threshold.
    const config = loadConfig(workerEnvSchema, {
      POINTS_WELCOME_BONUS: '',
      TIER_SILVER: ' ',
      VENUE_TZ: '',
      AC_AUTO_SYNC: '',
      WORKER_CONCURRENCY: '',
      LOG_LEVEL: '',
    });
    expect([config.POINTS_WELCOME_BONUS, config.TIER_SILVER, config.VENUE_TZ]).toEqual([20, 100, 'Australia/Sydney']);
    expect([config.AC_AUTO_SYNC, config.WORKER_CONCURRENCY, config.LOG_LEVEL]).toEqual([true, 4, 'info']);
    expect(loadConfig(apiEnvSchema, { PORT: '', TRUST_PROXY: '' })).toMatchObject({ PORT: 8080, TRUST_PROXY: false });
  });

  it('trusts a number of proxy hops or listed proxies, never every hop', () => {
    expect(loadConfig(apiEnvSchema, {}).TRUST_PROXY).toBe(false);
    expect(loadConfig(apiEnvSchema, { TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig(apiEnvSchema, { TRUST_PROXY: '10.0.0.0/8, fd00::/8,192.168.1.4' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.4',
    ]);
    expect(() => loadConfig(apiEnvSchema, { TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*trusts every hop/s);
    expect(() => loadConfig(apiEnvSchema, { TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not an IP address or CIDR: 10.0.0.0\/33/);
    expect(() => loadConfig(apiEnvSchema, { TRUST_PROXY: 'proxy.internal' })).toThrow(/not an IP address or CIDR/);
  });

  it('refuses a Redis Cluster whose prefix is not a hash tag, so our MULTIs and Lua keep to one slot', () => {
    expect(() => loadConfig(apiEnvSchema, { REDIS_CLUSTER_NODES: '10.0.0.1:6379,10.0.0.2:6379' })).toThrow(
      /REDIS_PREFIX: must be a hash tag such as \{nocturne\}/,
    );
    const config = loadConfig(apiEnvSchema, { REDIS_CLUSTER_NODES: '10.0.0.1:6379, 10.0.0.2:6379', REDIS_PREFIX: '{nocturne}' });
    expect(config.REDIS_PREFIX).toBe('{nocturne}');
    expect(() => loadConfig(apiEnvSchema, { REDIS_CLUSTER_NODES: 'redis.internal', REDIS_PREFIX: '{n}' })).toThrow(
      /REDIS_CLUSTER_NODES: must be host:port pairs/,
    );
    expect(loadConfig(apiEnvSchema, { REDIS_CLUSTER_NODES: '' }).REDIS_CLUSTER_NODES).toBeUndefined();
  });
});
