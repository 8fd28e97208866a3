// The outbox mailer: a message is logged with its recipient and subject, never its text (its links are the recipient's).
import { describe, expect, it } from 'vitest';
import { OutboxMailer } from './outbox.mailer.js';
import { passwordResetMail } from './templates.js';

describe('outbox mailer', () => {
  it('logs where the message is kept, without its links', async () => {
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    const mailer = new OutboxMailer((fields, message) => lines.push({ fields, message }));
    await mailer.send({ to: 'ann@example.com', ...passwordResetMail({ username: 'ann', url: 'https://parla.example.com/accounts/reset/SECRET/', validFor: 60 }) });
    expect(mailer.kind).toBe('outbox');
    expect(lines).toEqual([{ fields: { to: 'ann@example.com', subject: 'Password reset on Parla' }, message: expect.stringContaining('/manage/mail/') }]);
    expect(JSON.stringify(lines)).not.toContain('SECRET');
  });
});
