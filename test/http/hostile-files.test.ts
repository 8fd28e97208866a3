// Hostile and broken uploads: XML entity tricks, oversized files and malformed files in several formats change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject, createXliffComponent, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

const XLIFF = (lang: string, target: string) => `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="${lang}" datatype="plaintext" original="app">
    <body>
      <trans-unit id="greeting">
        <source>Hello</source>
        <target>${target}</target>
      </trans-unit>
      <trans-unit id="bye">
        <source>Goodbye</source>
      </trans-unit>
    </body>
  </file>
</xliff>
`;

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" target-language="cs" datatype="plaintext" original="app"><body>
<trans-unit id="greeting"><source>Hello</source><target>&lol3;</target></trans-unit></body></file></xliff>
`;

const XXE = `<?xml version="1.0"?>
<!DOCTYPE xliff [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" target-language="cs" datatype="plaintext" original="app"><body>
<trans-unit id="greeting"><source>Hello</source><target>&xxe;</target></trans-unit></body></file></xliff>
`;

describe.each(DIALECTS)('hostile uploads (%s)', (dialect) => {
  let server: TestServer;
  const T = '/api/translations/hostile/app/cs/file/';
  const upload = (data: string | Buffer, name = 'cs.xlf', fields: Record<string, string> = {}) =>
    server.api(T, { method: 'POST', body: multipart({ conflicts: 'replace-translated', ...fields }, { file: { name, data } }) });

  beforeAll(async () => {
    server = await startServer(dialect, { PARLA_MAX_UPLOAD_SIZE: '20000' });
    expect((await createProject(server, 'hostile')).status).toBe(201);
    const res = await createXliffComponent(server, 'hostile', XLIFF);
    expect(res.status, await res.clone().text()).toBe(201);
  });
  afterAll(async () => server?.close());

  const snapshot = async () => ({
    file: await (await server.api(T)).text(),
    units: (await (await server.api('/api/translations/hostile/app/cs/units/')).json()).results.map((u: { target: string[]; state: number }) => [u.target, u.state]),
  });

  it('takes a good XLIFF upload', async () => {
    const res = await upload(XLIFF('cs', 'Nazdar'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ accepted: 1 });
    expect(await (await server.api(T)).text()).toContain('<target>Nazdar</target>');
  });

  it('rejects entity expansion (billion laughs) fast and XXE without reading files, changing nothing', async () => {
    const before = await snapshot();
    const started = Date.now();
    const laughs = await upload(BILLION_LAUGHS);
    expect(laughs.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(2000);
    const body = await laughs.json();
    expect(body.errors[0].attr).toBe('file');
    expect(body.detail).toMatch(/Could not parse uploaded file: .*XLIFF/);
    const xxe = await upload(XXE);
    expect(xxe.status).toBe(400);
    expect(JSON.stringify(await xxe.json())).not.toContain('root:');
    expect(await snapshot()).toEqual(before);
  });

  it('rejects malformed XML with the line and what is wrong', async () => {
    const res = await upload(XLIFF('cs', 'Broken').replace('</trans-unit>', ''));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.detail).toMatch(/cs\.xlf:\d+: /);
  });

  it('rejects an oversized file with a 400 on the field', async () => {
    const res = await upload(XLIFF('cs', 'x'.repeat(30000)));
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toMatchObject({ attr: 'file', detail: 'Uploaded translation file is too big.' });
  });

  it('rejects NUL characters in any format (PostgreSQL cannot store them), however the file spells them, changing nothing', async () => {
    const before = await snapshot();
    for (const [data, name] of [
      [XLIFF('cs', 'Ah\u0000oj'), 'cs.xlf'],
      [XLIFF('cs', 'Ah&#0;oj'), 'cs.xlf'],
      ['{"greeting": "Ah\\u0000oj"}', 'cs.json'],
      ['msgid "Hello"\nmsgstr "Ah\u0000oj"\n', 'cs.po'],
    ] as const) {
      const res = await upload(data, name);
      expect(res.status, name).toBe(400);
      const body = await res.json();
      expect(body.errors[0].attr).toBe('file');
      if (!/Illegal|invalid|character reference/i.test(body.detail)) expect(body.detail).toContain('Null characters are not allowed');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('rejects files whose extension no format reads', async () => {
    const res = await upload('whatever', 'cs.exe');
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toContain('unsupported file extension');
  });
});
