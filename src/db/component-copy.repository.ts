// Copying a component's state into a new one made from it (from_component): translations as stored, add-ons.
import type { Executor } from './database.js';

/** The new component's translations paired with the source component's translation into the same language. */
export async function pairedTranslations(db: Executor, componentId: number, sourceComponentId: number): Promise<{ id: number; sourceId: number }[]> {
  const rows = await db
    .selectFrom('translations as t')
    .innerJoin('translations as s', (join) => join.onRef('s.language_id', '=', 't.language_id').on('s.component_id', '=', sourceComponentId))
    .select(['t.id as id', 's.id as sourceId'])
    .where('t.component_id', '=', componentId)
    .execute();
  return rows;
}

/** The target and state of every unit of a translation, by unit key. */
export async function unitStates(db: Executor, translationId: number): Promise<Map<string, { target: string; state: number }>> {
  const rows = await db.selectFrom('units').select(['id_hash', 'target', 'state']).where('translation_id', '=', translationId).execute();
  return new Map(rows.map((r) => [String(r.id_hash), { target: r.target, state: r.state }]));
}

/** The units of a translation with their keys, targets and states. */
export function unitsWithKeys(db: Executor, translationId: number) {
  return db.selectFrom('units').select(['id', 'id_hash', 'target', 'state']).where('translation_id', '=', translationId).execute();
}

/** Gives a unit the target and state of the string it was copied from; it becomes pending (its file is behind). */
export async function setCopiedUnit(db: Executor, unitId: number, target: string, state: number): Promise<void> {
  await db.updateTable('units').set({ target, state, pending: 1 }).where('id', '=', unitId).execute();
}

/** Copies a component's add-ons (name and configuration) to another component. */
export async function copyComponentAddons(db: Executor, fromComponentId: number, toComponentId: number, now: string): Promise<void> {
  const rows = await db.selectFrom('addons').select(['name', 'configuration']).where('component_id', '=', fromComponentId).execute();
  for (const r of rows) await db.insertInto('addons').values({ name: r.name, component_id: toComponentId, project_id: null, configuration: r.configuration, state: '{}', created: now }).execute();
}

/** Which of these components have a translation into the language. */
export async function componentsWithLanguage(db: Executor, componentIds: readonly number[], languageId: number): Promise<Set<number>> {
  if (componentIds.length === 0) return new Set();
  const rows = await db.selectFrom('translations').select('component_id').where('component_id', 'in', [...componentIds]).where('language_id', '=', languageId).execute();
  return new Set(rows.map((r) => r.component_id));
}
