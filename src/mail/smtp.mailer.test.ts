// The SMTP mailer against a real SMTP server on localhost: both parts, extra headers, and header values kept on one line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../../test/helpers/smtp.js';
import { SmtpMailer } from './smtp.mailer.js';
import { compose, passwordResetMail } from './templates.js';

describe('SMTP mailer', () => {
  let smtp: TestSmtp;
  let mailer: SmtpMailer;
  beforeAll(async () => {
    smtp = await startSmtp();
    mailer = new SmtpMailer(smtp.url, 'Parla <parla@example.com>');
  });
  afterAll(async () => {
    mailer.close();
    await smtp.close();
  });

  it('sends the text and HTML parts from the configured sender to the one recipient', async () => {
    await mailer.send({ to: 'ann@example.com', ...passwordResetMail({ username: 'ann <b>', url: 'https://parla.example.com/accounts/reset/abc/', validFor: 3600 }) });
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('ann@example.com'));
    expect(mail.envelopeFrom).toBe('parla@example.com');
    expect(mail.header('from')).toBe('Parla <parla@example.com>');
    expect(mail.text).toContain('https://parla.example.com/accounts/reset/abc/');
    expect(mail.text).toContain('for 1 hour');
    expect(mail.html).toContain('<a href="https://parla.example.com/accounts/reset/abc/">');
    expect(mail.html).toContain('ann &#60;b&#62;');
  });

  it('adds List-Unsubscribe to messages of a subscription', async () => {
    await mailer.send({ to: 'sub@example.com', ...compose({ subject: 'New strings', paragraphs: ['Three new strings.'], unsubscribeUrl: 'https://parla.example.com/unsubscribe/xyz/' }) });
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('sub@example.com'));
    expect(mail.header('list-unsubscribe')).toBe('<https://parla.example.com/unsubscribe/xyz/>');
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('keeps subjects and header values on one line: no header or recipient can be added through them', async () => {
    await mailer.send({
      to: 'bob@example.com',
      subject: 'Hello\r\nBcc: victim@example.com\r\nX-Injected: 1',
      text: 'x',
      html: '<p>x</p>',
      headers: { 'List-Unsubscribe': '<https://x.example/>\r\nX-Other: 2' },
    });
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('bob@example.com'));
    expect(mail.envelopeTo).toEqual(['bob@example.com']);
    expect(mail.header('bcc')).toBeUndefined();
    expect(mail.header('x-injected')).toBeUndefined();
    expect(mail.header('x-other')).toBeUndefined();
    expect(mail.subject).toBe('Hello Bcc: victim@example.com X-Injected: 1');
  });

  it('fails when the server cannot be reached (the caller retries)', async () => {
    const down = new SmtpMailer('smtp://127.0.0.1:9', 'parla@example.com');
    await expect(down.send({ to: 'x@example.com', subject: 's', text: 't', html: '<p>t</p>', headers: {} })).rejects.toThrow();
    down.close();
  });
});
