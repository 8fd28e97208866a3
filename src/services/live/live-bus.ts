// What flows on a translation's live event stream, and the bus contract its two transports (in process, Redis) share.

/** Someone as the live events name them. */
export interface LivePerson {
  username: string;
  full_name: string;
}

/** A unit's target and state as saved, with the translation's counters after the save. */
export interface UnitSavedData {
  unit: number;
  user: LivePerson | null;
  target: string[];
  state: number;
  counters: { total: number; translated: number; fuzzy: number; failing: number; approved: number };
}

/** Why many strings changed at once. */
export type UnitsChangedReason = 'upload' | 'autotranslate' | 'bulk-edit' | 'replace' | 'repository';

/** One unit's target and state after a change of many strings. */
export interface ChangedUnit {
  unit: number;
  target: string[];
  state: number;
}

/**
 * Many strings changed at once (an upload, automatic translation, a bulk edit, search and replace, a repository
 * update): the first of them with their new target and state, whether more changed than are listed, and the
 * translation's counters after the change.
 */
export interface UnitsChangedData {
  user: LivePerson | null;
  reason: UnitsChangedReason;
  units: ChangedUnit[];
  /** How many strings changed (added and removed ones included), at least units.length. */
  count: number;
  /** True when more strings changed than `units` lists. */
  more: boolean;
  counters: UnitSavedData['counters'];
}

/** Who has the translation open now (every open stream of a signed-in user, each user once). */
export interface PresenceData {
  viewers: LivePerson[];
}

export type LiveMessage = { type: 'unit-saved'; data: UnitSavedData } | { type: 'units-changed'; data: UnitsChangedData } | { type: 'presence'; data: PresenceData };

/** What a stream says first, to its client alone (never published, no id): who is there and the counters now. */
export interface SnapshotData extends PresenceData {
  counters: UnitSavedData['counters'] | null;
}

/** A message as published: ids increase within a translation, in every process that shares the bus. */
export type LiveEvent = (LiveMessage | { type: 'snapshot'; data: SnapshotData }) & { id: string };

export type LiveListener = (event: LiveEvent) => void;

/** One open stream's registration in a translation's presence list. */
export interface PresenceEntry {
  person: LivePerson;
  /** Milliseconds since the epoch after which the entry counts as gone (its stream refreshes it before). */
  expires: number;
}

/**
 * The transport of live events. Ids have the form `<milliseconds>-<sequence>` (as Redis stream ids), so they
 * compare the same way on both transports and keep increasing across restarts.
 */
export interface LiveBus {
  publish(translationId: number, message: LiveMessage): Promise<string>;
  /**
   * Calls `listener` with every event published to the translation from now on; with `after`, first with the
   * kept events after that id (a reconnecting client's Last-Event-ID). Each event is delivered once, in order.
   * Returns the function that ends the subscription.
   */
  subscribe(translationId: number, after: string | null, listener: LiveListener): Promise<() => void>;
  /** Registers (or refreshes) one stream in the translation's presence list. */
  presenceSet(translationId: number, key: string, entry: PresenceEntry): Promise<void>;
  presenceRemove(translationId: number, key: string): Promise<void>;
  /** The entries that have not expired. */
  presenceList(translationId: number): Promise<PresenceEntry[]>;
  close(): Promise<void>;
}

/** Compares two event ids (`<ms>-<seq>`); negative when a comes first. */
export function compareEventIds(a: string, b: string): number {
  const [am = 0, as = 0] = a.split('-').map(Number);
  const [bm = 0, bs = 0] = b.split('-').map(Number);
  return am !== bm ? am - bm : as - bs;
}

/** Whether a Last-Event-ID header names an event id this bus could have made. */
export function isEventId(value: string): boolean {
  return /^\d{1,16}-\d{1,16}$/.test(value);
}

/**
 * A listener that delivers each id once and in order: events that arrive while the replay of kept events runs
 * wait, and those the replay already delivered are dropped.
 */
export function orderedDelivery(listener: LiveListener): { live: LiveListener; replayed: (events: LiveEvent[]) => void } {
  let last: string | null = null;
  let held: LiveEvent[] | null = [];
  const deliver = (e: LiveEvent) => {
    if (last !== null && compareEventIds(e.id, last) <= 0) return;
    last = e.id;
    listener(e);
  };
  return {
    live: (e) => {
      if (held) held.push(e);
      else deliver(e);
    },
    replayed: (events) => {
      for (const e of events) deliver(e);
      const waiting = held ?? [];
      held = null;
      for (const e of waiting) deliver(e);
    },
  };
}
