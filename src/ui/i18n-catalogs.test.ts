// The UI catalogs: PO files read into message lookups, plural forms by CLDR category, fuzzy and empty entries left out,
// Accept-Language negotiation, right-to-left languages and the pseudo-locale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ntr, ptr, runInLanguage, tr, trHtml } from './i18n.js';
import { html } from './html.js';
import { acceptedLanguages, CatalogSet, catalogFor, catalogFromPo, pseudoTranslate, PSEUDO_LOCALE } from './i18n-catalogs.js';
import { page } from './layout.js';

const header = (lang: string, forms: string) =>
  `msgid ""\nmsgstr ""\n"Language: ${lang}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: ${forms}\\n"\n\n`;

const CS = `${header('cs', 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;')}msgid "Save"
msgstr "Uložit"

msgctxt "verb"
msgid "Open"
msgstr "Otevřít"

#, fuzzy
msgid "Delete"
msgstr "Smazat?"

msgid "Empty"
msgstr ""

msgid "{n} string"
msgid_plural "{n} strings"
msgstr[0] "{n} řetězec"
msgstr[1] "{n} řetězce"
msgstr[2] "{n} řetězců"

msgid "Hello {user}"
msgstr "Ahoj {user}"

msgid "{link} to translate."
msgstr "{link} k překladu."
`;

describe('PO catalogs', () => {
  const cs = catalogFromPo('cs', Buffer.from(CS));

  it('translates messages, with and without context, and leaves fuzzy and empty ones in English', () => {
    runInLanguage(cs, () => {
      expect(tr('Save')).toBe('Uložit');
      expect(ptr('verb', 'Open')).toBe('Otevřít');
      expect(tr('Open')).toBe('Open');
      expect(tr('Delete')).toBe('Delete');
      expect(tr('Empty')).toBe('Empty');
      expect(tr('Not in the catalog')).toBe('Not in the catalog');
      expect(tr('Hello {user}', { user: '<b>' })).toBe('Ahoj <b>');
      expect(trHtml('{link} to translate.', { link: html`<a href="/">x</a>` }).value).toBe('<a href="/">x</a> k překladu.');
    });
  });

  it('picks Czech plural forms for 1, 2 and 5 (and the "many" decimals fall to the last form)', () => {
    runInLanguage(cs, () => {
      expect(ntr('{n} string', '{n} strings', 1)).toBe('1 řetězec');
      expect(ntr('{n} string', '{n} strings', 2)).toBe('2 řetězce');
      expect(ntr('{n} string', '{n} strings', 4)).toBe('4 řetězce');
      expect(ntr('{n} string', '{n} strings', 5)).toBe('5 řetězců');
      expect(ntr('{n} string', '{n} strings', 0)).toBe('0 řetězců');
      expect(ntr('{n} string', '{n} strings', 1.5)).toBe('1.5 řetězců');
    });
    expect(ntr('{n} string', '{n} strings', 2)).toBe('2 strings');
  });

  it('ships Czech plural messages with three forms', () => {
    runInLanguage(catalogFor('cs'), () => {
      expect([1, 2, 5].map((n) => ntr('{n} project', '{n} projects', n))).toEqual(['1 projekt', '2 projekty', '5 projektů']);
    });
  });

  it('reads the direction of the language from the language data', () => {
    const ar = catalogFromPo('ar', Buffer.from(`${header('ar', 'nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;')}msgid "Dashboard"\nmsgstr "لوحة التحكم"\n`));
    expect(ar.direction).toBe('rtl');
    expect(cs.direction).toBe('ltr');
    const out = runInLanguage(ar, () => page({ title: tr('Dashboard'), viewer: { username: null, displayName: null, csrf: null }, here: '/', body: html`` }));
    expect(out).toContain('<html lang="ar" dir="rtl">');
    expect(out).toContain('<title>لوحة التحكم – Parla</title>');
  });
});

describe('language negotiation', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-locale-'));
  for (const lang of ['de', 'cs', 'pt_BR']) {
    fs.mkdirSync(path.join(dir, lang, 'LC_MESSAGES'), { recursive: true });
    fs.writeFileSync(path.join(dir, lang, 'LC_MESSAGES', 'parla.po'), `${header(lang, 'nplurals=2; plural=(n != 1);')}msgid "Save"\nmsgstr "${lang}"\n`);
  }
  fs.writeFileSync(path.join(dir, 'parla.pot'), `${header('', 'nplurals=2; plural=(n != 1);')}msgid "Save"\nmsgstr ""\n\nmsgid "{n} file"\nmsgid_plural "{n} files"\nmsgstr[0] ""\nmsgstr[1] ""\n`);
  const set = new CatalogSet(dir);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('orders Accept-Language by q-value, drops q=0 and malformed tags', () => {
    expect(acceptedLanguages('en;q=0.5, cs;q=0.9, de')).toEqual(['de', 'cs', 'en']);
    expect(acceptedLanguages('de;q=0, fr, *;q=0.1, <x>')).toEqual(['fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('chooses the best language there is a catalog for, with regional tags falling back to their language', () => {
    expect(set.negotiate('de-AT,de;q=0.9')?.code).toBe('de');
    expect(set.negotiate('fr-FR, fr;q=0.9, cs;q=0.8, de;q=0.7')?.code).toBe('cs');
    expect(set.negotiate('pt-br')?.code).toBe('pt-BR');
    expect(set.negotiate('en-GB, de;q=0.5')?.code).toBe('en');
    expect(set.negotiate('fr')).toBeUndefined();
    expect(set.choose('cs', 'de')?.code).toBe('cs');
    expect(set.choose('', 'de')?.code).toBe('de');
    expect(set.choose('xx', 'fr')?.code).toBe('en');
    expect(set.codes()).toEqual(['en', 'cs', 'de', 'pt-BR']);
  });

  it('makes the pseudo-locale from the template, keeping placeholders', () => {
    expect(pseudoTranslate('Save {n} files')).toBe('⟦Šáṽé {n} ƒíĺéš⟧');
    const pseudo = set.get(PSEUDO_LOCALE)!;
    runInLanguage(pseudo, () => {
      expect(tr('Save')).toBe('⟦Šáṽé⟧');
      expect(ntr('{n} file', '{n} files', 3)).toBe('⟦3 ƒíĺéš⟧');
      expect(tr('Not extracted')).toBe('Not extracted');
    });
  });
});
