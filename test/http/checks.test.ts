// Quality checks stored per unit: flags from PO files, extra flags and component check_flags configure them;
// failing counters, has_failing_check, check:/has:check search and metrics agree; enforced checks mean needs editing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';

const HEADER = (lang: string | null, plurals = 'nplurals=2; plural=(n != 1);') =>
  `msgid ""\nmsgstr ""\n${lang ? `"Language: ${lang}\\n"\n` : ''}"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: ${plurals}\\n"\n`;

function po(lang: string | null, saved: string, hello: string): string {
  return `${HEADER(lang)}
#, c-format
msgid "Saved %s files"
msgstr "${saved}"

msgid "Hello"
msgstr "${hello}"
`;
}

describe.each(DIALECTS)('quality checks on %s', (dialect) => {
  let s: TestServer;
  let savedId = 0; // the cs unit of "Saved %s files"
  let sourceId = 0; // its source unit

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'qc')).status).toBe(201);
    // de arrives with a broken c-format translation (checked on import), cs untranslated.
    const zip = buildZip([
      { name: 'po/app.pot', data: po(null, '', '') },
      { name: 'po/cs.po', data: po('cs', '', 'Ahoj') },
      { name: 'po/de.po', data: po('de', 'Gespeicherte Dateien', 'Hallo') },
    ]);
    const res = await createPoComponent(s, 'qc', 'app', zip);
    expect(res.status, await res.clone().text()).toBe(201);
    await s.container.tasks.idle();
  }, 60_000);
  afterAll(async () => s?.close());

  const json = async (path: string) => {
    const res = await s.api(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as Record<string, any>;
  };
  const stats = (lang: string) => json(`/api/translations/qc/app/${lang}/statistics/`);
  const search = async (lang: string, q: string) => ((await json(`/api/translations/qc/app/${lang}/units/?q=${encodeURIComponent(q)}`)).results as Record<string, any>[]).map((u) => u.id as number);
  const unit = (id: number) => json(`/api/units/${id}/`);
  const patch = async (id: number, body: unknown, status = 200) => {
    const res = await s.api(`/api/units/${id}/`, { method: 'PATCH', json: body });
    expect(res.status, await res.clone().text()).toBe(status);
    return (await res.json()) as Record<string, any>;
  };
  const patchComponent = async (body: unknown) => {
    const res = await s.api('/api/components/qc/app/', { method: 'PATCH', json: body });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  /** failing statistics, has_failing_check, check: and has:check of the cs unit, all at once. */
  async function csState(check = 'c_format') {
    const st = await stats('cs');
    const u = await unit(savedId);
    return {
      failing: st.failing as number,
      flag: u.has_failing_check as boolean,
      byCheck: (await search('cs', `check:${check}`)).includes(savedId),
      byHas: (await search('cs', 'has:check')).includes(savedId),
    };
  }
  const FAILING = { failing: 1, flag: true, byCheck: true, byHas: true };
  const CLEAN = { failing: 0, flag: false, byCheck: false, byHas: false };

  it('checks translations imported with the component', async () => {
    const de = await stats('de');
    expect(de.failing).toBe(1);
    expect(await search('de', 'check:c_format')).toHaveLength(1);
    expect(await search('de', 'check:c-format')).toHaveLength(1);
    expect(await search('de', 'check:=c_format')).toHaveLength(1);
    expect(await search('de', 'dismissed_check:c_format')).toHaveLength(0);
    expect(await search('de', 'has:check')).toHaveLength(1);
    expect(await search('de', 'NOT has:check')).toHaveLength(1);
    expect((await stats('cs')).failing).toBe(0);
  });

  it('an upload that drops %s fails c_format; fixing it clears everything', async () => {
    const res = await s.api('/api/translations/qc/app/cs/file/', { method: 'POST', body: multipart({}, { file: { name: 'cs.po', data: po('cs', 'Uloženo souborů', 'Ahoj') } }) });
    expect(res.status).toBe(200);
    expect((await res.json()).accepted).toBe(1);
    [savedId] = await search('cs', 'source:"Saved %s"');
    expect(savedId).toBeGreaterThan(0);
    sourceId = Number(String((await unit(savedId)).source_unit).match(/\/units\/(\d+)\//)![1]);
    expect(await csState()).toEqual(FAILING);
    expect((await json('/api/metrics/')).checks).toBe(3); // cs and de, and multiple_failures on their source

    const fixed = await patch(savedId, { target: ['Uloženo %s souborů'], state: 20 });
    expect(fixed.has_failing_check).toBe(false);
    expect(await csState()).toEqual(CLEAN);
    expect((await json('/api/metrics/')).checks).toBe(1);

    await patch(savedId, { target: ['Uloženo souborů'], state: 20 });
    expect(await csState()).toEqual(FAILING);
  });

  it('ignore-c-format in the source string extra flags or the component check_flags disables it', async () => {
    await patch(sourceId, { extra_flags: 'ignore-c-format' });
    expect(await csState()).toEqual(CLEAN);
    expect((await stats('de')).failing).toBe(0);
    await patch(sourceId, { extra_flags: '' });
    expect(await csState()).toEqual(FAILING);
    expect((await stats('de')).failing).toBe(1);

    await patchComponent({ check_flags: 'ignore-c-format' });
    expect(await csState()).toEqual(CLEAN);
    await patchComponent({ check_flags: '' });
    expect(await csState()).toEqual(FAILING);
  });

  it('max-length:N from the component check_flags', async () => {
    await patch(savedId, { target: ['Uloženo %s souborů'], state: 20 });
    expect(await csState()).toEqual(CLEAN);
    await patchComponent({ check_flags: 'max-length:10' });
    expect(await csState('max-length')).toEqual(FAILING);
    expect(await search('cs', 'check:c_format')).toEqual([]);
    await patchComponent({ check_flags: '' });
    expect(await csState('max-length')).toEqual(CLEAN);
  });

  it('refuses check_flags the checks could not use, on components and projects', async () => {
    for (const [url, flags] of [
      ['/api/components/qc/app/', 'regex:r"(a)\\1"'],
      ['/api/components/qc/app/', 'max-length:many'],
      ['/api/projects/qc/', 'placeholders:r"(?=x)"'],
    ] as const) {
      const res = await s.api(url, { method: 'PATCH', json: { check_flags: flags } });
      expect(res.status, `${url} ${flags}`).toBe(400);
      expect((await res.json()).errors[0]).toMatchObject({ attr: 'check_flags' });
    }
    await patchComponent({ check_flags: 'regex:r"^[A-Z]"' });
    await patchComponent({ check_flags: '' });
  });

  it('enforced checks turn a failing translated string into needs editing', async () => {
    await patchComponent({ enforced_checks: ['c_format'] });
    const edited = await patch(savedId, { target: ['Uloženo souborů'], state: 20 });
    expect(edited.state).toBe(10);
    expect(await csState()).toEqual(FAILING);
    const st = await stats('cs');
    expect(st.fuzzy).toBe(1);
    expect(st.translated).toBe(1); // "Hello" only
    // Enforcing a check re-checks what is stored: the de string (translated, failing) needs editing now.
    expect((await stats('de')).fuzzy).toBe(1);
    // A fixed string stays translated.
    expect((await patch(savedId, { target: ['Uloženo %s souborů'], state: 20 })).state).toBe(20);
    expect(await csState()).toEqual(CLEAN);
    await patch(savedId, { target: ['Uloženo souborů'], state: 20 });
    await patchComponent({ enforced_checks: [] });
  });

  it('a dismissed check stays dismissed on re-check and does not count; enforced checks cannot be dismissed', async () => {
    const db = s.container.database.db;
    const [deId] = await search('de', 'check:c_format');
    expect(deId).toBeGreaterThan(0);
    await db.updateTable('checks').set({ dismissed: 1 }).where('unit_id', '=', deId!).execute();
    await patchComponent({ check_flags: 'max-length:1000' }); // re-checks every stored unit
    expect((await stats('de')).failing).toBe(0);
    expect((await unit(deId!)).has_failing_check).toBe(false);
    expect(await search('de', 'check:c_format')).toEqual([]);
    expect(await search('de', 'dismissed_check:c_format')).toEqual([deId]);
    expect(await search('de', 'has:dismissed-check')).toEqual([deId]);
    expect((await json('/api/metrics/')).checks).toBe(1); // the cs one
    await patchComponent({ check_flags: '', enforced_checks: ['c_format'] });
    expect((await stats('de')).failing).toBe(1);
    expect(await search('de', 'has:dismissed-check')).toEqual([]);
    await patchComponent({ enforced_checks: [] });
  });

  it('counts stay exact after deleting the string', async () => {
    expect((await stats('cs')).failing).toBe(1);
    await patchComponent({ manage_units: true });
    const res = await s.api(`/api/units/${sourceId}/`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    for (const lang of ['cs', 'de']) {
      const st = await stats(lang);
      expect(st.total).toBe(1);
      expect(st.failing).toBe(0);
      expect(await search(lang, 'has:check')).toEqual([]);
    }
    expect((await json('/api/metrics/')).checks).toBe(0);
    const rows = await s.container.database.db.selectFrom('checks').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('a string added through the API is checked', async () => {
    const res = await s.api('/api/translations/qc/app/cs/units/', { method: 'POST', json: { source: ['Quit now?'], target: ['Konec'], state: 20 } });
    expect(res.status, await res.clone().text()).toBe(200);
    const added = (await res.json()) as Record<string, any>;
    expect(added.has_failing_check).toBe(true);
    expect(await search('cs', 'check:end_question')).toEqual([added.id]);
    expect((await stats('cs')).failing).toBe(1);
    await patch(added.id as number, { target: ['Konec?'], state: 20 });
    expect((await stats('cs')).failing).toBe(0);
  });

  it('translated: emptying a string translated before fails on a single edit', async () => {
    const [hello] = await search('cs', 'source:=Hello');
    await patch(hello!, { target: ['Nazdar'], state: 20 }); // history: a saved translation
    expect(await search('cs', 'has:check')).toEqual([]);
    await patch(hello!, { target: [''], state: 0 });
    expect(await search('cs', 'check:translated')).toEqual([hello]);
    expect((await stats('cs')).failing).toBe(1);
    await patch(hello!, { target: ['Ahoj'], state: 20 });
    expect(await search('cs', 'has:check')).toEqual([]);
    expect((await stats('cs')).failing).toBe(0);
  });
});
