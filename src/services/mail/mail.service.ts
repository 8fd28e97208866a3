// Outgoing mail as a use case: messages are stored with the change that causes them, then sent by the send-mail task, retried
// with growing delays, and claimed in the database first so that no message goes out twice, whichever processes run the tasks.
import type { Db, Executor } from '../../db/database.js';
import type { MailMessageRow } from '../../db/schema.js';
import {
  claimMailMessage,
  countMailMessages,
  dueMailMessages,
  failStaleMailMessages,
  finishMailMessage,
  insertMailMessage,
  mailMessageById,
  mailMessagesPage,
  postponeMailMessage,
} from '../../db/mail.repository.js';
import type { Actor } from '../../auth/actor.js';
import type { Mailer } from '../../mail/mailer.js';
import type { MailContent } from '../../mail/templates.js';
import type { TaskQueue } from '../../tasks/task-queue.js';
import { nowIso } from '../../shared/clock.js';
import { PermissionDeniedError } from '../../shared/errors.js';

export const SEND_MAIL_TASK = 'send-mail';

/** Attempts before a message counts as failed for good (with the default delay of 60 s, the last one is about four hours after the first). */
export const MAX_MAIL_ATTEMPTS = 8;
/** How long the sweep leaves a message it queued, or one stored but not yet queued, before it queues it again. */
const REQUEUE_AFTER_MS = 10 * 60_000;
/** A message left in sending this long belonged to a process that stopped: it is not sent again, since it may have gone out. */
const STALE_SENDING_MS = 60 * 60_000;

export interface MailSettings {
  /** Seconds before the first retry; each later one waits twice as long as the one before. */
  retryDelay: number;
  onError?: (error: unknown, message: string) => void;
}

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

export class MailService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly tasks: TaskQueue,
    private readonly settings: MailSettings,
  ) {}

  /** Whether messages reach a mail server; false: they stay in the local outbox. */
  get configured(): boolean {
    return this.mailer.kind === 'smtp';
  }

  /**
   * Stores a message in the caller's transaction, so that it exists exactly when the change that
   * causes it does; dispatch() queues it once that transaction has committed.
   */
  async store(db: Executor, to: string, content: MailContent): Promise<number> {
    const now = nowIso();
    return insertMailMessage(db, {
      recipient: to,
      subject: content.subject,
      text_body: content.text,
      html_body: content.html,
      headers: JSON.stringify(content.headers),
      status: 'queued',
      attempts: 0,
      // Queued right away by dispatch(); should that never happen (the process stopped), the sweep does it later.
      next_attempt: later(REQUEUE_AFTER_MS),
      created: now,
    });
  }

  /**
   * Queues the stored messages for sending. Never throws: the request that caused them has already
   * succeeded, and a message that could not be queued is picked up by the sweep.
   */
  async dispatch(ids: readonly number[]): Promise<void> {
    for (const id of ids) {
      try {
        await this.tasks.enqueue(SEND_MAIL_TASK, { messageId: id });
      } catch (e) {
        this.settings.onError?.(e, 'queueing a mail message failed; the retry sweep queues it later');
      }
    }
  }

  /** The send-mail task: claims the message, hands it to the mailer, and records the outcome. */
  async runTask(payload: Record<string, unknown>): Promise<unknown> {
    const id = Number(payload.messageId);
    if (!Number.isSafeInteger(id)) throw new Error('send-mail: no message id');
    // Only the process that moves the row from queued to sending sends it; any other task for it ends here.
    if (!(await claimMailMessage(this.db, id, nowIso()))) return { sent: false, reason: 'already claimed or not queued' };
    const row = (await mailMessageById(this.db, id))!;
    const attempts = row.attempts + 1;
    try {
      await this.mailer.send({ to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body, headers: JSON.parse(row.headers) as Record<string, string> });
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      const final = attempts >= MAX_MAIL_ATTEMPTS;
      await finishMailMessage(this.db, id, { status: final ? 'failed' : 'queued', attempts, last_error: error, next_attempt: later(this.settings.retryDelay * 1000 * 2 ** (attempts - 1)) });
      throw new Error(final ? `The mail server did not take the message after ${attempts} attempts: ${error}` : `The mail server did not take the message (attempt ${attempts}, retried later): ${error}`);
    }
    if (this.mailer.kind === 'smtp') {
      // Sent mail keeps its recipient and subject only: its links are secrets of the recipient.
      await finishMailMessage(this.db, id, { status: 'sent', attempts, sent: nowIso(), last_error: null, text_body: '', html_body: '' });
    } else {
      await finishMailMessage(this.db, id, { status: 'outbox', attempts, sent: nowIso(), last_error: null });
    }
    return { sent: true, attempts };
  }

  /**
   * Queues the messages whose next attempt is due. Each is postponed first with a check that nobody
   * postponed it since it was read, so among processes sweeping at once only one queues it.
   */
  async sweep(): Promise<number> {
    const now = nowIso();
    await failStaleMailMessages(this.db, new Date(Date.now() - STALE_SENDING_MS).toISOString(), 'The process sending this message stopped; it is not sent again, since it may have gone out.');
    let queued = 0;
    for (const row of await dueMailMessages(this.db, now, 100)) {
      if (!(await postponeMailMessage(this.db, row.id, row.next_attempt, later(REQUEUE_AFTER_MS)))) continue;
      await this.dispatch([row.id]);
      queued++;
    }
    return queued;
  }

  /** Stored messages, newest first: superusers only (outbox messages carry other people's links). */
  outbox(actor: Actor): { count: () => Promise<number>; page: (limit: number, offset: number) => Promise<MailMessageRow[]> } {
    if (!actor.isSuperuser) throw new PermissionDeniedError();
    return { count: () => countMailMessages(this.db), page: (limit, offset) => mailMessagesPage(this.db, limit, offset) };
  }

  close(): void {
    this.mailer.close();
  }
}
