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
});
