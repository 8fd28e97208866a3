// Notification mail on every database, with a real SMTP server: instant mail from the change feed to watchers (never to
// the author), @mentions, restricted components, concurrent feed passes that handle each change once, daily digests
// sent once per period, and the unsubscribe link (page, one-click POST, tampered tokens) without a sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, type Container } from '../../src/container.js';
import { NotificationFeed } from '../../src/services/notify/notification-feed.service.js';
import { UnsubscribeTokens } from '../../src/services/notify/unsubscribe.service.js';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../helpers/smtp.js';

const SITE = 'https://parla.example.com';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DIALECTS)('notification mail on %s', (dialect) => {
  let s: TestServer;
  let smtp: TestSmtp;
  const tokens: Record<string, string> = {};
  const db = () => s.container.database.db;
  const to = (username: string) => (m: ReceivedMail) => m.envelopeTo.includes(`${username}@example.com`);
  const mailsTo = (username: string) => smtp.messages.filter(to(username));

  const json = async (res: Response | Promise<Response>, status = 200) => {
    const r = await res;
    const body = await r.text();
    expect(r.status, body).toBe(status);
    return body ? JSON.parse(body) : null;
  };
  const subscribe = (username: string, notification: string, scope: number, frequency: number) =>
    json(s.api(`/api/users/${username}/notifications/`, { method: 'POST', token: tokens[username], json: { notification, scope, frequency } }), 201);
  const watch = (username: string, projects: string[]) => json(s.api(`/api/users/${username}/`, { method: 'PATCH', json: { profile: { watched: projects } } }));
  const unitOf = async (component: string, source: string) => {
    const body = await json(s.api(`/api/translations/notify/${component}/cs/units/`));
    return (body.results as { id: number; source: string[] }[]).find((u) => u.source[0] === source)!.id;
  };
  const lastChangeId = async () => Number((await db().selectFrom('changes').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id);
  const cursor = async () => Number((await db().selectFrom('notification_cursor').select('last_change_id').executeTakeFirstOrThrow()).last_change_id);
  /** Runs the feed until it has passed the newest change (a hole on PostgreSQL is passed a moment later), then waits for the sending. */
  const deliver = async (container: Container = s.container) => {
    const last = await lastChangeId();
    for (let i = 0; i < 100 && (await cursor()) < last; i++) {
      await container.notificationFeed.flush();
      if ((await cursor()) < last) await sleep(50);
    }
    expect(await cursor()).toBeGreaterThanOrEqual(last);
    await container.tasks.idle();
    await s.container.tasks.idle();
  };
  const translate = (unitId: number, target: string, token?: string) => json(s.api(`/api/units/${unitId}/`, { method: 'PATCH', token, json: { target: [target], state: 20 } }));

  beforeAll(async () => {
    smtp = await startSmtp();
    s = await startServer(dialect, { PARLA_EMAIL_URL: smtp.url, PARLA_SITE_URL: SITE });
    for (const name of ['wanda', 'tom', 'bob']) tokens[name] = await s.createUser(name);
    await json(createProject(s, 'notify'), 201);
    await json(createPoComponent(s, 'notify', 'app'), 201);
    await json(createPoComponent(s, 'notify', 'secret'), 201);
    await json(s.api('/api/components/notify/secret/', { method: 'PATCH', json: { restricted: true } }));
    // Wanda and Tom watch the project and want to hear about translations, comments and suggestions at once; Bob watches nothing.
    for (const name of ['wanda', 'tom', 'bob']) {
      if (name !== 'bob') await watch(name, ['notify']);
      for (const n of ['TranslatedStringNotificaton', 'NewCommentNotificaton', 'NewSuggestionNotificaton']) await subscribe(name, n, 10, 1);
    }
    await deliver();
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('mails a watcher once when another user translates, with the link, and never the author', async () => {
    const before = { wanda: mailsTo('wanda').length, tom: mailsTo('tom').length, bob: mailsTo('bob').length };
    const unit = await unitOf('app', 'Hello');
    await translate(unit, 'Ahoj od Toma', tokens.tom);
    await deliver();
    const mail = await smtp.waitFor((m) => to('wanda')(m) && m.text.includes('Ahoj od Toma'));
    await sleep(200);
    expect(mailsTo('wanda').length).toBe(before.wanda + 1);
    expect(mailsTo('tom').length).toBe(before.tom);
    expect(mailsTo('bob').length).toBe(before.bob);
    expect(mail.subject).toContain('String was edited by user');
    expect(mail.subject).toContain('NOTIFY / APP');
    expect(mail.text).toContain('By tom');
    expect(mail.text).toContain(`${SITE}/translate/notify/app/cs/?checksum=&id=${unit}`);
    expect(mail.html).toContain(`href="${SITE}/translate/notify/app/cs/?checksum=&#38;id=${unit}"`);
    const unsubscribe = /<(https:\/\/parla\.example\.com\/accounts\/unsubscribe\/[A-Za-z0-9_.-]+\/)>/.exec(mail.header('List-Unsubscribe') ?? '')?.[1];
    expect(unsubscribe, mail.header('List-Unsubscribe')).toBeTruthy();
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(unsubscribe);
  });

  it('mails a comment to watchers and a mention to the mentioned user, one message each', async () => {
    const before = { wanda: mailsTo('wanda').length, bob: mailsTo('bob').length, tom: mailsTo('tom').length };
    const unit = await unitOf('app', 'Hello');
    await json(s.api(`/api/units/${unit}/comments/`, { method: 'POST', token: tokens.tom, json: { comment: 'Is this right, @bob?', scope: 'translation' } }), 201);
    await deliver();
    const mention = await smtp.waitFor((m) => to('bob')(m) && m.text.includes('Is this right, @bob?'));
    expect(mention.subject).toContain('You were mentioned in a comment');
    const comment = await smtp.waitFor((m) => to('wanda')(m) && m.text.includes('Is this right, @bob?'));
    expect(comment.subject).toContain('Comment was added');
    await sleep(200);
    expect(mailsTo('bob').length).toBe(before.bob + 1);
    expect(mailsTo('wanda').length).toBe(before.wanda + 1);
    expect(mailsTo('tom').length).toBe(before.tom);
  });

  it('mails a new suggestion to watchers', async () => {
    const unit = await unitOf('app', 'Hello');
    await json(s.api(`/api/units/${unit}/suggestions/`, { method: 'POST', token: tokens.tom, json: { target: ['Nazdárek'] } }), 201);
    await deliver();
    const mail = await smtp.waitFor((m) => to('wanda')(m) && m.text.includes('Nazdárek'));
    expect(mail.subject).toContain('Suggestion was added');
  });

  it('tells nobody about a restricted component they may not see', async () => {
    const before = { wanda: mailsTo('wanda').length, tom: mailsTo('tom').length };
    await translate(await unitOf('secret', 'Hello'), 'Tajné ahoj');
    await translate(await unitOf('app', 'Hello'), 'Veřejné ahoj');
    await deliver();
    await smtp.waitFor((m) => to('wanda')(m) && m.text.includes('Veřejné ahoj'));
    await smtp.waitFor((m) => to('tom')(m) && m.text.includes('Veřejné ahoj'));
    await sleep(200);
    expect(smtp.messages.filter((m) => m.text.includes('Tajné ahoj') || m.html.includes('Tajné ahoj'))).toEqual([]);
    expect(mailsTo('wanda').length).toBe(before.wanda + 1);
    expect(mailsTo('tom').length).toBe(before.tom + 1);
  });

  it('handles each change once when two feeds run passes at once', async () => {
    // PostgreSQL: a second container, as another process would be. SQLite: a second feed on the same file (two
    // connections of one process would block each other's synchronous driver).
    const other = dialect === 'postgres' ? await createContainer(s.container.config, { migrate: false }) : null;
    const c = s.container;
    const links = { base: SITE, project: (p: string) => `${SITE}/projects/${p}/`, component: (p: string, k: string) => `${SITE}/projects/${p}/${k}/`, translation: (p: string, k: string, l: string) => `${SITE}/projects/${p}/${k}/${l}/`, unit: (p: string, k: string, l: string, id: number) => `${SITE}/translate/${p}/${k}/${l}/?id=${id}` };
    const second = other?.notificationFeed ?? new NotificationFeed(db(), c.access, c.changes, c.mail, new UnsubscribeTokens(c.secretKey), { dialect, links });
    try {
      const unit = await unitOf('app', 'Hello');
      const targets = Array.from({ length: 6 }, (_, i) => `Souběh ${i}`);
      for (const t of targets) await translate(unit, t);
      await Promise.all([c.notificationFeed.flush(), second.flush(), c.notificationFeed.flush(), second.flush()]);
      await deliver(other ?? c);
      await sleep(300);
      for (const name of ['wanda', 'tom']) {
        for (const t of targets) {
          const count = mailsTo(name).reduce((n, m) => n + m.text.split(`\n  ${t}\n`).length - 1, 0);
          expect(count, `${name}: ${t}`).toBe(1);
        }
      }
    } finally {
      await other?.close();
    }
  });

  it('collects the day into one daily digest, sent once however many sweeps run', async () => {
    await subscribe('bob', 'TranslatedStringNotificaton', 0, 2);
    await subscribe('bob', 'PendingSuggestionsNotification', 0, 2);
    const before = mailsTo('bob').length;
    const unit = await unitOf('app', 'Goodbye world');
    await translate(unit, 'Denní první', tokens.tom);
    await translate(unit, 'Denní druhá', tokens.tom);
    await translate(await unitOf('secret', 'Goodbye world'), 'Denní tajná');
    await deliver();
    await sleep(200);
    expect(mailsTo('bob').length).toBe(before); // nothing at once
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    await Promise.all([s.container.digests.sweep(tomorrow), s.container.digests.sweep(tomorrow)]);
    await s.container.tasks.idle();
    const digest = await smtp.waitFor((m) => to('bob')(m) && m.subject.includes('Daily digest'));
    expect(digest.text).toContain('Denní první');
    expect(digest.text).toContain('Denní druhá');
    expect(digest.text).not.toContain('tajná');
    expect(digest.text).toContain('Pending suggestions exist');
    expect(digest.text).toMatch(/NOTIFY \/ APP: \d+ pending suggestions?/);
    expect(digest.header('List-Unsubscribe')).toMatch(/^<https:\/\/parla\.example\.com\/accounts\/unsubscribe\/[^>]+\/>$/);
    // Later sweeps in the same period send nothing more.
    expect(await s.container.digests.sweep(new Date(tomorrow.getTime() + 3600_000))).toBe(0);
    await s.container.tasks.idle();
    await sleep(200);
    expect(mailsTo('bob').filter((m) => m.subject.includes('Daily digest')).length).toBe(1);
    expect(mailsTo('bob').length).toBe(before + 1);
    const claims = await db().selectFrom('notification_digests').selectAll().where('frequency', '=', 2).execute();
    expect(claims.filter((c) => c.items > 0).map((c) => c.items)).toEqual([2]);
    expect(await db().selectFrom('notification_digest_items').selectAll().where('frequency', '=', 2).execute()).toEqual([]);
  });

  it('unsubscribes through the link without a sign-in, and a tampered link changes nothing', async () => {
    const mail = smtp.messages.find((m) => to('wanda')(m) && m.text.includes('Ahoj od Toma'))!;
    const link = /<([^>]+)>/.exec(mail.header('List-Unsubscribe')!)![1]!;
    const path = new URL(link).pathname;
    const token = /\/accounts\/unsubscribe\/([^/]+)\//.exec(path)![1]!;
    const subscription = () =>
      db().selectFrom('subscriptions').innerJoin('users', 'users.id', 'subscriptions.user_id').select(['subscriptions.id', 'subscriptions.frequency']).where('users.username', '=', 'wanda').where('notification', '=', 'TranslatedStringNotificaton').executeTakeFirstOrThrow();
    const { id } = await subscription();
    expect(token.split('-')[1]).toBe(String(id));
    const get = (p: string) => fetch(new URL(p, s.url));
    const post = (p: string) => fetch(new URL(p, s.url), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

    // Opening the page changes nothing; it shows what the button ends.
    const page = await get(path);
    const body = await page.text();
    expect(page.status, body).toBe(200);
    expect(body).toContain('String was edited by user – watched projects (instantly)');
    expect(body).toContain('id="unsubscribe-form"');
    expect((await subscription()).frequency).toBe(1);

    // A changed signature, or the signature of one subscription on another id, is refused.
    const [user, ids, signature] = token.split('-') as [string, string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const bobsId = (await db().selectFrom('subscriptions').innerJoin('users', 'users.id', 'subscriptions.user_id').select('subscriptions.id').where('users.username', '=', 'bob').executeTakeFirstOrThrow()).id;
    for (const bad of [`${user}-${ids}-${flipped}`, `${user}-${bobsId}-${signature}`, `${user}-${ids}`, 'x']) {
      for (const res of [await get(`/accounts/unsubscribe/${bad}/`), await post(`/accounts/unsubscribe/${bad}/`)]) {
        const text = await res.text();
        expect(res.status, bad).toBe(400);
        expect(text).toContain('This link is not valid');
      }
    }
    expect((await subscription()).frequency).toBe(1);
    expect((await db().selectFrom('subscriptions').select('frequency').where('id', '=', bobsId).executeTakeFirstOrThrow()).frequency).not.toBe(0);

    // The one-click POST a mail client sends (no cookie, no Origin) sets the subscription to never.
    const done = await post(path);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You will not receive these notifications any more.');
    expect((await subscription()).frequency).toBe(0);
    expect(await (await get(path)).text()).toContain('These notifications are already off.');

    // And no more mail of that kind comes.
    const before = mailsTo('wanda').length;
    await translate(await unitOf('app', 'Open'), 'Otevřít', tokens.tom);
    await deliver();
    await sleep(300);
    expect(mailsTo('wanda').length).toBe(before);
  });
});
