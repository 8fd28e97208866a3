// Sliding-log request counters for the API throttle: in memory (one process) or in Redis (shared).
// The semantics are those of the reference's throttle: a request is allowed when fewer than `limit`
// requests of the same key happened within the last `windowMs`; only allowed requests are recorded.
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { ioredis } from '../shared/optional-dependency.js';

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

// One sorted set per key (score = request time in ms), pruned, counted and extended atomically. ARGV[4..] are
// the members of the hits asked at once, allowed in their order while the limit leaves room.
const HIT_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = math.max(0, math.min(#ARGV - 3, limit - count))
for i = 1, allowed do redis.call('ZADD', key, now, ARGV[3 + i]) end
if count + allowed > 0 then redis.call('PEXPIRE', key, window) end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {count, allowed, oldest[2] or '-1'}
`;

type HitCommand = (key: string, nowMs: number, windowMs: number, limit: number, ...members: string[]) => Promise<[number, number, string]>;

/** The hits on one key (and limit) waiting for the next round trip. */
interface Batch {
  id: string;
  key: string;
  limit: number;
  windowMs: number;
  waiting: { resolve: (result: HitResult) => void; reject: (error: unknown) => void }[];
}

/** What this process last learnt of a key from Redis, and its hits sent since and not yet answered. */
interface View {
  count: number;
  oldestMs: number | null;
  learntMs: number;
  unanswered: number;
}

/** A view older than this is not answered from: the key's client may have been busy elsewhere meanwhile. */
const VIEW_FRESH_MS = 1000;
/** Hits are answered from the view only while at least this many requests, and half the limit, remain. */
const VIEW_MARGIN = 1000;
/** Hits answered from the view reach Redis within this delay (ms). */
const BACKGROUND_FLUSH_MS = 10;

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly hitCommand: HitCommand;
  private readonly batches = new Map<string, Batch>();
  private readonly views = new Map<string, View>();
  private readonly sweeper: NodeJS.Timeout;
  private soon: NodeJS.Immediate | null = null;
  private later: NodeJS.Timeout | null = null;
  /** Members are unique across processes by this process's random name and a count (no random draw per request). */
  private readonly name = crypto.randomBytes(6).toString('hex');
  private sent = 0;

  /** `prefix` namespaces the keys, so several installations (or test runs) can share one Redis. */
  constructor(
    url: string,
    private readonly prefix: string,
    onError: (error: Error) => void = () => {},
  ) {
    // Fail fast instead of queueing requests while Redis is away; the caller decides what a failure means.
    this.redis = new (ioredis().Redis)(url, { maxRetriesPerRequest: 1, enableAutoPipelining: true });
    this.redis.on('error', onError);
    this.redis.defineCommand('parlaRateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    const commands = this.redis as unknown as { parlaRateLimitHit: HitCommand };
    this.hitCommand = commands.parlaRateLimitHit.bind(this.redis);
    this.sweeper = setInterval(() => this.sweep(Date.now()), 60_000);
    this.sweeper.unref();
  }

  /**
   * Hits on one key that arrive in the same event-loop turn (a client's parallel requests) go to Redis as one
   * script call: each is answered as if they had come one after the other, at one instant.
   *
   * Far from the limit (VIEW_MARGIN and half the limit still left, by what Redis said of the key within the last
   * second plus this process's hits since), a hit is answered at once from that view and recorded in Redis in
   * the background (within BACKGROUND_FLUSH_MS), so that busy clients' requests do not wait for a round trip and
   * their hits of several turns share one script call; near the limit every hit waits
   * for Redis's answer. The view only ever counts too many (hits leaving the window are not subtracted); other
   * processes' hits of the last round trip are missing from its `count`.
   */
  hit(key: string, limit: number, windowMs: number, nowMs: number): HitResult | Promise<HitResult> {
    const id = `${limit}/${windowMs}/${key}`;
    let batch = this.batches.get(id);
    if (!batch) {
      batch = { id, key, limit, windowMs, waiting: [] };
      this.batches.set(id, batch);
    }
    const waiting = batch.waiting;
    const result = new Promise<HitResult>((resolve, reject) => waiting.push({ resolve, reject }));
    const view = this.views.get(id);
    if (view) view.unanswered++;
    const count = view ? view.count + view.unanswered : 0;
    if (!view || nowMs - view.learntMs > VIEW_FRESH_MS || limit - count < Math.max(VIEW_MARGIN, limit / 2)) {
      this.flushSoon();
      return result;
    }
    result.catch(() => {}); // a failure forgets the view (send): the next hits wait for Redis again
    this.flushLater();
    return { allowed: true, count, oldestMs: view.oldestMs ?? nowMs };
  }

  /** A hit waits: everything gathered goes to Redis at the end of this turn. */
  private flushSoon(): void {
    if (this.soon) return;
    if (this.later) clearTimeout(this.later);
    this.later = null;
    this.soon = setImmediate(() => this.flush());
  }

  /** Only hits already answered: recorded within BACKGROUND_FLUSH_MS, many turns' hits in one script call per key. */
  private flushLater(): void {
    if (this.soon || this.later) return;
    this.later = setTimeout(() => this.flush(), BACKGROUND_FLUSH_MS);
  }

  private flush(): void {
    this.soon = null;
    this.later = null;
    const batches = [...this.batches.values()];
    this.batches.clear();
    for (const batch of batches) void this.send(batch);
  }

  private async send({ id, key, limit, windowMs, waiting }: Batch): Promise<void> {
    const nowMs = Date.now();
    const tag = `${this.name}.${(this.sent++).toString(36)}`;
    const members = waiting.map((_, i) => `${nowMs}-${tag}-${i}`);
    try {
      const [count, allowed, oldest] = await this.hitCommand(this.prefix + key, nowMs, windowMs, limit, ...members);
      const oldestMs = Number(oldest) >= 0 ? Number(oldest) : null;
      const room = Number(allowed);
      const view = this.views.get(id);
      // The batch's hits were counted as unanswered when they came (those that found a view).
      const unanswered = view ? Math.max(0, view.unanswered - waiting.length) : 0;
      this.views.set(id, { count: Number(count) + room, oldestMs, learntMs: Date.now(), unanswered });
      waiting.forEach((w, i) => w.resolve({ allowed: i < room, count: Number(count) + Math.min(i + 1, room), oldestMs }));
    } catch (error) {
      this.views.delete(id);
      for (const w of waiting) w.reject(error);
    }
  }

  /** Forgets views too old to answer from, so idle clients cost no memory. */
  private sweep(nowMs: number): void {
    for (const [id, view] of this.views) if (nowMs - view.learntMs > VIEW_FRESH_MS) this.views.delete(id);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    if (this.later) clearTimeout(this.later);
    if (this.soon) clearImmediate(this.soon);
    // Hits still gathered are sent now: each waiting request gets its answer (or, once disconnected, the
    // error that lets it through unthrottled) instead of waiting for a flush that no longer comes.
    this.flush();
    this.redis.disconnect();
  }
}
