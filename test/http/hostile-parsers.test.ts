// Uploads built to make the XML scanner or the XLSX reader run long: they are answered quickly and the server stays responsive meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkbook } from '../../src/formats/xlsx/test-workbooks.js';
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
    </body>
  </file>
</xliff>
`;

/** `count` distinct attributes on one element, followed by text without '<' (what made each attribute search to the end). */
function manyAttributes(count: number): string {
  const attrs: string[] = [];
  for (let i = 0; i < count; i++) attrs.push(`a${i}="v"`);
  return attrs.join(' ');
}

/** A worksheet of `rows` rows of empty styled cells: tens of MB that deflate to a few dozen KB. */
function bombSheet(rows: number): string {
  const row = '<c s="1"/>'.repeat(1000);
  const body: string[] = [];
  for (let r = 1; r <= rows; r++) body.push(`<row>${row}</row>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body.join('')}</sheetData></worksheet>`;
}

describe('uploads that would stall the parsers', () => {
  let server: TestServer;
  const T = '/api/translations/parsers/app/cs/file/';
  const upload = (data: string | Buffer, name: string) =>
    server.api(T, { method: 'POST', body: multipart({ conflicts: 'replace-translated' }, { file: { name, data } }) });

  /** Sends requests to /api/ one after another while `pending` runs; returns the slowest answer's time and the time `pending` took. */
  async function probeWhile(send: () => Promise<Response>): Promise<{ res: Response; slowestProbe: number; took: number; probes: number }> {
    // Warm: the first answers of a fresh server include compiling its routes' code.
    for (let i = 0; i < 5; i++) await (await server.api('/api/')).arrayBuffer();
    const started = Date.now();
    let done = false;
    let slowestProbe = 0;
    let probes = 0;
    const probing = (async () => {
      while (!done) {
        const sent = performance.now();
        const res = await server.api('/api/');
        await res.arrayBuffer();
        // A server too busy to answer says 503: as much a stall as a slow answer.
        slowestProbe = Math.max(slowestProbe, res.status === 200 ? 0 : Infinity);
        slowestProbe = Math.max(slowestProbe, performance.now() - sent);
        probes++;
      }
    })();
    const res = await send().finally(() => (done = true));
    const took = Date.now() - started;
    await probing;
    return { res, slowestProbe, took, probes };
  }

  /**
   * probeWhile up to three times until no probe took 200 ms: a parser stall shows in every attempt,
   * while the other suites and processes sharing the machine only slow an odd request.
   */
  async function quietWhile(send: () => Promise<Response>): ReturnType<typeof probeWhile> {
    let outcome = await probeWhile(send);
    for (let attempt = 1; attempt < 3 && outcome.slowestProbe >= 200; attempt++) outcome = await probeWhile(send);
    return outcome;
  }

  beforeAll(async () => {
    server = await startServer('sqlite', { PARLA_LOG_LEVEL: 'error' });
    expect((await createProject(server, 'parsers')).status).toBe(201);
    const res = await createXliffComponent(server, 'parsers', XLIFF);
    expect(res.status, await res.clone().text()).toBe(201);
  });
  afterAll(async () => server?.close());

  it('refuses an XLIFF element with 100,000 attributes at once, answering other requests meanwhile', async () => {
    const xliff = XLIFF('cs', 'Ahoj').replace('<trans-unit id="greeting">', `<trans-unit id="greeting" ${manyAttributes(100_000)}>${'x'.repeat(1000)}`);
    const { res, slowestProbe, took } = await quietWhile(() => upload(xliff, 'cs.xlf'));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors[0].attr).toBe('file');
    expect(body.detail).toMatch(/cs\.xlf:5: .*too many attributes/);
    expect(took).toBeLessThan(3000);
    expect(slowestProbe).toBeLessThan(200);
  });

  it('refuses an Android resource element with 100,000 attributes at once, answering other requests meanwhile', async () => {
    const android = `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n  <string name="greeting" ${manyAttributes(100_000)}>Ahoj</string>\n</resources>\n`;
    const { res, slowestProbe, took } = await quietWhile(() => upload(android, 'strings.xml'));
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toMatch(/strings\.xml:3: .*too many attributes/);
    expect(took).toBeLessThan(3000);
    expect(slowestProbe).toBeLessThan(200);
  });

  it('refuses an XLSX whose sheet inflates to tens of MB from a few dozen KB, answering other requests meanwhile', async () => {
    const sheet = bombSheet(3_000);
    const xlsx = buildWorkbook({ rows: [], rawSheet: sheet });
    expect(sheet.length).toBeGreaterThan(30_000_000);
    expect(xlsx.length).toBeLessThan(100_000);
    const { res, slowestProbe, took } = await quietWhile(() => upload(xlsx, 'cs.xlsx'));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors[0].attr).toBe('file');
    expect(body.detail).toMatch(/Could not parse uploaded file: Excel Open XML: cs\.xlsx: xl\/worksheets\/sheet1\.xml: .* inflates to 28\.6 MB from \d+ KB, .*likely ZIP bomb/);
    expect(took).toBeLessThan(3000);
    expect(slowestProbe).toBeLessThan(200);
  });

  it('still takes a good XLSX upload', async () => {
    const xlsx = buildWorkbook({ rows: [['context', 'source', 'target'], ['greeting', 'Hello', 'Nazdar']], shared: true });
    const res = await upload(xlsx, 'cs.xlsx');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await (await server.api(T)).text()).toContain('<target>Nazdar</target>');
  });
});
