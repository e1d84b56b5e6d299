import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isTimeZone } from '../shared/shop-clock';
import { parseTrustProxy, TRUST_PROXY_FORMS, type TrustProxy } from './http/trust-proxy';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    message: 'must be true or false',
  })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const milliseconds = z.coerce
  .number({ message: 'must be a number of milliseconds' })
  .int('must be a whole number of milliseconds')
  .min(100, 'must be at least 100 milliseconds')
  .max(3_600_000, 'must be at most 3600000 milliseconds (1 hour)');

const PAIR_LIMIT_FORM = /^(\d+),(\d+)$/;

/** `<perShopper>,<perAddress>` uses per window, or `off` (benchmarks, load tests). */
const shopperAndAddressLimit = (example: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => {
      if (v === 'off') return true;
      const match = PAIR_LIMIT_FORM.exec(v);
      return match !== null && Number(match[1]) >= 1 && Number(match[2]) >= 1;
    }, `must be off or <perShopper>,<perAddress> with whole numbers of 1 or more, e.g. ${example}`)
    .transform((v) => {
      const match = PAIR_LIMIT_FORM.exec(v);
      return match ? { perShopper: Number(match[1]), perAddress: Number(match[2]) } : null;
    });

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DEALER_USERNAME: z.string().trim().min(1, 'must not be empty').max(64).optional(),
  DEALER_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: booleanFlag.default(true),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z
    .string()
    .transform((text, ctx) => {
      const parsed = parseTrustProxy(text);
      if (parsed === null) ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMS });
      return parsed as TrustProxy;
    })
    .default(false),
  PUBLIC_URL: z
    .url('must be a URL such as https://shop.example')
    .refine((value) => {
      const url = new URL(value);
      return (
        ['http:', 'https:'].includes(url.protocol) &&
        url.pathname === '/' &&
        !url.search &&
        !url.hash
      );
    }, 'must be an http(s) origin without a path, such as https://shop.example')
    .transform((value) => new URL(value).origin)
    .optional(),
  REQUEST_TIMEOUT_MS: milliseconds.default(120_000),
  IDLE_TIMEOUT_MS: milliseconds.default(60_000),
  ORDER_RATE_LIMIT: shopperAndAddressLimit('10,60').prefault('10,60'),
  /** chat messages per 10 minutes (a fifth of them within 10 s) */
  CHAT_RATE_LIMIT: shopperAndAddressLimit('40,120').prefault('40,120'),
  /** new chat sessions per hour (a fifth of them within a minute) */
  CHAT_SESSION_LIMIT: shopperAndAddressLimit('3,20').prefault('3,20'),
  /** the shop's time zone: its "today" and which of today's delivery windows have passed */
  SHOP_TIMEZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as America/Los_Angeles')
    .default(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .positive('must be more than 0')
    .max(600, 'must be at most 600')
    .default(10),
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  TELEGRAM_CHAT_ID: z.string().min(1).optional(),
  TELEGRAM_API_BASE: z.url('must be a URL').default('https://api.telegram.org'),
  SMS_ACCOUNT_SID: z.string().trim().min(1, 'must not be empty').optional(),
  SMS_AUTH_TOKEN: z.string().min(1, 'must not be empty').optional(),
  SMS_FROM: z.string().trim().min(1, 'must not be empty').optional(),
  SMS_API_BASE: z
    .url('must be a URL such as https://api.twilio.com')
    .transform((value) => value.replace(/\/+$/, ''))
    .default('https://api.twilio.com'),
  SMS_ALLOWED_COUNTRY_CODES: z
    .string()
    .regex(
      /^\s*\+?[1-9]\d{0,2}(\s*,\s*\+?[1-9]\d{0,2})*\s*$/,
      'must be country calling codes separated by commas, such as 1 or 1,44',
    )
    .default('1')
    .transform((value) => value.split(',').map((code) => code.trim().replace(/^\+/, ''))),
  SMTP_URL: z
    .url('must be a URL such as smtp://user:password@mail.example:587')
    .refine(
      (value) => ['smtp:', 'smtps:'].includes(new URL(value).protocol),
      'must start with smtp:// or smtps://, such as smtp://user:password@mail.example:587',
    )
    .refine(
      (value) => [null, 'off'].includes(new URL(value).searchParams.get('tls')),
      'may only say ?tls=off (send in clear, for a relay on this machine); leave it out to require TLS',
    )
    .optional(),
  SMTP_FROM: z
    .string()
    .trim()
    .regex(
      /^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
      'must be an email address, such as orders@shop.example or "Shop <orders@shop.example>"',
    )
    .optional(),
  /** the state's track-and-trace API (Metrc); the four are set together or not at all */
  METRC_API_BASE: z
    .url('must be a URL such as https://api-ca.metrc.com')
    .refine(
      (value) => ['http:', 'https:'].includes(new URL(value).protocol),
      'must start with https:// (or http:// for a test server)',
    )
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  METRC_VENDOR_KEY: z.string().trim().min(1, 'must not be empty').optional(),
  METRC_USER_KEY: z.string().trim().min(1, 'must not be empty').optional(),
  METRC_LICENSE_NUMBER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{3,40}$/, 'must be a licence number such as C10-0000001-LIC')
    .optional(),
  BACKUP_DIR: z.string().min(1, 'must not be empty').optional(),
  BACKUP_EVERY_HOURS: z.coerce
    .number({ message: 'must be a number of hours' })
    .positive('must be more than 0')
    // setInterval cannot wait longer than about 24.8 days
    .max(24 * 24, 'must be at most 576 (24 days)')
    .default(24),
  BACKUP_KEEP: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(7),
  WS_SOCKETS_PER_ADDRESS: z
    .string()
    .regex(/^(off|[1-9]\d{0,6})$/, 'must be a whole number from 1, or off')
    .default('50')
    .transform((v) => (v === 'off' ? Number.POSITIVE_INFINITY : Number(v))),
});

export type Env = z.infer<typeof envSchema>;
export interface Config extends Env {
  dataDir: string;
  mediaDir: string;
  sessionSecret: string;
}

export class ConfigError extends Error {}

/** Folders and files that hold the shop's data: readable by the user the shop runs as only. */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** Parses the environment; an invalid value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message} ${shownValue(name, env[name])}`,
    );
  }
  if (parsed.data.DEALER_USERNAME && !parsed.data.DEALER_PASSWORD) {
    throw new ConfigError(
      'Invalid configuration: DEALER_PASSWORD must be set with DEALER_USERNAME',
    );
  }
  requireTogether(parsed.data, ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM']);
  requireTogether(parsed.data, ['SMTP_URL', 'SMTP_FROM']);
  requireTogether(parsed.data, [
    'METRC_API_BASE',
    'METRC_VENDOR_KEY',
    'METRC_USER_KEY',
    'METRC_LICENSE_NUMBER',
  ]);
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const mediaDir = path.join(dataDir, 'media');
  // the database, the session secret and backups are for this user's eyes only
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
  mkdirSync(mediaDir, { recursive: true });
  return {
    ...parsed.data,
    dataDir,
    mediaDir,
    sessionSecret: parsed.data.SESSION_SECRET ?? persistedSecret(dataDir),
  };
}

const SECRETS = new Set([
  'DEALER_PASSWORD',
  'SESSION_SECRET',
  'TELEGRAM_BOT_TOKEN',
  'METRICS_TOKEN',
  'SMS_AUTH_TOKEN',
  'METRC_VENDOR_KEY',
  'METRC_USER_KEY',
]);
const URLS_WITH_CREDENTIALS = new Set(['DATABASE_URL', 'SMTP_URL']);

/** The bad value, for the operator's log; never a secret, nor a URL's password. */
function shownValue(name: string, value: string | undefined): string {
  if (SECRETS.has(name)) return '(the value is a secret, not shown)';
  const shown = URLS_WITH_CREDENTIALS.has(name)
    ? String(value).replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@')
    : value;
  return `(got "${shown}")`;
}

/** Variables that only work as a set: one of them alone is a mistake, not "off". */
function requireTogether(env: Env, names: (keyof Env)[]): void {
  const given = names.find((name) => env[name] !== undefined);
  const missing = names.find((name) => env[name] === undefined);
  if (given && missing)
    throw new ConfigError(`Invalid configuration: ${missing} must be set with ${given}`);
}

/** A generated secret kept under DATA_DIR so cookies survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: PRIVATE_FILE });
  return secret;
}

export interface MetrcSettings {
  apiBase: string;
  vendorKey: string;
  userKey: string;
  licenseNumber: string;
}

/** Metrc's settings when the shop reports to it, else null (none of the four is set). */
export function metrcSettings(config: Env): MetrcSettings | null {
  if (!config.METRC_API_BASE || !config.METRC_VENDOR_KEY || !config.METRC_USER_KEY) return null;
  if (!config.METRC_LICENSE_NUMBER) return null;
  return {
    apiBase: config.METRC_API_BASE,
    vendorKey: config.METRC_VENDOR_KEY,
    userKey: config.METRC_USER_KEY,
    licenseNumber: config.METRC_LICENSE_NUMBER,
  };
}
