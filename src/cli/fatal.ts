// What an operator reads when a command fails: one line naming the setting to fix, instead of a stack trace.
import path from 'node:path';
import { ConfigError, type Config } from '../config.js';
import { AppError } from '../shared/errors.js';

type SystemError = NodeJS.ErrnoException & { address?: string; port?: number; hostname?: string; severity?: string; errors?: unknown[] };

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH']);

/** A start-up failure whose message already says what to fix. */
export class StartupError extends Error {}

/** Why `parla serve` could not listen on PARLA_HOST:PARLA_PORT. */
export function listenError(error: unknown, config: Pick<Config, 'host' | 'port'>): Error {
  const e = error as SystemError;
  const where = `port ${config.port} on ${config.host}`;
  if (e.code === 'EADDRINUSE') return new StartupError(`${where} is in use (set PARLA_PORT or PARLA_HOST)`, { cause: error });
  if (e.code === 'EACCES') return new StartupError(`no permission to listen on ${where} (ports below 1024 need privileges; set PARLA_PORT)`, { cause: error });
  if (e.code === 'EADDRNOTAVAIL') return new StartupError(`${config.host} is not an address of this machine (set PARLA_HOST)`, { cause: error });
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return new StartupError(`cannot resolve ${config.host} to listen on (set PARLA_HOST)`, { cause: error });
  return error instanceof Error ? error : new Error(String(error));
}

/** A URL with its password hidden, for messages. */
export function maskUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@/]*@/i, '$1***@');
}

function hostAndPort(url: string | null, defaultPort: number): { host: string; port: number } | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return { host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port || defaultPort) };
  } catch {
    return null;
  }
}

/** The first error that says where it was going: a connection to "localhost" fails once per address (an AggregateError). */
function networkError(e: SystemError): SystemError | null {
  const inner = e.errors?.find((x): x is SystemError => typeof x === 'object' && x !== null && 'code' in x) ?? null;
  if (e.code && NETWORK_CODES.has(e.code)) return { ...e, address: e.address ?? inner?.address, port: e.port ?? inner?.port, message: e.message || inner?.message || e.code };
  return inner && inner.code && NETWORK_CODES.has(inner.code) ? inner : null;
}

function within(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The one line printed for an error that ended a command; `config` is null when the configuration could not be read. */
export function fatalMessage(error: unknown, config: Config | null): string {
  if (error instanceof StartupError) return `parla: ${error.message}`;
  if (error instanceof ConfigError) return `parla: configuration error: ${error.message}`;
  if (error instanceof AppError) {
    const fields = error.fieldErrors.map((f) => `${f.attr}: ${f.detail}`).filter((f) => !error.message.includes(f));
    return `parla: ${error.message}${fields.length ? ` (${fields.join('; ')})` : ''}`;
  }
  if (!(error instanceof Error)) return `parla: ${String(error)}`;
  const e = error as SystemError;
  const firstLine = (e.message || String(e.code ?? e.name)).split('\n')[0];
  if (!config) return `parla: ${firstLine}`;
  const database = `the database ${maskUrl(config.databaseUrl)} (PARLA_DATABASE_URL)`;
  // Files: the data dir, or the SQLite database file when PARLA_DATABASE_URL puts it elsewhere.
  if (typeof e.path === 'string' && e.code) {
    const file = path.resolve(e.path);
    if (within(file, config.dataDir)) return `parla: the data dir ${config.dataDir} (PARLA_DATA_DIR) cannot be used: ${firstLine}`;
    if (config.databaseUrl.startsWith('sqlite:') && within(path.resolve(config.databaseUrl.slice('sqlite:'.length)), path.dirname(file))) {
      return `parla: cannot open ${database}: ${firstLine}`;
    }
    return `parla: ${firstLine}`;
  }
  if (e.name === 'SqliteError' || (typeof e.code === 'string' && e.code.startsWith('SQLITE_'))) return `parla: cannot use ${database}: ${firstLine}`;
  // PostgreSQL's own errors carry a severity (authentication failed, no such database, …).
  if (typeof e.severity === 'string') return `parla: ${database} refused: ${firstLine}`;
  // node-postgres gives up on a connection that does not answer in time (PARLA_DATABASE_CONNECT_TIMEOUT).
  if (/connection timeout|timeout exceeded when trying to connect/i.test(firstLine) && !config.databaseUrl.startsWith('sqlite:')) {
    return `parla: cannot reach ${database}: no answer within ${config.databaseConnectTimeout} s (PARLA_DATABASE_CONNECT_TIMEOUT)`;
  }
  const net = networkError(e);
  if (net) {
    const db = config.databaseUrl.startsWith('sqlite:') ? null : hostAndPort(config.databaseUrl, 5432);
    const redis = hostAndPort(config.redisUrl, 6379);
    const matches = (target: { host: string; port: number } | null) => target !== null && (net.hostname === target.host || net.port === target.port);
    if (matches(db)) return `parla: cannot reach ${database}: ${net.code}`;
    if (matches(redis)) return `parla: cannot reach Redis at ${maskUrl(config.redisUrl!)} (PARLA_REDIS_URL): ${net.code}`;
  }
  // Not an operator's mistake we know: most likely a bug, whose stack trace PARLA_DEBUG shows.
  return `parla: ${firstLine} (PARLA_DEBUG=1 prints the stack trace)`;
}
