// Full updates (PUT) of projects, components, languages and users, and components made from a docfile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { CS_PO, POT, createPoComponent, createProject, multipart } from '../helpers/fixtures.js';

describe.each(DIALECTS)('PUT and docfile on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'hello')).status).toBe(201);
    expect((await createPoComponent(s, 'hello')).status).toBe(201);
  });
  afterAll(() => s.close());

  it('replaces project, component, language and user fields with PUT', async () => {
    const project = await s.api('/api/projects/hello/', { method: 'PUT', json: { name: 'Hello World', slug: 'hello', web: 'https://example.org/' } });
    expect(project.status).toBe(200);
    expect(await project.json()).toMatchObject({ name: 'Hello World', web: 'https://example.org/' });
    const component = await s.api('/api/components/hello/app/', {
      method: 'PUT',
      json: { name: 'Application', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', template: '', branch: '', repo: 'local:', vcs: 'local' },
    });
    expect(component.status, await component.clone().text()).toBe(200);
    expect((await component.json()).name).toBe('Application');
    const layout = await s.api('/api/components/hello/app/', { method: 'PATCH', json: { filemask: 'locale/*.po' } });
    expect(layout.status).toBe(400);
    expect((await layout.json()).errors[0].attr).toBe('filemask');
    await s.api('/api/languages/', { method: 'POST', json: { code: 'x_put', name: 'Put', plural: { number: 1, formula: '0' } } });
    const lang = await s.api('/api/languages/x_put/', { method: 'PUT', json: { code: 'x_put', name: 'Put again', direction: 'rtl', population: 5, plural: { number: 2, formula: 'n > 1' } } });
    expect(await lang.json()).toMatchObject({ name: 'Put again', direction: 'rtl', population: 5, plural: { number: 2, formula: 'n > 1' } });
    const incomplete = await s.api('/api/languages/x_put/', { method: 'PUT', json: { name: 'No plural' } });
    expect(incomplete.status).toBe(400);
    await s.createUser('kim');
    const user = await s.api('/api/users/kim/', { method: 'PUT', json: { username: 'kim', full_name: 'Kim Lee', email: 'kim@example.org', is_active: true } });
    expect(await user.json()).toMatchObject({ full_name: 'Kim Lee', email: 'kim@example.org' });
  });

  it('creates a component from a single uploaded document', async () => {
    const res = await s.api('/api/projects/hello/components/', {
      method: 'POST',
      body: multipart({ name: 'Doc', slug: 'doc', file_format: 'po' }, { docfile: { name: 'messages.po', data: POT } }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const comp = await res.json();
    expect(comp).toMatchObject({ filemask: 'doc/*.po', repo: 'local:' });
    const source = await (await s.api('/api/translations/hello/doc/en/units/')).json();
    expect(source.count).toBe(4);
    const added = await s.api('/api/components/hello/doc/translations/', { method: 'POST', json: { language_code: 'cs' } });
    expect(added.status).toBe(201);
    expect((await added.json()).data).toMatchObject({ filename: 'doc/cs.po', total: 4, translated: 0 });
    const wrong = await s.api('/api/projects/hello/components/', {
      method: 'POST',
      body: multipart({ name: 'Doc2', slug: 'doc2', file_format: 'po' }, { docfile: { name: 'readme.txt', data: CS_PO } }),
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).detail).toMatch(/Unsupported file format/);
    expect((await s.api('/api/components/hello/doc2/')).status).toBe(404);
  });
});
