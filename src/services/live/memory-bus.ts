// The live event bus of a single process (no Redis): an EventEmitter and a ring buffer of each translation's recent events.
import { EventEmitter } from 'node:events';
import { compareEventIds, orderedDelivery, type LiveBus, type LiveEvent, type LiveListener, type LiveMessage, type PresenceEntry } from './live-bus.js';

/** Events kept per translation for clients that reconnect. */
const KEPT = 200;

export class InProcessLiveBus implements LiveBus {
  private readonly emitter = new EventEmitter();
  private readonly recent = new Map<number, LiveEvent[]>();
  private readonly presence = new Map<number, Map<string, PresenceEntry>>();
  private lastMs = 0;
  private seq = 0;

  constructor(private readonly kept = KEPT) {
    // Every open stream listens: the number of listeners is bounded by the stream limits, not by this warning.
    this.emitter.setMaxListeners(0);
  }

  /** The next id: the current millisecond and a sequence number within it, never going back. */
  private nextId(): string {
    const now = Date.now();
    if (now > this.lastMs) {
      this.lastMs = now;
      this.seq = 0;
    } else this.seq++;
    return `${this.lastMs}-${this.seq}`;
  }

  async publish(translationId: number, message: LiveMessage): Promise<string> {
    const event = { ...message, id: this.nextId() } as LiveEvent;
    let list = this.recent.get(translationId);
    if (!list) this.recent.set(translationId, (list = []));
    list.push(event);
    if (list.length > this.kept) list.splice(0, list.length - this.kept);
    this.emitter.emit(String(translationId), event);
    return event.id;
  }

  async subscribe(translationId: number, after: string | null, listener: LiveListener): Promise<() => void> {
    const { live, replayed } = orderedDelivery(listener);
    const channel = String(translationId);
    this.emitter.on(channel, live);
    replayed(after === null ? [] : (this.recent.get(translationId) ?? []).filter((e) => compareEventIds(e.id, after) > 0));
    return () => {
      this.emitter.off(channel, live);
    };
  }

  async presenceSet(translationId: number, key: string, entry: PresenceEntry): Promise<void> {
    let entries = this.presence.get(translationId);
    if (!entries) this.presence.set(translationId, (entries = new Map()));
    entries.set(key, entry);
  }

  async presenceRemove(translationId: number, key: string): Promise<void> {
    const entries = this.presence.get(translationId);
    entries?.delete(key);
    if (entries?.size === 0) this.presence.delete(translationId);
  }

  async presenceList(translationId: number): Promise<PresenceEntry[]> {
    const entries = this.presence.get(translationId);
    if (!entries) return [];
    const now = Date.now();
    for (const [key, e] of entries) if (e.expires <= now) entries.delete(key);
    return [...entries.values()];
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    this.recent.clear();
    this.presence.clear();
  }
}
