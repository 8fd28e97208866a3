// Unit selection and state changes shared by the weblate.flags.* add-ons.
import { addonState, maxChangeId, unitIdsOfChanges, unitsWithTranslationOfComponent, updateAddonState, type UnitWithTranslation } from '../db/addons.repository.js';
import { splitPlurals } from '../domain/plurals.js';
import { requireComponent } from './support.js';
import type { AddonEventContext } from './types.js';

export type { UnitWithTranslation };

/** Units of the component: the saved ones on unit-saved, else all (or those given). */
export async function componentUnits<C>(ctx: AddonEventContext<C>, ids?: readonly number[]): Promise<UnitWithTranslation[]> {
  const refs = requireComponent(ctx);
  const only = ids ?? ctx.unitIds;
  if (only && only.length === 0) return [];
  return unitsWithTranslationOfComponent(ctx.services.db, refs.component.id, only);
}

/**
 * Units added from the repository since this add-on last looked (changes 71/90 after the id kept in
 * the add-on's state); the first run only remembers where it starts.
 */
export async function unitsAddedInRepository<C>(ctx: AddonEventContext<C>, action: number): Promise<number[]> {
  const refs = requireComponent(ctx);
  const db = ctx.services.db;
  const row = await addonState(db, ctx.addon.id);
  if (!row) return [];
  const state = JSON.parse(row.state || '{}') as { seen?: Record<string, number> };
  const key = String(refs.component.id);
  const seen = state.seen?.[key];
  const latest = await maxChangeId(db);
  let ids: number[] = [];
  if (seen !== undefined) {
    const changes = await unitIdsOfChanges(db, refs.component.id, action, seen, latest);
    ids = [...new Set(changes.map((c) => c.unit_id).filter((id): id is number => id !== null))];
  }
  await updateAddonState(db, ctx.addon.id, JSON.stringify({ ...state, seen: { ...(state.seen ?? {}), [key]: latest } }));
  return ids;
}

/** Sets a state on units (keeping their targets), with counters, pending file writes and change records. */
export async function setUnitStates<C>(ctx: AddonEventContext<C>, units: readonly UnitWithTranslation[], state: number): Promise<number> {
  const refs = requireComponent(ctx);
  let changed = 0;
  await ctx.services.db.transaction().execute(async (tx) => {
    for (const u of units) {
      if (u.state === state) continue;
      const { is_source: _s, language_id, ...unit } = u;
      await ctx.services.updateUnitContent(tx, unit, { translationId: unit.translation_id, componentId: refs.component.id, projectId: refs.project.id, languageId: language_id }, { target: splitPlurals(unit.target), state, userId: null });
      changed++;
    }
  });
  if (changed) ctx.log.info(`Changed the state of ${changed} strings.`);
  return changed;
}

/** Comma-separated flags with some added and some removed, order kept. */
export function editFlags(flags: string, add: readonly string[], remove: readonly string[]): string {
  const list = flags.split(',').map((f) => f.trim()).filter(Boolean);
  const name = (f: string) => f.split(':')[0]!;
  const removeNames = new Set(remove.map(name));
  const out = list.filter((f) => !removeNames.has(name(f)) && !remove.includes(f));
  for (const f of add) {
    const i = out.findIndex((o) => name(o) === name(f));
    if (i >= 0) out[i] = f;
    else out.push(f);
  }
  return out.join(',');
}
