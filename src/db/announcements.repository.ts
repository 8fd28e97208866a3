// Announcements of one scope: a project, a project's language, a category, a component or a translation.
import type { Insertable } from 'kysely';
import type { Executor } from './database.js';
import type { AnnouncementRow, AnnouncementsTable } from './schema.js';

/** Which announcements a scope holds: the columns that are filled; the others must be null. */
export interface AnnouncementScopeKey {
  projectId: number;
  categoryId: number | null;
  componentId: number | null;
  languageId: number | null;
}

function inScope(db: Executor, key: AnnouncementScopeKey) {
  let q = db.selectFrom('announcements').where('project_id', '=', key.projectId);
  q = key.categoryId === null ? q.where('category_id', 'is', null) : q.where('category_id', '=', key.categoryId);
  q = key.componentId === null ? q.where('component_id', 'is', null) : q.where('component_id', '=', key.componentId);
  q = key.languageId === null ? q.where('language_id', 'is', null) : q.where('language_id', '=', key.languageId);
  return q;
}

export async function countAnnouncements(db: Executor, key: AnnouncementScopeKey): Promise<number> {
  const row = await inScope(db, key).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of the scope's announcements in id order. */
export function announcementsPage(db: Executor, key: AnnouncementScopeKey, limit: number, offset: number): Promise<AnnouncementRow[]> {
  return inScope(db, key).selectAll().orderBy('id').limit(limit).offset(offset).execute();
}

/** The announcement `id` when it belongs to the scope. */
export function announcementInScope(db: Executor, key: AnnouncementScopeKey, id: number): Promise<AnnouncementRow | undefined> {
  return inScope(db, key).selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertAnnouncement(db: Executor, values: Insertable<AnnouncementsTable>): Promise<AnnouncementRow> {
  return db.insertInto('announcements').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function deleteAnnouncement(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('announcements').where('id', '=', id).execute();
}
