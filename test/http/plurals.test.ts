// Plural strings end to end on real files: every form the file's rule has is shown, validated and written back.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/plurals');
const read = (rel: string) => fs.readFileSync(path.join(FIXTURES, rel));

interface Unit {
  id: number;
  context: string;
  source: string[];
  target: string[];
  state: number;
}

describe.each(DIALECTS)('plural forms as each file defines them (%s)', (dialect) => {
  let server: TestServer;

  const unitsOf = async (translation: string): Promise<Unit[]> => {
    const res = await server.api(`/api/translations/${translation}/units/?page_size=1000`);
    expect(res.status).toBe(200);
    return (await res.json()).results;
  };
  const fileOf = async (translation: string) => (await server.api(`/api/translations/${translation}/file/`)).text();
  const createComponent = async (fields: Record<string, string>, entries: { name: string; data: Buffer | string }[]) => {
    const res = await server.api('/api/projects/plurals/components/', { method: 'POST', body: multipart(fields, { zipfile: { name: 'files.zip', data: buildZip(entries) } }) });
    expect(res.status, await res.clone().text()).toBe(201);
  };

  beforeAll(async () => {
    server = await startServer(dialect);
    expect((await createProject(server, 'plurals')).status).toBe(201);
    await createComponent(
      { name: 'Android', slug: 'android', file_format: 'aresource', filemask: 'res/values-*/strings.xml', template: 'res/values/strings.xml' },
      ['', '-ru', '-uk', '-pl'].map((suffix) => ({ name: `res/values${suffix}/strings.xml`, data: read(`aresource/etar-calendar/values${suffix}/strings.xml`) })),
    );
    await createComponent(
      { name: 'Web', slug: 'web', file_format: 'i18nextv4', filemask: 'locales/*/common.json', template: 'locales/en/common.json' },
      ['en', 'ru', 'uk', 'pl'].map((code) => ({ name: `locales/${code}/common.json`, data: read(`i18next/frigate/${code}/common.json`) })),
    );
    await createComponent(
      { name: 'Clocks', slug: 'clocks', file_format: 'po', filemask: 'po/*.po' },
      ['he', 'ru', 'uk', 'pl'].map((code) => ({ name: `po/${code}.po`, data: read(`po/gnome-clocks/${code}.po`) })),
    );
  });
  afterAll(async () => server?.close());

  it('gives each translation the rule its format and file follow, in the API', async () => {
    const plural = async (t: string) => (await (await server.api(`/api/translations/plurals/${t}/`)).json()).plural;
    expect(await plural('android/ru')).toMatchObject({ number: 4, categories: ['one', 'few', 'many', 'other'] });
    expect(await plural('web/uk')).toMatchObject({ number: 4, categories: ['one', 'few', 'many', 'other'] });
    expect(await plural('android/en')).toMatchObject({ number: 2, categories: ['one', 'other'] });
    // The GNOME Hebrew file declares four forms; the language's own gettext rule has three.
    const he = await plural('clocks/he');
    expect(he).toMatchObject({ number: 4, source: 1 });
    expect(he.formula).toContain('n>10 && n%10==0');
    expect(he.examples[2]).toMatch(/^20, 30, 40/);
    expect(await plural('clocks/ru')).toMatchObject({ number: 3, categories: ['one', 'few', 'many'] });
  });

  it('shows every Android quantity, also those the gettext rule has no form for', async () => {
    const units = await unitsOf('plurals/android/ru');
    const minutes = units.find((u) => u.context === 'Nminutes')!;
    expect(minutes.target).toEqual(['%d минута', '%d минуты', '%d минут', '%d минут'].map((t) => t.replace('%d', '<xliff:g id="count">%d</xliff:g>')));
    for (const u of units) if (u.source.length > 1) expect(u.target, u.context).toHaveLength(4);
  });

  it('writes every form of a saved plural and leaves none stale', async () => {
    for (const code of ['ru', 'uk', 'pl']) {
      const units = await unitsOf(`plurals/android/${code}`);
      const unit = units.find((u) => u.context === 'Nminutes')!;
      const forms = ['A1', 'B2', 'C3', 'D4'].map((t) => `${t} ${code}`);
      const res = await server.api(`/api/units/${unit.id}/`, { method: 'PATCH', json: { target: forms, state: 20 } });
      expect(res.status, await res.clone().text()).toBe(200);
      const file = await fileOf(`plurals/android/${code}`);
      const block = /<plurals name="Nminutes">[\s\S]*?<\/plurals>/.exec(file)![0];
      expect(block).toContain(`<item quantity="one">${forms[0]}</item>`);
      expect(block).toContain(`<item quantity="few">${forms[1]}</item>`);
      expect(block).toContain(`<item quantity="many">${forms[2]}</item>`);
      expect(block).toContain(`<item quantity="other">${forms[3]}</item>`);
      expect((await (await server.api(`/api/units/${unit.id}/`)).json()).target).toEqual(forms);
    }
  });

  it('adds a form the file lacks when the translator fills it, in the file\'s layout', async () => {
    const before = await fileOf('plurals/android/ru');
    const units = await unitsOf('plurals/android/ru');
    // A plural whose file has no "other" item.
    const lacking = units.find((u) => u.source.length > 1 && u.target[3] === '' && u.target[0] !== '')!;
    expect(lacking).toBeDefined();
    const forms = [lacking.target[0]!, lacking.target[1]!, lacking.target[2]!, 'новая форма'];
    expect((await server.api(`/api/units/${lacking.id}/`, { method: 'PATCH', json: { target: forms, state: 20 } })).status).toBe(200);
    const after = await fileOf('plurals/android/ru');
    const block = new RegExp(`<plurals name="${lacking.context}">[\\s\\S]*?</plurals>`).exec(after)![0];
    expect(block).toContain('\n        <item quantity="other">новая форма</item>\n    </plurals>');
    // Nothing outside that block changed.
    const oldBlock = new RegExp(`<plurals name="${lacking.context}">[\\s\\S]*?</plurals>`).exec(before)![0];
    expect(after.replace(block, '')).toBe(before.replace(oldBlock, ''));
  });

  it('validates the number of forms against the translation\'s rule', async () => {
    const units = await unitsOf('plurals/android/uk');
    const unit = units.find((u) => u.context === 'Nhours')!;
    const three = await server.api(`/api/units/${unit.id}/`, { method: 'PATCH', json: { target: ['a', 'b', 'c'], state: 20 } });
    expect(three.status).toBe(400);
    expect((await three.json()).errors[0]).toMatchObject({ attr: 'target', detail: 'Number of plurals does not match' });
  });

  it('shows i18next forms the gettext rule would hide, and counts such strings as translated', async () => {
    const units = await unitsOf('plurals/web/uk');
    const year = units.find((u) => u.context === 'time.year')!;
    expect(year.target).toEqual(['{{time}}рік', '{{time}}роки', '{{time}}років', '']);
    expect(year.state).toBe(20);
    const stats = await (await server.api('/api/translations/plurals/web/uk/statistics/')).json();
    expect(stats.translated).toBeGreaterThanOrEqual(units.filter((u) => u.target.some((t) => t !== '')).length);
    // The plurals check names the empty form.
    const checks = await (await server.api(`/api/units/${year.id}/`)).json();
    expect(checks.target).toHaveLength(4);
    const res = await server.api(`/api/units/${year.id}/`, { method: 'PATCH', json: { target: ['{{time}} рік', '{{time}} роки', '{{time}} років', '{{time}} року'], state: 20 } });
    expect(res.status).toBe(200);
    const json = JSON.parse(await fileOf('plurals/web/uk'));
    expect(json.time).toMatchObject({ year_one: '{{time}} рік', year_few: '{{time}} роки', year_many: '{{time}} років', year_other: '{{time}} року' });
  });

  it('keeps every form of a PO file whose header declares more forms than the language has', async () => {
    const units = await unitsOf('plurals/clocks/he');
    const plural = units.find((u) => u.source.length > 1 && u.target.every((t) => t !== ''))!;
    expect(plural.target).toHaveLength(4);
    const forms = ['אחד', 'שניים', 'עשרים', 'אחר'];
    expect((await server.api(`/api/units/${plural.id}/`, { method: 'PATCH', json: { target: forms.slice(0, 3), state: 20 } })).status).toBe(400);
    expect((await server.api(`/api/units/${plural.id}/`, { method: 'PATCH', json: { target: forms, state: 20 } })).status).toBe(200);
    const file = await fileOf('plurals/clocks/he');
    expect(file).toContain('msgstr[2] "עשרים"\nmsgstr[3] "אחר"\n');
    expect(file).toContain('nplurals=4;');
  });

  it('gives an untranslated plural one empty string per form', async () => {
    const units = await unitsOf('plurals/clocks/ru');
    for (const u of units) if (u.source.length > 1) expect(u.target, u.source[0]).toHaveLength(3);
    const added = await server.api('/api/components/plurals/android/translations/', { method: 'POST', json: { language_code: 'ar' } });
    expect(added.status, await added.clone().text()).toBe(201);
    const ar = await unitsOf('plurals/android/ar');
    const plural = ar.find((u) => u.context === 'Nminutes')!;
    expect(plural.target).toEqual(['', '', '', '', '', '']);
  });

  describe('uploads', () => {
    const upload = (translation: string, name: string, data: string | Buffer, fields: Record<string, string> = {}) =>
      server.api(`/api/translations/plurals/${translation}/file/`, { method: 'POST', body: multipart({ conflicts: 'replace-translated', ...fields }, { file: { name, data } }) });

    it('refuses a PO file whose plural forms do not match the translation', async () => {
      const ru = read('po/gnome-clocks/ru.po').toString('utf8');
      // Four forms uploaded into a translation with three.
      const res = await upload('clocks/ru', 'ru.po', ru.replace(/"Plural-Forms: [^"]*"\n("[^"]*"\n)*/, '"Plural-Forms: nplurals=4; plural=(n==1 ? 0 : n==2 ? 1 : n==3 ? 2 : 3);\\n"\n'));
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual([{ code: 'invalid', detail: 'Plural forms do not match the language.', attr: 'file' }]);
    });

    it('accepts a PO file with its own valid Plural-Forms of the same number', async () => {
      const he = read('po/gnome-clocks/he.po').toString('utf8');
      const res = await upload('clocks/he', 'he.po', he);
      expect(res.status, await res.clone().text()).toBe(200);
    });

    it('refuses an invalid Plural-Forms with its line', async () => {
      for (const header of ['nplurals=0; plural=0;', 'nplurals=11; plural=n;', 'nplurals=3; plural=(n==1 ? 0 : ;']) {
        const po = `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: ${header}\\n"\n\nmsgid "One file"\nmsgid_plural "%d files"\nmsgstr[0] "x"\n`;
        const res = await upload('clocks/ru', 'ru.po', po);
        expect(res.status, header).toBe(400);
        const error = (await res.json()).errors[0];
        expect(error.attr).toBe('file');
        expect(error.detail).toContain('(line 4)');
      }
    });
  });
});
