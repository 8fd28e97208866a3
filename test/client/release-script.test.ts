// A client generated from /api/schema/ by openapi-typescript types a short release script written against
// openapi-fetch: it compiles under strict TypeScript without casts and runs against a live server.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** What a release manager would write: list projects, read completion, find a string, fix its translation. */
const RELEASE_SCRIPT = `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

export async function release(baseUrl: string, token: string, project: string, component: string) {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: \`Token \${token}\` } });

  const projects = await api.GET('/api/projects/', { params: { query: { page: 1, page_size: 50 } } });
  if (!projects.data) throw new Error(projects.error?.detail ?? 'no projects');
  const slugs: string[] = projects.data.results.map((p) => p.slug);

  const translations = await api.GET('/api/components/{project}/{component}/translations/', { params: { path: { project, component } } });
  if (!translations.data) throw new Error(translations.error?.detail ?? 'no translations');
  const percents: Record<string, number> = {};
  for (const t of translations.data.results) percents[t.language_code] = t.translated_percent;

  const found = await api.GET('/api/translations/{project}/{component}/{language}/units/', {
    params: { path: { project, component, language: 'cs' }, query: { q: 'source:"Goodbye world"' } },
  });
  const unit = found.data?.results[0];
  if (!unit) throw new Error(found.error?.detail ?? 'no such string');

  const patched = await api.PATCH('/api/units/{id}/', { params: { path: { id: String(unit.id) } }, body: { target: ['Sbohem světe'], state: 20 } });
  if (!patched.data) throw new Error(patched.error?.detail ?? 'not saved');
  const target: string[] = patched.data.target;
  const translated: boolean = patched.data.translated;
  return { slugs, percents, found: found.data?.count ?? 0, unitId: unit.id, target, translated };
}
`;

describe('typed client generated from the OpenAPI document', () => {
  let s: TestServer;
  let dir: string;

  beforeAll(async () => {
    s = await startServer('sqlite');
    expect((await createProject(s, 'rel')).status).toBe(201);
    expect((await createPoComponent(s, 'rel')).status).toBe(201);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parla-client-'));
  });
  afterAll(async () => {
    await s?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('compiles a release script under strict TypeScript without casts, and the script works', async () => {
    expect(RELEASE_SCRIPT).not.toMatch(/\bas\s+[A-Za-z{[(]/);
    const doc = await (await s.api('/api/schema/')).json();
    await fs.writeFile(path.join(dir, 'schema.d.ts'), astToString(await openapiTS(doc)));
    await fs.writeFile(path.join(dir, 'release.ts'), RELEASE_SCRIPT);
    await fs.writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    await fs.writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: true, types: [], lib: ['es2022', 'dom'] }, files: ['release.ts'] }),
    );
    await fs.symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const tsc = await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir]).catch((e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? '', stderr: e.stderr ?? String(e) }));
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');

    const { release } = (await import(path.join(dir, 'release.ts'))) as { release: (url: string, token: string, project: string, component: string) => Promise<Record<string, unknown>> };
    const out = await release(s.url, s.adminToken, 'rel', 'app');
    expect(out.slugs).toContain('rel');
    expect(out.percents).toMatchObject({ cs: expect.any(Number), de: expect.any(Number) });
    expect(out.found).toBe(1);
    expect(out).toMatchObject({ target: ['Sbohem světe'], translated: true });
  }, 60_000);
});
