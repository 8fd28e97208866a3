// Add-ons of the reference: language consistency across a project, the statistics file generator, msgmerge without a base.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, CS_PO, DE_PO, multipart, POT } from '../helpers/fixtures.js';
import { git, gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';

describe.each(DIALECTS)('reference add-ons (%s)', (dialect) => {
  let s: TestServer;
  let root: string;
  let bare: string;
  const ok = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const languagesOf = async (path: string) => ((await ok(await s.api(`${path}translations/`))).results as { language_code: string }[]).map((t) => t.language_code).sort();
  const zipComponent = (project: string, slug: string, files: { name: string; data: string }[], extra: Record<string, string> = {}) =>
    s.api(`/api/projects/${project}/components/`, { method: 'POST', body: multipart({ name: slug.toUpperCase(), slug, file_format: 'po', filemask: 'po/*.po', ...extra }, { zipfile: { name: 'c.zip', data: buildZip(files) } }) });

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-addons-ref-'));
    const untranslated = CS_PO.replace('msgstr "Ahoj"', 'msgstr ""').replace(/msgstr\[\d\] "[^"]+"/g, (m) => m.replace(/"[^"]+"$/, '""'));
    bare = gitUpstream(root, { 'po/app.pot': POT, 'po/cs.po': untranslated }).bare;
    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('weblate.consistency.languages gives every component the languages of the project, at installation and when one is added', async () => {
    await ok(await createProject(s, 'cons'), 201);
    await ok(await createPoComponent(s, 'cons', 'full'), 201); // cs, de
    await ok(await zipComponent('cons', 'small', [{ name: 'po/app.pot', data: POT }, { name: 'po/cs.po', data: CS_PO }], { new_base: 'po/app.pot' }), 201);
    expect(await languagesOf('/api/components/cons/small/')).toEqual(['cs', 'en']);

    await ok(await s.api('/api/projects/cons/addons/', { method: 'POST', json: { name: 'weblate.consistency.languages' } }), 201);
    await s.container.tasks.idle();
    expect(await languagesOf('/api/components/cons/small/')).toEqual(['cs', 'de', 'en']);
    expect(await languagesOf('/api/components/cons/full/')).toEqual(['cs', 'de', 'en']);

    await ok(await s.api('/api/components/cons/full/translations/', { method: 'POST', json: { language_code: 'fr' } }), 201);
    await s.container.tasks.idle();
    expect(await languagesOf('/api/components/cons/small/')).toEqual(['cs', 'de', 'en', 'fr']);
    const added = ((await ok(await s.api('/api/components/cons/small/changes/?action=48'))).results as { target: string }[]).map((c) => c.target).sort();
    expect(added).toEqual(['de', 'fr']);
  });

  it('weblate.generate.generate writes each translation statistics file into the commit', async () => {
    await ok(await createProject(s, 'gen'), 201);
    await ok(await s.api('/api/projects/gen/components/', { method: 'POST', json: { name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', repo: bare, branch: 'main', push_on_commit: false } }), 201);
    await s.container.tasks.idle();
    const bad = await ok(await s.api('/api/components/gen/app/addons/', { method: 'POST', json: { name: 'weblate.generate.generate', configuration: { filename: 'stats.json' } } }), 400);
    expect(bad.errors[0].attr).toBe('configuration');
    await ok(
      await s.api('/api/components/gen/app/addons/', { method: 'POST', json: { name: 'weblate.generate.generate', configuration: { filename: 'stats/{{ language_code }}.json', template: '{\n    "translated": {{ stats.translated_percent }}\n}' } } }),
      201,
    );
    const units = (await ok(await s.api('/api/translations/gen/app/cs/units/'))).results as { id: number; source: string[] }[];
    const hello = units.find((u) => u.source[0] === 'Hello')!;
    await ok(await s.api(`/api/units/${hello.id}/`, { method: 'PATCH', json: { target: ['Nazdar'], state: 20 } }));
    expect((await ok(await s.api('/api/components/gen/app/repository/', { method: 'POST', json: { operation: 'commit' } }))).result).toBe(true);
    const checkout = path.join(root, 'gen-check');
    const componentDir = s.container.paths.componentDir({ id: (await ok(await s.api('/api/components/gen/app/'))).id, project_id: (await ok(await s.api('/api/projects/gen/'))).id });
    const shown = git(componentDir, 'show', '--stat', 'HEAD');
    expect(shown).toContain('stats/cs.json');
    git(root, 'clone', '--quiet', componentDir, checkout);
    expect(fs.readFileSync(path.join(checkout, 'stats/cs.json'), 'utf8')).toBe('{\n    "translated": 25\n}');
  });

  it('weblate.gettext.msgmerge installs on a PO component without a base for new translations', async () => {
    await ok(await createProject(s, 'merge'), 201);
    await ok(await zipComponent('merge', 'plain', [{ name: 'po/cs.po', data: CS_PO }, { name: 'po/de.po', data: DE_PO }]), 201);
    const addon = await ok(await s.api('/api/components/merge/plain/addons/', { method: 'POST', json: { name: 'weblate.gettext.msgmerge' } }), 201);
    expect(addon.name).toBe('weblate.gettext.msgmerge');
    // Other formats still cannot use it.
    await ok(await createProject(s, 'xl'), 201);
    const xliff = await s.api('/api/projects/xl/components/', {
      method: 'POST',
      body: multipart({ name: 'X', slug: 'x', file_format: 'xliff', filemask: 'l10n/*.xlf' }, { zipfile: { name: 'x.zip', data: buildZip([{ name: 'l10n/cs.xlf', data: '<?xml version="1.0"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="a" source-language="en" target-language="cs" datatype="plaintext"><body><trans-unit id="a"><source>A</source><target>A</target></trans-unit></body></file></xliff>' }]) } }),
    });
    await ok(xliff, 201);
    await ok(await s.api('/api/components/xl/x/addons/', { method: 'POST', json: { name: 'weblate.gettext.msgmerge' } }), 400);
  });
});
