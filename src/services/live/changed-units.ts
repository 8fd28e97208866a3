// Collects the units a change of many strings touched, per translation and bounded, for the units-changed live events.
import { splitPlurals } from '../../domain/plurals.js';
import type { UnitsChangedReason } from './live-bus.js';
import { LIVE_UNITS_LISTED, type LivePublisher, type UnitsChanged } from './live.service.js';

/**
 * The changed units of each translation: the first LIVE_UNITS_LISTED with their target and state (known to the caller
 * already, so collecting costs no query), and how many changed in all.
 */
export class ChangedUnits {
  private readonly byTranslation = new Map<number, { units: UnitsChanged['units']; count: number }>();

  private entry(translationId: number) {
    let e = this.byTranslation.get(translationId);
    if (!e) this.byTranslation.set(translationId, (e = { units: [], count: 0 }));
    return e;
  }

  /** A unit whose target or state changed; `target` as stored (plural forms joined) or as forms. */
  add(translationId: number, unit: number, target: string | readonly string[], state: number): void {
    const e = this.entry(translationId);
    e.count++;
    if (e.units.length < LIVE_UNITS_LISTED) e.units.push({ unit, target: typeof target === 'string' ? splitPlurals(target) : [...target], state });
  }

  /** Strings that changed without being listed (added or removed ones). */
  addUnlisted(translationId: number, count: number): void {
    if (count > 0) this.entry(translationId).count += count;
  }

  get size(): number {
    return this.byTranslation.size;
  }

  /** One event per translation that changed; never throws (the publisher does not). */
  async publish(live: LivePublisher | undefined, user: UnitsChanged['user'], reason: UnitsChangedReason): Promise<void> {
    if (!live) return;
    for (const [translationId, e] of this.byTranslation) {
      if (e.count > 0) await live.unitsChanged({ translationId, user, reason, units: e.units, count: e.count });
    }
  }
}
