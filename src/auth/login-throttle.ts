// Failed sign-in counters per account and per client address, with a lockout; in memory (one process) or in Redis (shared).
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { ioredis } from '../shared/optional-dependency.js';

export interface LoginThrottleSettings {
  /** Failures allowed within `windowSeconds` before the key is locked; 0 turns the throttle off. */
  attempts: number;
  windowSeconds: number;
  /** How long a key stays locked once it reached `attempts` failures. */
  lockoutSeconds: number;
}

export interface AttemptResult {
  /** Milliseconds left on the longest lock of the keys; the attempt was not counted when this is above 0. */
  refusedMs: number;
  /** Per key: whether this attempt reached the limit and started the key's lock. */
  locked: boolean[];
}

export interface LoginThrottleStore {
  /**
   * Counts an attempt on every key at once, before its password is checked, so that parallel guesses
   * cannot all pass a check made before any of them has failed; refused outright while a key is locked.
   */
  attempt(keys: string[], settings: LoginThrottleSettings, nowMs: number, id: string): Promise<AttemptResult>;
  /** Takes back an attempt that succeeded: its count on every key, the locks it started, and the first key's failures. */
  release(keys: string[], id: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  attempts: { at: number; id: string }[];
  lockedUntil: number;
  lockedBy: string | null;
}

export class MemoryLoginThrottleStore implements LoginThrottleStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly keepMs: number) {
    this.sweeper = setInterval(() => this.sweep(Date.now()), 60_000);
    this.sweeper.unref();
  }

  async attempt(keys: string[], settings: LoginThrottleSettings, nowMs: number, id: string): Promise<AttemptResult> {
    const refusedMs = Math.max(0, ...keys.map((key) => (this.entries.get(key)?.lockedUntil ?? 0) - nowMs));
    if (refusedMs > 0) return { refusedMs, locked: keys.map(() => false) };
    const locked = keys.map((key) => {
      let entry = this.entries.get(key);
      if (!entry) {
        entry = { attempts: [], lockedUntil: 0, lockedBy: null };
        this.entries.set(key, entry);
      }
      entry.attempts = entry.attempts.filter((a) => a.at > nowMs - settings.windowSeconds * 1000);
      entry.attempts.push({ at: nowMs, id });
      if (entry.attempts.length < settings.attempts) return false;
      entry.attempts = [];
      entry.lockedUntil = nowMs + settings.lockoutSeconds * 1000;
      entry.lockedBy = id;
      return true;
    });
    return { refusedMs: 0, locked };
  }

  async release(keys: string[], id: string): Promise<void> {
    keys.forEach((key, i) => {
      const entry = this.entries.get(key);
      if (!entry) return;
      entry.attempts = i === 0 ? [] : entry.attempts.filter((a) => a.id !== id);
      if (entry.lockedBy === id) {
        entry.lockedUntil = 0;
        entry.lockedBy = null;
      }
    });
  }

  private sweep(nowMs: number): void {
    for (const [key, entry] of this.entries) {
      const last = Math.max(entry.lockedUntil, entry.attempts.at(-1)?.at ?? 0);
      if (last <= nowMs - this.keepMs) this.entries.delete(key);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }
}

// KEYS: attempts (sorted set of times) and lock of each key, in pairs. Checking the locks, counting and locking
// happen atomically, so processes sharing the store cannot together let more than `attempts` guesses through.
const ATTEMPT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local attempts = tonumber(ARGV[3])
local lockout = tonumber(ARGV[4])
local id = ARGV[5]
local wait = 0
for i = 2, #KEYS, 2 do
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl > wait then wait = ttl end
end
if wait > 0 then return {wait} end
local result = {0}
for i = 1, #KEYS, 2 do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - window)
  redis.call('ZADD', KEYS[i], now, id)
  redis.call('PEXPIRE', KEYS[i], window)
  if redis.call('ZCARD', KEYS[i]) >= attempts then
    redis.call('DEL', KEYS[i])
    redis.call('SET', KEYS[i + 1], id, 'PX', lockout)
    result[#result + 1] = 1
  else
    result[#result + 1] = 0
  end
end
return result
`;

const RELEASE_SCRIPT = `
local id = ARGV[1]
for i = 1, #KEYS, 2 do
  if i == 1 then redis.call('DEL', KEYS[i]) else redis.call('ZREM', KEYS[i], id) end
  if redis.call('GET', KEYS[i + 1]) == id then redis.call('DEL', KEYS[i + 1]) end
end
return 0
`;

type ScriptCommand = (...args: (string | number)[]) => Promise<unknown>;

export class RedisLoginThrottleStore implements LoginThrottleStore {
  private readonly redis: Redis;
  private readonly attemptCommand: ScriptCommand;
  private readonly releaseCommand: ScriptCommand;

  /** `prefix` namespaces the keys, so several installations (or test runs) can share one Redis. */
  constructor(url: string, private readonly prefix: string, onError: (error: Error) => void = () => {}) {
    this.redis = new (ioredis().Redis)(url, { maxRetriesPerRequest: 1, enableAutoPipelining: true });
    this.redis.on('error', onError);
    this.redis.defineCommand('parlaLoginAttempt', { lua: ATTEMPT_SCRIPT });
    this.redis.defineCommand('parlaLoginRelease', { lua: RELEASE_SCRIPT });
    const commands = this.redis as unknown as { parlaLoginAttempt: ScriptCommand; parlaLoginRelease: ScriptCommand };
    this.attemptCommand = commands.parlaLoginAttempt.bind(this.redis);
    this.releaseCommand = commands.parlaLoginRelease.bind(this.redis);
  }

  private redisKeys(keys: string[]): string[] {
    return keys.flatMap((key) => [`${this.prefix}attempts:${key}`, `${this.prefix}lock:${key}`]);
  }

  async attempt(keys: string[], settings: LoginThrottleSettings, nowMs: number, id: string): Promise<AttemptResult> {
    const redisKeys = this.redisKeys(keys);
    const reply = (await this.attemptCommand(redisKeys.length, ...redisKeys, nowMs, settings.windowSeconds * 1000, settings.attempts, settings.lockoutSeconds * 1000, id)) as number[];
    const refusedMs = Number(reply[0]);
    return { refusedMs, locked: keys.map((_, i) => refusedMs === 0 && Number(reply[i + 1]) === 1) };
  }

  async release(keys: string[], id: string): Promise<void> {
    const redisKeys = this.redisKeys(keys);
    await this.releaseCommand(redisKeys.length, ...redisKeys, id);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

export interface ThrottledAttempt {
  /** Seconds until every lock on the attempt's keys has ended; above 0 the attempt must be refused unchecked. */
  retryAfter: number;
  /** The keys this attempt locked (when it turns out to have failed). */
  locked: string[];
  /** Takes the attempt back once its password proved right. */
  succeeded(): Promise<void>;
}

/**
 * The sign-in throttle: an attempt on a locked account or from a locked address is refused before its
 * password is checked, so a right guess made during a lock does not get in and cannot be told apart.
 * Without Redis, or while Redis is unreachable, counts are kept in this process (still a throttle, not a gap).
 */
export class LoginThrottle {
  private readonly memory: MemoryLoginThrottleStore;
  private readonly shared: RedisLoginThrottleStore | null;
  private readonly onRedisError: (error: unknown) => void;

  constructor(
    readonly settings: LoginThrottleSettings,
    options: { redisUrl: string | null; secretKey: string; onRedisError?: (error: unknown) => void },
  ) {
    this.memory = new MemoryLoginThrottleStore((settings.windowSeconds + settings.lockoutSeconds) * 1000);
    const prefix = `parla:login:${crypto.createHash('sha256').update(`login:${options.secretKey}`).digest('hex').slice(0, 16)}:`;
    this.shared = options.redisUrl ? new RedisLoginThrottleStore(options.redisUrl, prefix) : null;
    this.onRedisError = options.onRedisError ?? (() => {});
  }

  get enabled(): boolean {
    return this.settings.attempts > 0;
  }

  private async use<T>(fn: (store: LoginThrottleStore) => Promise<T>): Promise<T> {
    if (this.shared) {
      try {
        return await fn(this.shared);
      } catch (error) {
        this.onRedisError(error);
      }
    }
    return fn(this.memory);
  }

  /** Counts an attempt on `keys` (the account's first: a success clears its failures). */
  async attempt(keys: string[]): Promise<ThrottledAttempt> {
    if (!this.enabled) return { retryAfter: 0, locked: [], succeeded: async () => {} };
    const id = `${Date.now()}-${crypto.randomBytes(6).toString('hex')}`;
    const result = await this.use((s) => s.attempt(keys, this.settings, Date.now(), id));
    return {
      retryAfter: Math.ceil(result.refusedMs / 1000),
      locked: keys.filter((_, i) => result.locked[i]),
      succeeded: () => this.use((s) => s.release(keys, id)),
    };
  }

  async close(): Promise<void> {
    await this.memory.close();
    await this.shared?.close();
  }
}
