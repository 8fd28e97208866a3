// Document components (docfile HTML and Markdown): segments become units, translations render the whole document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

const HTML = `<!DOCTYPE html>
<html lang="en">
<head><title>Parla guide</title></head>
<body>
<h1>Welcome</h1>
<p>Parla keeps your <b>translations</b> safe.</p>
<pre>npm start</pre>
</body>
</html>
`;

const MD = `# Getting started

Install the package and run it.

- First item
- Second item

\`\`\`sh
npm start
\`\`\`
`;

describe.each(DIALECTS)('document components (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(dialect);
    expect((await createProject(server, 'docs')).status).toBe(201);
  });
  afterAll(async () => server?.close());

  const units = async (path: string) => (await (await server.api(`${path}units/`)).json()).results as { id: number; source: string[]; target: string[] }[];

  it('turns an HTML document into units and renders a translation from it', async () => {
    const res = await server.api('/api/projects/docs/components/', { method: 'POST', body: multipart({ name: 'Guide', slug: 'guide', file_format: 'html' }, { docfile: { name: 'guide.html', data: HTML } }) });
    expect(res.status, await res.clone().text()).toBe(201);
    const source = await units('/api/translations/docs/guide/en/');
    // The page's language and preformatted text are translatable too, as in the reference's extraction.
    expect(source.map((u) => u.source[0])).toEqual(['en', 'Parla guide', 'Welcome', 'Parla keeps your <b>translations</b> safe.', 'npm start']);

    expect((await server.api('/api/components/docs/guide/translations/', { method: 'POST', json: { language_code: 'cs' } })).status).toBe(201);
    const cs = await units('/api/translations/docs/guide/cs/');
    expect(cs.map((u) => u.target[0])).toEqual(['', '', '', '', '']);
    const welcome = cs.find((u) => u.source[0] === 'Welcome')!;
    expect((await server.api(`/api/units/${welcome.id}/`, { method: 'PATCH', json: { target: ['Vítejte'], state: 20 } })).status).toBe(200);
    const file = await (await server.api('/api/translations/docs/guide/cs/file/')).text();
    expect(file).toBe(HTML.replace('<h1>Welcome</h1>', '<h1>Vítejte</h1>'));
    expect((await server.api('/api/translations/docs/guide/cs/file/')).headers.get('content-disposition')).toBe('attachment; filename=docs-guide-cs.html');
  });

  it('turns a Markdown document into units, leaving code alone', async () => {
    const res = await server.api('/api/projects/docs/components/', { method: 'POST', body: multipart({ name: 'Readme', slug: 'readme', file_format: 'markdown' }, { docfile: { name: 'README.md', data: MD } }) });
    expect(res.status, await res.clone().text()).toBe(201);
    const source = await units('/api/translations/docs/readme/en/');
    expect(source.map((u) => u.source[0])).toEqual(['Getting started', 'Install the package and run it.', 'First item', 'Second item']);
    expect((await server.api('/api/components/docs/readme/translations/', { method: 'POST', json: { language_code: 'de' } })).status).toBe(201);
    const de = await units('/api/translations/docs/readme/de/');
    expect((await server.api(`/api/units/${de[1]!.id}/`, { method: 'PATCH', json: { target: ['Paket installieren und starten.'], state: 20 } })).status).toBe(200);
    expect(await (await server.api('/api/translations/docs/readme/de/file/')).text()).toBe(MD.replace('Install the package and run it.', 'Paket installieren und starten.'));
  });
});
