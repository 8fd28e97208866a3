// Translation file downloads (as stored, converted, ZIPs, 304) and uploads (methods, conflicts, errors) over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poFormat } from '../../src/formats/index.js';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, CS_PO, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { zipEntries } from '../helpers/zip.js';

const T = '/api/translations/files/app/cs/file/';

function upload(server: TestServer, fields: Record<string, string>, content: string, name = 'cs.po', token?: string | null) {
  return server.api(T, { method: 'POST', body: multipart(fields, { file: { name, data: content } }), ...(token !== undefined ? { token } : {}) });
}

/** CS_PO with "Open" translated, as a translator would upload it. */
const CS_UPLOAD = CS_PO.replace('msgctxt "menu"\nmsgid "Open"\nmsgstr ""', 'msgctxt "menu"\nmsgid "Open"\nmsgstr "Otevřít"');

describe.each(DIALECTS)('file downloads and uploads (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(dialect);
    expect((await createProject(server, 'files')).status).toBe(201);
    expect((await createPoComponent(server, 'files')).status).toBe(201);
  });
  afterAll(async () => server?.close());

  it('downloads the file as stored with its name and type', async () => {
    const res = await server.api(T);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/x-po/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=files-app-cs.po');
    expect(await res.text()).toBe(CS_PO);
  });

  it('answers 304 when nothing changed since If-Modified-Since', async () => {
    const first = await server.api(T);
    const lastModified = first.headers.get('last-modified');
    expect(lastModified).toBeTruthy();
    const again = await server.api(T, { headers: { 'If-Modified-Since': new Date(Date.now() + 60_000).toUTCString() } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const old = await server.api(T, { headers: { 'If-Modified-Since': new Date(0).toUTCString() } });
    expect(old.status).toBe(200);
  });

  it('rejects q without a format, unknown conversions and unknown suffixes', async () => {
    const q = await server.api(`${T}?q=state:translated`);
    expect(q.status).toBe(400);
    expect((await q.json()).errors[0].attr).toBe('q');
    const bad = await server.api(`${T}?format=doc`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toContain('Conversion to doc is not supported');
    expect((await server.api('/api/translations/files/app/cs/file.doc')).status).toBe(404);
  });

  it('converts to PO from the database with the conversion name', async () => {
    const res = await server.api(`${T}?format=po`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/x-po; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=files-app-cs.po');
    const store = poFormat.parse(Buffer.from(await res.arrayBuffer()));
    expect(store.units.map((u) => u.target[0])).toEqual(['Ahoj', 'Sbohem světe', '', 'Jeden soubor']);
    const suffix = await server.api('/api/translations/files/app/cs/file.po');
    expect(suffix.status).toBe(200);
  });

  it('converts to MO, TMX, CSV and XLSX; keyed conversions refuse a bilingual component', async () => {
    const mo = await server.api(`${T}?format=mo`);
    expect(mo.headers.get('content-type')).toBe('application/x-gettext-catalog; charset=utf-8');
    expect(mo.headers.get('content-disposition')).toBe('attachment; filename=files-app-cs.mo');
    expect(Buffer.from(await mo.arrayBuffer()).readUInt32LE(0)).toBe(0x950412de);
    const tmx = await (await server.api(`${T}?format=tmx`)).text();
    expect(tmx).toContain('<tmx');
    expect(tmx).toContain('Ahoj');
    const csv = await server.api(`${T}?format=csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await csv.text()).toContain('Ahoj');
    const xlsx = Buffer.from(await (await server.api(`${T}?format=xlsx`)).arrayBuffer());
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
    for (const [format, marker] of [['xliff', 'version="1.2"'], ['xliff11', 'version="1.1"'], ['tbx', '<termEntry']] as const) {
      const res = await server.api(`${T}?format=${format}`);
      expect(res.status, format).toBe(200);
      const text = await res.text();
      expect(text, format).toContain(marker);
      expect(text, format).toContain('Ahoj');
    }
    const json = await server.api(`${T}?format=json`);
    expect(json.status).toBe(400);
    expect((await json.json()).detail).toContain('File format is not compatible with this translation');
  });

  it('streams component and project ZIPs with the original files', async () => {
    const res = await server.api('/api/components/files/app/file/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="files-app.zip"');
    const entries = await zipEntries(Buffer.from(await res.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(['files/app/po/app.pot', 'files/app/po/cs.po', 'files/app/po/de.po']);
    expect(entries.get('files/app/po/cs.po')).toBe(CS_PO);

    const project = await server.api('/api/projects/files/file/');
    expect(project.headers.get('content-disposition')).toBe('attachment; filename="files.zip"');
    expect((await zipEntries(Buffer.from(await project.arrayBuffer()))).size).toBe(3);

    const lang = await server.api('/api/projects/files/languages/de/file/?format=zip:po');
    expect(lang.headers.get('content-disposition')).toBe('attachment; filename="files-de.zip"');
    expect([...(await zipEntries(Buffer.from(await lang.arrayBuffer()))).keys()]).toEqual(['files/app/po/de.po']);

    const filtered = await server.api('/api/components/files/app/file/?format=zip:mo&language_code=cs');
    expect([...(await zipEntries(Buffer.from(await filtered.arrayBuffer()))).keys()]).toEqual(['files/app/po/cs.mo']);
    expect((await server.api('/api/components/files/app/file/?format=tar')).status).toBe(404);
    expect((await server.api('/api/components/files/app/new_template/')).status).toBe(200);
    expect((await server.api('/api/components/files/app/monolingual_base/')).status).toBe(404);
  });

  it('merges an upload: accepted, then skipped without conflicts, and the file follows', async () => {
    const first = await upload(server, {}, CS_UPLOAD);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ not_found: 0, skipped: 2, accepted: 1, total: 4, result: true, count: 4 });
    const again = await upload(server, { conflicts: 'ignore' }, CS_UPLOAD);
    expect(await again.json()).toMatchObject({ accepted: 0, skipped: 3, result: false });

    const stats = await (await server.api('/api/translations/files/app/cs/')).json();
    expect(stats.translated).toBe(3);
    const file = await (await server.api(T)).text();
    expect(file).toContain('msgstr "Otevřít"');
    // Only the edited entry changed in the stored file.
    expect(file).toBe(CS_UPLOAD);
  });

  it('replaces translated strings only with conflicts=replace-translated, fuzzy only with fuzzy=process', async () => {
    const changed = CS_UPLOAD.replace('msgstr "Ahoj"', 'msgstr "Nazdar"');
    expect(await (await upload(server, {}, changed)).json()).toMatchObject({ accepted: 0 });
    expect(await (await upload(server, { conflicts: 'replace-translated' }, changed)).json()).toMatchObject({ accepted: 1 });
    const withFuzzy = await upload(server, { conflicts: 'replace-translated', fuzzy: 'process' }, changed.replace('Sbohem světe', 'Nashledanou světe'));
    expect(await withFuzzy.json()).toMatchObject({ accepted: 1 });
    const units = await (await server.api('/api/translations/files/app/cs/units/')).json();
    const goodbye = units.results.find((u: { source: string[] }) => u.source[0] === 'Goodbye world');
    expect(goodbye).toMatchObject({ target: ['Nashledanou světe'], state: 10 });
  });

  it('stores suggestions without touching translations', async () => {
    const current = await (await server.api(T)).text();
    const suggested = current.replace('msgstr "Otevřít"', 'msgstr "Otevři"');
    expect(await (await upload(server, { method: 'suggest' }, suggested)).json()).toMatchObject({ accepted: 1 });
    expect(await (await upload(server, { method: 'suggest' }, suggested)).json()).toMatchObject({ accepted: 0, skipped: 4 });
    const stats = await (await server.api('/api/translations/files/app/cs/statistics/')).json();
    expect(stats.suggestions).toBe(1);
  });

  it('rejects malformed files, missing files and bad choices with a 400 on the field', async () => {
    const before = await (await server.api(T)).text();
    const bad = await upload(server, {}, 'msgid "broken\nmsgstr ""\n');
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.errors[0].attr).toBe('file');
    expect(body.detail).toMatch(/Could not parse uploaded file: .*line/);
    const none = await server.api(T, { method: 'POST', body: multipart({ method: 'translate' }, {}) });
    expect(none.status).toBe(400);
    expect((await none.json()).errors[0].attr).toBe('file');
    const method = await upload(server, { method: 'bogus' }, CS_UPLOAD);
    expect((await method.json()).errors[0].attr).toBe('method');
    const source = await upload(server, { method: 'source' }, CS_UPLOAD);
    expect((await source.json()).detail).toContain('Source upload is only supported on the source language.');
    expect(await (await server.api(T)).text()).toBe(before);
  });

  it('needs a login to upload and enforces the overwrite permission', async () => {
    expect((await upload(server, {}, CS_UPLOAD, 'cs.po', null)).status).toBe(401);
    const token = await server.createUser('plainuser');
    // Signed-in users of a public project are power users: they may upload and overwrite, not approve.
    expect((await upload(server, { conflicts: 'replace-translated' }, CS_UPLOAD, 'cs.po', token)).status).toBe(200);
    const approve = await upload(server, { method: 'approve' }, CS_UPLOAD, 'cs.po', token);
    expect(approve.status).toBe(400);
    expect((await approve.json()).errors[0]).toMatchObject({ attr: 'method', detail: expect.stringContaining('This method is not available here.') });
    const approved = await upload(server, { conflicts: 'replace-approved' }, CS_UPLOAD, 'cs.po', token);
    expect((await approved.json()).errors[0].attr).toBe('conflicts');
  });

  it('credits another author (found or created by e-mail) when the uploader may set authorship', async () => {
    const changed = (await (await server.api(T)).text()).replace(/msgstr "Otevřít"|msgstr "Otevři"/, 'msgstr "Otevřete"');
    const res = await upload(server, { conflicts: 'replace-translated', author: 'Jana Nováková', email: 'jana@example.org' }, changed);
    expect(await res.json()).toMatchObject({ accepted: 1 });
    const db = server.container.database.db;
    const jana = await db.selectFrom('users').selectAll().where('email', '=', 'jana@example.org').executeTakeFirstOrThrow();
    expect(jana.full_name).toBe('Jana Nováková');
    const change = await db.selectFrom('changes').selectAll().where('action', '=', 9).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(change.author_id).toBe(jana.id);
  });

  it('replaces the whole file with method=replace', async () => {
    const replacement = CS_PO.replace('msgstr "Ahoj"', 'msgstr "Čau"');
    const res = await upload(server, { method: 'replace' }, replacement);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ accepted: 4, total: 4 });
    expect(await (await server.api(T)).text()).toBe(replacement);
    const stats = await (await server.api('/api/translations/files/app/cs/')).json();
    expect(stats.translated).toBe(2);
    expect(stats.fuzzy).toBe(1);
  });

  it('adds new strings with method=add to the source and the uploaded language and its file', async () => {
    const denied = await upload(server, { method: 'add' }, CS_PO);
    expect((await denied.json()).detail).toContain('This method is not available here.');
    expect((await server.api('/api/components/files/app/', { method: 'PATCH', json: { manage_units: true } })).status).toBe(200);
    const withNew = `${CS_PO}\nmsgid "Brand new string"\nmsgstr "Zbrusu nový řetězec"\n`;
    const res = await upload(server, { method: 'add' }, withNew);
    expect(res.status).toBe(200);
    // The fuzzy entry of CS_PO is left out (fuzzy=""), the other existing ones are skipped.
    expect(await res.json()).toMatchObject({ accepted: 1, skipped: 3, total: 5 });
    const de = await (await server.api('/api/translations/files/app/de/')).json();
    expect(de.total).toBe(4);
    expect((await (await server.api('/api/translations/files/app/en/')).json()).total).toBe(5);
    expect(await (await server.api(T)).text()).toContain('msgid "Brand new string"\nmsgstr "Zbrusu nový řetězec"');
    expect(await (await server.api('/api/translations/files/app/de/file/')).text()).not.toContain('Brand new string');
  });

  it('updates the source strings with method=source on the source language', async () => {
    const pot = `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Hello"\nmsgstr ""\n\nmsgid "Fresh source"\nmsgstr ""\n`;
    const res = await server.api('/api/translations/files/app/en/file/', { method: 'POST', body: multipart({ method: 'source' }, { file: { name: 'app.pot', data: pot } }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ accepted: 2, total: 2 });
    for (const lang of ['cs', 'de']) {
      const info = await (await server.api(`/api/translations/files/app/${lang}/`)).json();
      expect(info.total).toBe(2);
      const file = await (await server.api(`/api/translations/files/app/${lang}/file/`)).text();
      expect(file).toContain('msgid "Fresh source"');
      expect(file).not.toContain('Goodbye world');
    }
    expect(await (await server.api('/api/components/files/app/new_template/')).text()).toBe(pot);
    const recount = await server.container.stats.recalculate();
    expect(recount.corrected).toBe(0);
  });
});
