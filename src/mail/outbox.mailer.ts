// Mail without a mail server (no PARLA_EMAIL_URL): each message is logged and stays in the outbox, which administrators read in the web UI.
import type { Mailer, OutgoingMail } from './mailer.js';

export type MailLog = (fields: Record<string, unknown>, message: string) => void;

export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;

  constructor(private readonly log: MailLog) {}

  async send(message: OutgoingMail): Promise<void> {
    // The stored message is the outbox; the log line says where to read it, not what it says (links are secrets).
    this.log({ to: message.to, subject: message.subject }, 'mail is not configured (PARLA_EMAIL_URL): message kept in the outbox at /manage/mail/');
  }

  close(): void {}
}
