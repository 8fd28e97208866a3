// The add-on pages over HTTP as a browser uses them: installing with the options form (the API then shows that
// configuration), a refused option next to its field with the values kept, configuring, the last run log, uninstalling,
// project-wide add-ons, and nothing for a translator or a form without its CSRF token; on every database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fieldError, fieldValue, signIn, userWithPassword, type UiSession } from '../helpers/ui-session.js';

interface ApiAddon {
  id: number;
  name: string;
  configuration: Record<string, unknown>;
}

describe.each(DIALECTS)('add-on pages (%s)', (dialect) => {
  let s: TestServer;
  let admin: UiSession;
  let translator: UiSession;
  const BASE = '/settings/addproj/app/addons/';
  const componentAddons = async (): Promise<ApiAddon[]> => (await (await s.api('/api/components/addproj/app/addons/')).json()).results;
  const projectAddons = async (): Promise<ApiAddon[]> => (await (await s.api('/api/projects/addproj/addons/')).json()).results;
  const moInstalled = async () => (await componentAddons()).find((a) => a.name === 'weblate.gettext.mo');

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'addproj')).status).toBe(201);
    expect((await createPoComponent(s, 'addproj')).status).toBe(201);
    await userWithPassword(s, 'translator');
    admin = await signIn(s, 'admin');
    translator = await signIn(s, 'translator');
  });
  afterAll(async () => s?.close());

  it('lists what may be installed, with an options form made from the add-on\'s own checks', async () => {
    const list = await admin.get(BASE);
    expect(list.status).toBe(200);
    expect(list.html).toContain('No add-ons are installed.');
    expect(list.html).toContain(`href="${BASE}install/weblate.gettext.mo/"`);
    // Pseudolocale generation works on one component: offered here, not on the project's page.
    expect(list.html).toContain(`href="${BASE}install/weblate.generate.pseudolocale/"`);
    const form = await admin.get(`${BASE}install/weblate.gettext.mo/`);
    expect(form.status).toBe(200);
    expect(fieldValue(form.html, 'path')).toBe('{{ filename|stripext }}.mo');
    expect(form.html).toMatch(/<input type="checkbox" id="id_fuzzy" name="fuzzy" value="true">/);
    expect(form.html).toMatch(/<label for="id_fuzzy">/);
    const auto = await admin.get(`${BASE}install/weblate.autotranslate.autotranslate/`);
    expect(auto.html).toMatch(/<select id="id_mode" name="mode"/);
    expect(auto.html).toMatch(/<input type="number" id="id_threshold" name="threshold" value="80"/);
    const generate = await admin.get(`${BASE}install/weblate.generate.generate/`);
    expect(generate.html).toMatch(/<textarea id="id_template" name="template"/);
    expect((await admin.get(`${BASE}install/weblate.no.such/`)).status).toBe(404);
  });

  it('installs an add-on with its options, which the API then shows', async () => {
    const res = await admin.post(`${BASE}install/weblate.gettext.mo/`, { path: 'mo/{{ language_code }}.mo', fuzzy: 'true' });
    expect(res.status, res.html).toBe(303);
    expect(res.location).toBe(`${BASE}?done=addon_installed`);
    expect((await moInstalled())?.configuration).toEqual({ path: 'mo/{{ language_code }}.mo', fuzzy: true });
    const list = await admin.get(res.location!);
    expect(list.html).toContain('The add-on is installed.');
    expect(list.html).toContain('Generate MO files');
    expect(list.html).toContain('mo/{{ language_code }}.mo');
    // A second one is refused by the service, as the API refuses it, and the form says why.
    const again = await admin.post(`${BASE}install/weblate.gettext.mo/`, { path: '' });
    expect(again.status).toBe(400);
    expect(again.html).toContain('Add-on already installed: weblate.gettext.mo');
  });

  it('shows a refused option next to its field and keeps what was typed', async () => {
    const res = await admin.post(`${BASE}install/weblate.autotranslate.autotranslate/`, { mode: 'translate', threshold: '500', q: 'state:<translated', auto_source: 'others' });
    expect(res.status).toBe(400);
    expect(fieldError(res.html, 'threshold')).toBe('Ensure this value is less than or equal to 100.');
    expect(fieldValue(res.html, 'threshold')).toBe('500');
    expect(fieldValue(res.html, 'q')).toBe('state:&lt;translated');
    expect(res.html).toMatch(/<option value="translate" selected>/);
    const required = await admin.post(`${BASE}install/weblate.generate.generate/`, { filename: 'stats.txt', template: '' });
    expect(required.status).toBe(400);
    expect(fieldError(required.html, 'template')).toBe('This field is required.');
    expect(fieldValue(required.html, 'filename')).toBe('stats.txt');
    expect((await componentAddons()).map((a) => a.name)).toEqual(['weblate.gettext.mo']);
  });

  it('configures an installed add-on and shows its last run', async () => {
    const mo = (await moInstalled())!;
    const page = await admin.get(`${BASE}${mo.id}/`);
    expect(page.status).toBe(200);
    expect(fieldValue(page.html, 'path')).toBe('mo/{{ language_code }}.mo');
    expect(page.html).toMatch(/id="id_fuzzy" name="fuzzy" value="true" checked/);

    const long = `${'x'.repeat(298)}.mo`;
    const refused = await admin.post(`${BASE}${mo.id}/`, { path: long });
    expect(refused.status).toBe(400);
    expect(fieldError(refused.html, 'path')).toBe('Ensure this value has at most 300 characters.');
    expect(fieldValue(refused.html, 'path')).toBe(long);
    expect((await moInstalled())!.configuration).toEqual({ path: 'mo/{{ language_code }}.mo', fuzzy: true });

    // The box left unchecked turns the option off: back to the add-on's default, so no longer stored.
    const saved = await admin.post(`${BASE}${mo.id}/`, { path: 'out/{{ language_code }}.mo' });
    expect(saved.status, saved.html).toBe(303);
    expect(saved.location).toBe(`${BASE}?done=addon_configured`);
    expect((await moInstalled())!.configuration).toEqual({ path: 'out/{{ language_code }}.mo' });
    expect((await admin.get(saved.location!)).html).toContain('The add-on configuration is saved.');

    // A run (started through the API) shows in the list and on the add-on's page.
    expect((await s.api(`/api/addons/${mo.id}/trigger/`, { method: 'POST' })).status).toBe(202);
    await expect.poll(async () => /id="addon-\d+-log"><li><strong>(Succeeded|Failed)<\/strong>/.test((await admin.get(BASE)).html), { timeout: 15_000 }).toBe(true);
    expect((await admin.get(`${BASE}${mo.id}/`)).html).toMatch(/<ul class="changes" id="addon-log"><li><strong>(Succeeded|Failed)<\/strong> – [a-z-]+, <time/);
  });

  it('refuses a translator and a form without its CSRF token, changing nothing', async () => {
    const mo = (await moInstalled())!;
    for (const path of [BASE, `${BASE}install/weblate.gettext.mo/`, `${BASE}${mo.id}/`, `${BASE}${mo.id}/delete/`, '/settings/addproj/addons/']) {
      expect((await translator.get(path)).status, path).toBe(403);
    }
    expect((await translator.post(`${BASE}install/weblate.flags.same_edit/`, {})).status).toBe(403);
    expect((await translator.post(`${BASE}${mo.id}/`, { path: 'evil.mo' })).status).toBe(403);
    expect((await translator.post(`${BASE}${mo.id}/delete/`, {})).status).toBe(403);
    expect((await translator.post('/settings/addproj/addons/install/weblate.flags.same_edit/', {})).status).toBe(403);

    const noToken = (path: string, fields: Record<string, string>) =>
      fetch(`${s.url}${path}`, { method: 'POST', redirect: 'manual', headers: { Cookie: admin.cookie, Origin: s.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
    expect((await noToken(`${BASE}install/weblate.flags.same_edit/`, {})).status).toBe(403);
    expect((await noToken(`${BASE}${mo.id}/`, { path: 'evil.mo' })).status).toBe(403);
    expect((await noToken(`${BASE}${mo.id}/delete/`, {})).status).toBe(403);

    expect(await componentAddons()).toEqual([expect.objectContaining({ id: mo.id, configuration: { path: 'out/{{ language_code }}.mo' } })]);
    expect(await projectAddons()).toEqual([]);
  });

  it('uninstalls after a confirmation', async () => {
    const mo = (await moInstalled())!;
    const confirm = await admin.get(`${BASE}${mo.id}/delete/`);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('id="addon-uninstall-submit"');
    expect(await moInstalled()).toBeDefined();
    const res = await admin.post(`${BASE}${mo.id}/delete/`, {});
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${BASE}?done=addon_uninstalled`);
    expect(await componentAddons()).toEqual([]);
    expect((await admin.get(res.location!)).html).toContain('The add-on is uninstalled.');
    expect((await admin.get(`${BASE}${mo.id}/`)).status).toBe(404);
  });

  it('installs project-wide add-ons on the project, apart from the component\'s', async () => {
    const base = '/settings/addproj/addons/';
    const list = await admin.get(base);
    expect(list.status).toBe(200);
    expect(list.html).not.toContain('weblate.generate.pseudolocale');
    const form = await admin.get(`${base}install/weblate.flags.same_edit/`);
    expect(form.html).toContain('This add-on has no options.');
    const res = await admin.post(`${base}install/weblate.flags.same_edit/`, {});
    expect(res.status, res.html).toBe(303);
    expect(res.location).toBe(`${base}?done=addon_installed`);
    const installed = await projectAddons();
    expect(installed).toEqual([expect.objectContaining({ name: 'weblate.flags.same_edit', configuration: {} })]);
    expect(await componentAddons()).toEqual([]);
    // A project add-on is not reachable under a component's address.
    expect((await admin.get(`${BASE}${installed[0]!.id}/`)).status).toBe(404);
    expect((await admin.post(`${base}${installed[0]!.id}/delete/`, {})).status).toBe(303);
    expect(await projectAddons()).toEqual([]);
  });
});
