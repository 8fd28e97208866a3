// Names the pages show in the reader's language while the API keeps the stored ones: language names (CLDR's, through
// ICU), the built-in teams' and roles' names and the permission catalog; teams and roles people named stay as typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

type Named = { id: number; name: string; defining_project: string | null };

describe.each(DIALECTS)('localized names on %s', (dialect) => {
  let s: TestServer;
  const page = async (pathname: string, language: string) => {
    const res = await fetch(`${s.url}${pathname}`, { headers: { Authorization: `Token ${s.adminToken}`, 'Accept-Language': language } });
    expect(res.status, pathname).toBe(200);
    expect(res.headers.get('content-language')).toBe(language);
    return res.text();
  };
  const list = async <T>(pathname: string): Promise<T[]> => ((await (await s.api(pathname, { headers: { 'Accept-Language': 'de' } })).json()) as { results: T[] }).results;
  let groups: Named[];
  let roles: Named[];
  const team = (name: string, project: boolean) => groups.find((g) => g.name === name && (g.defining_project !== null) === project)!;
  const role = (name: string) => roles.find((r) => r.name === name)!;

  beforeAll(async () => {
    s = await startServer(dialect);
    // A private project gets every built-in project team.
    expect((await createProject(s, 'shop', { access_control: 100 })).status).toBe(201);
    expect((await createPoComponent(s, 'shop')).status).toBe(201);
    await s.container.tasks.idle();
    // Names people chose: a site-wide team called like a project's built-in team, a built-in role renamed, and a new
    // role by the built-in role's old name.
    expect((await s.api('/api/groups/', { method: 'POST', json: { name: 'Translate', project_selection: 1, language_selection: 1 } })).status).toBe(201);
    roles = await list<Named>('/api/roles/?page_size=100');
    expect((await s.api(`/api/roles/${role('Manage glossary').id}/`, { method: 'PATCH', json: { name: 'Glossary keepers' } })).status).toBe(200);
    expect((await s.api('/api/roles/', { method: 'POST', json: { name: 'Manage glossary', permissions: ['glossary.add'] } })).status).toBe(201);
    groups = await list<Named>('/api/groups/?page_size=100');
    roles = await list<Named>('/api/roles/?page_size=100');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('shows language names in the UI language on the component, translation, language, editor and profile pages', async () => {
    const component = await page('/projects/shop/app/', 'de');
    expect(component).toMatch(/>Tschechisch</);
    expect(component).toMatch(/>Deutsch</);
    expect(component).not.toMatch(/>Czech</);
    const translation = await page('/projects/shop/app/cs/', 'de');
    expect(translation).toContain('<title>SHOP / APP / Tschechisch – Parla</title>');
    expect(translation).toContain('<h1>APP — <a href="/languages/cs/">Tschechisch</a></h1>');
    expect(await page('/projects/shop/app/cs/', 'cs')).toContain('<h1>APP — <a href="/languages/cs/">čeština</a></h1>');
    expect(await page('/projects/shop/app/de/', 'cs')).toContain('<h1>APP — <a href="/languages/de/">němčina</a></h1>');
    expect(await page('/languages/cs/', 'de')).toMatch(/<h1>Tschechisch <span class="muted">\(cs, /);
    expect(await page('/translate/shop/app/cs/', 'de')).toContain('<span>Tschechisch</span>');
    const profile = await page('/accounts/profile/', 'de');
    expect(profile).toContain('>Tschechisch (cs)</option>');
    // The interface languages stay in their own language.
    expect(profile).toMatch(/<option value="cs" lang="cs"[^>]*>čeština<\/option>/);
    // English pages show the stored names.
    expect(await page('/projects/shop/app/cs/', 'en')).toContain('<h1>APP — <a href="/languages/cs/">Czech</a></h1>');
  });

  it('keeps the stored English names in the API', async () => {
    const language = (await (await s.api('/api/languages/cs/', { headers: { 'Accept-Language': 'de' } })).json()) as { name: string };
    expect(language.name).toBe('Czech');
    const stats = (await (await s.api('/api/translations/shop/app/cs/statistics/', { headers: { 'Accept-Language': 'cs' } })).json()) as { name: string };
    expect(stats.name).toBe('Czech');
    expect(groups.map((g) => g.name)).toEqual(expect.arrayContaining(['Guests', 'Viewers', 'Reviewers', 'Project creators', 'Administration', 'Sources']));
    expect(roles.map((r) => r.name)).toEqual(expect.arrayContaining(['Translate', 'Translation coordinator', 'Glossary keepers', 'Manage glossary']));
  });

  it('shows the built-in site-wide teams and their roles in the UI language, other teams as named', async () => {
    const de = await page('/manage/teams/', 'de');
    const row = (id: number) => new RegExp(`<tr id="team-${id}"><th scope="row"><a href="/manage/teams/${id}/">([^<]*)</a>[^]*?</th><td>([^<]*)</td>`).exec(de)?.slice(1);
    expect(row(team('Guests', false).id)).toEqual(['Gäste', 'Vorschlag hinzufügen, Zugriff auf das Repository']);
    expect(row(team('Project creators', false).id)).toEqual(['Projektersteller', 'Neue Projekte hinzufügen']);
    expect(row(team('Translate', false).id)?.[0]).toBe('Translate');
    const cs = await page('/manage/teams/', 'cs');
    expect(cs).toContain(`<a href="/manage/teams/${team('Reviewers', false).id}/">Revizoři</a>`);
    // A team's page: its name in the title, the stored name where the delete form asks for it.
    const guests = await page(`/manage/teams/${team('Guests', false).id}/`, 'de');
    expect(guests).toContain('<h1>Team Gäste</h1>');
    expect(guests).toContain('<li>Zugriff auf das Repository');
    expect(guests).toContain('aria-label="Zugriff auf das Repository aus Gäste entfernen"');
    expect(guests).toContain('(Guests)');
    const projectTeam = await page(`/manage/teams/${team('Sources', true).id}/`, 'de');
    expect(projectTeam).toContain('<h1>Team Quellen</h1>');
    expect(projectTeam).toContain('<p>Ein Team des Projekts <a href="/access/shop/">shop</a>.</p>');
  });

  it('shows the built-in roles and the permission catalog in the UI language, renamed and new roles as named', async () => {
    const de = await page('/manage/roles/', 'de');
    const name = (id: number) => new RegExp(`<a href="/manage/roles/${id}/">([^<]*)</a>`).exec(de)?.[1];
    expect(name(role('Translation coordinator').id)).toBe('Übersetzungskoordination');
    expect(name(role('Review strings').id)).toBe('Zeichenketten prüfen');
    expect(name(role('Glossary keepers').id)).toBe('Glossary keepers');
    expect(name(role('Manage glossary').id)).toBe('Manage glossary');
    expect(de).toContain('<legend>Websiteweit: Teams</legend>');
    expect(de).toContain('<label for="perm-unit-edit">Zeichenketten bearbeiten <code>unit.edit</code></label>');
    const cs = await page(`/manage/roles/${role('Translation coordinator').id}/`, 'cs');
    expect(cs).toContain('<h1>Role Koordinátor překladu</h1>');
    expect(cs).toContain('<legend>Řetězce</legend>');
    expect(cs).toContain('<label for="perm-suggestion-vote">Hlasovat o návrzích <code>suggestion.vote</code></label>');
    // The name field and the delete form keep the stored name.
    expect(cs).toContain('value="Translation coordinator"');
  });

  it("names built-in teams in the reader's language on the invitation page and in the e-mail to an account", async () => {
    await s.container.users.create({ username: 'jana', email: 'jana@example.com', password: 'violet kettle on a bicycle', profile: { language: 'cs' } });
    const invite = (id: number, email: string) => s.api(`/api/groups/${id}/invite/`, { method: 'POST', json: { email } });
    expect((await invite(team('Project creators', false).id, 'jana@example.com')).status).toBe(200);
    expect((await invite(team('Sources', true).id, 'new.translator@example.com')).status).toBe(200);
    // The outbox (no mail server here): the account's mail in its language, Czech.
    const outbox = await page('/manage/mail/', 'en');
    expect(outbox).toContain('admin vás na Parla přidal(a) do týmu „Tvůrci projektů“');
    const link = /\/accounts\/invitation\/[A-Za-z0-9_-]+\//.exec(outbox)![0];
    const accept = await (await fetch(`${s.url}${link}`, { headers: { 'Accept-Language': 'de' } })).text();
    expect(accept).toContain('in das Team <strong>Quellen</strong> ein');
  });

  it("shows a project's built-in teams, their roles and languages in the UI language on its access page", async () => {
    const sources = team('Sources', true).id;
    const de = await page('/access/shop/', 'de');
    expect(de).toContain(`<h3 id="team-${sources}-name">Quellen</h3>`);
    const section = de.slice(de.indexOf(`id="team-${sources}"`));
    expect(section).toMatch(/<dt>Rollen<\/dt><dd>Quelle bearbeiten<\/dd>/);
    expect(de).toContain(`<option value="${sources}">Quellen</option>`);
    // A site-wide team that names the project and one language: the language by its name.
    const agency = ((await (await s.api('/api/groups/', { method: 'POST', json: { name: 'Agency', project_selection: 0, language_selection: 0 } })).json()) as Named).id;
    const shop = ((await (await s.api('/api/projects/shop/')).json()) as Named).id;
    expect((await s.api(`/api/groups/${agency}/projects/`, { method: 'POST', json: { project_id: shop } })).status).toBe(200);
    expect((await s.api(`/api/groups/${agency}/languages/`, { method: 'POST', json: { language_code: 'cs' } })).status).toBe(200);
    const withAgency = await page('/access/shop/', 'de');
    expect(withAgency.slice(withAgency.indexOf(`id="team-${agency}"`))).toContain('<dt>Sprachen</dt><dd>Tschechisch</dd>');
    const cs = await page('/access/shop/', 'cs');
    expect(cs.slice(cs.indexOf(`id="team-${agency}"`))).toContain('<dd>čeština</dd>');
    expect(cs).toContain(`<h3 id="team-${team('Review', true).id}-name">Revize</h3>`);
    expect(cs).toContain(`<h3 id="team-${team('Administration', true).id}-name">Správa</h3>`);
  });
});
