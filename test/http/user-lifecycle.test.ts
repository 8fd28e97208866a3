// A user's life over the API: statistics and contributions from real actions, what they may change
// about themselves, deactivation, and deletion wiping personal data — all audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { CS_PO, createPoComponent, createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('user lifecycle on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  const json = async (res: Response, status: number) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const list = async (path: string, t?: string | null) => (await json(await s.api(`${path}?page_size=1000`, { token: t }), 200)).results as any[];

  beforeAll(async () => {
    s = await startServer(dialect);
    for (const slug of ['pub', 'hidden']) {
      await json(await createProject(s, slug, slug === 'hidden' ? { access_control: 100 } : {}), 201);
      await json(await createPoComponent(s, slug), 201);
    }
    token = await s.createUser('mia');
  });
  afterAll(() => s.close());

  it('counts statistics and contributions from what the user really did', async () => {
    expect(await json(await s.api('/api/users/mia/statistics/', { token }), 200)).toEqual({ translated: 0, suggested: 0, uploaded: 0, commented: 0, languages: 0 });
    const units = await list('/api/translations/pub/app/cs/units/', token);
    const open = units.find((u) => u.source[0] === 'Open');
    await json(await s.api(`/api/units/${open.id}/`, { method: 'PATCH', token, json: { target: ['Otevřít'], state: 20 } }), 200);
    // An upload counts once as an upload and once per string it translated.
    const po = CS_PO.replace('msgid "Open"\nmsgstr ""', 'msgid "Open"\nmsgstr "Otevřít soubor"');
    const form = multipart({ method: 'translate', conflicts: 'replace-translated' }, { file: { name: 'cs.po', data: po } });
    const upload = await json(await s.api('/api/translations/pub/app/cs/file/', { method: 'POST', token, body: form }), 200);
    expect(upload.accepted).toBe(1);
    const stats = await json(await s.api('/api/users/mia/statistics/', { token }), 200);
    expect(stats).toEqual({ translated: 2, suggested: 0, uploaded: 1, commented: 0, languages: 1 });

    const contributions = await list('/api/users/mia/contributions/', token);
    expect(contributions.map((t) => `${t.component.project.slug}/${t.component.slug}/${t.language_code}`)).toEqual(['pub/app/cs']);
    // The admin's own edit of a private project is not shown to callers who cannot see that project.
    const hidden = (await list('/api/translations/hidden/app/de/units/')).find((u) => u.source[0] === 'Open');
    await json(await s.api(`/api/units/${hidden.id}/`, { method: 'PATCH', json: { target: ['Datei öffnen'], state: 20 } }), 200);
    expect((await list('/api/users/admin/contributions/')).map((t) => t.language_code)).toEqual(['de']);
    expect(await list('/api/users/admin/contributions/', token)).toEqual([]);
  });

  it('lets users change their name but only to addresses they own', async () => {
    const me = await json(await s.api('/api/users/mia/', { method: 'PATCH', token, json: { full_name: 'Mia M.' } }), 200);
    expect(me.full_name).toBe('Mia M.');
    const refused = await json(await s.api('/api/users/mia/', { method: 'PATCH', token, json: { email: 'someone-else@example.com' } }), 400);
    expect(refused.errors[0].attr).toBe('email');
    // Site-wide fields are silently read-only for them.
    const same = await json(await s.api('/api/users/mia/', { method: 'PATCH', token, json: { is_superuser: true } }), 200);
    expect(same.is_superuser).toBe(false);
    // A manager may set the address.
    await json(await s.api('/api/users/mia/', { method: 'PATCH', json: { email: 'mia@new.example.com' } }), 200);
    const audit = await list('/api/users/mia/audit/', token);
    expect(audit.filter((e) => e.activity === 'user.updated').map((e) => [e.actor, e.details.fields])).toEqual([
      ['admin', ['email']],
      ['mia', ['full_name']],
    ]);
    expect(audit.at(-1)).toMatchObject({ activity: 'user.created', user: 'mia' });
  });

  it('locks a deactivated user out at once', async () => {
    const t = await s.createUser('dan');
    await json(await s.api('/api/users/dan/', { token: t }), 200);
    await json(await s.api('/api/users/dan/', { method: 'PATCH', json: { is_active: false } }), 200);
    expect((await s.api('/api/users/dan/', { token: t })).status).toBe(401);
  });

  it('wipes personal data on deletion and keeps the history pointing at the anonymous row', async () => {
    const t = await s.createUser('zoe');
    const zoe = await json(await s.api('/api/users/zoe/'), 200);
    expect((await list('/api/users/zoe/notifications/', t)).length).toBeGreaterThan(0);
    const reviewers = (await list('/api/groups/')).find((g) => g.name === 'Reviewers' && g.defining_project === null);
    await json(await s.api(`/api/groups/${reviewers.id}/admins/`, { method: 'POST', json: { user_id: zoe.id } }), 200);
    const unit = (await list('/api/translations/pub/app/de/units/', t)).find((u) => u.source[0] === 'Open');
    await json(await s.api(`/api/units/${unit.id}/`, { method: 'PATCH', token: t, json: { target: ['Öffnen…'], state: 20 } }), 200);

    const personal = () => s.container.database.db.selectFrom('memory').select('id').where('user_id', '=', zoe.id).where('project_id', 'is', null).execute();
    expect((await personal()).length).toBeGreaterThan(0);
    expect((await s.api('/api/users/zoe/', { method: 'DELETE', token })).status).toBe(403);
    await json(await s.api('/api/users/zoe/', { method: 'DELETE' }), 204);
    expect((await s.api('/api/users/zoe/')).status).toBe(404);
    const gone = await json(await s.api(`/api/users/deleted-${zoe.id}/`), 200);
    expect(gone).toMatchObject({ id: zoe.id, full_name: 'Deleted User', is_active: false, groups: [] });
    expect(gone.email).not.toContain('zoe');
    expect(await list(`/api/users/deleted-${zoe.id}/notifications/`)).toEqual([]);
    expect(await personal()).toEqual([]);
    const team = await json(await s.api(`/api/groups/${reviewers.id}/`), 200);
    expect(team.admins).not.toContain(`${s.url}/api/users/deleted-${zoe.id}/`);
    expect((await s.api('/api/users/zoe/', { token: t })).status).toBe(401);
    // Her translation stays, now credited to the anonymous row.
    const translation = await json(await s.api('/api/translations/pub/app/de/'), 200);
    expect(translation.last_author).toBe('Deleted User');
    const audit = await list(`/api/users/deleted-${zoe.id}/audit/`);
    expect(audit[0]).toMatchObject({ activity: 'user.removed', actor: 'admin', details: { username: 'zoe' } });
  });
});
