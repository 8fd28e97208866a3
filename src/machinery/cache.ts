// Caches of machine translation results keyed by (engine, configuration, languages, text): in memory, or shared in Redis.
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { ioredis } from '../shared/optional-dependency.js';
import type { EngineConfig, MachineryResult } from './engine.js';

/** Where results are kept between requests; a failing store answers "not cached" rather than failing a lookup. */
export interface ResultStore {
  getMany(keys: readonly string[]): Promise<(MachineryResult[] | undefined)[]>;
  set(key: string, value: MachineryResult[]): Promise<void>;
  close(): Promise<void>;
}

/** Bounded, least recently used first out; one per process. */
export class ResultCache implements ResultStore {
  private readonly entries = new Map<string, MachineryResult[]>();

  constructor(readonly maxEntries = 5000) {}

  /** `extra`: what else the answer depends on (a string's context, glossary terms); absent for the text alone. */
  static key(engine: string, config: EngineConfig, sourceLanguage: string, targetLanguage: string, text: string, extra?: string): string {
    const sortedConfig = Object.fromEntries(Object.entries(config).sort(([a], [b]) => a.localeCompare(b)));
    const parts: unknown[] = [engine, sortedConfig, sourceLanguage, targetLanguage, text];
    if (extra !== undefined) parts.push(extra);
    return crypto.createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
  }

  get(key: string): MachineryResult[] | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key); // re-insert: the Map's order is the recency order
      this.entries.set(key, value);
    }
    return value;
  }

  async set(key: string, value: MachineryResult[]): Promise<void> {
    this.put(key, value);
  }

  put(key: string, value: MachineryResult[]): void {
    if (this.maxEntries <= 0) return;
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }

  async getMany(keys: readonly string[]): Promise<(MachineryResult[] | undefined)[]> {
    return keys.map((k) => this.get(k));
  }

  async close(): Promise<void> {}

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** How long a shared result stays (the reference keeps machine translations for 30 days). */
const REDIS_TTL_SECONDS = 30 * 86400;

/** Shared by every process of an installation (PARLA_REDIS_URL), so one server's answers save the others a request. */
export class RedisResultCache implements ResultStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly onError: (error: Error) => void = () => {},
  ) {
    // No offline queue: with Redis down, a lookup goes to the engine at once instead of waiting.
    this.redis = new (ioredis().Redis)(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    this.redis.on('error', (e: Error) => this.onError(e));
  }

  private async ready(): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    if (this.redis.status === 'wait') await this.redis.connect().catch((e: Error) => this.onError(e));
    return (this.redis.status as string) === 'ready';
  }

  async getMany(keys: readonly string[]): Promise<(MachineryResult[] | undefined)[]> {
    if (keys.length === 0 || !(await this.ready())) return keys.map(() => undefined);
    try {
      const values = await this.redis.mget(keys.map((k) => this.prefix + k));
      return values.map((v) => (v === null ? undefined : (JSON.parse(v) as MachineryResult[])));
    } catch (e) {
      this.onError(e as Error);
      return keys.map(() => undefined);
    }
  }

  async set(key: string, value: MachineryResult[]): Promise<void> {
    if (!(await this.ready())) return;
    try {
      await this.redis.set(this.prefix + key, JSON.stringify(value), 'EX', REDIS_TTL_SECONDS);
    } catch (e) {
      this.onError(e as Error);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
