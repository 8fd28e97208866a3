// The live event bus shared by every process through Redis: one stream per translation (XADD, XREAD BLOCK) and a presence hash.
import type { Redis } from 'ioredis';
import { ioredis } from '../../shared/optional-dependency.js';
import { orderedDelivery, type LiveBus, type LiveEvent, type LiveListener, type LiveMessage, type PresenceEntry } from './live-bus.js';

/** About this many events stay in a translation's stream (MAXLEN ~) for clients that reconnect. */
const KEPT = 500;
/** A blocking read returns at least this often (milliseconds), so that a lost wake-up costs no more than this. */
const BLOCK_MS = 5000;
/** A translation's stream and presence list go after this long without events (milliseconds). */
const IDLE_MS = 24 * 60 * 60 * 1000;

type StreamReply = [key: string, entries: [id: string, fields: string[]][]][] | null;

/**
 * Events go into the Redis stream `<prefix>:live:t:<translation>`, whose ids every process shares, so a client may
 * resume on any process from its Last-Event-ID. Each process reads the streams its clients follow on one dedicated
 * connection (XREAD BLOCK over all of them); a new stream to follow interrupts the blocking read (CLIENT UNBLOCK).
 */
export class RedisLiveBus implements LiveBus {
  private connections: { commands: Redis; reader: Redis; loop: Promise<void> } | null = null;
  /** translation id -> the id of the last event read from its stream, and the listeners. */
  private readonly followed = new Map<number, { cursor: string; listeners: Set<LiveListener> }>();
  /** The reader connection's name (CLIENT SETNAME), by which its client id is found for CLIENT UNBLOCK. */
  private readonly readerName = `parla-live-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  private readerId: number | null = null;
  /** The translations the blocking read in progress follows (null between reads). */
  private reading: Set<number> | null = null;
  private closed = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly url: string,
    private readonly prefix: string,
    private readonly onError: (e: Error) => void = () => undefined,
  ) {}

  /** The connections, made when first needed (a command-line tool that never publishes opens none). */
  private get redis(): { commands: Redis; reader: Redis } {
    if (!this.connections) {
      const Redis = ioredis().Redis;
      // A save waits for its event to be published: a Redis that is away delays it by two seconds at most.
      const commands = new Redis(this.url, { maxRetriesPerRequest: 1, commandTimeout: 2000 });
      commands.on('error', (e: Error) => this.onError(e));
      const reader = new Redis(this.url, { maxRetriesPerRequest: null, connectionName: this.readerName });
      reader.on('error', (e: Error) => this.onError(e));
      // A new connection has a new client id.
      reader.on('ready', () => (this.readerId = null));
      this.connections = { commands, reader, loop: Promise.resolve() };
      this.connections.loop = this.readLoop(reader);
    }
    return this.connections;
  }

  private get commands(): Redis {
    return this.redis.commands;
  }

  private streamKey(translationId: number): string {
    return `${this.prefix}:live:t:${translationId}`;
  }

  private presenceKey(translationId: number): string {
    return `${this.prefix}:live:p:${translationId}`;
  }

  async publish(translationId: number, message: LiveMessage): Promise<string> {
    const key = this.streamKey(translationId);
    // A translation nobody works on for a day leaves no stream behind.
    const replies = await this.commands.multi().xadd(key, 'MAXLEN', '~', KEPT, '*', 'm', JSON.stringify(message)).pexpire(key, IDLE_MS).exec();
    const [error, id] = replies?.[0] ?? [new Error('Redis answered nothing'), null];
    if (error) throw error;
    return String(id);
  }

  async subscribe(translationId: number, after: string | null, listener: LiveListener): Promise<() => void> {
    const key = this.streamKey(translationId);
    const { live, replayed } = orderedDelivery(listener);
    let entry = this.followed.get(translationId);
    if (!entry) {
      // Read from the stream's current end on: what comes before is the replay's part.
      const [last] = (await this.commands.xrevrange(key, '+', '-', 'COUNT', 1)) as [string, string[]][];
      entry = this.followed.get(translationId);
      if (!entry) {
        entry = { cursor: last?.[0] ?? '0-0', listeners: new Set() };
        this.followed.set(translationId, entry);
        this.interrupt();
      }
    }
    entry.listeners.add(live);
    try {
      replayed(after === null ? [] : RedisLiveBus.events(await this.commands.xrange(key, `(${after}`, '+', 'COUNT', KEPT)));
    } catch (e) {
      replayed([]);
      this.onError(e as Error);
    }
    return () => {
      const current = this.followed.get(translationId);
      if (!current) return;
      current.listeners.delete(live);
      if (current.listeners.size === 0) this.followed.delete(translationId);
    };
  }

  async presenceSet(translationId: number, key: string, entry: PresenceEntry): Promise<void> {
    const hash = this.presenceKey(translationId);
    await this.commands.multi().hset(hash, key, JSON.stringify(entry)).pexpire(hash, IDLE_MS).exec();
  }

  async presenceRemove(translationId: number, key: string): Promise<void> {
    await this.commands.hdel(this.presenceKey(translationId), key);
  }

  async presenceList(translationId: number): Promise<PresenceEntry[]> {
    const hash = this.presenceKey(translationId);
    const all = await this.commands.hgetall(hash);
    const now = Date.now();
    const out: PresenceEntry[] = [];
    const expired: string[] = [];
    for (const [key, value] of Object.entries(all)) {
      try {
        const entry = JSON.parse(value) as PresenceEntry;
        if (entry.expires > now) out.push(entry);
        else expired.push(key);
      } catch {
        expired.push(key);
      }
    }
    // Entries of streams whose process went away without removing them.
    if (expired.length) await this.commands.hdel(hash, ...expired);
    return out;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.followed.clear();
    this.wake?.();
    const c = this.connections;
    if (!c) return;
    c.reader.disconnect();
    await c.loop;
    c.commands.disconnect();
  }

  /**
   * Ends a blocking read so the next one includes newly followed streams. The read may not have reached Redis
   * yet when the first CLIENT UNBLOCK does: it is sent again until a read follows every stream.
   */
  private interrupt(): void {
    if (this.wake) {
      this.wake();
      return;
    }
    void (async () => {
      for (let attempt = 0; attempt < 50 && !this.closed; attempt++) {
        const reading = this.reading;
        if (reading && [...this.followed.keys()].every((id) => reading.has(id))) return;
        if (reading) {
          try {
            const id = this.readerId ?? (this.readerId = await this.findReaderId());
            if (id !== null && Number(await this.commands.client('UNBLOCK', id)) === 1) return;
          } catch (e) {
            this.onError(e as Error);
          }
        }
        await new Promise((r) => setTimeout(r, 20 + attempt * 10));
      }
    })();
  }

  /** The reader connection's client id, found by its name. */
  private async findReaderId(): Promise<number | null> {
    const list = String(await this.commands.call('CLIENT', 'LIST', 'TYPE', 'normal'));
    for (const line of list.split('\n')) {
      if (!line.includes(` name=${this.readerName} `)) continue;
      const id = /(?:^|\s)id=(\d+)/.exec(line)?.[1];
      if (id) return Number(id);
    }
    return null;
  }

  private static events(entries: [string, string[]][]): LiveEvent[] {
    const out: LiveEvent[] = [];
    for (const [id, fields] of entries) {
      const at = fields.indexOf('m');
      if (at < 0 || at + 1 >= fields.length) continue;
      try {
        out.push({ ...(JSON.parse(fields[at + 1]!) as LiveMessage), id });
      } catch {
        // Not an event of this bus: skipped.
      }
    }
    return out;
  }

  private async readLoop(reader: Redis): Promise<void> {
    while (!this.closed) {
      const ids = [...this.followed.keys()];
      if (ids.length === 0) {
        // Nothing to follow: wait until a subscription (or close) wakes the loop.
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        continue;
      }
      let reply: StreamReply;
      try {
        const keys = ids.map((id) => this.streamKey(id));
        const cursors = ids.map((id) => this.followed.get(id)!.cursor);
        this.reading = new Set(ids);
        reply = (await reader.xread('COUNT', 100, 'BLOCK', BLOCK_MS, 'STREAMS', ...keys, ...cursors)) as StreamReply;
        this.reading = null;
      } catch (e) {
        this.reading = null;
        if (this.closed) return;
        this.onError(e as Error);
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      for (const [key, entries] of reply ?? []) {
        const id = Number(key.slice(key.lastIndexOf(':') + 1));
        const entry = this.followed.get(id);
        if (!entry || entries.length === 0) continue;
        entry.cursor = entries[entries.length - 1]![0];
        for (const event of RedisLiveBus.events(entries)) {
          for (const listener of [...entry.listeners]) listener(event);
        }
      }
    }
  }
}
