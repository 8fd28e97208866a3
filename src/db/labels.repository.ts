// Labels: a project's labels, the labels of source strings, and their writes.
import type { Executor } from './database.js';
import type { LabelRow } from './schema.js';

/** The labels of each of these (source) units, ordered by name then id; at most a few thousand ids at a time. */
export function labelsOfUnits(db: Executor, unitIds: number[]): Promise<{ unit_id: number; id: number; name: string; description: string; color: string }[]> {
  return db
    .selectFrom('unit_labels')
    .innerJoin('labels', 'labels.id', 'unit_labels.label_id')
    .select(['unit_labels.unit_id', 'labels.id', 'labels.name', 'labels.description', 'labels.color'])
    .where('unit_labels.unit_id', 'in', unitIds)
    .orderBy('labels.name')
    .orderBy('labels.id')
    .execute();
}

/** The labels (id and name) a unit carries. */
export function labelsOfUnit(db: Executor, unitId: number): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('unit_labels').innerJoin('labels', 'labels.id', 'unit_labels.label_id').select(['labels.id', 'labels.name']).where('unit_labels.unit_id', '=', unitId).execute();
}

export async function addUnitLabels(db: Executor, unitId: number, labelIds: number[]): Promise<void> {
  await db.insertInto('unit_labels').values(labelIds.map((label_id) => ({ unit_id: unitId, label_id }))).execute();
}

/** Puts a label on a unit unless it is there already. */
export async function addUnitLabel(db: Executor, unitId: number, labelId: number): Promise<void> {
  const has = await db.selectFrom('unit_labels').select('unit_id').where('unit_id', '=', unitId).where('label_id', '=', labelId).executeTakeFirst();
  if (!has) await db.insertInto('unit_labels').values({ unit_id: unitId, label_id: labelId }).execute();
}

export async function removeUnitLabels(db: Executor, unitId: number, labelIds: readonly number[]): Promise<void> {
  await db.deleteFrom('unit_labels').where('unit_id', '=', unitId).where('label_id', 'in', [...labelIds]).execute();
}

/** The labels (id and name) of a project. */
export function labelsOfProject(db: Executor, projectId: number): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('labels').select(['id', 'name']).where('project_id', '=', projectId).execute();
}

/** Which of `ids` are labels of the project. */
export async function labelIdsOfProject(db: Executor, projectId: number, ids: number[]): Promise<number[]> {
  return (await db.selectFrom('labels').select('id').where('project_id', '=', projectId).where('id', 'in', ids).execute()).map((r) => r.id);
}

export function labelNames(db: Executor, ids: number[]): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('labels').select(['id', 'name']).where('id', 'in', ids).execute();
}

export async function countLabelsOfProject(db: Executor, projectId: number): Promise<number> {
  const row = await db.selectFrom('labels').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of a project's labels by name. */
export function labelsOfProjectPage(db: Executor, projectId: number, limit: number, offset: number): Promise<LabelRow[]> {
  return db.selectFrom('labels').selectAll().where('project_id', '=', projectId).orderBy('name').orderBy('id').limit(limit).offset(offset).execute();
}

export function labelOfProject(db: Executor, projectId: number, id: number): Promise<LabelRow | undefined> {
  return db.selectFrom('labels').selectAll().where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
}

/** Whether the project has a label other than `exceptId` with this name. */
export async function labelNameTaken(db: Executor, projectId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('labels').select('id').where('project_id', '=', projectId).where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Inserts a label; its id. */
export async function insertLabel(db: Executor, values: { project_id: number; name: string; description: string; color: string }): Promise<number> {
  const { id } = await db.insertInto('labels').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateLabel(db: Executor, id: number, set: { name: string; description: string; color: string }): Promise<void> {
  await db.updateTable('labels').set(set).where('id', '=', id).execute();
}

/** Removes a label from every string that carries it, then the label. */
export async function deleteLabel(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('unit_labels').where('label_id', '=', id).execute();
  await db.deleteFrom('labels').where('id', '=', id).execute();
}
