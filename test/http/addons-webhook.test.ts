// weblate.webhook.webhook over HTTP: configuration checks, signed deliveries of committed changes through the change feed, retries, no retry on 4xx.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSecret, verify } from '../../src/addons/standard-webhooks.js';
import { WEBHOOK_TASK, webhookPolicy } from '../../src/addons/webhook.addon.js';
import { AddonsService } from '../../src/services/addons/addons.service.js';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe.each(DIALECTS)('webhook add-on (%s)', (dialect) => {
  let s: TestServer;
  let receiver: http.Server;
  let hookBase: string;
  const received: Received[] = [];
  /** Per path: statuses answered in turn (the last repeats). */
  const scripts = new Map<string, number[]>();
  const secret = generateSecret();
  const ADDONS = '/api/components/hooks/app/addons/';

  const install = (configuration: unknown) => s.api(ADDONS, { method: 'POST', json: { name: 'weblate.webhook.webhook', configuration } });
  const units = async () => (await (await s.api('/api/translations/hooks/app/cs/units/')).json()).results as { id: number; source: string[] }[];
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const cursor = async () => Number((await s.container.database.db.selectFrom('addon_change_cursor').select('last_change_id').executeTakeFirstOrThrow()).last_change_id);
  const lastChangeId = async () => Number((await s.container.database.db.selectFrom('changes').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id);
  /**
   * Runs the change feed now (instead of waiting for its timer) until it has handed over `changeId`
   * – on PostgreSQL a hole left by a rolled-back change is passed only a moment later – then waits
   * for the deliveries.
   */
  const feed = async (changeId: number, addons: AddonsService = s.container.addons) => {
    for (let i = 0; i < 100 && (await cursor()) < changeId; i++) {
      await addons.flushChangeFeed();
      if ((await cursor()) < changeId) await sleep(100);
    }
    expect(await cursor()).toBeGreaterThanOrEqual(changeId);
    await s.container.tasks.idle();
  };
  /** A plain unit edit through the API; the change feed, not the test, hands the change to the add-ons. */
  const patch = async (target: string) => {
    const hello = (await units()).find((u) => u.source[0] === 'Hello')!;
    const res = await s.api(`/api/units/${hello.id}/`, { method: 'PATCH', json: { target: [target], state: 20 } });
    expect(res.status, await res.clone().text()).toBe(200);
    return { unitId: hello.id, changeId: await lastChangeId() };
  };
  const edit = async (target: string, addons?: AddonsService) => {
    const { unitId, changeId } = await patch(target);
    await feed(changeId, addons);
    return unitId;
  };
  const at = (path: string) => received.filter((r) => r.path === path);
  const targets = (path: string) => at(path).map((r) => (JSON.parse(r.body) as { target: string }).target);

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const script = scripts.get(path) ?? [200];
        const status = script.length > 1 ? script.shift()! : script[0]!;
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    // Retries wait milliseconds, not seconds, in tests.
    webhookPolicy.baseDelayMs = 5;
    s = await startServer(dialect);
    expect((await createProject(s, 'hooks')).status).toBe(201);
    expect((await createPoComponent(s, 'hooks')).status).toBe(201);
  });
  afterAll(async () => {
    await s?.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('validates the configuration', async () => {
    for (const [configuration, fragment] of [
      [{}, 'webhook_url: This field is required.'],
      [{ webhook_url: 'ftp://example.com/x' }, 'webhook_url: Enter a valid URL.'],
      [{ webhook_url: 'not a url' }, 'webhook_url: Enter a valid URL.'],
      [{ webhook_url: 'https://example.com/', secret: 'whsec_short' }, 'secret:'],
      [{ webhook_url: 'https://example.com/', events: [2, 9999] }, 'events: Select a valid choice. 9999'],
      [{ webhook_url: 'https://example.com/', events: 'all' }, 'events:'],
      [{ webhook_url: 'https://example.com/', colour: 'red' }, 'colour: Unknown configuration option.'],
    ] as const) {
      const res = await install(configuration);
      expect(res.status, JSON.stringify(configuration)).toBe(400);
      const body = (await res.json()) as { errors: { attr: string; detail: string }[] };
      expect(body.errors.some((e) => e.attr === 'configuration' && e.detail.startsWith(fragment)), JSON.stringify(body)).toBe(true);
    }
  });

  it('POSTs a signed change object after a unit edit, only for the chosen actions', async () => {
    const res = await install({ webhook_url: `${hookBase}/signed`, secret, events: ['2', 5] });
    expect(res.status, await res.clone().text()).toBe(201);
    const addon = (await res.json()) as { configuration: { events: number[]; secret: string } };
    expect(addon.configuration).toMatchObject({ events: [2, 5], secret });
    await s.container.tasks.idle();
    expect(at('/signed'), 'the "Add-on installed" change is not among the chosen actions').toHaveLength(0);

    // No flush here: the feed's own timer (every second) delivers it.
    const { unitId } = await patch('Ahoj!');
    for (let i = 0; i < 100 && at('/signed').length === 0; i++) await sleep(100);
    await s.container.tasks.idle();
    const got = at('/signed');
    expect(got).toHaveLength(1);
    expect(() => verify(secret, got[0]!.headers as Record<string, string>, got[0]!.body)).not.toThrow();
    expect(() => verify(generateSecret(), got[0]!.headers as Record<string, string>, got[0]!.body)).toThrow();
    const payload = JSON.parse(got[0]!.body) as Record<string, unknown>;
    expect(payload).toMatchObject({ action: 2, action_name: 'Translation changed', target: 'Ahoj!', old: 'Ahoj' });
    expect(payload.change_id).toBe(payload.id);
    expect(got[0]!.headers['webhook-id']).toMatch(new RegExp(`^msg_\\d+_${String(payload.id)}$`));
    expect(String(payload.unit)).toMatch(new RegExp(`/api/units/${unitId}/$`));
    expect(String(payload.translation)).toMatch(/\/api\/translations\/hooks\/app\/cs\/$/);
    expect(String(payload.component)).toMatch(/\/api\/components\/hooks\/app\/$/);
    expect(String(payload.project)).toMatch(/\/api\/projects\/hooks\/$/);
    expect(String(payload.user)).toMatch(/\/api\/users\/admin\/$/);
    // The change the payload describes is the one the API shows.
    const change = (await (await s.api(`/api/changes/${String(payload.id)}/`)).json()) as Record<string, unknown>;
    expect(change).toMatchObject({ action: 2, target: 'Ahoj!' });
    // Every attempt is in the add-on's log.
    const logs = await s.container.database.db.selectFrom('addon_log').selectAll().where('message', 'like', 'Attempt 1/%').execute();
    expect(logs.some((l) => l.message.includes('/signed') && l.success === 1)).toBe(true);
  });

  it('retries a 500 and delivers on the next attempt with the same webhook-id', async () => {
    scripts.set('/flaky', [500, 200]);
    expect((await install({ webhook_url: `${hookBase}/flaky`, secret, events: [2] })).status).toBe(201);
    await edit('Ahoj znovu');
    await s.container.tasks.idle();
    const got = at('/flaky');
    expect(got).toHaveLength(2);
    expect(got[0]!.headers['webhook-id']).toBe(got[1]!.headers['webhook-id']);
    expect(() => verify(secret, got[1]!.headers as Record<string, string>, got[1]!.body)).not.toThrow();
    const tasks = await s.container.database.db.selectFrom('tasks').selectAll().where('name', '=', WEBHOOK_TASK).where('log', 'like', '%/flaky%').execute();
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.status).toBe('done');
    expect(tasks[0]!.log).toMatch(/Attempt 1\/\d+: POST \S+\/flaky → 500[\s\S]*Attempt 2\/\d+: POST \S+\/flaky → 200/);
  });

  it('does not retry a 4xx, gives up after the last attempt, and records the failure', async () => {
    scripts.set('/gone', [410]);
    scripts.set('/down', [503]);
    const gone = (await (await install({ webhook_url: `${hookBase}/gone`, events: [2] })).json()) as { id: number };
    const down = (await (await install({ webhook_url: `${hookBase}/down`, events: [2] })).json()) as { id: number };
    await edit('Ahoj potřetí');
    await s.container.tasks.idle();
    expect(at('/gone')).toHaveLength(1);
    expect(at('/gone')[0]!.headers['webhook-signature'], 'no secret: unsigned').toBeUndefined();
    expect(at('/down')).toHaveLength(webhookPolicy.attempts);
    const rows = await s.container.database.db.selectFrom('addons').select(['id', 'last_error']).where('id', 'in', [gone.id, down.id]).orderBy('id').execute();
    expect(rows.map((r) => r.last_error)).toEqual([expect.stringMatching(/failed: 410/), expect.stringMatching(/failed: 503/)]);
  });

  it('never sends a change whose transaction rolled back', async () => {
    expect((await install({ webhook_url: `${hookBase}/rollback`, events: [2] })).status).toBe(201);
    const db = s.container.database.db;
    const app = await db.selectFrom('components').select(['id', 'project_id']).where('slug', '=', 'app').executeTakeFirstOrThrow();
    const doomed = db.transaction().execute(async (tx) => {
      await s.container.changes.record(tx, { action: 2, projectId: app.project_id, componentId: app.id, target: 'rolled back' });
      throw new Error('roll back');
    });
    await expect(doomed).rejects.toThrow('roll back');
    await edit('Ahoj po chybě');
    // Several passes over the same ids: the committed change goes out once, the rolled-back one never.
    await s.container.addons.flushChangeFeed();
    await s.container.tasks.idle();
    expect(targets('/rollback')).toEqual(['Ahoj po chybě']);
  });

  it.runIf(dialect === 'postgres')('waits for a change committed after a later one (a lower id committed late)', async () => {
    expect((await install({ webhook_url: `${hookBase}/late`, events: [2] })).status).toBe(201);
    const db = s.container.database.db;
    const app = await db.selectFrom('components').select(['id', 'project_id']).where('slug', '=', 'app').executeTakeFirstOrThrow();
    let commit!: () => void;
    const released = new Promise<void>((resolve) => (commit = resolve));
    let recorded!: () => void;
    const inside = new Promise<void>((resolve) => (recorded = resolve));
    const slow = db.transaction().execute(async (tx) => {
      await s.container.changes.record(tx, { action: 2, projectId: app.project_id, componentId: app.id, target: 'committed late' });
      recorded();
      await released;
    });
    await inside;
    const { changeId } = await patch('Ahoj dřív');
    for (let i = 0; i < 5; i++) {
      await s.container.addons.flushChangeFeed();
      await sleep(300);
    }
    await s.container.tasks.idle();
    expect(await cursor(), 'the feed stops before the id still in flight').toBeLessThan(changeId);
    expect(at('/late')).toHaveLength(0);
    commit();
    await slow;
    await feed(changeId);
    expect(targets('/late')).toEqual(['committed late', 'Ahoj dřív']);
  });

  it('a restarted feed (a new AddonsService on the same database) does not resend dispatched changes', async () => {
    expect((await install({ webhook_url: `${hookBase}/restart`, events: [2] })).status).toBe(201);
    await edit('Ahoj před restartem');
    expect(targets('/restart')).toEqual(['Ahoj před restartem']);
    const { access, changes, tasks, database } = s.container;
    const restarted = new AddonsService(database.db, access, changes, tasks, s.container.addons.services);
    try {
      const queued = await database.db.selectFrom('tasks').select('id').execute();
      expect(await restarted.flushChangeFeed()).toBe(0);
      await tasks.idle();
      expect(await database.db.selectFrom('tasks').select('id').execute()).toHaveLength(queued.length);
      expect(targets('/restart')).toEqual(['Ahoj před restartem']);
      // It carries on from the cursor: the next change goes out once, whichever feed takes it.
      await edit('Ahoj po restartu', restarted);
      expect(targets('/restart')).toEqual(['Ahoj před restartem', 'Ahoj po restartu']);
    } finally {
      await restarted.stop();
    }
  });
});
