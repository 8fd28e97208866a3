// Live collaboration: publishes a translation's saved units, changes of many strings and who is viewing it, and opens the streams that follow them.
import crypto from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { translationCounters } from '../../db/live.repository.js';
import { userById } from '../../db/users.repository.js';
import { AppError } from '../../shared/errors.js';
import { isEventId, type ChangedUnit, type LiveBus, type LiveEvent, type LivePerson, type UnitsChangedReason } from './live-bus.js';

/** A unit's new content, as the edit services report it after their transaction committed. */
export interface UnitSaved {
  translationId: number;
  unitId: number;
  user: Pick<UserRow, 'username' | 'full_name'> | null;
  target: string[];
  state: number;
}

/** Many strings of one translation changed at once, as a service reports it after its transactions committed. */
export interface UnitsChanged {
  translationId: number;
  /** Who changed them: the user, their id (looked up when publishing), or null. */
  user: Pick<UserRow, 'username' | 'full_name'> | number | null;
  reason: UnitsChangedReason;
  /** The first changed units (at most LIVE_UNITS_LISTED are published). */
  units: ChangedUnit[];
  /** How many strings changed in all (added and removed ones included). */
  count: number;
}

/** Changed units one units-changed event lists; beyond them the event says `more` and clients offer a reload. */
export const LIVE_UNITS_LISTED = 500;

/** What the edit services need of live collaboration: telling others about a save, or about many changed strings. */
export interface LivePublisher {
  unitSaved(saved: UnitSaved): Promise<void>;
  unitsChanged(changed: UnitsChanged): Promise<void>;
}

export interface LiveLimits {
  /** Open streams one user (or one anonymous address) may hold in this process. */
  perUser: number;
  /** Open streams of this process. */
  perProcess: number;
  /** How long a presence entry lives without being refreshed (milliseconds); streams refresh it at a third of that. */
  presenceTtl: number;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = { perUser: 12, perProcess: 2000, presenceTtl: 45_000 };

/** One open stream of a translation's events. */
export interface LiveStream {
  /** Ends the stream: its presence goes, its subscription ends. Safe to call more than once. */
  close(): Promise<void>;
}

export interface OpenStream {
  translationId: number;
  /** The signed-in viewer, shown to others; null for anonymous viewers (not shown). */
  viewer: LivePerson | null;
  /** Whose streams count together against the per-user limit (a user id, or an address). */
  owner: string;
  /** The Last-Event-ID the client sent, if any. */
  lastEventId: string | null;
  onEvent(event: LiveEvent): void;
  /** Called when the service ends the stream (the process shuts down). */
  onEnd(): void;
}

/**
 * Live events of translations. The bus carries them (in process, or through Redis between processes); this service
 * decides what an event says, counts the open streams and keeps their presence entries fresh.
 */
export class LiveService implements LivePublisher {
  private readonly streams = new Set<{ owner: string; end: () => Promise<void> }>();
  private readonly perOwner = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly bus: LiveBus,
    private readonly limits: LiveLimits = DEFAULT_LIVE_LIMITS,
    private readonly onError: (e: Error, message: string) => void = () => undefined,
  ) {}

  /** Publishes a saved unit with the translation's counters after the save. Never throws: the save is done. */
  async unitSaved(saved: UnitSaved): Promise<void> {
    try {
      const counters = await translationCounters(this.db, saved.translationId);
      if (!counters) return;
      const user = saved.user ? { username: saved.user.username, full_name: saved.user.full_name || saved.user.username } : null;
      await this.bus.publish(saved.translationId, { type: 'unit-saved', data: { unit: saved.unitId, user, target: saved.target, state: saved.state, counters } });
    } catch (e) {
      this.onError(e as Error, 'publishing a live event failed');
    }
  }

  /**
   * Publishes a change of many strings with the translation's counters after it. Never throws: the change is done.
   * Nothing goes out when nothing changed.
   */
  async unitsChanged(changed: UnitsChanged): Promise<void> {
    try {
      if (changed.count <= 0 && changed.units.length === 0) return;
      const counters = await translationCounters(this.db, changed.translationId);
      if (!counters) return;
      const person = typeof changed.user === 'number' ? await userById(this.db, changed.user) : changed.user;
      const user = person ? { username: person.username, full_name: person.full_name || person.username } : null;
      const units = changed.units.slice(0, LIVE_UNITS_LISTED);
      const count = Math.max(changed.count, changed.units.length);
      await this.bus.publish(changed.translationId, { type: 'units-changed', data: { user, reason: changed.reason, units, count, more: count > units.length, counters } });
    } catch (e) {
      this.onError(e as Error, 'publishing a live event failed');
    }
  }

  /** Opens a stream; 429 beyond the limits. Presence is registered and announced for signed-in viewers. */
  async open(o: OpenStream): Promise<LiveStream> {
    if (this.stopped) throw new AppError('throttled', 'The server is shutting down.');
    if (this.streams.size >= this.limits.perProcess) throw new AppError('throttled', 'Too many live event streams are open on this server.');
    const own = this.perOwner.get(o.owner) ?? 0;
    if (own >= this.limits.perUser) throw new AppError('throttled', 'Too many live event streams are open for this user.');
    this.perOwner.set(o.owner, own + 1);
    const presenceKey = crypto.randomBytes(9).toString('base64url');
    let ended = false;
    let unsubscribe: (() => void) | null = null;
    let refresh: NodeJS.Timeout | null = null;
    const record = { owner: o.owner, end: async () => undefined as void };
    const end = async (byService: boolean) => {
      if (ended) return;
      ended = true;
      this.streams.delete(record);
      const left = (this.perOwner.get(o.owner) ?? 1) - 1;
      if (left > 0) this.perOwner.set(o.owner, left);
      else this.perOwner.delete(o.owner);
      if (refresh) clearInterval(refresh);
      unsubscribe?.();
      if (o.viewer) {
        try {
          await this.bus.presenceRemove(o.translationId, presenceKey);
          await this.announcePresence(o.translationId);
        } catch (e) {
          this.onError(e as Error, 'removing a live presence failed');
        }
      }
      if (byService) o.onEnd();
    };
    record.end = () => end(true);
    this.streams.add(record);
    try {
      const after = o.lastEventId && isEventId(o.lastEventId) ? o.lastEventId : null;
      unsubscribe = await this.bus.subscribe(o.translationId, after, (event) => {
        if (!ended) o.onEvent(event);
      });
      if (o.viewer) {
        const viewer = o.viewer;
        const register = () => this.bus.presenceSet(o.translationId, presenceKey, { person: viewer, expires: Date.now() + this.limits.presenceTtl });
        await register();
        await this.announcePresence(o.translationId);
        refresh = setInterval(() => {
          register().catch((e: unknown) => this.onError(e as Error, 'refreshing a live presence failed'));
        }, Math.max(1000, Math.floor(this.limits.presenceTtl / 3)));
        refresh.unref();
      }
      // The stream starts with who is there (anonymous viewers are not listed, but learn it too) and the counters.
      const [viewers, counters] = await Promise.all([this.viewers(o.translationId), translationCounters(this.db, o.translationId)]);
      if (!ended) o.onEvent({ id: '', type: 'snapshot', data: { viewers, counters: counters ?? null } });
    } catch (e) {
      await end(false);
      throw e;
    }
    return { close: () => end(false) };
  }

  /** Who views the translation now: each signed-in user once, by name. */
  async viewers(translationId: number): Promise<LivePerson[]> {
    const byName = new Map<string, LivePerson>();
    for (const e of await this.bus.presenceList(translationId)) byName.set(e.person.username, e.person);
    return [...byName.values()].sort((a, b) => a.username.localeCompare(b.username));
  }

  private async announcePresence(translationId: number): Promise<void> {
    await this.bus.publish(translationId, { type: 'presence', data: { viewers: await this.viewers(translationId) } });
  }

  /** How many streams are open in this process. */
  get openStreams(): number {
    return this.streams.size;
  }

  /** Ends every open stream (the server shuts down). */
  async stop(): Promise<void> {
    await Promise.all([...this.streams].map((s) => s.end()));
  }

  /** Ends every stream and closes the bus; streams are refused from now on. */
  async close(): Promise<void> {
    this.stopped = true;
    await this.stop();
    await this.bus.close();
  }
}
