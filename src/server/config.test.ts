import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'canopy-config-'));

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      SEED_DEMO: true,
      TRUST_PROXY: false,
      SHUTDOWN_TIMEOUT_SECONDS: 10,
    });
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.sessionSecret).toHaveLength(64);
    expect(loadConfig({ DATA_DIR: config.dataDir }).sessionSecret).toBe(config.sessionSecret);
  });

  it.each([
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535 (got "70000")'],
    [{ PORT: 'abc' }, 'PORT must be a port number (got "abc")'],
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://x")',
    ],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO must be true or false (got "maybe")'],
    [
      { PUBLIC_URL: 'https://shop.example/shop' },
      'PUBLIC_URL must be an http(s) origin without a path, such as https://shop.example (got "https://shop.example/shop")',
    ],
    [{ REQUEST_TIMEOUT_MS: '5' }, 'REQUEST_TIMEOUT_MS must be at least 100 milliseconds (got "5")'],
    [
      { TRUST_PROXY: 'everything' },
      'TRUST_PROXY must be false, true (1 hop), a hop count or a comma-separated list of proxy addresses (got "everything")',
    ],
    [
      { DEALER_USERNAME: 'a', DEALER_PASSWORD: 'short' },
      'DEALER_PASSWORD must be at least 8 characters (the value is a secret, not shown)',
    ],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, 'SHUTDOWN_TIMEOUT_SECONDS must be more than 0 (got "0")'],
    [
      { METRICS_TOKEN: 'short' },
      'METRICS_TOKEN must be at least 16 characters (the value is a secret, not shown)',
    ],
    [
      { METRC_VENDOR_KEY: ' ' },
      'METRC_VENDOR_KEY must not be empty (the value is a secret, not shown)',
    ],
    [
      { METRC_LICENSE_NUMBER: 'C10 0000001' },
      'METRC_LICENSE_NUMBER must be a licence number such as C10-0000001-LIC (got "C10 0000001")',
    ],
    [
      { SMTP_URL: 'https://mail.example', SMTP_FROM: 'orders@shop.example' },
      'SMTP_URL must start with smtp:// or smtps://, such as smtp://user:password@mail.example:587 (got "https://mail.example")',
    ],
    [
      { SMTP_URL: 'http://orders:hunter22@mail.example', SMTP_FROM: 'orders@shop.example' },
      'SMTP_URL must start with smtp:// or smtps://, such as smtp://user:password@mail.example:587 (got "http://orders:***@mail.example")',
    ],
    [
      { DATABASE_URL: 'mysql://shop:hunter22@db.example/shop' },
      'DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://shop:***@db.example/shop")',
    ],
    [
      { SMTP_URL: 'smtp://mail.example', SMTP_FROM: 'orders' },
      'SMTP_FROM must be an email address, such as orders@shop.example or "Shop <orders@shop.example>" (got "orders")',
    ],
  ])('refuses %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(
      `Invalid configuration: ${message}`,
    );
  });

  it.each([
    [{ SMS_ACCOUNT_SID: 'AC0123', SMS_AUTH_TOKEN: 'token' }, 'SMS_FROM', 'SMS_ACCOUNT_SID'],
    [{ SMS_FROM: '+15550001111' }, 'SMS_ACCOUNT_SID', 'SMS_FROM'],
    [
      { METRC_API_BASE: 'https://api-ca.metrc.com', METRC_VENDOR_KEY: 'vendor-key' },
      'METRC_USER_KEY',
      'METRC_API_BASE',
    ],
    [
      { METRC_USER_KEY: 'user-key', METRC_VENDOR_KEY: 'vendor-key' },
      'METRC_API_BASE',
      'METRC_VENDOR_KEY',
    ],
    [{ SMTP_URL: 'smtp://mail.example:587' }, 'SMTP_FROM', 'SMTP_URL'],
  ])('refuses %j: %s must be set with %s', (env, missing, given) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(
      `Invalid configuration: ${missing} must be set with ${given}`,
    );
  });

  // starting Node with the TypeScript loader takes seconds on a loaded 2-core machine: a bound, not a wait
  it('stops the server with that one line and a failure exit code', { timeout: 120_000 }, () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')],
      {
        env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir() },
        encoding: 'utf8',
        timeout: 110_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Invalid configuration: PORT must be a port number (got "not-a-port")',
    );
  });
});
