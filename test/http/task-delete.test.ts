// DELETE /api/tasks/<uuid>/: cancelling a background task (component.edit on its project), 204.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';

describe.each(DIALECTS)('task cancellation on %s', (dialect) => {
  let s: TestServer;
  let plain: string;
  let outsider: string;
  let projectId: number;
  let secretId: number;
  /** Tasks of the test handler wait until released. */
  const gates: (() => void)[] = [];
  let ran = 0;

  beforeAll(async () => {
    s = await startServer(dialect);
    plain = await s.createUser('plain');
    outsider = await s.createUser('outsider');
    expect((await createProject(s, 'hello')).status).toBe(201);
    expect((await createPoComponent(s, 'hello')).status).toBe(201);
    expect((await createProject(s, 'secret', { access_control: 100 })).status).toBe(201);
    const db = s.container.database.db;
    projectId = (await db.selectFrom('projects').select('id').where('slug', '=', 'hello').executeTakeFirstOrThrow()).id;
    secretId = (await db.selectFrom('projects').select('id').where('slug', '=', 'secret').executeTakeFirstOrThrow()).id;
    s.container.tasks.register('test-gate', async () => {
      ran++;
      await new Promise<void>((resolve) => gates.push(resolve));
      return { finished: true };
    });
  }, 120_000);
  afterAll(async () => {
    for (const g of gates) g();
    await s?.close();
  });

  const status = async (id: string) => (await s.container.database.db.selectFrom('tasks').select(['status', 'result']).where('id', '=', id).executeTakeFirstOrThrow());
  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };

  it('cancels a running and a queued task; neither is reported done, the queued one never runs', async () => {
    const running = await s.container.tasks.enqueue('test-gate', {}, { projectId });
    const queued = await s.container.tasks.enqueue('test-gate', {}, { projectId });
    await waitFor(() => gates.length === 1);
    expect((await status(running)).status).toBe('running');
    expect((await status(queued)).status).toBe('queued');

    // Anonymous callers: 401; signed-in users without component.edit: 403; nothing changes.
    expect((await s.api(`/api/tasks/${queued}/`, { method: 'DELETE', token: null })).status).toBe(401);
    expect((await s.api(`/api/tasks/${queued}/`, { method: 'DELETE', token: plain })).status).toBe(403);
    expect((await status(queued)).status).toBe('queued');

    let res = await s.api(`/api/tasks/${queued}/`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    res = await s.api(`/api/tasks/${running}/`, { method: 'DELETE' });
    expect(res.status).toBe(204);

    gates.shift()!();
    await s.container.tasks.idle();
    expect(ran).toBe(1);
    for (const id of [running, queued]) {
      const task = await (await s.api(`/api/tasks/${id}/`)).json();
      expect(task).toMatchObject({ completed: true, result: { error: 'The task was cancelled.' } });
      expect((await status(id)).status).toBe('failed');
    }
  });

  it('leaves a finished task as it is and unlinks a cancelled task from its component', async () => {
    const done = await s.container.tasks.enqueue('test-gate', {}, { projectId });
    await waitFor(() => gates.length === 1);
    gates.shift()!();
    await s.container.tasks.idle();
    expect((await s.api(`/api/tasks/${done}/`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await s.api(`/api/tasks/${done}/`)).json()).toMatchObject({ completed: true, result: { finished: true } });

    const db = s.container.database.db;
    const component = await db.selectFrom('components').select('id').where('slug', '=', 'app').executeTakeFirstOrThrow();
    const setup = await s.container.tasks.enqueue('test-gate', {}, { projectId, componentId: component.id });
    await db.updateTable('components').set({ task_id: setup }).where('id', '=', component.id).execute();
    expect((await (await s.api('/api/components/hello/app/')).json()).task_url).toMatch(new RegExp(`/api/tasks/${setup}/$`));
    expect((await s.api(`/api/tasks/${setup}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await (await s.api('/api/components/hello/app/')).json()).task_url).toBeNull();
    await waitFor(() => gates.length === 1);
    gates.shift()!();
    await s.container.tasks.idle();
    expect((await status(setup)).status).toBe('failed');
  });

  it('answers 404 for unknown ids and tasks of projects the caller may not see', async () => {
    const hidden = await s.container.tasks.enqueue('test-gate', {}, { projectId: secretId });
    await waitFor(() => gates.length === 1);
    expect((await s.api(`/api/tasks/${hidden}/`, { method: 'DELETE', token: outsider })).status).toBe(404);
    expect((await status(hidden)).status).toBe('running');
    expect((await s.api('/api/tasks/00000000-0000-0000-0000-000000000000/', { method: 'DELETE' })).status).toBe(404);
    expect((await s.api('/api/tasks/not-a-uuid/', { method: 'DELETE' })).status).toBe(404);
    gates.shift()!();
    await s.container.tasks.idle();
    expect((await status(hidden)).status).toBe('done');
  });
});
