// Unit selection and state changes shared by the weblate.flags.* add-ons.
import type { UnitRow } from '../db/schema.js';
import { splitPlurals } from '../domain/plurals.js';
import { updateUnitContent } from '../services/unit-content.js';
import { requireComponent } from './support.js';
import type { AddonEventContext } from './types.js';

export const ACTION_SOURCE_ADDED_IN_REPOSITORY = 90;
export const ACTION_STRING_ADDED_IN_REPOSITORY = 71;

export type UnitWithTranslation = UnitRow & { is_source: number; language_id: number };

/** Units of the component: the saved ones on unit-saved, else all (or those given). */
export async function componentUnits<C>(ctx: AddonEventContext<C>, ids?: readonly number[]): Promise<UnitWithTranslation[]> {
  const refs = requireComponent(ctx);
  let q = ctx.services.db
    .selectFrom('units')
    .innerJoin('translations', 'translations.id', 'units.translation_id')
    .selectAll('units')
    .select(['translations.is_source', 'translations.language_id'])
    .where('translations.component_id', '=', refs.component.id)
    .orderBy('units.id');
  const only = ids ?? ctx.unitIds;
  if (only) {
    if (only.length === 0) return [];
    q = q.where('units.id', 'in', [...only]);
  }
  return q.execute();
}

/**
 * Units added from the repository since this add-on last looked (changes 71/90 after the id kept in
 * the add-on's state); the first run only remembers where it starts.
 */
export async function unitsAddedInRepository<C>(ctx: AddonEventContext<C>, action: number): Promise<number[]> {
  const refs = requireComponent(ctx);
  const db = ctx.services.db;
  const row = await db.selectFrom('addons').select('state').where('id', '=', ctx.addon.id).executeTakeFirst();
  if (!row) return [];
  const state = JSON.parse(row.state || '{}') as { seen?: Record<string, number> };
  const key = String(refs.component.id);
  const seen = state.seen?.[key];
  const last = await db.selectFrom('changes').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst();
  const latest = Number(last?.m ?? 0);
  let ids: number[] = [];
  if (seen !== undefined) {
    const changes = await db.selectFrom('changes').select('unit_id').where('component_id', '=', refs.component.id).where('action', '=', action).where('id', '>', seen).where('id', '<=', latest).execute();
    ids = [...new Set(changes.map((c) => c.unit_id).filter((id): id is number => id !== null))];
  }
  await db.updateTable('addons').set({ state: JSON.stringify({ ...state, seen: { ...(state.seen ?? {}), [key]: latest } }) }).where('id', '=', ctx.addon.id).execute();
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
      await updateUnitContent(tx, ctx.services.changes, unit, { translationId: unit.translation_id, componentId: refs.component.id, projectId: refs.project.id, languageId: language_id }, { target: splitPlurals(unit.target), state, userId: null });
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
