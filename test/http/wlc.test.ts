// Debian's wlc, the reference implementation's command-line client, run against a live Parla server.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, REQUIRE_SERVICES } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';

const run = promisify(execFile);
const WLC = ['/usr/bin/wlc', '/usr/local/bin/wlc'].find((p) => fs.existsSync(p));
if (!WLC) {
  if (REQUIRE_SERVICES) throw new Error('wlc is required in CI (apt-get install wlc)');
  console.warn('[parla tests] wlc is not installed: the wlc client suite is skipped (apt-get install wlc).');
}

describe.skipIf(!WLC).each(DIALECTS)('wlc against Parla on %s', (dialect) => {
  let s: TestServer;
  const wlc = async (...args: string[]) => {
    const { stdout } = await run(WLC!, ['--format', 'json', '--url', `${s.url}/api/`, '--key', s.adminToken, ...args], { env: { ...process.env, HOME: s.dataDir } });
    return JSON.parse(stdout);
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'hello')).status).toBe(201);
    expect((await createPoComponent(s, 'hello')).status).toBe(201);
  });
  afterAll(() => s.close());

  it('lists projects, components, translations and languages', async () => {
    const projects = await wlc('list-projects');
    expect(projects).toEqual([expect.objectContaining({ slug: 'hello', name: 'HELLO', url: `${s.url}/api/projects/hello/` })]);
    const components = await wlc('list-components');
    expect(components).toEqual([expect.objectContaining({ slug: 'app', file_format: 'po', filemask: 'po/*.po' })]);
    const translations = await wlc('list-translations');
    expect(translations.map((t: any) => t.language_code).sort()).toEqual(['cs', 'de', 'en']);
    const cs = translations.find((t: any) => t.language_code === 'cs');
    expect(cs).toMatchObject({ total: 4, translated: 2, fuzzy: 1, translated_percent: 50 });
    const languages = await wlc('list-languages');
    expect(languages.length).toBeGreaterThan(400);
    expect(languages).toContainEqual(expect.objectContaining({ code: 'cs', name: 'Czech', direction: 'ltr' }));
  });

  it('shows projects, components and translations', async () => {
    expect(await wlc('show', 'hello')).toMatchObject({ slug: 'hello', web: 'https://example.com/' });
    expect(await wlc('show', 'hello/app')).toMatchObject({ slug: 'app', new_base: 'po/app.pot' });
    expect(await wlc('show', 'hello/app/cs')).toMatchObject({ language_code: 'cs', filename: 'po/cs.po', total: 4 });
  });

  it('prints statistics with the right numbers', async () => {
    expect(await wlc('stats', 'hello')).toMatchObject({ total: 12, translated: 10, fuzzy: 1, name: 'HELLO' });
    const comp = await wlc('stats', 'hello/app');
    expect(comp.map((r: any) => [r.code, r.total, r.translated])).toEqual([['cs', 4, 2], ['de', 4, 4], ['en', 4, 4]]);
    expect(await wlc('stats', 'hello/app/cs')).toMatchObject({ code: 'cs', total: 4, translated: 2, fuzzy: 1, translated_percent: 50, last_author: null });
  });

  it('downloads translation files, converted files and component ZIPs', async () => {
    const { stdout } = await run(WLC!, ['--url', `${s.url}/api/`, '--key', s.adminToken, 'download', 'hello/app/cs'], { env: { ...process.env, HOME: s.dataDir } });
    expect(stdout).toContain('msgstr "Ahoj"');
    const mo = `${s.dataDir}/cs.mo`;
    await run(WLC!, ['--url', `${s.url}/api/`, '--key', s.adminToken, 'download', 'hello/app/cs', '--convert', 'mo', '--output', mo], { env: { ...process.env, HOME: s.dataDir } });
    expect(fs.readFileSync(mo).readUInt32LE(0)).toBe(0x950412de);
    const outDir = `${s.dataDir}/zips`;
    fs.mkdirSync(outDir);
    await run(WLC!, ['--url', `${s.url}/api/`, '--key', s.adminToken, 'download', 'hello/app', '--output', outDir], { env: { ...process.env, HOME: s.dataDir } });
    const zips = fs.readdirSync(outDir);
    expect(zips.length).toBe(1);
    expect(fs.readFileSync(`${outDir}/${zips[0]}`).subarray(0, 2).toString()).toBe('PK');
  });

  it('uploads a translation file with --overwrite and --method', async () => {
    const file = `${s.dataDir}/upload-cs.po`;
    const current = await (await s.api('/api/translations/hello/app/cs/file/')).text();
    fs.writeFileSync(file, current.replace('msgstr "Ahoj"', 'msgstr "Nazdar"').replace(/msgctxt "menu"\nmsgid "Open"\nmsgstr ""/, 'msgctxt "menu"\nmsgid "Open"\nmsgstr "Otevřít"'));
    // wlc 1.13 prints nothing for uploads: the server's state and change records tell what happened.
    const wlcRaw = (...args: string[]) => run(WLC!, ['--url', `${s.url}/api/`, '--key', s.adminToken, ...args], { env: { ...process.env, HOME: s.dataDir } });
    await wlcRaw('upload', 'hello/app/cs', '--input', file);
    let units = (await (await s.api('/api/translations/hello/app/cs/units/')).json()).results;
    expect(units.map((u: any) => u.target[0])).toEqual(['Ahoj', 'Sbohem světe', 'Otevřít', 'Jeden soubor']);
    await wlcRaw('upload', 'hello/app/cs', '--input', file, '--overwrite');
    units = (await (await s.api('/api/translations/hello/app/cs/units/')).json()).results;
    expect(units[0].target).toEqual(['Nazdar']);
    await wlcRaw('upload', 'hello/app/cs', '--input', file, '--method', 'suggest');
    const uploads = await s.container.database.db.selectFrom('changes').select('details').where('action', '=', 78).orderBy('id').execute();
    expect(uploads.map((c) => JSON.parse(c.details).method)).toEqual(['translate', 'translate', 'suggest']);
    expect(await (await s.api('/api/translations/hello/app/cs/file/')).text()).toContain('msgstr "Nazdar"');
  });

  it('uploads with --method add and --method replace: the counts and totals are the reference\'s', async () => {
    const wlcRaw = (...args: string[]) => run(WLC!, ['--url', `${s.url}/api/`, '--key', s.adminToken, ...args], { env: { ...process.env, HOME: s.dataDir } });
    const lastUpload = async () => {
      const row = await s.container.database.db.selectFrom('changes').select('details').where('action', '=', 78).orderBy('id', 'desc').executeTakeFirstOrThrow();
      return JSON.parse(row.details);
    };
    expect((await s.api('/api/components/hello/app/', { method: 'PATCH', json: { manage_units: true } })).status).toBe(200);
    const current = await (await s.api('/api/translations/hello/app/cs/file/')).text();
    const addFile = `${s.dataDir}/add-cs.po`;
    fs.writeFileSync(addFile, `${current}\nmsgid "Added by wlc"\nmsgstr "Přidáno"\n\nmsgid "Also new"\nmsgstr ""\n`);
    await wlcRaw('upload', 'hello/app/cs', '--input', addFile, '--method', 'add');
    // Existing strings are skipped (the fuzzy one is left out), both new ones are added to the source and cs only.
    expect(await lastUpload()).toEqual({ method: 'add', not_found: 0, skipped: 3, accepted: 2, total: 6 });
    expect(await wlc('stats', 'hello/app/cs')).toMatchObject({ total: 6, translated: 4 });
    expect((await wlc('stats', 'hello/app')).map((r: any) => [r.code, r.total])).toEqual([['cs', 6], ['de', 4], ['en', 6]]);

    const replaceFile = `${s.dataDir}/replace-cs.po`;
    fs.writeFileSync(replaceFile, 'msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n\nmsgid "Hello"\nmsgstr "Ahoj"\n\nmsgid "Added by wlc"\nmsgstr ""\n');
    await wlcRaw('upload', 'hello/app/cs', '--input', replaceFile, '--method', 'replace');
    expect(await lastUpload()).toEqual({ method: 'replace', not_found: 0, skipped: 0, accepted: 2, total: 2 });
    expect(await wlc('stats', 'hello/app/cs')).toMatchObject({ total: 2, translated: 1 });
    expect((await wlc('stats', 'hello/app')).find((r: any) => r.code === 'de')).toMatchObject({ total: 4 });
    expect(await (await s.api('/api/translations/hello/app/cs/file/')).text()).toBe(fs.readFileSync(replaceFile, 'utf8'));
  });
});
