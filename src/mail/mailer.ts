// The mail transport seam: a message with its text and HTML parts, and the Mailer that hands it on (SMTP or the local outbox).

/** One message as it leaves Parla: one recipient, both parts, and extra header lines. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, such as List-Unsubscribe; names are fixed by the code, values are folded into one line. */
  headers: Record<string, string>;
}

export interface Mailer {
  /** `smtp`: messages go to a mail server; `outbox`: they are only logged and kept for administrators to read. */
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the message was accepted; throws when it was not (the caller retries later). */
  send(message: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * A header value on one line: carriage returns, line feeds and the other control characters become
 * spaces, so no value (a subject built from a user's name, say) can start a header of its own.
 */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ').trim();
}
