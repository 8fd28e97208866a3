// weblate.discovery.discovery over HTTP: configuration checks, components created from a git repository layout, removal.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, CS_PO, DE_PO, POT } from '../helpers/fixtures.js';
import { componentDirOf } from '../helpers/data-dirs.js';
import { gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';

/** A bare repository with po/<component>/<lang>.po and po/<component>.pot for app, web_ui and docs. */
const upstream = (root: string) =>
  gitUpstream(root, {
    'po/app.pot': POT, 'po/app/cs.po': CS_PO, 'po/app/de.po': DE_PO,
    'po/web_ui.pot': POT, 'po/web_ui/cs.po': CS_PO, 'po/web_ui/de.po': DE_PO,
    'po/docs.pot': POT, 'po/docs/de.po': DE_PO, 'po/docs/README.txt': 'not a translation',
    'README.md': '# upstream',
  }).bare;

describe.each(DIALECTS)('discovery add-on (%s)', (dialect) => {
  let s: TestServer;
  let root: string;
  const ADDONS = '/api/components/disc/app/addons/';
  const MATCH = 'po/(?P<component>[^/]*)/(?P<language>[^/.]*)\\.po';
  const install = (configuration: unknown, url = ADDONS) => s.api(url, { method: 'POST', json: { name: 'weblate.discovery.discovery', configuration } });
  const components = async () => ((await (await s.api('/api/projects/disc/components/')).json()).results as { slug: string; name: string; filemask: string; repo: string; new_base: string; linked_component: string | null }[]).sort((a, b) => a.slug.localeCompare(b.slug));

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-discovery-'));
    const bare = upstream(root);
    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    expect((await createProject(s, 'disc')).status).toBe(201);
    const res = await s.api('/api/projects/disc/components/', {
      method: 'POST',
      json: { name: 'App', slug: 'app', file_format: 'po', filemask: 'po/app/*.po', new_base: 'po/app.pot', vcs: 'git', repo: bare, branch: 'main' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    await s.container.tasks.idle();
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('refuses invalid configurations with 400 on configuration', async () => {
    for (const [configuration, fragment] of [
      [{ file_format: 'po' }, 'match: This field is required.'],
      [{ match: MATCH }, 'file_format: This field is required.'],
      [{ match: MATCH, file_format: 'nope' }, 'file_format: Select a valid choice.'],
      [{ match: 'po/(?P<component>[^/]*/(?P<language>[^/.]*)\\.po', file_format: 'po' }, 'match: Invalid regular expression'],
      [{ match: 'po/(?P<component>[^/]*)/[^/.]*\\.po', file_format: 'po' }, 'match: The regular expression must have a named group "language".'],
      [{ match: 'po/(?P<language>[^/.]*)\\.po', file_format: 'po' }, 'match: The regular expression must have a named group "component".'],
      // Nested repetition is safe under the linear-time engine; lookarounds it cannot run are refused.
      [{ match: 'po/(?P<component>(?!x)[a-z]+)/(?P<language>[^/.]*)\\.po', file_format: 'po' }, 'match: Invalid regular expression'],
      [{ match: MATCH, file_format: 'po', language_regex: '[' }, 'language_regex: Invalid regular expression'],
      [{ match: MATCH, file_format: 'po', name_template: '{{ component|shout }}' }, 'name_template: Unknown template filter'],
      [{ match: MATCH, file_format: 'po', remove: 'maybe' }, 'remove: Must be a valid boolean.'],
    ] as const) {
      const res = await install(configuration);
      expect(res.status, JSON.stringify(configuration)).toBe(400);
      const body = (await res.json()) as { errors: { attr: string; detail: string }[] };
      expect(body.errors.some((e) => e.attr === 'configuration' && e.detail.startsWith(fragment)), JSON.stringify(body)).toBe(true);
    }
    expect(await components()).toHaveLength(1);
  });

  it('creates one component per discovered file mask, sharing the repository', async () => {
    const res = await install({ match: MATCH, file_format: 'po', name_template: '{{ component|title }}', new_base_template: 'po/{{ component }}.pot', remove: true, confirm: true });
    expect(res.status, await res.clone().text()).toBe(201);
    const addon = (await res.json()) as { configuration: Record<string, unknown> };
    expect(addon.configuration).toMatchObject({ match: MATCH, file_format: 'po', name_template: '{{ component|title }}', remove: true });
    expect(addon.configuration).not.toHaveProperty('language_regex'); // a default, applied when the add-on runs
    await s.container.tasks.idle();
    const list = await components();
    expect(list.map((c) => [c.slug, c.name, c.filemask, c.new_base])).toEqual([
      ['app', 'App', 'po/app/*.po', 'po/app.pot'],
      ['docs', 'Docs', 'po/docs/*.po', 'po/docs.pot'],
      ['web_ui', 'Web_Ui', 'po/web_ui/*.po', 'po/web_ui.pot'],
    ]);
    // They share app's clone: they show its repository and link to it.
    expect(list.filter((c) => c.slug !== 'app').every((c) => c.repo === path.join(root, 'upstream.git') && c.linked_component === `${s.url}/api/components/disc/app/`)).toBe(true);
    // The new components were set up from the shared clone: their translations and strings exist.
    const web = (await (await s.api('/api/components/disc/web_ui/translations/')).json()).results as { language_code: string }[];
    expect(web.map((t) => t.language_code).sort()).toEqual(['cs', 'de', 'en']);
    const units = (await (await s.api('/api/translations/disc/web_ui/cs/units/')).json()).results as { source: string[]; target: string[] }[];
    expect(units.find((u) => u.source[0] === 'Hello')?.target[0]).toBe('Ahoj');
    const changes = (await (await s.api('/api/projects/disc/changes/?action=51')).json()).results as { target: string }[];
    expect(changes.map((c) => c.target).sort()).toEqual(['App', 'Docs', 'Web_Ui']);
  });

  it('is idempotent and removes components whose files vanished', async () => {
    const addons = (await (await s.api(ADDONS)).json()).results as { id: number; name: string }[];
    const discovery = addons.find((a) => a.name === 'weblate.discovery.discovery')!;
    // Running again creates nothing new.
    let res = await s.api(`/api/addons/${discovery.id}/trigger/`, { method: 'POST' });
    expect(res.status, await res.clone().text()).toBe(202);
    await s.container.tasks.idle();
    expect((await components()).map((c) => c.slug)).toEqual(['app', 'docs', 'web_ui']);
    // The docs translations disappear from the working tree: the next run removes the component.
    fs.rmSync(path.join(await componentDirOf(s, 'disc', 'app'), 'po', 'docs'), { recursive: true, force: true });
    res = await s.api(`/api/addons/${discovery.id}/trigger/`, { method: 'POST' });
    expect(res.status).toBe(202);
    await s.container.tasks.idle();
    expect((await components()).map((c) => c.slug)).toEqual(['app', 'web_ui']);
    expect((await s.api('/api/components/disc/docs/')).status).toBe(404);
  });

  it('cannot be installed on a component without a repository', async () => {
    expect((await createPoComponent(s, 'disc', 'doc')).status).toBe(201);
    const res = await install({ match: MATCH, file_format: 'po' }, '/api/components/disc/doc/addons/');
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/not compatible/);
  });
});
