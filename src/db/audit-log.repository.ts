// The audit log: entries written with the change they record, and a user's entries read back a page at a time.
import type { Insertable } from 'kysely';
import type { Executor } from './database.js';
import type { AuditLogRow, AuditLogTable } from './schema.js';

export async function insertAuditEntry(db: Executor, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

/** Entries about a user or made by them. */
function userEntries(db: Executor, userId: number) {
  return db.selectFrom('audit_log').where((eb) => eb.or([eb('audit_log.user_id', '=', userId), eb('audit_log.actor_id', '=', userId)]));
}

export async function countUserAuditEntries(db: Executor, userId: number): Promise<number> {
  const row = (await userEntries(db, userId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()) as { n?: number } | undefined;
  return Number(row?.n ?? 0);
}

/** A page of a user's entries, newest first. */
export function userAuditEntries(db: Executor, userId: number, limit: number, offset: number): Promise<AuditLogRow[]> {
  return userEntries(db, userId).selectAll('audit_log').orderBy('audit_log.id', 'desc').limit(limit).offset(offset).execute();
}
