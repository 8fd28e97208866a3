// GET /api/checks/: the built-in quality checks with their explanations and flags, for anyone, as the editor and the docs read them.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';

interface CheckItem {
  id: string;
  name: string;
  summary: string;
  description: string;
  flag: string | null;
  enable_flags: string[];
  ignore_flag: string;
  source_check: boolean;
}

describe.each(DIALECTS)('check list on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(dialect);
  }, 60_000);
  afterAll(async () => s?.close());

  const list = async (token?: string | null) => {
    const res = await s.api('/api/checks/', { token });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { count: number; next: null; previous: null; results: CheckItem[] };
  };

  it('lists every check, anonymous callers included, with the reference ids', async () => {
    const body = await list(null);
    expect(body.count).toBe(body.results.length);
    expect(body.count).toBeGreaterThanOrEqual(75);
    expect(body.next).toBeNull();
    const ids = body.results.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ['end_stop', 'c_format', 'objc_format', 'object_pascal_format', 'c_sharp_format', 'end_interrobang', 'kashida', 'punctuation_spacing', 'reused', 'ellipsis', 'long_untranslated']) {
      expect(ids, id).toContain(id);
    }
    expect(await list()).toEqual(body);
  });

  it('gives each check its explanation, its flags and whether it is a source check', async () => {
    const byId = new Map((await list(null)).results.map((c) => [c.id, c]));
    const objc = byId.get('objc_format')!;
    expect(objc).toMatchObject({ name: 'Objective-C format', flag: 'objc-format', enable_flags: ['objc-format'], ignore_flag: 'ignore-objc-format', source_check: false });
    expect(objc.description).toMatch(/%@/);
    expect(objc.summary).toBe('Objective-C format string does not match source');
    expect(byId.get('c_sharp_format')!.enable_flags).toEqual(['c-sharp-format', 'csharp-format']);
    expect(byId.get('end_stop')).toMatchObject({ flag: null, enable_flags: [], ignore_flag: 'ignore-end-stop', source_check: false });
    expect(byId.get('ellipsis')).toMatchObject({ name: 'Ellipsis', source_check: true, ignore_flag: 'ignore-ellipsis' });
    expect(byId.get('max-lines')).toMatchObject({ flag: 'max-lines', ignore_flag: 'ignore-max-lines' });
    for (const c of byId.values()) expect(c.description.length, c.id).toBeGreaterThan(c.summary.length);
  });

  it('answers the browsable API and refuses writes', async () => {
    const html = await s.api('/api/checks/?format=api', { token: null });
    expect(html.status).toBe(200);
    expect(await html.text()).toContain('kabyle-characters');
    expect((await s.api('/api/checks/', { method: 'POST', json: {} })).status).toBe(405);
  });

  it('is listed in the checks documentation, every id of it', async () => {
    const doc = fs.readFileSync(new URL('../../docs/checks.md', import.meta.url), 'utf8');
    for (const c of (await list(null)).results) expect(doc, c.id).toContain(`\`${c.id}\``);
  });
});
