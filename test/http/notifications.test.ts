// Notification subscriptions of users over HTTP, on every database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

const DEFAULTS = [
  { scope: 0, frequency: 1, notification: 'MentionCommentNotificaton' },
  { scope: 10, frequency: 1, notification: 'LastAuthorCommentNotificaton' },
  { scope: 10, frequency: 1, notification: 'MentionCommentNotificaton' },
  { scope: 10, frequency: 1, notification: 'NewAnnouncementNotificaton' },
  { scope: 10, frequency: 3, notification: 'TranslationActivitySummaryNotification' },
  { scope: 20, frequency: 1, notification: 'MergeFailureNotification' },
  { scope: 20, frequency: 1, notification: 'ParseErrorNotification' },
  { scope: 20, frequency: 1, notification: 'NewTranslationNotificaton' },
  { scope: 20, frequency: 1, notification: 'NewAlertNotificaton' },
  { scope: 20, frequency: 1, notification: 'NewAnnouncementNotificaton' },
];

describe.each(DIALECTS)('notification subscriptions on %s', (dialect) => {
  let s: TestServer;
  let janeToken: string;
  let bobToken: string;
  const list = (user: string, token?: string | null) => s.api(`/api/users/${user}/notifications/`, { token });
  const post = (user: string, json: unknown, token?: string | null) => s.api(`/api/users/${user}/notifications/`, { method: 'POST', json, token });
  const one = (user: string, id: number | string, init: Parameters<TestServer['api']>[1] = {}) => s.api(`/api/users/${user}/notifications/${id}/`, init);

  beforeAll(async () => {
    s = await startServer(dialect);
    janeToken = await s.createUser('jane');
    bobToken = await s.createUser('bob');
  });
  afterAll(() => s.close());

  it('subscribes a new user to the ten defaults; the user object links the list', async () => {
    const res = await list('jane', janeToken);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ count: 10, next: null, previous: null });
    expect(body.results.map((r: any) => ({ scope: r.scope, frequency: r.frequency, notification: r.notification }))).toEqual(DEFAULTS);
    expect(Object.keys(body.results[0])).toEqual(['notification', 'id', 'scope', 'frequency', 'project', 'component']);
    expect(body.results[0]).toMatchObject({ project: null, component: null, id: expect.any(Number) });

    const user = await (await s.api('/api/users/jane/', { token: janeToken })).json();
    expect(user.notifications).toBe(`${s.url}/api/users/jane/notifications/`);
    const created = await s.api('/api/users/', { method: 'POST', json: { username: 'carol', email: 'carol@example.com' } });
    expect(created.status).toBe(201);
    expect((await (await list('carol')).json()).count).toBe(10);
  });

  it('gives bots no default subscriptions', async () => {
    const created = await s.api('/api/users/', { method: 'POST', json: { username: 'robot', email: 'robot@example.com', is_bot: true } });
    expect(created.status).toBe(201);
    expect((await (await list('robot')).json()).count).toBe(0);
    expect((await createProject(s, 'botty', { access_control: 100 })).status).toBe(201);
    const token = await (await s.api('/api/projects/botty/tokens/', { method: 'POST', json: { name: 'CI' } })).json();
    expect((await (await list(token.username)).json()).count).toBe(0);
  });

  it('creates, reads, edits and deletes a subscription of the caller', async () => {
    const res = await post('jane', { notification: 'NewSuggestionNotificaton', scope: 0, frequency: 2 }, janeToken);
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    expect(created).toEqual({ notification: 'NewSuggestionNotificaton', id: expect.any(Number), scope: 0, frequency: 2, project: null, component: null });
    expect((await (await list('jane', janeToken)).json()).count).toBe(11);

    expect(await (await one('jane', created.id, { token: janeToken })).json()).toEqual(created);

    const patched = await one('jane', created.id, { method: 'PATCH', json: { frequency: 4 }, token: janeToken });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual({ ...created, frequency: 4 });

    const put = await one('jane', created.id, { method: 'PUT', json: { notification: 'NewCommentNotificaton', scope: 10, frequency: 1 }, token: janeToken });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ ...created, notification: 'NewCommentNotificaton', scope: 10, frequency: 1 });
    // PUT needs every field.
    const partialPut = await one('jane', created.id, { method: 'PUT', json: { frequency: 1 }, token: janeToken });
    expect(partialPut.status).toBe(400);
    expect((await partialPut.json()).errors.map((e: any) => e.attr).sort()).toEqual(['notification', 'scope']);

    const deleted = await one('jane', created.id, { method: 'DELETE', token: janeToken });
    expect(deleted.status).toBe(204);
    expect((await one('jane', created.id, { token: janeToken })).status).toBe(404);
    expect((await (await list('jane', janeToken)).json()).count).toBe(10);
  });

  it('accepts form-encoded choices', async () => {
    const res = await s.api('/api/users/jane/notifications/', {
      method: 'POST',
      token: janeToken,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'notification=LockNotification&scope=20&frequency=0',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ notification: 'LockNotification', scope: 20, frequency: 0 });
    expect((await one('jane', created.id, { method: 'DELETE', token: janeToken })).status).toBe(204);
  });

  it('refuses duplicates and invalid choices with 400', async () => {
    const dup = await post('jane', { notification: 'MentionCommentNotificaton', scope: 0, frequency: 2 }, janeToken);
    expect(dup.status).toBe(400);
    expect((await dup.json()).errors[0]).toMatchObject({ code: 'unique', attr: null });

    // Changing a subscription into an existing one is a duplicate too.
    const items = (await (await list('jane', janeToken)).json()).results;
    const clash = await one('jane', items[1].id, { method: 'PATCH', json: { notification: 'MentionCommentNotificaton' }, token: janeToken });
    expect(clash.status).toBe(400);
    // ... but keeping one's own values is fine.
    const same = await one('jane', items[1].id, { method: 'PATCH', json: { notification: items[1].notification, scope: 10 }, token: janeToken });
    expect(same.status).toBe(200);

    const bad = await post('jane', { notification: 'NoSuchNotification', scope: 99, frequency: 7 }, janeToken);
    expect(bad.status).toBe(400);
    const errors = (await bad.json()).errors;
    expect(errors).toEqual([
      { code: 'invalid_choice', detail: '"NoSuchNotification" is not a valid choice.', attr: 'notification' },
      { code: 'invalid_choice', detail: '"99" is not a valid choice.', attr: 'scope' },
      { code: 'invalid_choice', detail: '"7" is not a valid choice.', attr: 'frequency' },
    ]);
    const patch = await one('jane', items[0].id, { method: 'PATCH', json: { frequency: 9 }, token: janeToken });
    expect(patch.status).toBe(400);
    expect((await patch.json()).errors).toEqual([{ code: 'invalid_choice', detail: '"9" is not a valid choice.', attr: 'frequency' }]);

    const missing = await post('jane', { notification: 'LockNotification' }, janeToken);
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors.map((e: any) => [e.attr, e.code])).toEqual([
      ['scope', 'required'],
      ['frequency', 'required'],
    ]);
    expect((await post('jane', { notification: 'LockNotification', scope: null, frequency: 1 }, janeToken)).status).toBe(400);
    expect((await post('jane', { notification: 'LockNotification', scope: 0, frequency: 1, extra: 1 }, janeToken)).status).toBe(400);
    expect((await (await list('jane', janeToken)).json()).count).toBe(10);
  });

  it("refuses another user's subscriptions with 403 and unknown ids with 404", async () => {
    const janeItems = (await (await list('jane', janeToken)).json()).results;
    const bobItems = (await (await list('bob', bobToken)).json()).results;
    expect((await list('jane', bobToken)).status).toBe(403);
    expect((await post('jane', { notification: 'LockNotification', scope: 0, frequency: 1 }, bobToken)).status).toBe(403);
    expect((await one('jane', janeItems[0].id, { token: bobToken })).status).toBe(403);
    expect((await one('jane', janeItems[0].id, { method: 'PATCH', json: { frequency: 0 }, token: bobToken })).status).toBe(403);
    expect((await one('jane', janeItems[0].id, { method: 'DELETE', token: bobToken })).status).toBe(403);

    // A subscription of another user through one's own list, unknown and malformed ids: 404.
    expect((await one('jane', bobItems[0].id, { token: janeToken })).status).toBe(404);
    expect((await one('jane', bobItems[0].id, { method: 'DELETE', token: janeToken })).status).toBe(404);
    expect((await one('jane', 999999, { token: janeToken })).status).toBe(404);
    expect((await one('jane', 'abc', { token: janeToken })).status).toBe(404);
    expect((await list('nobody', janeToken)).status).toBe(404);
    expect((await (await list('bob', bobToken)).json()).count).toBe(10);
  });

  it("lets a user manager handle other users' subscriptions", async () => {
    const created = await post('bob', { notification: 'RepositoryNotification', scope: 20, frequency: 2 });
    expect(created.status).toBe(201);
    const sub = await created.json();
    expect((await list('bob')).status).toBe(200);
    expect(await (await one('bob', sub.id, { method: 'PATCH', json: { frequency: 3 } })).json()).toMatchObject({ frequency: 3 });
    expect(await (await one('bob', sub.id, { token: bobToken })).json()).toMatchObject({ frequency: 3 });
    expect((await one('bob', sub.id, { method: 'DELETE' })).status).toBe(204);
    expect((await (await list('bob', bobToken)).json()).count).toBe(10);
  });

  it('refuses anonymous callers', async () => {
    const id = (await (await list('jane', janeToken)).json()).results[0].id;
    expect((await list('jane', null)).status).toBe(404);
    expect((await one('jane', id, { token: null })).status).toBe(404);
    expect((await post('jane', { notification: 'LockNotification', scope: 0, frequency: 1 }, null)).status).toBe(401);
    expect((await one('jane', id, { method: 'PATCH', json: { frequency: 0 }, token: null })).status).toBe(401);
    expect((await one('jane', id, { method: 'DELETE', token: null })).status).toBe(401);
  });

  it('removes project subscriptions with the project and shows them as links', async () => {
    expect((await createProject(s, 'watched')).status).toBe(201);
    const db = s.container.database.db;
    const project = await db.selectFrom('projects').select('id').where('slug', '=', 'watched').executeTakeFirstOrThrow();
    const jane = await db.selectFrom('users').select('id').where('username', '=', 'jane').executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto('subscriptions')
      .values({ user_id: jane.id, notification: 'NewStringNotificaton', scope: 30, frequency: 1, project_id: project.id, component_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await (await one('jane', id, { token: janeToken })).json()).toMatchObject({ scope: 30, project: `${s.url}/api/projects/watched/`, component: null });
    // The same notification and scope without a project is another subscription.
    expect((await post('jane', { notification: 'NewStringNotificaton', scope: 30, frequency: 1 }, janeToken)).status).toBe(201);
    expect((await post('jane', { notification: 'NewStringNotificaton', scope: 30, frequency: 2 }, janeToken)).status).toBe(400);

    expect((await s.api('/api/projects/watched/', { method: 'DELETE' })).status).toBe(204);
    expect((await one('jane', id, { token: janeToken })).status).toBe(404);
    expect((await (await list('jane', janeToken)).json()).count).toBe(11);
  });
});
