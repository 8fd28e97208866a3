// Bounded in-memory cache of machine translation results keyed by (engine, configuration, languages, text).
import crypto from 'node:crypto';
import type { EngineConfig, MachineryResult } from './engine.js';

export class ResultCache {
  private readonly entries = new Map<string, MachineryResult[]>();

  constructor(readonly maxEntries = 5000) {}

  static key(engine: string, config: EngineConfig, sourceLanguage: string, targetLanguage: string, text: string): string {
    const sortedConfig = Object.fromEntries(Object.entries(config).sort(([a], [b]) => a.localeCompare(b)));
    return crypto.createHash('sha256').update(JSON.stringify([engine, sortedConfig, sourceLanguage, targetLanguage, text])).digest('base64url');
  }

  get(key: string): MachineryResult[] | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key); // re-insert: the Map's order is the recency order
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: MachineryResult[]): void {
    if (this.maxEntries <= 0) return;
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
