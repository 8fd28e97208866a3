// Sliding-log request counters for the API throttle: in memory (one process) or in Redis (shared).
// The semantics are those of the reference's throttle: a request is allowed when fewer than `limit`
// requests of the same key happened within the last `windowMs`; only allowed requests are recorded.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';

export interface HitResult {
  allowed: boolean;
  /** requests recorded in the window, the current one included when it was allowed */
  count: number;
  /** time (ms) of the oldest request still in the window, null when there is none */
  oldestMs: number | null;
}

export interface RateLimitStore {
  /** The memory store answers at once (no promise on every request); Redis asynchronously. */
  hit(key: string, limit: number, windowMs: number, nowMs: number): HitResult | Promise<HitResult>;
  close(): Promise<void>;
}

interface Log {
  windowMs: number;
  times: number[]; // ascending
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly logs = new Map<string, Log>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepIntervalMs = 60_000) {
    this.sweeper = setInterval(() => this.sweep(Date.now()), sweepIntervalMs);
    this.sweeper.unref();
  }

  hit(key: string, limit: number, windowMs: number, nowMs: number): HitResult {
    let log = this.logs.get(key);
    if (!log) {
      log = { windowMs, times: [] };
      this.logs.set(key, log);
    }
    log.windowMs = windowMs;
    const times = log.times;
    let expired = 0;
    while (expired < times.length && times[expired]! <= nowMs - windowMs) expired++;
    if (expired === times.length) times.length = 0;
    else if (expired > 0) times.splice(0, expired);
    const allowed = log.times.length < limit;
    if (allowed) log.times.push(nowMs);
    return { allowed, count: log.times.length, oldestMs: log.times.length ? log.times[0] : null };
  }

  /** Forgets keys whose every request has left the window, so idle clients cost no memory. */
  sweep(nowMs: number): void {
    for (const [key, log] of this.logs) {
      const newest = log.times.at(-1);
      if (newest === undefined || newest <= nowMs - log.windowMs) this.logs.delete(key);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.logs.clear();
  }
}

// One sorted set per key (score = request time in ms), pruned, counted and extended atomically.
const HIT_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  count = count + 1
  allowed = 1
end
if count > 0 then redis.call('PEXPIRE', key, window) end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {allowed, count, oldest[2] or '-1'}
`;

type HitCommand = (key: string, nowMs: number, windowMs: number, limit: number, member: string) => Promise<[number, number, string]>;

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly hitCommand: HitCommand;

  /** `prefix` namespaces the keys, so several installations (or test runs) can share one Redis. */
  constructor(
    url: string,
    private readonly prefix: string,
    onError: (error: Error) => void = () => {},
  ) {
    // Fail fast instead of queueing requests while Redis is away; the caller decides what a failure means.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableAutoPipelining: true });
    this.redis.on('error', onError);
    this.redis.defineCommand('parlaRateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    const commands = this.redis as unknown as { parlaRateLimitHit: HitCommand };
    this.hitCommand = commands.parlaRateLimitHit.bind(this.redis);
  }

  async hit(key: string, limit: number, windowMs: number, nowMs: number): Promise<HitResult> {
    const member = `${nowMs}-${crypto.randomBytes(6).toString('hex')}`;
    const [allowed, count, oldest] = await this.hitCommand(this.prefix + key, nowMs, windowMs, limit, member);
    const oldestMs = Number(oldest);
    return { allowed: allowed === 1, count: Number(count), oldestMs: oldestMs >= 0 ? oldestMs : null };
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
