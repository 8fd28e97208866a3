// The role pages over HTTP as a browser uses them: roles created and edited with their permissions as the roles API shows them
// (a save replaces the set, as PUT does), refusals next to the field with the choices kept, deletion after the name is typed,
// and the pages and forms for role managers only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fieldError, fieldValue, signIn, userWithPassword, type UiSession } from '../helpers/ui-session.js';

describe.each(DIALECTS)('role pages (%s)', (dialect) => {
  let s: TestServer;
  let admin: UiSession;
  let tereza: UiSession;

  const roles = async () => ((await (await s.api('/api/roles/?page_size=1000')).json()) as { results: { id: number; name: string; permissions: string[] }[] }).results;

  beforeAll(async () => {
    s = await startServer(dialect);
    await userWithPassword(s, 'tereza');
    admin = await signIn(s, 'admin');
    tereza = await signIn(s, 'tereza');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lists the roles and offers every permission of the catalog, grouped', async () => {
    const page = await admin.get('/manage/roles/');
    expect(page.status).toBe(200);
    expect(page.html).toContain('>Power user</a>');
    expect((await admin.get('/manage/')).html).toContain('href="/manage/roles/" id="manage-roles"');
    for (const codename of ['unit.edit', 'vcs.push', 'group.edit', 'componentlist.edit']) {
      expect(page.html).toContain(`<input type="checkbox" id="perm-${codename.replace('.', '-')}" name="permissions" value="${codename}">`);
      expect(page.html).toContain(`<label for="perm-${codename.replace('.', '-')}">`);
    }
    expect(page.html).toContain('<legend>Strings</legend>');
    expect(page.html).toContain('<legend>Site-wide: teams</legend>');
  });

  it('creates a role, replaces its permissions and renames it, as the roles API shows', async () => {
    const created = await admin.post('/manage/roles/', [['name', 'Proofreaders'], ['permissions', 'unit.review'], ['permissions', 'comment.resolve']], { from: '/manage/roles/' });
    expect(created.status, created.html).toBe(303);
    const base = /^(\/manage\/roles\/\d+\/)\?done=role_created$/.exec(created.location ?? '')?.[1];
    expect(base).toBeTruthy();
    expect((await roles()).find((r) => r.name === 'Proofreaders')!.permissions.sort()).toEqual(['comment.resolve', 'unit.review']);
    const page = await admin.get(created.location!);
    expect(page.html).toContain('The role is created.');
    expect(page.html).toContain('value="unit.review" checked');

    const saved = await admin.post(base!, [['name', 'Senior proofreaders'], ['permissions', 'unit.review'], ['permissions', 'unit.override']], { from: base! });
    expect(saved).toMatchObject({ status: 303, location: `${base}?done=role_saved` });
    const role = (await roles()).find((r) => `/manage/roles/${r.id}/` === base)!;
    expect(role.name).toBe('Senior proofreaders');
    expect(role.permissions.sort()).toEqual(['unit.override', 'unit.review']);

    // A name another role has is refused next to the field, the name and the checked permissions kept.
    const taken = await admin.post(base!, [['name', 'Translate'], ['permissions', 'vcs.push']], { from: base! });
    expect(taken.status).toBe(400);
    expect(fieldError(taken.html, 'name')).toBeTruthy();
    expect(fieldValue(taken.html, 'name')).toBe('Translate');
    expect(taken.html).toContain('value="vcs.push" checked');
    expect((await roles()).find((r) => r.id === role.id)!.name).toBe('Senior proofreaders');

    const wrong = await admin.post(`${base}delete/`, { confirm: 'Senior' }, { from: base! });
    expect(wrong.status).toBe(400);
    expect(fieldError(wrong.html, 'confirm')).toBeTruthy();
    expect(await admin.post(`${base}delete/`, { confirm: 'Senior proofreaders' }, { from: base! })).toMatchObject({ status: 303, location: '/manage/roles/?done=role_deleted' });
    expect((await roles()).some((r) => r.id === role.id)).toBe(false);
  });

  it('is for role managers: others get 403 and change nothing', async () => {
    const translate = (await roles()).find((r) => r.name === 'Translate')!;
    for (const path of ['/manage/roles/', `/manage/roles/${translate.id}/`]) expect((await tereza.get(path)).status, path).toBe(403);
    expect((await tereza.post('/manage/roles/', [['name', 'Sneaky'], ['permissions', 'group.edit']])).status).toBe(403);
    expect((await tereza.post(`/manage/roles/${translate.id}/`, [['name', 'Translate'], ['permissions', 'group.edit']])).status).toBe(403);
    expect((await roles()).some((r) => r.name === 'Sneaky')).toBe(false);
    expect((await roles()).find((r) => r.id === translate.id)!.permissions).not.toContain('group.edit');
  });
});
