// Background tasks: the statistics recalculation task run through the queue and read at /api/tasks/<uuid>/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';

describe.each(DIALECTS)('tasks on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'hello')).status).toBe(201);
    expect((await createPoComponent(s, 'hello')).status).toBe(201);
    expect((await createProject(s, 'secret', { access_control: 100 })).status).toBe(201);
  });
  afterAll(() => s.close());

  it('keeps counters equal to a full recount, and the recalculation task repairs damage', async () => {
    const db = s.container.database.db;
    const add = await s.api('/api/components/hello/app/translations/', { method: 'POST', json: { language_code: 'fr' } });
    expect(add.status).toBe(201);
    for (const t of await db.selectFrom('translations').selectAll().execute()) {
      expect(await s.container.stats.recount(t.id)).toMatchObject({ total: t.total, translated: t.translated, fuzzy: t.fuzzy, total_words: t.total_words });
    }
    const cs = await db.selectFrom('translations').innerJoin('languages', 'languages.id', 'translations.language_id').select('translations.id').where('languages.code', '=', 'cs').executeTakeFirstOrThrow();
    await db.updateTable('translations').set({ translated: 0, total: 99 }).where('id', '=', cs.id).execute();
    expect((await (await s.api('/api/translations/hello/app/cs/statistics/')).json()).total).toBe(99);

    const project = await db.selectFrom('projects').select('id').where('slug', '=', 'hello').executeTakeFirstOrThrow();
    const id = await s.container.tasks.enqueue('recalculate-statistics', {}, { projectId: project.id });
    await s.container.tasks.idle();
    // A task's status is for signed-in callers, as the reference answers.
    expect((await s.api(`/api/tasks/${id}/`, { token: null })).status).toBe(401);
    const reader = await s.createUser(`reader${Date.now()}`);
    const res = await s.api(`/api/tasks/${id}/`, { token: reader });
    expect(res.status).toBe(200);
    const task = await res.json();
    expect(task).toMatchObject({ completed: true, progress: 100, result: { translations: 4, corrected: 1 } });
    expect(await (await s.api('/api/translations/hello/app/cs/statistics/')).json()).toMatchObject({ total: 4, translated: 2 });
  });

  it('hides tasks of invisible projects and unknown ids', async () => {
    const secret = await s.container.database.db.selectFrom('projects').select('id').where('slug', '=', 'secret').executeTakeFirstOrThrow();
    const id = await s.container.tasks.enqueue('recalculate-statistics', { componentId: -1 }, { projectId: secret.id });
    await s.container.tasks.idle();
    expect((await s.api(`/api/tasks/${id}/`, { token: await s.createUser(`outsider${Date.now()}`) })).status).toBe(404);
    expect((await s.api(`/api/tasks/${id}/`)).status).toBe(200);
    expect((await s.api('/api/tasks/00000000-0000-0000-0000-000000000000/')).status).toBe(404);
    expect((await s.api('/api/tasks/not-a-uuid/')).status).toBe(404);
  });
});
