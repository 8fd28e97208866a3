// Translation memory: entries from translated units, list filters and visibility, delete
// permissions, fuzzy lookup quality, and the CLI's TMX/JSON import and export.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { similarity } from '../../src/services/memory/memory-ranking.js';
import { ftsQuery } from '../../src/services/memory/memory.service.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

interface Entry {
  id: number;
  source: string;
  target: string;
  source_language: number;
  target_language: number;
  origin: string;
  project: number | null;
  from_file: boolean;
  shared: boolean;
}

const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4">
  <header creationtool="t" creationtoolversion="1" segtype="sentence" o-tmf="t" adminlang="en" srclang="en" datatype="plaintext"/>
  <body>
    <tu><tuv xml:lang="en"><seg>Save the document before closing the window</seg></tuv><tuv xml:lang="de"><seg>Speichern Sie das Dokument vor dem Schließen des Fensters</seg></tuv></tu>
    <tu><tuv xml:lang="en"><seg>Cancel &amp; go back</seg></tuv><tuv xml:lang="pt-BR"><seg>Cancelar e voltar</seg></tuv><tuv xml:lang="de"><seg>Abbrechen &amp; zurück</seg></tuv></tu>
  </body>
</tmx>
`;

describe('memory similarity helpers', () => {
  it('scores 100 only for equal strings and builds bounded FTS queries', () => {
    expect(similarity('abc', 'abc')).toBe(100);
    expect(similarity('abcd', 'abce')).toBe(75);
    expect(similarity('Hello', 'Hello!')).toBeLessThan(100);
    expect(ftsQuery('ab')).toBeNull();
    expect(ftsQuery('say "hi"')).toBe('"say ""hi"""');
    expect(ftsQuery('x'.repeat(1000))!.split(' OR ').length).toBeLessThanOrEqual(16);
  });
});

describe.each(DIALECTS)('translation memory on %s', (dialect) => {
  let s: TestServer;
  let userToken: string;
  let userId: number;
  let memProject: number;

  const list = async (query = '', token?: string | null): Promise<Entry[]> => {
    const res = await s.api(`/api/memory/?page_size=1000${query}`, { token });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()).results;
  };
  const unitOf = async (project: string, lang: string, source: string) => {
    const res = await s.api(`/api/translations/${project}/app/${lang}/units/?page_size=1000`);
    const units = (await res.json()).results as { id: number; source: string[] }[];
    return units.find((u) => u.source[0] === source)!;
  };
  const cli = async (args: string[]) => {
    const env = { ...process.env, PARLA_DATA_DIR: s.dataDir, PARLA_DATABASE_URL: s.container.config.databaseUrl, PARLA_LOG_LEVEL: 'silent' };
    try {
      const r = await run(process.execPath, [path.join(ROOT, 'bin/parla.mjs'), ...args], { env, cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
      return { code: 0, stdout: r.stdout, stderr: r.stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout, stderr: err.stderr };
    }
  };
  const langId = async (code: string) => (await s.container.database.db.selectFrom('languages').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    s = await startServer(dialect);
    userToken = await s.createUser('mira');
    userId = (await s.container.database.db.selectFrom('users').select('id').where('username', '=', 'mira').executeTakeFirstOrThrow()).id;
    expect((await createProject(s, 'mem')).status).toBe(201);
    expect((await createPoComponent(s, 'mem')).status).toBe(201);
    expect((await createProject(s, 'secret', { access_control: 100 })).status).toBe(201);
    expect((await createPoComponent(s, 'secret')).status).toBe(201);
    memProject = (await s.container.database.db.selectFrom('projects').select('id').where('slug', '=', 'mem').executeTakeFirstOrThrow()).id;
  }, 60_000);
  afterAll(() => s?.close());

  it('takes the translated strings of new components, without duplicates', async () => {
    const de = await langId('de');
    const entries = await list(`&project=mem&target_language=de`);
    const hello = entries.filter((e) => e.source === 'Hello');
    expect(hello).toEqual([
      { id: expect.any(Number), source: 'Hello', target: 'Hallo', source_language: await langId('en'), target_language: de, origin: 'mem/app', project: memProject, from_file: false, shared: false },
    ]);
    // Untranslated (cs "Open") and fuzzy (cs "Goodbye world") strings are not in the memory.
    const cs = await list('&project=mem&target_language=cs');
    expect(cs.map((e) => e.source).sort()).toEqual(['Hello', 'One file\u001e\u001e%d files']);
    // Filters: source substring (case-insensitive), language codes or ids.
    expect((await list(`&source=GOODBYE&target_language=${de}&project=mem`)).map((e) => e.target)).toEqual(['Auf Wiedersehen Welt']);
    expect(await list('&source_language=cs')).toEqual([]);
  });

  it('adds an entry when a unit is translated (project and personal scope)', async () => {
    const open = await unitOf('mem', 'cs', 'Open');
    const res = await s.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: ['Otevřít'], state: 20 }, token: userToken });
    expect(res.status, await res.clone().text()).toBe(200);
    const entries = (await list('&source=open&target_language=cs')).filter((e) => e.target === 'Otevřít');
    expect(entries.map((e) => e.project).sort()).toEqual([memProject, null].sort());
    const rows = await s.container.database.db.selectFrom('memory').selectAll().where('target', '=', 'Otevřít').execute();
    expect(rows.find((r) => r.project_id === null)!.user_id).toBe(userId);
    // Marking it for edit adds nothing; translating again with the same text adds no duplicate.
    await s.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: ['Otevřít'], state: 10 }, token: userToken });
    await s.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: ['Otevřít'], state: 20 }, token: userToken });
    expect(await s.container.database.db.selectFrom('memory').select('id').where('target', '=', 'Otevřít').execute()).toHaveLength(2);
  });

  it('adds entries for uploaded translations', async () => {
    const po = `msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Goodbye world"\nmsgstr "Nashledanou světe"\n`;
    const res = await s.api('/api/translations/mem/app/cs/file/', { method: 'POST', body: multipart({ method: 'translate' }, { file: { name: 'cs.po', data: po } }) });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).accepted).toBe(1);
    const entries = (await list('&source=goodbye&target_language=cs')).map((e) => [e.target, e.project]);
    expect(entries).toContainEqual(['Nashledanou světe', memProject]);
  });

  it('lists only what the caller may see; anonymous callers get 401', async () => {
    expect((await s.api('/api/memory/', { token: null })).status).toBe(401);
    const secretId = (await s.container.database.db.selectFrom('projects').select('id').where('slug', '=', 'secret').executeTakeFirstOrThrow()).id;
    const all = await list();
    expect(all.some((e) => e.project === secretId)).toBe(true);
    const mine = await list('', userToken);
    expect(mine.some((e) => e.project === secretId)).toBe(false);
    expect(mine.some((e) => e.project === memProject)).toBe(true);
    expect(mine.some((e) => e.project === null && e.target === 'Otevřít')).toBe(true);
    expect(await list('&project=secret', userToken)).toEqual([]);
    // GET of one entry is not part of the API (list and DELETE only).
    expect((await s.api(`/api/memory/${all[0]!.id}/`)).status).toBe(405);
  });

  it('deletes only what memory.delete or ownership allows', async () => {
    const all = await list();
    const secretId = (await s.container.database.db.selectFrom('projects').select('id').where('slug', '=', 'secret').executeTakeFirstOrThrow()).id;
    const projectEntry = all.find((e) => e.project === memProject && e.target === 'Hallo')!;
    const secretEntry = all.find((e) => e.project === secretId)!;
    const own = (await list('', userToken)).find((e) => e.project === null && e.target === 'Otevřít')!;
    expect((await s.api(`/api/memory/${projectEntry.id}/`, { method: 'DELETE', token: null })).status).toBe(401);
    expect((await s.api(`/api/memory/${projectEntry.id}/`, { method: 'DELETE', token: userToken })).status).toBe(403);
    expect((await s.api(`/api/memory/${secretEntry.id}/`, { method: 'DELETE', token: userToken })).status).toBe(404);
    expect((await s.api(`/api/memory/${own.id}/`, { method: 'DELETE', token: userToken })).status).toBe(204);
    expect((await s.api(`/api/memory/${projectEntry.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.api(`/api/memory/${projectEntry.id}/`, { method: 'DELETE' })).status).toBe(404);
    expect((await s.api('/api/memory/abc/', { method: 'DELETE' })).status).toBe(404);
    // Deleted entries leave the fuzzy index too.
    const en = await langId('en');
    const de = await langId('de');
    const scope = { userId: null, projectIds: [memProject] };
    expect((await s.container.memory.lookup('Hello', en, de, { scope })).map((m) => m.target)).not.toContain('Hallo');
  });

  it('looks up exact matches first, then fuzzy ones by similarity', async () => {
    const en = await langId('en');
    const de = await langId('de');
    const base = 'The quick brown fox jumps over the lazy dog near the river bank';
    await s.container.memory.importEntries(
      [
        { source: base, target: 'A', source_language: 'en', target_language: 'de' },
        { source: base.replace('dog', 'cat'), target: 'B', source_language: 'en', target_language: 'de' },
        { source: base.replace('quick brown', 'slow red').replace('river bank', 'old mill'), target: 'C', source_language: 'en', target_language: 'de' },
        { source: 'Completely different text about printers', target: 'D', source_language: 'en', target_language: 'de' },
        { source: base, target: 'X', source_language: 'en', target_language: 'cs' },
      ],
      { origin: 'test.json' },
    );
    const exact = await s.container.memory.lookup(base, en, de);
    expect(exact[0]).toMatchObject({ target: 'A', quality: 100, exact: true });
    expect(exact.map((m) => m.target)).toEqual(['A', 'B', 'C']);
    const fuzzy = await s.container.memory.lookup(`${base}!`, en, de);
    expect(fuzzy.map((m) => m.target)).toEqual(['A', 'B', 'C']);
    expect(fuzzy[0]!.quality).toBeGreaterThanOrEqual(95);
    expect(fuzzy[0]!.quality).toBeLessThan(100);
    expect(fuzzy[1]!.quality).toBeLessThan(fuzzy[0]!.quality);
    expect(fuzzy[2]!.quality).toBeLessThan(fuzzy[1]!.quality);
    expect(await s.container.memory.lookup('Nothing like any entry at all, zebra', en, de)).toEqual([]);
    // Short texts: an edit at either end still finds the entry (each trigram is a stretch of its own).
    await s.container.memory.importEntries(
      [
        { source: 'Open file', target: 'Datei öffnen', source_language: 'en', target_language: 'de' },
        { source: 'Save all', target: 'Alles speichern', source_language: 'en', target_language: 'de' },
      ],
      { origin: 'short.json' },
    );
    for (const [text, target] of [['Open files', 'Datei öffnen'], ['Open file!', 'Datei öffnen'], ['Save all!', 'Alles speichern'], ['save all', 'Alles speichern']]) {
      expect((await s.container.memory.lookup(text!, en, de, { threshold: 70 }))[0]?.target, text).toBe(target);
    }

    const res = await s.api('/api/memory/lookup/?source_language=en&target_language=de', { method: 'POST', json: { strings: [`${base}!`, 'Auf', 'Goodbye world'] } });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body[0]).toMatchObject({ query: `${base}!`, match: { target: 'A', exact: false } });
    expect(body[1]).toEqual({ query: 'Auf', match: null });
    expect(body[2].match).toMatchObject({ source: 'Goodbye world', target: 'Auf Wiedersehen Welt', quality: 100, exact: true, origin: 'mem/app' });
    expect((await s.api('/api/memory/lookup/?source_language=en&target_language=de', { method: 'POST', json: { strings: [] } })).status).toBe(400);
    expect((await s.api('/api/memory/lookup/?target_language=de', { method: 'POST', json: { strings: ['x'] } })).status).toBe(400);
    expect((await s.api('/api/memory/lookup/?source_language=en&target_language=de', { method: 'POST', json: { strings: ['x'] }, token: null })).status).toBe(401);
    // A private project's memory is not looked up for outsiders.
    const secret = await s.api('/api/memory/lookup/?source_language=en&target_language=de&project=secret', { method: 'POST', json: { strings: ['Hello'] }, token: userToken });
    expect(secret.status).toBe(404);
  });

  it('imports and exports TMX and JSON through the CLI', async () => {
    const dir = await fs.mkdtemp(path.join(s.dataDir, 'cli-'));
    const tmx = path.join(dir, 'Glossary.tmx');
    await fs.writeFile(tmx, TMX);
    let r = await cli(['memory', 'import', tmx]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Imported 3 /);
    r = await cli(['memory', 'import', tmx]);
    expect(r.stderr).toMatch(/Imported 0 .*3 skipped/);

    const pt = await langId('pt_BR');
    const shared = (await list('&source=cancel')).filter((e) => e.shared);
    expect(shared.map((e) => [e.target, e.from_file, e.project, e.origin]).sort()).toEqual([
      ['Abbrechen & zurück', true, null, 'glossary.tmx'],
      ['Cancelar e voltar', true, null, 'glossary.tmx'],
    ]);
    expect(shared.find((e) => e.target === 'Cancelar e voltar')!.target_language).toBe(pt);

    r = await cli(['memory', 'export', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const dumped = JSON.parse(r.stdout) as { source: string; target: string; source_language: string; target_language: string; origin: string; category: number }[];
    const fromFile = dumped.filter((e) => e.origin === 'glossary.tmx');
    expect(fromFile).toContainEqual({ source: 'Cancel & go back', target: 'Cancelar e voltar', source_language: 'en', target_language: 'pt_BR', origin: 'glossary.tmx', category: 2 });
    expect(fromFile).toHaveLength(3);
    expect(dumped.some((e) => e.category === 10_000_000 + memProject)).toBe(true);
    // JSON round trip: the dump's shared entries are already there.
    const json = path.join(dir, 'dump.json');
    await fs.writeFile(json, JSON.stringify(fromFile));
    r = await cli(['memory', 'import', json]);
    expect(r.stderr).toMatch(/Imported 0 .*3 skipped/);
    // ... and go to the project's memory with --project.
    r = await cli(['memory', 'import', json, '--project', 'mem', '--target-language', 'de']);
    expect(r.stderr).toMatch(/Imported 2 /);
    expect((await list('&project=mem&source=cancel')).map((e) => [e.target, e.from_file, e.shared])).toEqual([['Abbrechen & zurück', true, false]]);

    // TMX round trip: export, import into the project memory of another, and compare.
    r = await cli(['memory', 'export', '--format', 'tmx', '--project', 'mem']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('<tuv xml:lang="de"><seg>Abbrechen &amp; zurück</seg></tuv>');
    const exported = path.join(dir, 'mem.tmx');
    await fs.writeFile(exported, r.stdout);
    expect((await createProject(s, 'copy')).status).toBe(201);
    r = await cli(['memory', 'import', exported, '--project', 'copy']);
    expect(r.code, r.stderr).toBe(0);
    // (plural entries travel as their first forms)
    const norm = (es: Entry[]) => es.map((e) => [e.source.split('\u001e')[0], e.target.split('\u001e')[0], e.source_language, e.target_language].join('|')).sort();
    expect(norm(await list('&project=copy'))).toEqual(norm(await list('&project=mem')));
  }, 60_000);

  it('refuses hostile TMX (DOCTYPE with entities)', async () => {
    const file = path.join(s.dataDir, 'evil.tmx');
    await fs.writeFile(
      file,
      '<?xml version="1.0"?>\n<!DOCTYPE tmx [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY a "aaaaaaaaaa">]>\n<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>&xxe;</seg></tuv><tuv xml:lang="de"><seg>&a;</seg></tuv></tu></body></tmx>\n',
    );
    const before = await s.container.database.db.selectFrom('memory').select('id').execute();
    const r = await cli(['memory', 'import', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/could not parse evil\.tmx/);
    expect(await s.container.database.db.selectFrom('memory').select('id').execute()).toHaveLength(before.length);
  }, 30_000);
  it("drops the project's entry of a replaced translation when the project cleans its memory (autoclean_tm)", async () => {
    const targets = async (project: string) => (await list(`&project=${project}&source=hello`)).filter((e) => e.source === 'Hello').map((e) => e.target).sort();
    for (const [slug, autoclean] of [['clean', true], ['keep', false]] as const) {
      expect((await createProject(s, slug, { autoclean_tm: autoclean })).status).toBe(201);
      expect((await createPoComponent(s, slug)).status).toBe(201);
      expect(await targets(slug)).toEqual(['Ahoj', 'Hallo']);
      for (const [lang, text] of [['de', 'Servus'], ['cs', 'Nazdar']]) {
        const unit = await unitOf(slug, lang, 'Hello');
        const res = await s.api(`/api/units/${unit.id}/`, { method: 'PATCH', json: { target: [text], state: 20 }, token: userToken });
        expect(res.status, await res.clone().text()).toBe(200);
      }
    }
    expect(await targets('clean')).toEqual(['Nazdar', 'Servus']);
    expect(await targets('keep')).toEqual(['Ahoj', 'Hallo', 'Nazdar', 'Servus']);
    // The translator's own entries are theirs: cleaning a project's memory leaves them.
    const personal = (await list('&source=hello', userToken)).filter((e) => e.project === null).map((e) => e.target).sort();
    expect(personal).toEqual(['Nazdar', 'Nazdar', 'Servus', 'Servus']);
  });
});
