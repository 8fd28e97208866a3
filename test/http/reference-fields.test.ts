// Settings of projects, categories and components as the Weblate API has them: stored, validated, inherited, with their effect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { CS_PO, createPoComponent, createProject, multipart, POT } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';

const SETTINGS = ['license', 'agreement', 'new_lang', 'language_code_style', 'secondary_language', 'commit_message', 'add_message', 'delete_message', 'merge_message', 'addon_message', 'pull_message'];

describe.each(DIALECTS)('reference settings fields (%s)', (dialect) => {
  let s: TestServer;
  const ok = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const patch = (path: string, json: unknown, token?: string) => s.api(path, { method: 'PATCH', json, token });
  const attrs = async (res: Response) => ((await ok(res, 400)).errors as { attr: string }[]).map((e) => e.attr);
  const zipComponent = (project: string, slug: string, cs: string) =>
    s.api(`/api/projects/${project}/components/`, { method: 'POST', body: multipart({ name: slug.toUpperCase(), slug, file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' }, { zipfile: { name: 'app.zip', data: buildZip([{ name: 'po/app.pot', data: POT }, { name: 'po/cs.po', data: cs }]) } }) });

  beforeAll(async () => {
    s = await startServer(dialect);
    await ok(await createProject(s, 'home'), 201);
    await ok(await createPoComponent(s, 'home'), 201);
  });
  afterAll(async () => s?.close());

  it('projects show the memory, sharing, commit policy and inherited settings fields with their defaults', async () => {
    const p = await ok(await s.api('/api/projects/home/'));
    expect(p).toMatchObject({
      use_shared_tm: true,
      contribute_shared_tm: true,
      use_workspace_tm: false,
      contribute_workspace_tm: false,
      autoclean_tm: false,
      public_sharing: false,
      enforced_2fa: false,
      commit_policy: 0,
      workspace: null,
      secondary_language: null,
      effective_secondary_language: null,
      effective_new_lang: 'add',
      effective_check_flags: '',
      locked: false,
      machinery_settings: `${s.url}/api/projects/home/machinery_settings/`,
    });
    // A project created through the API uses its own values (no workspace to inherit from).
    for (const name of SETTINGS) expect(p[`inherit_${name}`], name).toBe(false);
  });

  it('project settings are written, stored and validated', async () => {
    const cs = (await ok(await s.api('/api/languages/cs/'))).id;
    const updated = await ok(
      await patch('/api/projects/home/', { use_shared_tm: false, contribute_shared_tm: false, autoclean_tm: true, public_sharing: true, enforced_2fa: true, commit_policy: 30, secondary_language: cs, new_lang: 'existing', license: 'MIT' }),
    );
    expect(updated).toMatchObject({ use_shared_tm: false, contribute_shared_tm: false, autoclean_tm: true, public_sharing: true, enforced_2fa: true, commit_policy: 30, secondary_language: cs, effective_secondary_language: cs, new_lang: 'existing', effective_new_lang: 'existing', effective_license: 'MIT' });
    expect(await ok(await s.api('/api/projects/home/'))).toMatchObject({ commit_policy: 30, secondary_language: cs, public_sharing: true });

    expect(await attrs(await patch('/api/projects/home/', { commit_policy: 5 }))).toEqual(['commit_policy']);
    const missing = await ok(await patch('/api/projects/home/', { secondary_language: 999999 }), 400);
    expect(missing.errors[0]).toMatchObject({ attr: 'secondary_language', code: 'does_not_exist', detail: 'Invalid pk "999999" - object does not exist.' });
    expect(await attrs(await patch('/api/projects/home/', { secondary_language: 'cs' }))).toEqual(['secondary_language']);
    expect(await attrs(await patch('/api/projects/home/', { new_lang: 'sometimes' }))).toEqual(['new_lang']);
    expect(await attrs(await patch('/api/projects/home/', { public_sharing: 'maybe' }))).toEqual(['public_sharing']);
    // Effective values are computed: echoing them back changes nothing.
    await ok(await patch('/api/projects/home/', { effective_license: 'GPL-3.0-or-later', secondary_language: null, new_lang: 'add', commit_policy: 0 }));
    expect(await ok(await s.api('/api/projects/home/'))).toMatchObject({ effective_license: 'MIT', secondary_language: null, commit_policy: 0 });
  });

  it('a project is locked when all its components are', async () => {
    await ok(await s.api('/api/components/home/app/lock/', { method: 'POST', json: { lock: true } }));
    expect((await ok(await s.api('/api/projects/home/'))).locked).toBe(true);
    expect((await ok(await s.api('/api/projects/?page_size=50'))).results[0].locked).toBe(true);
    expect((await ok(await s.api('/api/components/home/app/'))).project.locked).toBe(true);
    await ok(await s.api('/api/components/home/app/lock/', { method: 'POST', json: { lock: false } }));
    expect((await ok(await s.api('/api/projects/home/'))).locked).toBe(false);
  });

  it('components created without a setting inherit it; giving or changing one makes it their own', async () => {
    await ok(await createProject(s, 'tree', { license: 'MIT', commit_message: 'Project message', check_flags: 'ignore-same' }), 201);
    const created = await ok(await createPoComponent(s, 'tree'), 201);
    for (const name of SETTINGS) expect(created[`inherit_${name}`], name).toBe(true);
    expect(created).toMatchObject({ license: '', effective_license: 'MIT', effective_commit_message: 'Project message', effective_check_flags: 'ignore-same' });

    const own = await ok(await patch('/api/components/tree/app/', { license: 'GPL-3.0-or-later', check_flags: 'max-length:10' }));
    expect(own).toMatchObject({ license: 'GPL-3.0-or-later', inherit_license: false, effective_license: 'GPL-3.0-or-later', inherit_commit_message: true, effective_check_flags: 'ignore-same, max-length:10' });
    const back = await ok(await patch('/api/components/tree/app/', { inherit_license: true }));
    expect(back).toMatchObject({ license: 'GPL-3.0-or-later', inherit_license: true, effective_license: 'MIT' });

    // A setting given on creation is the component's own.
    const form = multipart({ name: 'Given', slug: 'given', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', license: 'Apache-2.0' }, { zipfile: { name: 'app.zip', data: buildZip([{ name: 'po/app.pot', data: POT }, { name: 'po/cs.po', data: CS_PO }]) } });
    const given = await ok(await s.api('/api/projects/tree/components/', { method: 'POST', body: form }), 201);
    expect(given).toMatchObject({ license: 'Apache-2.0', inherit_license: false, effective_license: 'Apache-2.0', inherit_agreement: true });
  });

  it('categories carry settings: inherited from the project, their own when set, passed on to their components', async () => {
    await ok(await createProject(s, 'cats', { license: 'MIT', new_lang: 'contact' }), 201);
    const cat = await ok(await s.api('/api/categories/', { method: 'POST', json: { name: 'Docs', slug: 'docs', project: `${s.url}/api/projects/cats/`, license: 'CC-BY-4.0', check_flags: 'safe-html' } }), 201);
    expect(cat).toMatchObject({ license: 'CC-BY-4.0', inherit_license: false, effective_license: 'CC-BY-4.0', inherit_new_lang: true, effective_new_lang: 'contact', check_flags: 'safe-html', effective_check_flags: 'safe-html' });
    const sub = await ok(await s.api('/api/categories/', { method: 'POST', json: { name: 'Guides', slug: 'guides', project: `${s.url}/api/projects/cats/`, category: cat.url } }), 201);
    expect(sub).toMatchObject({ inherit_license: true, effective_license: 'CC-BY-4.0', effective_new_lang: 'contact' });

    const form = multipart({ name: 'Guide', slug: 'guide', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', category: sub.url }, { zipfile: { name: 'app.zip', data: buildZip([{ name: 'po/app.pot', data: POT }, { name: 'po/cs.po', data: CS_PO }]) } });
    const component = await ok(await s.api('/api/projects/cats/components/', { method: 'POST', body: form }), 201);
    expect(component).toMatchObject({ effective_license: 'CC-BY-4.0', effective_new_lang: 'contact', effective_check_flags: 'safe-html' });
    expect((await ok(await s.api(component.url))).effective_license).toBe('CC-BY-4.0');

    // Changing a category setting reaches what inherits it; setting it on the subcategory stops the inheritance there.
    await ok(await patch(cat.url, { license: 'CC0-1.0' }));
    expect((await ok(await s.api(component.url))).effective_license).toBe('CC0-1.0');
    // Writing the value a setting already has changes nothing, as in the reference: it stays inherited.
    expect(await ok(await patch(sub.url, { new_lang: 'add' }))).toMatchObject({ new_lang: 'add', inherit_new_lang: true, effective_new_lang: 'contact' });
    const changed = await ok(await patch(sub.url, { new_lang: 'none' }));
    expect(changed).toMatchObject({ new_lang: 'none', inherit_new_lang: false, effective_new_lang: 'none' });
    expect((await ok(await s.api(component.url))).effective_new_lang).toBe('none');
    expect((await ok(await s.api(sub.url))).inherit_new_lang).toBe(false);
    expect(await attrs(await patch(sub.url, { new_lang: 'whenever' }))).toEqual(['new_lang']);
    expect(await attrs(await patch(sub.url, { check_flags: 'max-length:many' }))).toEqual(['check_flags']);
    const listed = (await ok(await s.api('/api/projects/cats/categories/'))).results.find((c: { slug: string }) => c.slug === 'guides');
    expect(listed).toMatchObject({ effective_license: 'CC0-1.0', effective_new_lang: 'none' });
  });

  it('component switches and parameters are stored and validated', async () => {
    const c = await ok(await s.api('/api/components/home/app/'));
    expect(c).toMatchObject({ hide_glossary_matches: false, contribute_project_tm: true, vcs_params: {}, file_format_params: {}, git_export: '', secondary_language: null });
    const cs = (await ok(await s.api('/api/languages/cs/'))).id;
    const updated = await ok(
      await patch('/api/components/home/app/', { hide_glossary_matches: true, contribute_project_tm: false, secondary_language: cs, file_format_params: { po_line_wrap: -1, po_contributor_comments: 'gettext' }, git_export: 'https://git.example.com/home/app.git' }),
    );
    expect(updated).toMatchObject({ hide_glossary_matches: true, contribute_project_tm: false, secondary_language: cs, inherit_secondary_language: false, effective_secondary_language: cs, file_format_params: { po_line_wrap: -1, po_contributor_comments: 'gettext' }, git_export: 'https://git.example.com/home/app.git' });
    expect((await ok(await s.api('/api/components/home/app/'))).file_format_params).toEqual({ po_line_wrap: -1, po_contributor_comments: 'gettext' });

    expect(await attrs(await patch('/api/components/home/app/', { file_format_params: 'not a dict' }))).toEqual(['file_format_params']);
    expect(await attrs(await patch('/api/components/home/app/', { file_format_params: { po_line_wrap: 'invalid' } }))).toEqual(['file_format_params']);
    expect(await attrs(await patch('/api/components/home/app/', { file_format_params: { yaml_indent: 8 } }))).toEqual(['file_format_params']);
    expect(await attrs(await patch('/api/components/home/app/', { file_format_params: { unknown_param_name: 1234 } }))).toEqual(['file_format_params']);
    expect(await attrs(await patch('/api/components/home/app/', { vcs_params: { does_not_exist: true } }))).toEqual(['vcs_params']);
    // A parameter of another version control system does not apply to this one.
    expect(await attrs(await patch('/api/components/home/app/', { vcs_params: { merge_request_automerge: true } }))).toEqual(['vcs_params']);
    expect(await attrs(await patch('/api/components/home/app/', { git_export: 'not a url' }))).toEqual(['git_export']);
    expect(await attrs(await patch('/api/components/home/app/', { inherit_license: 'sometimes' }))).toEqual(['inherit_license']);
    expect((await ok(await s.api('/api/components/home/app/'))).file_format_params).toEqual({ po_line_wrap: -1, po_contributor_comments: 'gettext' });
  });

  it('commit messages follow the effective setting: the category above decides when the component inherits', async () => {
    const commits = await ok(await s.api('/api/projects/cats/'));
    expect(commits.effective_commit_message).toBe('');
    const cat = (await ok(await s.api('/api/projects/cats/categories/'))).results.find((c: { slug: string }) => c.slug === 'docs');
    await ok(await patch(cat.url, { commit_message: 'Docs: {{ language_name }}' }));
    const guide = (await ok(await s.api('/api/projects/cats/components/'))).results.find((c: { slug: string }) => c.slug === 'guide');
    expect(guide).toMatchObject({ inherit_commit_message: true, effective_commit_message: 'Docs: {{ language_name }}' });
  });

  it('links into another project may place the component in one of its categories', async () => {
    await ok(await createProject(s, 'host'), 201);
    await ok(await createProject(s, 'other'), 201);
    const cat = await ok(await s.api('/api/categories/', { method: 'POST', json: { name: 'Shared', slug: 'shared', project: `${s.url}/api/projects/host/` } }), 201);
    const foreign = await ok(await s.api('/api/categories/', { method: 'POST', json: { name: 'Foreign', slug: 'foreign', project: `${s.url}/api/projects/other/` } }), 201);
    const L = '/api/components/home/app/links/';
    expect(await attrs(await s.api(L, { method: 'POST', json: { project_slug: 'host', category_id: foreign.id } }))).toEqual(['category_id']);
    expect(await attrs(await s.api(L, { method: 'POST', json: { project_slug: 'host', category_id: 99999 } }))).toEqual(['category_id']);
    expect(await attrs(await s.api(L, { method: 'POST', json: { project_slug: 'host', category_id: 'first' } }))).toEqual(['category_id']);
    await ok(await s.api(L, { method: 'POST', json: { project_slug: 'host', category_id: cat.id } }), 201);
    const link = await s.container.database.db.selectFrom('component_links').select('category_id').where('component_links.project_id', '=', (await ok(await s.api('/api/projects/host/'))).id).executeTakeFirstOrThrow();
    expect(link.category_id).toBe(cat.id);
    expect((await ok(await s.api(L))).projects.map((p: { slug: string }) => p.slug)).toEqual(['host']);
  });

  it('components with an empty local repository: "local:" goes with the local version control', async () => {
    await ok(await createProject(s, 'local'), 201);
    const base = { name: 'Glossary', slug: 'glossary', file_format: 'tbx', filemask: '*.tbx', new_lang: 'add' };
    // "local:" without the local version control, and the local version control with a remote, are refused.
    expect(await attrs(await s.api('/api/projects/local/components/', { method: 'POST', json: { ...base, repo: 'local:' } }))).toEqual(['vcs']);
    const glossary = await ok(await s.api('/api/projects/local/components/', { method: 'POST', json: { ...base, repo: 'local:', vcs: 'local' } }), 201);
    expect(glossary).toMatchObject({ repo: 'local:', vcs: 'local', filemask: '*.tbx' });
    expect((await ok(await s.api('/api/components/local/glossary/translations/'))).count).toBe(1);
    // A monolingual base that does not exist yet is created empty; a bilingual format cannot start that way.
    const strings = await ok(await s.api('/api/projects/local/components/', { method: 'POST', json: { name: 'Strings', slug: 'strings', repo: 'local:', vcs: 'local', filemask: '*.strings', template: 'en.strings', file_format: 'strings', new_lang: 'none' } }), 201);
    expect(strings).toMatchObject({ repo: 'local:', template: 'en.strings' });
    expect((await ok(await s.api('/api/components/local/strings/translations/'))).results.map((t: { filename: string }) => t.filename)).toEqual(['en.strings']);
    expect(await attrs(await s.api('/api/projects/local/components/', { method: 'POST', json: { name: 'Ts', slug: 'ts', repo: 'local:', vcs: 'local', filemask: '*.ts', template: 'en.ts', file_format: 'ts', new_lang: 'none' } }))).toEqual(['template']);
  });

  it('automatic translation with the "weblate" engine takes this server\'s translations of the same string; shared ones per use_shared_tm', async () => {
    const po = (target: string) => CS_PO.replace('msgstr "Ahoj"', `msgstr "${target}"`);
    await ok(await createProject(s, 'mt'), 201);
    await ok(await zipComponent('mt', 'done', po('Ahoj z projektu')), 201);
    await ok(await zipComponent('mt', 'todo', po('')), 201);
    await ok(await createProject(s, 'pubshare', { contribute_shared_tm: true }), 201);
    await ok(await zipComponent('pubshare', 'lib', po('Sdílené ahoj').replace('msgstr ""\n\nmsgid "One file"', 'msgstr "Otevřít sdílené"\n\nmsgid "One file"')), 201);
    const run = (path: string) => s.api(`${path}autotranslate/`, { method: 'POST', json: { mode: 'translate', q: 'state:<translated', auto_source: 'mt', engines: ['weblate'], threshold: '90' } });
    const targets = async (path: string) => new Map(((await ok(await s.api(`${path}units/`))).results as { source: string[]; target: string[] }[]).map((u) => [u.source[0], u.target[0]]));

    // Projects use shared translations by default: the string only a sharing project has is taken too.
    expect((await ok(await run('/api/translations/mt/todo/cs/'))).details).toBe('Automatic translation completed, 2 strings were updated.');
    const done = await targets('/api/translations/mt/todo/cs/');
    expect(done.get('Hello')).toBe('Ahoj z projektu');
    expect(done.get('Open')).toBe('Otevřít sdílené');

    // Without shared translations only the project's own strings count.
    await ok(await createProject(s, 'alone', { use_shared_tm: false }), 201);
    await ok(await zipComponent('alone', 'todo', po('')), 201);
    await ok(await run('/api/translations/alone/todo/cs/'));
    const alone = await targets('/api/translations/alone/todo/cs/');
    expect(alone.get('Hello')).toBe('');
    expect(alone.get('Open')).toBe('');
    expect(await attrs(await s.api('/api/translations/alone/todo/cs/autotranslate/', { method: 'POST', json: { mode: 'translate', auto_source: 'mt', engines: ['no-such-engine'] } }))).toEqual(['engines']);
  });

  it('translation memory: other projects share through use_shared_tm and contribute_shared_tm; contribute_project_tm keeps a component out', async () => {
    const header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n';
    const probe = (project: string, slug: string) =>
      s.api(`/api/projects/${project}/components/`, {
        method: 'POST',
        body: multipart({ name: slug.toUpperCase(), slug, file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' }, { zipfile: { name: 'app.zip', data: buildZip([{ name: 'po/app.pot', data: `${header}\nmsgid "Memory probe"\nmsgstr ""\n` }, { name: 'po/cs.po', data: `${header}"Language: cs\\n"\n\nmsgid "Memory probe"\nmsgstr ""\n` }]) } }),
      });
    const translate = async (path: string, target: string) => {
      const unit = ((await ok(await s.api(`${path}units/`))).results as { id: number }[])[0]!;
      await ok(await s.api(`/api/units/${unit.id}/`, { method: 'PATCH', json: { target: [target], state: 20 } }));
    };
    await ok(await createProject(s, 'tma'), 201);
    await ok(await probe('tma', 'app'), 201);
    await translate('/api/translations/tma/app/cs/', 'Sonda paměti');
    const entries = async (origin: string) => s.container.database.db.selectFrom('memory').select(['target', 'project_id']).where('origin', '=', origin).where('user_id', 'is', null).execute();
    expect((await entries('tma/app')).map((e) => e.target)).toEqual(['Sonda paměti']);

    const memoryRun = (path: string) => s.api(`${path}autotranslate/`, { method: 'POST', json: { mode: 'translate', q: 'state:<translated', auto_source: 'mt', engines: ['weblate-translation-memory'], threshold: '100' } });
    const probeTarget = async () => ((await ok(await s.api('/api/translations/tmb/app/cs/units/'))).results as { target: string[] }[])[0]!.target[0];
    await ok(await createProject(s, 'tmb', { use_shared_tm: false }), 201);
    await ok(await probe('tmb', 'app'), 201);
    await s.container.memory.catchUp();
    await ok(await memoryRun('/api/translations/tmb/app/cs/'));
    expect(await probeTarget()).toBe('');
    // Using shared translations, a public project's memory counts, only while that project shares it.
    await ok(await s.api('/api/projects/tma/', { method: 'PATCH', json: { contribute_shared_tm: false } }));
    await ok(await s.api('/api/projects/tmb/', { method: 'PATCH', json: { use_shared_tm: true } }));
    await ok(await memoryRun('/api/translations/tmb/app/cs/'));
    expect(await probeTarget()).toBe('');
    await ok(await s.api('/api/projects/tma/', { method: 'PATCH', json: { contribute_shared_tm: true } }));
    await ok(await memoryRun('/api/translations/tmb/app/cs/'));
    expect(await probeTarget()).toBe('Sonda paměti');

    // A component that does not contribute to the project memory adds no project entries.
    await ok(await probe('tma', 'quiet'), 201);
    await ok(await patch('/api/components/tma/quiet/', { contribute_project_tm: false }));
    await translate('/api/translations/tma/quiet/cs/', 'Tichá sonda');
    expect(await entries('tma/quiet')).toEqual([]);
  });

  it('from_component: a new component with the configuration, files, translations and add-ons of another one', async () => {
    await ok(await createProject(s, 'copies'), 201);
    const cat = await ok(await s.api('/api/categories/', { method: 'POST', json: { name: 'Sources', slug: 'sources', project: `${s.url}/api/projects/copies/` } }), 201);
    const form = multipart({ name: 'Origin', slug: 'origin', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', category: cat.url, commit_message: 'Copied message' }, { zipfile: { name: 'app.zip', data: buildZip([{ name: 'po/app.pot', data: POT }, { name: 'po/cs.po', data: CS_PO }]) } });
    const origin = await ok(await s.api('/api/projects/copies/components/', { method: 'POST', body: form }), 201);
    await ok(await s.api(`${origin.url}addons/`, { method: 'POST', json: { name: 'weblate.gettext.linguas' } }), 201);
    // An edit not yet written to the source's files is copied too.
    const open = ((await ok(await s.api(`${origin.translations_url.replace('/components/', '/translations/').replace(/translations\/$/, '')}cs/units/`))).results as { id: number; source: string[] }[]).find((u) => u.source[0] === 'Open')!;
    await ok(await s.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: ['Otevřít kopii'], state: 20 } }));

    const copy = await ok(await s.api('/api/projects/copies/components/', { method: 'POST', json: { name: 'Copy', slug: 'copy', priority: 120, from_component: origin.id } }), 201);
    expect(copy).toMatchObject({ repo: 'local:', vcs: 'local', filemask: 'po/*.po', file_format: 'po', new_base: 'po/app.pot', commit_message: 'Copied message', priority: 120, category: cat.url });
    expect((await ok(await s.api(copy.url))).addons).toHaveLength(1);
    const units = new Map(((await ok(await s.api(`${copy.url.replace('/components/', '/translations/')}cs/units/`))).results as { source: string[]; target: string[]; state: number }[]).map((u) => [u.source[0], u]));
    expect(units.get('Open')).toMatchObject({ target: ['Otevřít kopii'], state: 20 });
    expect(units.get('Hello')).toMatchObject({ target: ['Ahoj'], state: 20 });
    expect((await ok(await s.api(`${copy.url.replace('/components/', '/translations/')}cs/`))).translated).toBe(3);

    // By path, into another project: no add-ons there, no category.
    await ok(await createProject(s, 'elsewhere'), 201);
    const far = await ok(await s.api('/api/projects/elsewhere/components/', { method: 'POST', json: { name: 'Far', slug: 'far', from_component: 'copies/sources/origin' } }), 201);
    expect(far).toMatchObject({ repo: 'local:', category: null });
    expect((await ok(await s.api(far.url))).addons).toEqual([]);

    const override = await ok(await s.api('/api/projects/copies/components/', { method: 'POST', json: { name: 'Bad', slug: 'bad', from_component: origin.id, filemask: 'translations/*.po' } }), 400);
    expect(override.errors).toEqual([{ code: 'invalid', detail: 'This field can not be overridden when using from_component.', attr: 'filemask' }]);
    const repo = await ok(await s.api('/api/projects/copies/components/', { method: 'POST', json: { name: 'Bad', slug: 'bad', from_component: origin.id, repo: 'local:', branch: 'release' } }), 400);
    expect(repo.errors.map((e: { attr: string; detail: string }) => [e.attr, e.detail])).toEqual([
      ['branch', 'This field can not be used when using from_component.'],
      ['repo', 'This field can not be used when using from_component.'],
    ]);
    expect(await attrs(await s.api('/api/projects/copies/components/', { method: 'POST', json: { name: 'Bad', slug: 'bad', from_component: 999999 } }))).toEqual(['from_component']);
    expect(await attrs(await patch(copy.url, { from_component: origin.id }))).toEqual(['from_component']);
    // Copying needs the right to edit the source.
    const viewer = await s.createUser('copier');
    expect((await s.api('/api/projects/copies/components/', { method: 'POST', json: { name: 'Mine', slug: 'mine', from_component: origin.id }, token: viewer })).status).toBe(403);
  });

  it('a new translation filled from_component: other components with the language, own project or sharing ones', async () => {
    await ok(await createProject(s, 'fill'), 201);
    await ok(await zipComponent('fill', 'target', CS_PO), 201);
    await ok(await zipComponent('fill', 'one', CS_PO), 201);
    await ok(await s.api('/api/components/fill/one/translations/', { method: 'POST', json: { language_code: 'fr' } }), 201);
    const fr = (await ok(await s.api('/api/translations/fill/one/fr/units/'))).results as { id: number; source: string[] }[];
    await ok(await s.api(`/api/units/${fr.find((u) => u.source[0] === 'Hello')!.id}/`, { method: 'PATCH', json: { target: ['Bonjour'], state: 20 } }));
    await ok(await createProject(s, 'sharer'), 201);
    await ok(await zipComponent('sharer', 'lib', CS_PO), 201);
    await ok(await s.api('/api/components/sharer/lib/translations/', { method: 'POST', json: { language_code: 'fr' } }), 201);
    const libFr = (await ok(await s.api('/api/translations/sharer/lib/fr/units/'))).results as { id: number; source: string[] }[];
    await ok(await s.api(`/api/units/${libFr.find((u) => u.source[0] === 'Open')!.id}/`, { method: 'PATCH', json: { target: ['Ouvrir'], state: 20 } }));
    await ok(await s.api(`/api/units/${libFr.find((u) => u.source[0] === 'Hello')!.id}/`, { method: 'PATCH', json: { target: ['Salut'], state: 20 } }));

    const add = (json: unknown) => s.api('/api/components/fill/target/translations/', { method: 'POST', json });
    const refused = async (json: unknown, detail: string) => expect((await ok(await add(json), 400)).errors).toEqual([{ code: 'invalid', detail, attr: 'from_component' }]);
    await refused({ language_code: 'fr', from_component: ['nowhere/none'] }, 'Component not found.');
    await refused({ language_code: 'de', from_component: ['fill/one'] }, 'None of the referenced components contain the requested language.');
    await ok(await createProject(s, 'closed', { contribute_shared_tm: false }), 201);
    await ok(await zipComponent('closed', 'lib', CS_PO), 201);
    await refused({ language_code: 'fr', from_component: ['closed/lib'] }, 'Component not found.');
    expect((await ok(await s.api('/api/components/fill/target/translations/'))).count).toBe(2); // nothing was created

    const created = await ok(await add({ language_code: 'fr', from_component: ['fill/one', 'sharer/lib'] }), 201);
    expect(created.data).toMatchObject({ language_code: 'fr', translated: 2 });
    const units = new Map(((await ok(await s.api('/api/translations/fill/target/fr/units/'))).results as { source: string[]; target: string[] }[]).map((u) => [u.source[0], u.target[0]]));
    expect(units.get('Hello')).toBe('Bonjour'); // the first component listed wins
    expect(units.get('Open')).toBe('Ouvrir');
  });

  it('new_lang "existing" lets translators add only languages the project already has', async () => {
    await ok(await createProject(s, 'langs'), 201);
    await ok(await createPoComponent(s, 'langs', 'full'), 201); // cs and de
    const form = multipart({ name: 'Small', slug: 'small', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', new_lang: 'existing' }, { zipfile: { name: 'app.zip', data: buildZip([{ name: 'po/app.pot', data: POT }, { name: 'po/cs.po', data: CS_PO }]) } });
    const small = await ok(await s.api('/api/projects/langs/components/', { method: 'POST', body: form }), 201);
    expect(small).toMatchObject({ new_lang: 'existing', inherit_new_lang: false, effective_new_lang: 'existing' });
    const translator = await s.createUser('translator');
    const add = (code: string, token?: string) => s.api('/api/components/langs/small/translations/', { method: 'POST', json: { language_code: code }, token });
    // German is in the project (the full component has it); French is not.
    expect((await add('fr', translator)).status).toBe(403);
    expect((await ok(await add('de', translator), 201)).data.language_code).toBe('de');
    // Editors of the component may add any language.
    expect((await ok(await add('fr'), 201)).data.language_code).toBe('fr');
  });
});
