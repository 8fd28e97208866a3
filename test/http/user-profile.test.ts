// A user's profile, as the reference shows and changes it through /api/users/<username>/: preferences,
// languages, watched projects and the dashboard, checked against what the profile's owner may see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('user profiles (%s)', (dialect) => {
  let s: TestServer;
  let jane: string;
  let bob: string;
  let manager: string;

  const call = async (path: string, init: { method?: string; json?: unknown; body?: BodyInit; token?: string | null } = {}) => {
    const res = await s.api(path, init);
    return { status: res.status, body: await res.json() };
  };
  const patchProfile = (username: string, profile: Record<string, unknown>, token?: string, extra: Record<string, unknown> = {}) =>
    call(`/api/users/${username}/`, { method: 'PATCH', token, json: { ...extra, profile } });
  const profileOf = async (username: string, token?: string) => (await call(`/api/users/${username}/`, { token })).body.profile;

  beforeAll(async () => {
    s = await startServer(dialect);
    jane = await s.createUser('jane');
    bob = await s.createUser('bob');
    manager = await s.createUser('manager');
    expect((await createProject(s, 'p')).status).toBe(201);
    expect((await createPoComponent(s, 'p')).status).toBe(201);
    expect((await createProject(s, 'secret', { access_control: 100 })).status).toBe(201);
    // `manager` manages users (user.edit) but sees no private project.
    const role = await call('/api/roles/', { method: 'POST', json: { name: 'User managers', permissions: ['user.edit'] } });
    const team = await call('/api/groups/', { method: 'POST', json: { name: 'User managers', project_selection: 0, language_selection: 0 } });
    expect((await call(`/api/groups/${team.body.id}/roles/`, { method: 'POST', json: { role_id: role.body.id } })).status).toBe(200);
    expect((await call('/api/users/manager/groups/', { method: 'POST', json: { group_id: team.body.id } })).status).toBe(200);
    // `jane` is a member of the private project.
    const groups = (await call('/api/groups/?page_size=1000')).body.results as { id: number; defining_project: string | null }[];
    const secretTeam = groups.find((g) => g.defining_project === `${s.url}/api/projects/secret/`)!;
    expect((await call('/api/users/jane/groups/', { method: 'POST', json: { group_id: secretTeam.id } })).status).toBe(200);
  });
  afterAll(() => s?.close());

  it('comes with every user object the user and user managers see, with defaults', async () => {
    const own = await call('/api/users/jane/', { token: jane });
    expect(own.body.profile).toEqual({
      language: '',
      languages: [],
      secondary_languages: [],
      watched: [],
      dashboard_view: 1,
      dashboard_component_list: null,
      theme: 'auto',
      website: '',
      contact: '',
      company: '',
      location: '',
      public_email: '',
      commit_email: '',
      commit_name: 'default',
      translate_mode: 0,
      zen_mode: 0,
      nearby_strings: 15,
      special_chars: '',
      editor_link: '',
      hide_completed: false,
      secondary_in_zen: true,
      hide_source_secondary: false,
      wide_tables: false,
      listing_columns: [],
      translated: 0,
      suggested: 0,
      uploaded: 0,
      commented: 0,
      last_2fa: null,
    });
    expect((await call('/api/users/jane/', { token: bob })).body).toEqual({ id: expect.any(Number), full_name: 'jane', username: 'jane' });
    const created = await call('/api/users/', { method: 'POST', json: { username: 'carol', email: 'carol@example.com', full_name: 'Carol', is_active: true } });
    expect(created.status).toBe(201);
    expect(created.body.profile).toMatchObject({ theme: 'auto', languages: [] });
    const list = (await call('/api/users/?username=ja')).body.results;
    expect(list[0].profile).toMatchObject({ theme: 'auto' });
  });

  it('is changed by its user with PATCH and PUT, only the fields named', async () => {
    const patched = await patchProfile('jane', { theme: 'light', company: 'Parla', secondary_languages: ['en'], translate_mode: 1, website: 'https://example.com/', contact: 'https://signal.me/#eu/example' }, jane);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.profile).toMatchObject({ theme: 'light', company: 'Parla', secondary_languages: [`${s.url}/api/languages/en/`], translate_mode: 1, website: 'https://example.com/' });
    const put = await call('/api/users/jane/', {
      method: 'PUT',
      token: jane,
      json: { full_name: 'Jane', username: 'jane', email: 'jane@example.com', profile: { language: 'en', secondary_languages: ['cs'], theme: 'dark', commit_name: 'public' } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await profileOf('jane', jane)).toMatchObject({ language: 'en', theme: 'dark', commit_name: 'public', company: 'Parla', secondary_languages: [`${s.url}/api/languages/cs/`] });
    const more = await patchProfile('jane', { location: 'Prague', languages: ['cs', 'de'], nearby_strings: 5, special_chars: '\u00a0 ', wide_tables: true, listing_columns: ['total', 'untranslated', 'checks'] }, jane);
    expect(more.body.profile).toMatchObject({
      location: 'Prague',
      languages: [`${s.url}/api/languages/cs/`, `${s.url}/api/languages/de/`],
      nearby_strings: 5,
      special_chars: '\u00a0 ',
      wide_tables: true,
      listing_columns: ['total', 'untranslated', 'checks'],
    });
    expect((await patchProfile('jane', { secondary_languages: null }, jane)).body.profile.secondary_languages).toEqual([]);
  });

  it('takes its fields from forms too (profile.field names)', async () => {
    const form = new URLSearchParams({ 'profile.theme': 'light', 'profile.hide_completed': 'True', 'profile.languages': 'cs' });
    const res = await call('/api/users/jane/', { method: 'PATCH', token: jane, body: form });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.profile).toMatchObject({ theme: 'light', hide_completed: true, languages: [`${s.url}/api/languages/cs/`] });
  });

  it('refuses bad values without changing anything, and ignores the read-only counters', async () => {
    const before = await call('/api/users/jane/', { token: jane });
    const unknown = await patchProfile('jane', { languages: ['unknown'] }, jane, { full_name: 'Should not update' });
    expect(unknown).toMatchObject({ status: 400, body: { errors: [{ code: 'does_not_exist', attr: 'profile.languages' }] } });
    expect((await call('/api/users/jane/', { token: jane })).body.full_name).toBe(before.body.full_name);
    expect(await patchProfile('jane', { languages: 'not-a-list' }, jane)).toMatchObject({ status: 400, body: { errors: [{ code: 'not_a_list', attr: 'profile.languages' }] } });
    for (const [field, value] of [
      ['theme', 'purple'],
      ['commit_name', 'secret'],
      ['dashboard_view', 3],
      ['translate_mode', 7],
      ['nearby_strings', 0],
      ['website', 'not a url'],
      ['special_chars', 'x'.repeat(31)],
      ['listing_columns', ['comments', 'comments']],
      ['listing_columns', ['invalid']],
      ['public_email', 'unverified@email.com'],
      ['commit_email', 'unverified@email.com'],
    ] as [string, unknown][]) {
      const res = await patchProfile('jane', { [field]: value }, jane);
      expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(res.body.errors[0].attr).toBe(`profile.${field}`);
    }
    expect((await patchProfile('jane', { translated: 9999, last_2fa: '2030-01-01T00:00:00Z' }, jane)).body.profile).toMatchObject({ translated: 0, last_2fa: null });
    expect(await profileOf('jane', jane)).toEqual(before.body.profile);
  });

  it('takes the account e-mail address as public and commit address, and clears them', async () => {
    const set = await patchProfile('jane', { public_email: 'JANE@example.com', commit_email: 'jane@example.com' }, jane);
    expect(set.body.profile).toMatchObject({ public_email: 'JANE@example.com', commit_email: 'jane@example.com' });
    const cleared = await patchProfile('jane', { public_email: '', commit_email: '' }, jane);
    expect(cleared.body.profile).toMatchObject({ public_email: '', commit_email: '' });
  });

  it('is changed by user managers but by no other user', async () => {
    expect((await patchProfile('bob', { theme: 'light' }, jane)).status).toBe(403);
    const byAdmin = await patchProfile('bob', { theme: 'dark', location: 'Berlin', secondary_languages: ['cs'], watched: ['p'] });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(byAdmin.body.profile).toMatchObject({ theme: 'dark', location: 'Berlin', watched: [`${s.url}/api/projects/p/`] });
    expect((await patchProfile('bob', { theme: 'light' }, manager)).body.profile.theme).toBe('light');
  });

  it('watches only projects its user may see, and shows only those the caller may see', async () => {
    // Checked against the owner: bob may not see the private project, jane may, whoever asks.
    expect(await patchProfile('bob', { watched: ['secret'] })).toMatchObject({ status: 400, body: { errors: [{ code: 'does_not_exist', attr: 'profile.watched' }] } });
    expect(await patchProfile('bob', { watched: ['missing'] })).toMatchObject({ status: 400, body: { errors: [{ attr: 'profile.watched' }] } });
    const watched = await patchProfile('jane', { watched: ['p', 'secret'] }, manager);
    expect(watched.status, JSON.stringify(watched.body)).toBe(200);
    const both = [`${s.url}/api/projects/p/`, `${s.url}/api/projects/secret/`];
    expect((await profileOf('jane', jane)).watched).toEqual(both);
    expect((await profileOf('jane')).watched).toEqual(both);
    expect((await profileOf('jane', manager)).watched).toEqual([`${s.url}/api/projects/p/`]);
  });

  it('is shown to user.view holders like to user managers, who change only themselves', async () => {
    const viewer = await s.createUser('viewer');
    const role = await call('/api/roles/', { method: 'POST', json: { name: 'User viewers', permissions: ['user.view'] } });
    const team = await call('/api/groups/', { method: 'POST', json: { name: 'User viewers', project_selection: 0, language_selection: 0 } });
    expect((await call(`/api/groups/${team.body.id}/roles/`, { method: 'POST', json: { role_id: role.body.id } })).status).toBe(200);
    expect((await call('/api/users/viewer/groups/', { method: 'POST', json: { group_id: team.body.id } })).status).toBe(200);
    const rows = await s.container.database.db.selectFrom('users').select('id').execute();
    const list = await call('/api/users/?page_size=1000', { token: viewer });
    expect(list.body.count).toBe(rows.length);
    expect(list.body.results.every((u: { email?: string }) => typeof u.email === 'string')).toBe(true);
    expect((await call('/api/users/?email=JANE@example.com', { token: viewer })).body.results.map((u: { username: string }) => u.username)).toEqual(['jane']);
    const janeSeen = (await call('/api/users/jane/', { token: viewer })).body;
    expect(janeSeen).toMatchObject({ email: 'jane@example.com', profile: { watched: [`${s.url}/api/projects/p/`] } });
    expect((await patchProfile('jane', { theme: 'dark' }, viewer)).status).toBe(403);
    expect((await call('/api/users/viewer/', { method: 'PATCH', token: viewer, json: { full_name: 'Viewed User' } })).body.full_name).toBe('Viewed User');
    const privileged = await call('/api/users/viewer/', { method: 'PATCH', token: viewer, json: { is_superuser: true, is_active: false, is_bot: true } });
    expect(privileged).toMatchObject({ status: 200, body: { is_superuser: false, is_active: true, is_bot: false } });
  });

  it('keeps the dashboard view and its component list together', async () => {
    const dashboard = (body: { profile: { dashboard_view: number; dashboard_component_list: string | null } }) => [body.profile.dashboard_view, body.profile.dashboard_component_list];
    expect((await call('/api/component-lists/', { method: 'POST', json: { name: 'External', slug: 'external', show_dashboard: true } })).status).toBe(201);
    // A list whose only component is restricted is as good as empty for those who do not see that component.
    expect((await createPoComponent(s, 'p', 'hidden')).status).toBe(201);
    const hidden = await call('/api/components/p/hidden/', { method: 'PATCH', json: { restricted: true } });
    expect(hidden.body.restricted).toBe(true);
    expect((await call('/api/component-lists/', { method: 'POST', json: { name: 'Restricted only', slug: 'restricted-only', show_dashboard: true } })).status).toBe(201);
    expect((await call('/api/component-lists/restricted-only/components/', { method: 'POST', json: { component_id: hidden.body.id } })).status).toBeLessThan(300);
    for (const slug of [1, 'missing', 'external', 'restricted-only']) {
      expect(await patchProfile('bob', { dashboard_component_list: slug }, bob), String(slug)).toMatchObject({ status: 400, body: { errors: [{ attr: 'profile.dashboard_component_list' }] } });
    }
    expect(dashboard((await patchProfile('bob', { dashboard_component_list: null }, bob)).body)).toEqual([1, null]);
    const none = await patchProfile('bob', { dashboard_view: 6, dashboard_component_list: null }, bob);
    expect(none).toMatchObject({ status: 400, body: { errors: [{ detail: 'No component lists are available for this dashboard view.', attr: 'profile.dashboard_view' }] } });
    const component = (await call('/api/components/p/app/')).body;
    expect((await call('/api/component-lists/', { method: 'POST', json: { name: 'Dashboard', slug: 'dashboard-cl', show_dashboard: true } })).status).toBe(201);
    expect((await call('/api/component-lists/dashboard-cl/components/', { method: 'POST', json: { component_id: component.id } })).status).toBeLessThan(300);
    const chosen = await patchProfile('bob', { dashboard_component_list: 'dashboard-cl' }, bob);
    expect(dashboard(chosen.body)).toEqual([4, `${s.url}/api/component-lists/dashboard-cl/`]);
    expect(dashboard((await patchProfile('bob', { dashboard_view: 6, dashboard_component_list: null }, bob)).body)).toEqual([6, null]);
    expect(dashboard((await patchProfile('bob', { dashboard_view: 5 }, bob)).body)).toEqual([5, null]);
    expect(await patchProfile('bob', { dashboard_view: 4 }, bob)).toMatchObject({ status: 400, body: { errors: [{ attr: 'profile.dashboard_component_list' }] } });
  });

  it('goes with the user when the user is deleted', async () => {
    expect((await call('/api/users/carol/', { method: 'PATCH', json: { profile: { theme: 'dark', languages: ['cs'], watched: ['p'] } } })).status).toBe(200);
    const carol = await s.container.database.db.selectFrom('users').select('id').where('username', '=', 'carol').executeTakeFirstOrThrow();
    expect((await s.api('/api/users/carol/', { method: 'DELETE' })).status).toBe(204);
    const db = s.container.database.db;
    for (const table of ['user_profiles', 'user_profile_languages', 'user_watched_projects'] as const) {
      expect(await db.selectFrom(table).select('user_id').where('user_id', '=', carol.id).execute(), table).toEqual([]);
    }
  });
});
