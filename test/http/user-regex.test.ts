// Regular expressions from users (search r"…", the regex: check flag) answer in bounded time and never stall the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';

/** Two alternatives that both match every character: a backtracking engine tries 2^n ways on n characters. */
const CATASTROPHIC = '([\\w ]|[\\w ])*#';
/** Long enough for seconds of backtracking per string, short enough that a backtracking engine still ends. */
const LONG = ['the quick brown fox jump', 'pack my box with five do'];

const HEADER = (lang: string | null) =>
  `msgid ""\nmsgstr ""\n${lang ? `"Language: ${lang}\\n"\n` : ''}"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n`;
const po = (lang: string | null) => `${HEADER(lang)}\n${LONG.map((t) => `msgid "${t}"\nmsgstr "${lang ? t : ''}"\n`).join('\n')}\nmsgid "Hello #1"\nmsgstr "${lang ? 'Ahoj #1' : ''}"\n`;

describe.each(DIALECTS)('user regular expressions on %s', (dialect) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'rx')).status).toBe(201);
    const zip = buildZip([
      { name: 'po/app.pot', data: po(null) },
      { name: 'po/cs.po', data: po('cs') },
    ]);
    const form = multipart({ name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' }, { zipfile: { name: 'app.zip', data: zip } });
    const res = await s.api('/api/projects/rx/components/', { method: 'POST', body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    await s.container.tasks.idle();
  }, 60_000);
  afterAll(async () => s?.close());

  /**
   * Sends `slow`, and while it runs requests to /api/: each must be answered within 200 ms of when it
   * was due (a blocked event loop delays the sending too), and `slow` in about a second at most.
   */
  async function staysResponsive(slow: () => Promise<Response>): Promise<Response> {
    const started = performance.now();
    const pending = slow().then((res) => ({ res, ms: performance.now() - started }));
    const probes = await Promise.all(
      [50, 150, 300].map(async (delay) => {
        await new Promise((resolve) => setTimeout(resolve, delay));
        const probe = await s.api('/api/', { token: null });
        return { status: probe.status, late: performance.now() - (started + delay) };
      }),
    );
    const { res, ms } = await pending;
    for (const probe of probes) {
      expect(probe.status).toBe(200);
      expect(probe.late, 'GET /api/ while the regex runs').toBeLessThan(200);
    }
    expect(ms, 'the regex request').toBeLessThan(1000);
    return res;
  }

  it('a search with a catastrophic pattern answers at once, and the server meanwhile too', async () => {
    const q = encodeURIComponent(`source:r"${CATASTROPHIC}"`);
    const res = await staysResponsive(() => s.api(`/api/units/?q=${q}`, { token: null }));
    expect(res.status, await res.clone().text()).toBe(200);
    // The long strings have no "#": only the last one matches, in the source and the cs translation.
    expect(new Set(((await res.json()).results as { source: string[] }[]).map((u) => u.source[0]))).toEqual(new Set(['Hello #1']));
  }, 60_000);

  it('Python spellings: inline flags, named groups, \\Z', async () => {
    const q = encodeURIComponent('source:r"(?i)^(?P<greeting>hello) #1\\Z"');
    const res = await s.api(`/api/translations/rx/app/cs/units/?q=${q}`, { token: null });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()).results as { source: string[] }[]).map((u) => u.source[0])).toEqual(['Hello #1']);
  });

  it('a search with a pattern the engine cannot run is a 400 on q', async () => {
    for (const [pattern, detail] of [
      ['(a)\\1', /^Could not parse query string: Unsupported regular expression: .*backreferences and lookaround assertions are not supported.* at position 7$/],
      ['a(?=b)', /^Could not parse query string: Unsupported regular expression: .*backreferences and lookaround assertions are not supported.* at position 7$/],
      ['(unclosed', /^Could not parse query string: Invalid regular expression: .* at position 7$/],
    ] as const) {
      const res = await s.api(`/api/units/?q=${encodeURIComponent(`source:r"${pattern}"`)}`, { token: null });
      expect(res.status, pattern).toBe(400);
      const body = await res.json();
      expect(body.errors[0].attr).toBe('q');
      expect(body.errors[0].detail).toMatch(detail);
    }
  });

  it('a regex: check flag with a catastrophic pattern re-checks at once, and the server meanwhile answers', async () => {
    const flags = `regex:r"${CATASTROPHIC}"`;
    const res = await staysResponsive(() => s.api('/api/components/rx/app/', { method: 'PATCH', json: { check_flags: flags } }));
    expect(res.status, await res.clone().text()).toBe(200);
    // Every translation fails the check: none contains "#" but the last, which the pattern matches.
    const failing = await s.api(`/api/translations/rx/app/cs/units/?q=${encodeURIComponent('check:regex')}`);
    expect(((await failing.json()).results as { source: string[] }[]).map((u) => u.source[0]).sort()).toEqual([...LONG].sort());
    const reset = await s.api('/api/components/rx/app/', { method: 'PATCH', json: { check_flags: '' } });
    expect(reset.status).toBe(200);
  }, 60_000);
});
