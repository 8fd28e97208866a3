// Apple String Catalog components over HTTP: one catalogue holds every language; edits of several languages, commit, push, a new language.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject, multipart } from '../helpers/fixtures.js';
import { git, gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { xcstringsFormat } from '../../src/formats/xcstrings/xcstrings.format.js';

/** A real catalogue (Cizzuk/CSE, MIT): English source and eleven more languages. */
const CATALOG = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/xcstrings/cse.xcstrings'));
const FILE = 'CSE/Localizable.xcstrings';
const KEY = '${toggle} Emoji Search';

interface Unit { id: number; context: string; source: string[]; target: string[]; state: number }

describe.each(DIALECTS)('String Catalog components (%s)', (dialect) => {
  let server: TestServer;
  let root: string;
  let repo: { bare: string; work: string };
  const C = '/api/components/cat/app/';

  const unitsOf = async (lang: string): Promise<Unit[]> => {
    const out: Unit[] = [];
    for (let page = 1; ; page++) {
      const body = await (await server.api(`/api/translations/cat/app/${lang}/units/?page=${page}`)).json();
      out.push(...(body.results as Unit[]));
      if (!body.next) return out;
    }
  };
  const operation = async (op: string) => {
    const res = await server.api(`${C}repository/`, { method: 'POST', json: { operation: op } });
    expect(res.status, `${op}: ${await res.clone().text()}`).toBe(200);
    return (await res.json()) as { result: boolean; detail?: string };
  };
  const view = (bytes: Uint8Array | string, language: string) => xcstringsFormat.parse(typeof bytes === 'string' ? Buffer.from(bytes) : bytes, { language, pluralCategories: ['one', 'other'] });
  const textOf = (bytes: Uint8Array | string, language: string, key: string) => view(bytes, language).units.find((u) => u.key === key)?.target[0];

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-xcstrings-'));
    repo = gitUpstream(root, { [FILE]: CATALOG, 'README.md': 'An app\n' });
    server = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    expect((await createProject(server, 'cat')).status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('takes a file mask naming the catalogue, and refuses one with * (and still wants * for other formats)', async () => {
    const base = { name: 'Bad', slug: 'bad', vcs: 'git', repo: repo.bare, branch: 'main' };
    const star = await server.api('/api/projects/cat/components/', { method: 'POST', json: { ...base, file_format: 'xcstrings', filemask: 'CSE/*.xcstrings' } });
    expect(star.status).toBe(400);
    expect((await star.json()).errors).toEqual([expect.objectContaining({ attr: 'filemask', detail: expect.stringMatching(/every language in one file.*without \*/) })]);
    const po = await server.api('/api/projects/cat/components/', { method: 'POST', json: { ...base, file_format: 'po', filemask: 'po/cs.po' } });
    expect(po.status).toBe(400);
    expect((await po.json()).errors[0]).toMatchObject({ attr: 'filemask', detail: expect.stringMatching(/placeholder/) });

    const res = await server.api('/api/projects/cat/components/', { method: 'POST', json: { ...base, name: 'App', slug: 'app', file_format: 'xcstrings', filemask: FILE, push_on_commit: false } });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({ filemask: FILE, template: FILE });
    await server.container.tasks.idle();
  });

  it('lists the languages of the catalogue as translations, each reading its own view', async () => {
    const list = await (await server.api(`${C}translations/`)).json();
    const codes = (list.results as { language_code: string; filename: string }[]).map((t) => t.language_code).sort();
    expect(codes).toHaveLength(12);
    expect(codes).toEqual(expect.arrayContaining(['ar', 'de', 'en', 'ja', 'ru', 'uk']));
    expect(new Set((list.results as { filename: string }[]).map((t) => t.filename))).toEqual(new Set([FILE]));
    const de = await unitsOf('de');
    expect(de.find((u) => u.context === KEY)).toMatchObject({ source: [KEY], target: ['${toggle} Emoji-Suche'], state: 20 });
    expect((await unitsOf('ja')).find((u) => u.context === KEY)?.target).toEqual(['絵文字検索を${toggle}']);
    expect((await unitsOf('en')).length).toBe(de.length);
  });

  it('writes edits of two languages into the one file, commits and pushes it', async () => {
    const de = (await unitsOf('de')).find((u) => u.context === KEY)!;
    const ja = (await unitsOf('ja')).find((u) => u.context === KEY)!;
    // Both edits are pending together: the commit writes the two languages one after the other.
    expect((await server.api(`/api/units/${de.id}/`, { method: 'PATCH', json: { target: ['${toggle} Emoji-Suche (neu)'], state: 20 } })).status).toBe(200);
    expect((await server.api(`/api/units/${ja.id}/`, { method: 'PATCH', json: { target: ['絵文字検索を${toggle}する'], state: 20 } })).status).toBe(200);
    expect(await operation('commit')).toEqual({ result: true });
    expect(await operation('push')).toEqual({ result: true });
    const pushed = git(repo.bare, 'show', `main:${FILE}`);
    expect(textOf(pushed, 'de', KEY)).toBe('${toggle} Emoji-Suche (neu)');
    expect(textOf(pushed, 'ja', KEY)).toBe('絵文字検索を${toggle}する');
    // Nothing else of the catalogue changed: the two values are the only difference.
    const expected = CATALOG.toString('utf8').replace('"value" : "${toggle} Emoji-Suche"', '"value" : "${toggle} Emoji-Suche (neu)"').replace('"value" : "絵文字検索を${toggle}"', '"value" : "絵文字検索を${toggle}する"');
    expect(pushed + '\n').toBe(expected.endsWith('\n') ? expected : `${expected}\n`);
    expect(await operation('commit')).toEqual({ result: true, detail: 'Nothing to commit.' });
  });

  it('downloads the whole catalogue for one translation and takes an upload of that language only', async () => {
    const res = await server.api('/api/translations/cat/app/de/file/');
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(textOf(bytes, 'ja', KEY)).toBe('絵文字検索を${toggle}する');
    const changed = bytes.toString('utf8').replace('"value" : "${toggle} Emoji-Suche (neu)"', '"value" : "${toggle} Emoji-Suche (hochgeladen)"').replace('"value" : "絵文字検索を${toggle}する"', '"value" : "JA CHANGED"');
    const form = multipart({ method: 'translate', conflicts: 'replace-translated' }, { file: { name: 'Localizable.xcstrings', data: Buffer.from(changed) } });
    const up = await server.api('/api/translations/cat/app/de/file/', { method: 'POST', body: form });
    expect(up.status, await up.clone().text()).toBe(200);
    expect(await up.json()).toMatchObject({ accepted: 1 });
    expect((await unitsOf('de')).find((u) => u.context === KEY)?.target).toEqual(['${toggle} Emoji-Suche (hochgeladen)']);
    expect((await unitsOf('ja')).find((u) => u.context === KEY)?.target).toEqual(['絵文字検索を${toggle}する']);
    const replace = await server.api('/api/translations/cat/app/de/file/', { method: 'POST', body: multipart({ method: 'replace' }, { file: { name: 'Localizable.xcstrings', data: Buffer.from(changed) } }) });
    expect(replace.status).toBe(400);
    expect((await replace.json()).errors[0]).toMatchObject({ attr: 'method', detail: expect.stringMatching(/holds every language/) });
  });

  it('adds a language into the catalogue and commits it with the other languages intact', async () => {
    const res = await server.api(`${C}translations/`, { method: 'POST', json: { language_code: 'cs' } });
    expect(res.status, await res.clone().text()).toBe(201);
    const cs = await unitsOf('cs');
    expect(cs.length).toBe((await unitsOf('en')).length);
    expect(cs.find((u) => u.context === KEY)).toMatchObject({ source: [KEY] });
    const unit = cs.find((u) => u.context === KEY)!;
    expect((await server.api(`/api/units/${unit.id}/`, { method: 'PATCH', json: { target: ['${toggle} Hledání emoji'], state: 20 } })).status).toBe(200);
    expect(await operation('commit')).toEqual({ result: true });
    expect(await operation('push')).toEqual({ result: true });
    const pushed = git(repo.bare, 'show', `main:${FILE}`);
    expect(textOf(pushed, 'cs', KEY)).toBe('${toggle} Hledání emoji');
    expect(textOf(pushed, 'de', KEY)).toBe('${toggle} Emoji-Suche (hochgeladen)');
    expect(textOf(pushed, 'ja', KEY)).toBe('絵文字検索を${toggle}する');
    expect(xcstringsFormat.sharedFile!.languages(Buffer.from(pushed))).toContain('cs');
    // A second add of the same language is refused; the rescan keeps the new language.
    expect((await server.api(`${C}translations/`, { method: 'POST', json: { language_code: 'cs' } })).status).toBe(400);
    expect(await operation('file-scan')).toEqual({ result: true });
    expect((await unitsOf('cs')).find((u) => u.context === KEY)?.target).toEqual(['${toggle} Hledání emoji']);
  });

  it('removes a language from the catalogue only', async () => {
    expect((await server.api('/api/translations/cat/app/cs/', { method: 'DELETE' })).status).toBe(204);
    const file = Buffer.from(await (await server.api('/api/translations/cat/app/de/file/')).arrayBuffer());
    expect(xcstringsFormat.sharedFile!.languages(file)).not.toContain('cs');
    expect(textOf(file, 'de', KEY)).toBe('${toggle} Emoji-Suche (hochgeladen)');
  });
});
