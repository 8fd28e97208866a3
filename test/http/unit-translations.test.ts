// GET /api/units/<id>/translations/: a source string's units in the other languages, as a bare array.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';

describe.each(DIALECTS)('unit translations on %s', (dialect) => {
  let s: TestServer;
  let outsider: string;

  const json = async (res: Response, status: number) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const unitOf = async (project: string, lang: string, source: string) => {
    const body = await json(await s.api(`/api/translations/${project}/app/${lang}/units/?page_size=100`), 200);
    return body.results.find((u: { source: string[] }) => u.source[0] === source) as { id: number; url: string };
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    outsider = await s.createUser('outsider');
    await json(await createProject(s, 'pub'), 201);
    await json(await createPoComponent(s, 'pub'), 201);
    await json(await createProject(s, 'priv', { access_control: 100 }), 201);
    await json(await createPoComponent(s, 'priv'), 201);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('lists the other languages of a source unit as a bare array', async () => {
    const source = await unitOf('pub', 'en', 'Hello');
    const body = await json(await s.api(`/api/units/${source.id}/translations/`, { token: null }), 200);
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((u: { language_code: string }) => u.language_code).sort()).toEqual(['cs', 'de']);
    for (const u of body) {
      expect(u.source).toEqual(['Hello']);
      expect(u.source_unit).toBe(source.url);
      expect(u.id).not.toBe(source.id);
    }
    expect(body.find((u: { language_code: string }) => u.language_code === 'cs').target).toEqual(['Ahoj']);
  });

  it('refuses a translated unit with 400 not-a-source-unit', async () => {
    const translated = await unitOf('pub', 'cs', 'Hello');
    const body = await json(await s.api(`/api/units/${translated.id}/translations/`), 400);
    expect(body.errors[0]).toMatchObject({ code: 'not-a-source-unit', detail: 'Specified unit id is not a translation source unit.' });
  });

  it('hides units of projects the caller may not see', async () => {
    const source = await unitOf('priv', 'en', 'Hello');
    await json(await s.api(`/api/units/${source.id}/translations/`, { token: outsider }), 404);
    await json(await s.api(`/api/units/${source.id}/translations/`, { token: null }), 404);
    expect(await json(await s.api(`/api/units/${source.id}/translations/`), 200)).toHaveLength(2);
    await json(await s.api('/api/units/999999/translations/'), 404);
    await json(await s.api('/api/units/abc/translations/'), 404);
  });

  it('is read-only', async () => {
    const source = await unitOf('pub', 'en', 'Hello');
    const res = await s.api(`/api/units/${source.id}/translations/`, { method: 'POST', json: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
