// Failed sign-in counters per account and per client address, with a lockout; in memory (one process) or in Redis (shared).
import crypto from 'node:crypto';
import { Redis } from 'ioredis';

export interface LoginThrottleSettings {
  /** Failures allowed within `windowSeconds` before the key is locked; 0 turns the throttle off. */
  attempts: number;
  windowSeconds: number;
  /** How long a key stays locked once it reached `attempts` failures. */
  lockoutSeconds: number;
}

export interface LoginThrottleStore {
  /** Milliseconds left on each key's lock (0 when it is not locked). */
  lockedFor(keys: string[], nowMs: number): Promise<number[]>;
  /** Counts a failure on each key; true for the keys this failure locked. */
  fail(keys: string[], settings: LoginThrottleSettings, nowMs: number): Promise<boolean[]>;
  /** Forgets the failures of a key (a successful sign-in); a running lock stays. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  failures: number[];
  lockedUntil: number;
}

export class MemoryLoginThrottleStore implements LoginThrottleStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly keepMs: number) {
    this.sweeper = setInterval(() => this.sweep(Date.now()), 60_000);
    this.sweeper.unref();
  }

  async lockedFor(keys: string[], nowMs: number): Promise<number[]> {
    return keys.map((key) => Math.max(0, (this.entries.get(key)?.lockedUntil ?? 0) - nowMs));
  }

  async fail(keys: string[], settings: LoginThrottleSettings, nowMs: number): Promise<boolean[]> {
    return keys.map((key) => {
      let entry = this.entries.get(key);
      if (!entry) {
        entry = { failures: [], lockedUntil: 0 };
        this.entries.set(key, entry);
      }
      entry.failures = entry.failures.filter((t) => t > nowMs - settings.windowSeconds * 1000);
      entry.failures.push(nowMs);
      if (entry.failures.length < settings.attempts) return false;
      entry.failures = [];
      entry.lockedUntil = nowMs + settings.lockoutSeconds * 1000;
      return true;
    });
  }

  async reset(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry) entry.failures = [];
  }

  private sweep(nowMs: number): void {
    for (const [key, entry] of this.entries) {
      const last = Math.max(entry.lockedUntil, entry.failures.at(-1) ?? 0);
      if (last <= nowMs - this.keepMs) this.entries.delete(key);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }
}

// KEYS[1] failures (sorted set of times), KEYS[2] lock; the count and the lock change atomically, so processes
// sharing the store cannot together let more than `attempts` guesses through.
const FAIL_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local attempts = tonumber(ARGV[3])
local lockout = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZADD', KEYS[1], now, ARGV[5])
redis.call('PEXPIRE', KEYS[1], window)
if redis.call('ZCARD', KEYS[1]) < attempts then return 0 end
redis.call('DEL', KEYS[1])
redis.call('SET', KEYS[2], '1', 'PX', lockout)
return 1
`;

type FailCommand = (failures: string, lock: string, nowMs: number, windowMs: number, attempts: number, lockoutMs: number, member: string) => Promise<number>;

export class RedisLoginThrottleStore implements LoginThrottleStore {
  private readonly redis: Redis;
  private readonly failCommand: FailCommand;

  /** `prefix` namespaces the keys, so several installations (or test runs) can share one Redis. */
  constructor(url: string, private readonly prefix: string, onError: (error: Error) => void = () => {}) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableAutoPipelining: true });
    this.redis.on('error', onError);
    this.redis.defineCommand('parlaLoginFail', { numberOfKeys: 2, lua: FAIL_SCRIPT });
    this.failCommand = (this.redis as unknown as { parlaLoginFail: FailCommand }).parlaLoginFail.bind(this.redis);
  }

  async lockedFor(keys: string[]): Promise<number[]> {
    const ttls = await Promise.all(keys.map((key) => this.redis.pttl(`${this.prefix}lock:${key}`)));
    return ttls.map((ttl) => Math.max(0, ttl));
  }

  async fail(keys: string[], settings: LoginThrottleSettings, nowMs: number): Promise<boolean[]> {
    const member = `${nowMs}-${crypto.randomBytes(6).toString('hex')}`;
    const results = await Promise.all(
      keys.map((key) => this.failCommand(`${this.prefix}fail:${key}`, `${this.prefix}lock:${key}`, nowMs, settings.windowSeconds * 1000, settings.attempts, settings.lockoutSeconds * 1000, member)),
    );
    return results.map((r) => Number(r) === 1);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}fail:${key}`);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

export interface ThrottleVerdict {
  /** Seconds until every lock on the attempt's keys has ended; 0 lets the attempt through. */
  retryAfter: number;
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

  /** Whether the attempt may go on to the password check. */
  async check(keys: string[]): Promise<ThrottleVerdict> {
    if (!this.enabled) return { retryAfter: 0 };
    const left = await this.use((s) => s.lockedFor(keys, Date.now()));
    return { retryAfter: Math.ceil(Math.max(0, ...left) / 1000) };
  }

  /** Counts a failed attempt; returns the keys it locked. */
  async failed(keys: string[]): Promise<string[]> {
    if (!this.enabled) return [];
    const locked = await this.use((s) => s.fail(keys, this.settings, Date.now()));
    return keys.filter((_, i) => locked[i]);
  }

  async succeeded(key: string): Promise<void> {
    if (this.enabled) await this.use((s) => s.reset(key));
  }

  async close(): Promise<void> {
    await this.memory.close();
    await this.shared?.close();
  }
}
