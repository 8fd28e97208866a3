// Renderers of /api/: CSV (?format=csv, Accept: text/csv) flattening lists and metrics, the bare results of
// statistics (?format=json-flat), URL format suffixes (/api/projects.json) and the OpenAPI document as YAML.
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

/** Splits a CSV body into rows of fields (quoted fields with commas, quotes and line breaks included). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}

/** The CSV rows as objects keyed by the header. */
function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

describe.each(DIALECTS)('renderers on %s', (dialect) => {
  let s: TestServer;
  let viewer: string;

  beforeAll(async () => {
    s = await startServer(dialect);
    viewer = await s.createUser('viewer');
    expect((await createProject(s, 'hello', { name: 'Hello, "World"' })).status).toBe(201);
    expect((await createPoComponent(s, 'hello')).status).toBe(201);
    expect((await createProject(s, 'second')).status).toBe(201);
  });
  afterAll(async () => s?.close());

  describe('CSV', () => {
    it('renders the results of a list as rows under a sorted header, for ?format=csv and Accept: text/csv', async () => {
      for (const init of [{ path: '/api/projects/?format=csv' }, { path: '/api/projects/', headers: { Accept: 'text/csv' } }]) {
        const res = await s.api(init.path, { headers: init.headers });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        const text = await res.text();
        expect(text.endsWith('\r\n')).toBe(true);
        const [header] = parseCsv(text);
        expect(header).toEqual([...header].sort());
        expect(header).toEqual(expect.arrayContaining(['name', 'slug', 'url', 'web_url', 'id']));
        const rows = csvObjects(text);
        expect(rows.map((r) => r.slug)).toEqual(['hello', 'second']);
        // A name with a comma and quotes is quoted as one field.
        expect(text).toContain('"Hello, ""World"""');
        expect(rows[0].name).toBe('Hello, "World"');
        expect(rows[0].url).toBe(`${s.url}/api/projects/hello/`);
      }
    });

    it('flattens nested objects and lists into dotted columns, booleans as True/False and null as empty', async () => {
      const res = await s.api('/api/components/?format=csv');
      expect(res.status).toBe(200);
      const rows = csvObjects(await res.text());
      expect(rows).toHaveLength(1);
      expect(rows[0]['project.slug']).toBe('hello');
      expect(rows[0]['source_language.code']).toBe('en');
      expect(rows[0]['source_language.plural.number']).toBe('2');
      const json = await (await s.api('/api/components/hello/app/')).json();
      expect(rows[0].slug).toBe(json.slug);
      expect(rows[0].edit_template).toBe(json.edit_template ? 'True' : 'False');
      const languages = csvObjects(await (await s.api('/api/languages/cs/?format=csv')).text());
      expect(languages).toHaveLength(1);
      expect(languages[0].code).toBe('cs');
      expect(languages[0]['aliases.0']).toBeDefined();
      expect(languages[0]['plural.formula']).toContain('n');
    });

    it('renders a single object as one row and an empty list as an empty body', async () => {
      const stats = csvObjects(await (await s.api('/api/translations/hello/app/cs/statistics/?format=csv')).text());
      expect(stats).toHaveLength(1);
      expect(stats[0].code).toBe('cs');
      expect(Number(stats[0].total)).toBe(4);
      const empty = await s.api('/api/projects/second/components/?format=csv');
      expect(empty.status).toBe(200);
      expect(empty.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(await empty.text()).toBe('');
    });

    it('renders the server metrics as one row, queues flattened', async () => {
      const res = await s.api('/api/metrics/?format=csv', { token: viewer });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const rows = csvObjects(await res.text());
      expect(rows).toHaveLength(1);
      expect(rows[0]['celery_queues.default']).toBe('0');
      expect(rows[0].name).toBe('Parla');
      expect(Number(rows[0].projects)).toBe(2);
      expect((await s.api('/api/metrics/?format=csv', { token: null })).status).toBe(401);
    });

    it('is named among the renderers of an address (OPTIONS)', async () => {
      const meta = await (await s.api('/api/projects/', { method: 'OPTIONS' })).json();
      expect(meta.renders).toEqual(['application/json', 'text/html', 'text/csv']);
    });

    it('keeps the JSON error body when the answer is an error', async () => {
      const res = await s.api('/api/projects/missing/?format=csv');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await res.json()).type).toBe('client_error');
    });
  });

  describe('json-flat', () => {
    it('answers the bare results of paginated statistics', async () => {
      const plain = await (await s.api('/api/components/hello/app/statistics/')).json();
      const res = await s.api('/api/components/hello/app/statistics/?format=json-flat');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const flat = await res.json();
      expect(Array.isArray(flat)).toBe(true);
      expect(flat).toEqual(plain.results);
      const languages = await (await s.api('/api/projects/hello/languages/?format=json-flat')).json();
      expect(Array.isArray(languages)).toBe(true);
      expect(languages.map((l: { code: string }) => l.code).sort()).toEqual(['cs', 'de', 'en']);
      const contributions = await (await s.api('/api/users/admin/contributions/')).json();
      const flatContributions = await (await s.api('/api/users/admin/contributions/?format=json-flat')).json();
      expect(flatContributions).toEqual(contributions.results);
    });

    it('leaves statistics objects as they are', async () => {
      for (const path of ['/api/projects/hello/statistics/', '/api/translations/hello/app/cs/statistics/', '/api/languages/cs/statistics/', '/api/users/admin/statistics/']) {
        const plain = await (await s.api(path)).json();
        const flat = await s.api(`${path}?format=json-flat`);
        expect(flat.status, path).toBe(200);
        expect(await flat.json(), path).toEqual(plain);
      }
    });

    it('is a renderer of statistics only: elsewhere it is an unknown format (404)', async () => {
      for (const path of ['/api/projects/?format=json-flat', '/api/components/hello/app/?format=json-flat', '/api/projects/?format=xml']) {
        const res = await s.api(path);
        expect(res.status, path).toBe(404);
        expect((await res.json()).detail).toMatch(/not supported/);
      }
    });
  });

  describe('URL format suffixes', () => {
    it('routes /api/<path>.<format> as ?format=<format>', async () => {
      const list = await (await s.api('/api/projects/')).json();
      for (const path of ['/api/projects.json', '/api/projects.json/']) {
        const res = await s.api(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
        expect((await res.json()).results, path).toEqual(list.results);
      }
      const csv = await s.api('/api/projects.csv');
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csvObjects(await csv.text()).map((r) => r.slug)).toEqual(['hello', 'second']);
      const page = await s.api('/api/projects.api');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // The suffix wins over a format in the query.
      expect((await s.api('/api/projects.json?format=csv')).headers.get('content-type')).toMatch(/^application\/json/);
    });

    it('works on details, sub-resources and the API root', async () => {
      const project = await s.api('/api/projects/hello.json');
      expect(project.status).toBe(200);
      expect((await project.json()).slug).toBe('hello');
      const stats = await s.api('/api/projects/hello/statistics.json');
      expect(stats.status).toBe(200);
      expect((await stats.json()).total).toBeGreaterThan(0);
      const flat = await s.api('/api/components/hello/app/statistics.csv');
      expect(csvObjects(await flat.text()).map((r) => r.code).sort()).toEqual(['cs', 'de', 'en']);
      const root = await s.api('/api/.json');
      expect(root.status).toBe(200);
      expect((await root.json()).projects).toBe(`${s.url}/api/projects/`);
      const user = await s.api('/api/users/viewer.json');
      expect(user.status).toBe(200);
      expect((await user.json()).username).toBe('viewer');
    });

    it('answers 404 to an unknown suffix', async () => {
      for (const path of ['/api/projects.xml', '/api/projects/hello.yaml', '/api/projects/hello/statistics.json-flat']) {
        expect((await s.api(path)).status, path).toBe(404);
      }
    });

    it('leaves file names and names with dots alone', async () => {
      const po = await s.api('/api/translations/hello/app/cs/file.po');
      expect(po.status).toBe(200);
      expect(await po.text()).toContain('msgid "Hello"');
      expect((await s.api('/api/translations/hello/app/cs/file.nosuch')).status).toBe(404);
      await s.container.users.create({ username: 'jane.doe', email: 'jane@example.com', full_name: 'Jane' });
      const jane = await s.api('/api/users/jane.doe/');
      expect(jane.status).toBe(200);
      expect((await jane.json()).username).toBe('jane.doe');
      const asset = await s.api('/api/docs/assets/swagger-ui.css', { token: null });
      expect(asset.status).toBe(200);
      expect((await asset.text()).length).toBeGreaterThan(1000);
    });
  });

  describe('OpenAPI document', () => {
    it('is served as YAML for ?format=yaml and the OpenAPI media type, with the same content as the JSON', async () => {
      const json = await (await s.api('/api/schema/', { headers: { Accept: 'application/json' } })).json();
      const yaml = await s.api('/api/schema/?format=yaml');
      expect(yaml.status).toBe(200);
      expect(yaml.headers.get('content-type')).toBe('application/vnd.oai.openapi; charset=utf-8');
      const text = await yaml.text();
      expect(text.startsWith('openapi: 3.0.3\n')).toBe(true);
      expect(YAML.parse(text)).toEqual(json);
      const oai = await s.api('/api/schema/', { headers: { Accept: 'application/vnd.oai.openapi' } });
      expect(oai.headers.get('content-type')).toBe('application/vnd.oai.openapi; charset=utf-8');
      expect(await oai.text()).toBe(text);
      const plainYaml = await s.api('/api/schema/', { headers: { Accept: 'application/yaml' } });
      expect(plainYaml.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
      expect(await plainYaml.text()).toBe(text);
      // The JSON forms stay as they were.
      const oaiJson = await s.api('/api/schema/', { headers: { Accept: 'application/vnd.oai.openapi+json' } });
      expect(oaiJson.headers.get('content-type')).toBe('application/vnd.oai.openapi+json; charset=utf-8');
      expect(await oaiJson.json()).toEqual(json);
      const xml = await s.api('/api/schema/?format=xml');
      expect(xml.status).toBe(404);
      await xml.arrayBuffer();
    });
  });
});
