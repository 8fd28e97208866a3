// XWiki page formats: what the units are, XWiki's quoting, and a new translation page made from the source page.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { xwikiFullPageFormat, xwikiPagePropertiesFormat } from './xwiki-page.format.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures');
const read = (file: string) => fs.readFileSync(path.join(FIXTURES, file));

describe('xwiki-page-properties', () => {
  it('reads the properties of the page content, with XWiki quoting and XML escapes decoded', () => {
    const store = xwikiPagePropertiesFormat.parse(read('xwiki-page-properties/representative-AdminTranslations.cs.xml'));
    const byKey = new Map(store.units.map((u) => [u.key, u.target[0]]));
    expect(byKey.get('administration.section.users.disableUser.failed')).toBe("Účet '{0}' se nepodařilo zablokovat");
    expect(byKey.get('administration.section.programmingRightsWarning')).toContain('1<{1} stránek');
    expect(byKey.get('administration.section.quote')).toBe('Nastavte "Ano" & uložte');
    expect(store.units).toHaveLength(5);
  });

  it('writes an edited value escaped for both XML and XWiki, other lines untouched', () => {
    const bytes = read('xwiki-page-properties/representative-AdminTranslations.cs.xml');
    const store = xwikiPagePropertiesFormat.parse(bytes);
    const i = store.units.findIndex((u) => u.key === 'administration.section.users.disableUser.done');
    store.updateUnit(i, { target: ["Účet '{0}' <b>zablokován</b> & hotovo"] });
    const out = store.serialize().toString('utf8');
    expect(out).toContain("administration.section.users.disableUser.done=Účet ''{0}'' &lt;b&gt;zablokován&lt;/b&gt; &amp; hotovo\n");
    expect(out.replace(/^administration\.section\.users\.disableUser\.done=.*$/m, '')).toBe(bytes.toString('utf8').replace(/^administration\.section\.users\.disableUser\.done=.*$/m, ''));
  });

  it('makes a new translation from the source page as XWiki stores one', () => {
    const template = xwikiPagePropertiesFormat.parse(read('xwiki-page-properties/glossary-Translations.xml'));
    const store = xwikiPagePropertiesFormat.create({ language: 'cs', template });
    store.addUnit({ key: 'glossary.list', context: 'glossary.list', source: ['Pages'], target: ['Stránky'] });
    const out = store.serialize().toString('utf8');
    expect(out).toContain('<translation>1</translation>');
    expect(out).toContain('<language>cs</language>');
    expect(out).toMatch(/<xwikidoc [^>]*locale="cs"/);
    expect(out).not.toContain('<object>');
    expect(out).toContain('<content>glossary.list=Stránky\n</content>');
    expect(xwikiPagePropertiesFormat.parse(Buffer.from(out)).units.map((u) => [u.key, u.target[0]])).toEqual([['glossary.list', 'Stránky']]);
  });
});

describe('xwiki-fullpage', () => {
  it('has the units content and title, content first', () => {
    const store = xwikiFullPageFormat.parse(read('xwiki-fullpage/glossary-Code-WebHome.xml'));
    expect(store.units.map((u) => u.key)).toEqual(['content', 'title']);
    expect(store.units[0]!.target[0]).toMatch(/^\{\{translation key='glossary.technical'\/\}\}\n\n= /);
    expect(store.units[1]!.target[0]).toBe('Code');
    expect(xwikiFullPageFormat.parse(read('xwiki-fullpage/glossary-WebHome.xml')).units.map((u) => u.key)).toEqual(['title']);
  });

  it('makes a new translation without the objects and attachments, with title and content to translate', () => {
    const template = xwikiFullPageFormat.parse(read('xwiki-fullpage/glossary-Code-WebHome.xml'));
    const store = xwikiFullPageFormat.create({ language: 'de', template });
    expect(store.units).toEqual([]);
    store.addUnit({ key: 'title', context: 'title', source: ['Code'], target: ['Quelltext'] });
    store.addUnit({ key: 'content', context: 'content', source: ['x'], target: ['= Seiten =\n\n{{toc/}}'] });
    const out = store.serialize().toString('utf8');
    expect(out).toContain('<title>Quelltext</title>');
    expect(out).toContain('<content>= Seiten =\n\n{{toc/}}</content>');
    expect(out).toContain('<language>de</language>');
    expect(out).toContain('<translation>1</translation>');
    expect(() => store.addUnit({ key: 'other', source: ['x'], target: ['y'] })).toThrow(RangeError);
  });
});

describe('registry order', () => {
  it('leaves .xml files to Android resources where a format is picked by extension', async () => {
    const { formats } = await import('../registry.js');
    expect(formats.list().find((f) => f.extensions.includes('xml'))!.id).toBe('aresource');
  });
});
