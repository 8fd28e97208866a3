// Outgoing mail: queued messages, the one-process claim before sending, attempts, the retry sweep and the outbox list.
import type { Insertable } from 'kysely';
import type { Executor } from './database.js';
import type { MailMessageRow, MailMessagesTable } from './schema.js';

export async function insertMailMessage(db: Executor, values: Insertable<MailMessagesTable>): Promise<number> {
  return (await db.insertInto('mail_messages').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export function mailMessageById(db: Executor, id: number): Promise<MailMessageRow | undefined> {
  return db.selectFrom('mail_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a queued message to sending; false when another process (or an earlier task) claimed it first. */
export async function claimMailMessage(db: Executor, id: number, now: string): Promise<boolean> {
  const res = await db.updateTable('mail_messages').set({ status: 'sending', claimed: now }).where('id', '=', id).where('status', '=', 'queued').executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0) > 0;
}

/** Ends a claimed message: delivered (sent, or kept in the outbox), queued again for a later attempt, or failed. */
export async function finishMailMessage(db: Executor, id: number, set: Partial<Pick<MailMessageRow, 'status' | 'attempts' | 'next_attempt' | 'last_error' | 'sent' | 'text_body' | 'html_body'>>): Promise<void> {
  await db.updateTable('mail_messages').set(set).where('id', '=', id).where('status', '=', 'sending').execute();
}

/** Queued messages whose next attempt is due, oldest first. */
export function dueMailMessages(db: Executor, now: string, limit: number): Promise<Pick<MailMessageRow, 'id' | 'next_attempt'>[]> {
  return db.selectFrom('mail_messages').select(['id', 'next_attempt']).where('status', '=', 'queued').where('next_attempt', '<=', now).orderBy('next_attempt').limit(limit).execute();
}

/**
 * Moves a due message's next attempt to `later`, only if nobody did since it was read: the process
 * that succeeds queues the attempt, the others leave it.
 */
export async function postponeMailMessage(db: Executor, id: number, seen: string, later: string): Promise<boolean> {
  const res = await db.updateTable('mail_messages').set({ next_attempt: later }).where('id', '=', id).where('status', '=', 'queued').where('next_attempt', '=', seen).executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0) > 0;
}

/** Messages left in sending by a process that stopped while it sent them: whether they went out is unknown. */
export async function failStaleMailMessages(db: Executor, claimedBefore: string, error: string): Promise<number> {
  const res = await db.updateTable('mail_messages').set({ status: 'failed', last_error: error }).where('status', '=', 'sending').where('claimed', '<', claimedBefore).executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0);
}

export async function countMailMessages(db: Executor): Promise<number> {
  const row = await db.selectFrom('mail_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of messages, newest first. */
export function mailMessagesPage(db: Executor, limit: number, offset: number): Promise<MailMessageRow[]> {
  return db.selectFrom('mail_messages').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}
