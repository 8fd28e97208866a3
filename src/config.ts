// Parses every PARLA_* environment variable once; nothing else in the code reads process.env.
import net from 'node:net';
import path from 'node:path';
import { checkAllowedHostEntry } from './shared/outbound-guard.js';
import { trimTrailingSlashes } from './shared/text.js';

export interface RateLimit {
  requests: number;
  windowSeconds: number;
}

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string; // "sqlite:<path>" or "postgres://…"
  /** Seconds to wait for a PostgreSQL connection (a host that drops packets would otherwise hold a start-up for minutes). */
  databaseConnectTimeout: number;
  redisUrl: string | null;
  redisPrefix: string; // namespace of the BullMQ keys in Redis
  serveRunsTasks: boolean; // with Redis: `serve` also consumes background tasks
  workerConcurrency: number; // tasks one consuming process runs at once (BullMQ)
  workerHealthPort: number | null; // `parla worker` answers /healthz and /readyz on this port; null: no listener
  siteUrl: string | null; // null: derived from the request's Host header
  secretKey: string | null; // null: generated once into the data dir
  sessionAge: number; // seconds a browser session lives after its last use
  headersTimeout: number; // seconds a client has to send a request's headers
  requestTimeout: number; // seconds a client has to send a whole request (headers and body)
  rateLimitAnon: RateLimit;
  rateLimitUser: RateLimit;
  /** Failed sign-ins allowed per account and per client address within the window (0 requests: no throttle). */
  loginAttempts: RateLimit;
  /** Seconds an account or address stays locked after too many failed sign-ins. */
  loginLockout: number;
  pageSize: number;
  maxUploadSize: number;
  screenshotMaxSize: number; // largest accepted screenshot image
  enableHooks: boolean;
  vcsAllowLocal: boolean;
  allowedHosts: string[];
  trustProxy: boolean | string[]; // whose X-Forwarded-* headers are believed: nobody, every peer, or these addresses/CIDRs // internal hosts/IPs/CIDRs outbound requests may reach despite the SSRF guard
  logLevel: string;
  /** Read caches (db/read-cache.ts): SQLite only (auto), also PostgreSQL on one host (on), or none (off). */
  readCache: 'auto' | 'on' | 'off';
  metricsToken: string | null; // GET /metrics (Prometheus) answers with `Authorization: Bearer <token>`; null: no /metrics
  /** Origins allowed to call /api/ from a browser (exact origins, or "*" for any); empty: no CORS headers at all. */
  corsOrigins: string[];
  /** Mean event-loop delay (ms) above which requests are answered 503 with Retry-After; 0: never. */
  maxEventLoopDelay: number;
  /** Outgoing mail server (smtp:// or smtps://, with credentials); null: messages go to the local outbox. */
  emailUrl: string | null;
  /** The From address of outgoing mail. */
  emailFrom: string;
  /** Seconds before the first retry of a message the mail server refused or did not take; doubles with each attempt. */
  emailRetryDelay: number;
  /** Requests that send mail (password reset, registration, e-mail change) per client address and per recipient. */
  emailRateLimit: RateLimit;
  /** Whether anybody may create an account (confirmed by e-mail). */
  registrationOpen: boolean;
  /** Seconds an invitation, password reset or confirmation link stays valid. */
  accountLinkAge: number;
  /** Single sign-on with an OpenID Connect provider; null: not configured. */
  oidc: OidcConfig | null;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | null; // null: a public client, protected by PKCE alone
  name: string; // the provider's name on the sign-in button
  allowedDomains: string[]; // e-mail domains that may sign in (lower case); empty: any
  usernameClaim: string;
  nameClaim: string;
  createUsers: boolean;
  scopes: string[];
}

export class ConfigError extends Error {}

const WINDOWS: Record<string, number> = { second: 1, sec: 1, s: 1, minute: 60, min: 60, m: 60, hour: 3600, h: 3600, day: 86400, d: 86400 };

export function parseRateLimit(name: string, value: string): RateLimit {
  const m = /^\s*(\d+)\s*\/\s*(\d*)\s*([a-z]+)\s*$/i.exec(value);
  const unit = m ? WINDOWS[m[3].toLowerCase()] : undefined;
  if (!m || unit === undefined) throw new ConfigError(`${name}: expected "<count>/<second|minute|hour|day>", got "${value}"`);
  return { requests: Number(m[1]), windowSeconds: unit * (m[2] ? Number(m[2]) : 1) };
}

function parseBool(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name}: expected a boolean (1/0, true/false, yes/no, on/off), got "${value}"`);
}

function parseReadCache(value: string | undefined): 'auto' | 'on' | 'off' {
  if (value === undefined || value === '') return 'auto';
  const v = value.toLowerCase();
  if (v === 'auto' || v === 'on' || v === 'off') return v;
  throw new ConfigError(`PARLA_READ_CACHE: expected auto, on or off, got "${value}"`);
}

function parseCorsOrigins(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  for (const e of entries) {
    // An origin is scheme://host[:port], nothing more: browsers send exactly that, and it is compared as is.
    if (e !== '*' && !/^https?:\/\/[^/\s]+$/i.test(e)) throw new ConfigError(`PARLA_CORS_ORIGINS: expected "*" or origins such as https://app.example.com separated by commas, got "${e}"`);
  }
  return entries.map((e) => e.toLowerCase());
}

function parseInt10(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(`${name}: expected an integer between ${min} and ${max}, got "${value}"`);
  }
  return Number(value);
}

const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3 };

function parseSize(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const m = /^\s*(\d+)\s*([a-z]*)\s*$/i.exec(value);
  const unit = m ? SIZE_UNITS[m[2].toLowerCase()] : undefined;
  if (!m || unit === undefined) throw new ConfigError(`${name}: expected a size such as 50MB, got "${value}"`);
  return Number(m[1]) * unit;
}

function parseRedisPrefix(value: string | undefined): string {
  if (value === undefined || value === '') return 'parla';
  // BullMQ joins its keys with ":"; keep the prefix one plain segment.
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(value)) throw new ConfigError(`PARLA_REDIS_PREFIX: expected letters, digits, "_", "." or "-", got "${value}"`);
  return value;
}

function parseAllowedHosts(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    const invalid = checkAllowedHostEntry(entry);
    if (invalid) throw new ConfigError(`PARLA_ALLOWED_HOSTS: ${invalid}`);
  }
  return entries;
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  const v = (value ?? '').trim();
  if (/^(|off|false|no|0)$/i.test(v)) return false;
  if (/^(on|true|yes|1)$/i.test(v)) return true;
  const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
  for (const e of entries) {
    const [addr, bits, extra] = e.split('/');
    const family = net.isIP(addr ?? '');
    const maxBits = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      throw new ConfigError(`PARLA_TRUST_PROXY: expected on, off or proxy addresses and CIDR ranges separated by commas, got "${e}"`);
    }
  }
  return entries;
}

function parseOidc(env: Record<string, string | undefined>): OidcConfig | null {
  const issuer = env.PARLA_OIDC_ISSUER ? trimTrailingSlashes(env.PARLA_OIDC_ISSUER.trim()) : '';
  const clientId = env.PARLA_OIDC_CLIENT_ID?.trim() ?? '';
  if (!issuer && !clientId) return null;
  if (!issuer || !clientId) throw new ConfigError('PARLA_OIDC_ISSUER and PARLA_OIDC_CLIENT_ID: single sign-on needs both');
  if (!/^https?:\/\/[^/\s]+(\/\S*)?$/i.test(issuer) || /[?#]/.test(issuer)) throw new ConfigError(`PARLA_OIDC_ISSUER: expected the provider's http(s) issuer URL, got "${issuer}"`);
  const allowedDomains = (env.PARLA_OIDC_ALLOWED_DOMAINS ?? '').split(',').map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean);
  for (const d of allowedDomains) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(d)) throw new ConfigError(`PARLA_OIDC_ALLOWED_DOMAINS: expected e-mail domains such as example.com separated by commas, got "${d}"`);
  }
  const claim = (name: string, fallback: string) => {
    const value = env[name]?.trim() || fallback;
    if (!/^[\w.:/-]{1,100}$/.test(value)) throw new ConfigError(`${name}: expected a claim name such as ${fallback}, got "${value}"`);
    return value;
  };
  const scopes = (env.PARLA_OIDC_SCOPES || 'openid email profile').split(/[\s,]+/).filter(Boolean);
  if (!scopes.includes('openid')) throw new ConfigError(`PARLA_OIDC_SCOPES: the scopes must include openid, got "${env.PARLA_OIDC_SCOPES}"`);
  return {
    issuer,
    clientId,
    clientSecret: env.PARLA_OIDC_CLIENT_SECRET || null,
    name: env.PARLA_OIDC_NAME?.trim() || 'single sign-on',
    allowedDomains,
    usernameClaim: claim('PARLA_OIDC_USERNAME_CLAIM', 'preferred_username'),
    nameClaim: claim('PARLA_OIDC_NAME_CLAIM', 'name'),
    createUsers: parseBool('PARLA_OIDC_CREATE_USERS', env.PARLA_OIDC_CREATE_USERS, false),
    scopes,
  };
}

function parseEmailUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('PARLA_EMAIL_URL: expected smtp://user:password@host:port or smtps://…, got an invalid URL');
  }
  // The URL carries a password: messages name the scheme only.
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError(`PARLA_EMAIL_URL: expected an smtp:// or smtps:// URL, got "${url.protocol}//…"`);
  if (!url.hostname) throw new ConfigError('PARLA_EMAIL_URL: the URL names no host');
  return value;
}

function parseEmailFrom(value: string | undefined): string {
  if (value === undefined || value === '') return 'Parla <noreply@localhost>';
  // One header line: an address, optionally with a display name ("Parla <parla@example.com>").
  if (/[\r\n\0]/.test(value) || !/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(value.trim())) {
    throw new ConfigError(`PARLA_EMAIL_FROM: expected an address such as parla@example.com or "Parla <parla@example.com>", got "${value}"`);
  }
  return value.trim();
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const host = env.PARLA_HOST || '127.0.0.1';
  const port = parseInt10('PARLA_PORT', env.PARLA_PORT, 8000, 0, 65535);
  const dataDir = path.resolve(env.PARLA_DATA_DIR || './data');
  let databaseUrl = env.PARLA_DATABASE_URL || `sqlite:${path.join(dataDir, 'parla.sqlite3')}`;
  if (!/^(postgres|postgresql):\/\//.test(databaseUrl) && !databaseUrl.startsWith('sqlite:')) {
    throw new ConfigError(`PARLA_DATABASE_URL: expected postgres://… or sqlite:<path>, got "${databaseUrl}"`);
  }
  if (databaseUrl.startsWith('sqlite:') && databaseUrl !== 'sqlite::memory:') {
    databaseUrl = `sqlite:${path.resolve(databaseUrl.slice('sqlite:'.length))}`;
  }
  const siteUrl = env.PARLA_SITE_URL ? trimTrailingSlashes(env.PARLA_SITE_URL) : null;
  if (siteUrl && !/^https?:\/\/[^/]+(\/.*)?$/.test(siteUrl)) throw new ConfigError(`PARLA_SITE_URL: expected an http(s) URL, got "${siteUrl}"`);
  return {
    host,
    port,
    dataDir,
    databaseUrl,
    redisUrl: env.PARLA_REDIS_URL || null,
    redisPrefix: parseRedisPrefix(env.PARLA_REDIS_PREFIX),
    serveRunsTasks: parseBool('PARLA_SERVE_RUNS_TASKS', env.PARLA_SERVE_RUNS_TASKS, false),
    workerConcurrency: parseInt10('PARLA_WORKER_CONCURRENCY', env.PARLA_WORKER_CONCURRENCY, 2, 1, 64),
    workerHealthPort: env.PARLA_WORKER_HEALTH_PORT ? parseInt10('PARLA_WORKER_HEALTH_PORT', env.PARLA_WORKER_HEALTH_PORT, 0, 0, 65535) : null,
    siteUrl,
    secretKey: env.PARLA_SECRET_KEY || null,
    sessionAge: parseInt10('PARLA_SESSION_AGE', env.PARLA_SESSION_AGE, 14 * 86400, 60, 10 * 365 * 86400),
    headersTimeout: parseInt10('PARLA_HEADERS_TIMEOUT', env.PARLA_HEADERS_TIMEOUT, 30, 1, 3600),
    requestTimeout: parseInt10('PARLA_REQUEST_TIMEOUT', env.PARLA_REQUEST_TIMEOUT, 300, 1, 24 * 3600),
    rateLimitAnon: parseRateLimit('PARLA_API_RATELIMIT_ANON', env.PARLA_API_RATELIMIT_ANON || '100/day'),
    rateLimitUser: parseRateLimit('PARLA_API_RATELIMIT_USER', env.PARLA_API_RATELIMIT_USER || '5000/hour'),
    loginAttempts: parseRateLimit('PARLA_LOGIN_ATTEMPTS', env.PARLA_LOGIN_ATTEMPTS || '5/300s'),
    loginLockout: parseInt10('PARLA_LOGIN_LOCKOUT', env.PARLA_LOGIN_LOCKOUT, 600, 1, 7 * 86400),
    pageSize: parseInt10('PARLA_PAGE_SIZE', env.PARLA_PAGE_SIZE, 50, 1, 1000),
    maxUploadSize: parseSize('PARLA_MAX_UPLOAD_SIZE', env.PARLA_MAX_UPLOAD_SIZE, 50 * 1024 * 1024),
    screenshotMaxSize: parseSize('PARLA_SCREENSHOT_MAX_SIZE', env.PARLA_SCREENSHOT_MAX_SIZE, 10 * 1024 * 1024),
    enableHooks: parseBool('PARLA_ENABLE_HOOKS', env.PARLA_ENABLE_HOOKS, true),
    vcsAllowLocal: parseBool('PARLA_VCS_ALLOW_LOCAL', env.PARLA_VCS_ALLOW_LOCAL, false),
    allowedHosts: parseAllowedHosts(env.PARLA_ALLOWED_HOSTS),
    trustProxy: parseTrustProxy(env.PARLA_TRUST_PROXY),
    logLevel: env.PARLA_LOG_LEVEL || 'info',
    readCache: parseReadCache(env.PARLA_READ_CACHE),
    metricsToken: env.PARLA_METRICS_TOKEN || null,
    corsOrigins: parseCorsOrigins(env.PARLA_CORS_ORIGINS),
    maxEventLoopDelay: parseInt10('PARLA_MAX_EVENT_LOOP_DELAY_MS', env.PARLA_MAX_EVENT_LOOP_DELAY_MS, 1000, 0, 600_000),
    databaseConnectTimeout: parseInt10('PARLA_DATABASE_CONNECT_TIMEOUT', env.PARLA_DATABASE_CONNECT_TIMEOUT, 15, 1, 600),
    emailUrl: parseEmailUrl(env.PARLA_EMAIL_URL),
    emailFrom: parseEmailFrom(env.PARLA_EMAIL_FROM),
    emailRetryDelay: parseInt10('PARLA_EMAIL_RETRY_DELAY', env.PARLA_EMAIL_RETRY_DELAY, 60, 1, 86400),
    emailRateLimit: parseRateLimit('PARLA_EMAIL_RATELIMIT', env.PARLA_EMAIL_RATELIMIT || '10/hour'),
    registrationOpen: parseBool('PARLA_REGISTRATION_OPEN', env.PARLA_REGISTRATION_OPEN, false),
    accountLinkAge: parseInt10('PARLA_ACCOUNT_LINK_AGE', env.PARLA_ACCOUNT_LINK_AGE, 3 * 86400, 1, 365 * 86400),
    oidc: parseOidc(env),
  };
}
