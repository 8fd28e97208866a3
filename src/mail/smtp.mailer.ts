// Mail over SMTP with nodemailer: smtp:// (STARTTLS when the server offers it, or required with ?requireTLS=true) or smtps://.
import nodemailer, { type Transporter } from 'nodemailer';
import { oneLine, type Mailer, type OutgoingMail } from './mailer.js';

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // A server that does not answer must not hold a task for long: the message is retried later instead.
    this.transport = nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
  }

  async send(message: OutgoingMail): Promise<void> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(message.headers)) headers[name] = oneLine(value);
    await this.transport.sendMail({
      from: this.from,
      // The envelope names only this address: nothing in the headers adds recipients.
      to: message.to,
      envelope: { from: addressOf(this.from), to: [message.to] },
      subject: oneLine(message.subject),
      text: message.text,
      html: message.html,
      headers,
    });
  }

  close(): void {
    this.transport.close();
  }
}

/** The bare address of "Name <address>" or of an address alone. */
function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
}
