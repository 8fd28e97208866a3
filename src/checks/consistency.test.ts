import { describe, expect, it } from 'vitest';
import { failing, failingIds } from './test-support.js';

describe('same', () => {
  it('fails on an unchanged sentence', () => {
    expect(failing('same', 'Save the file', 'Save the file')).toBeTruthy();
    expect(failing('same', ['One file', '%d files'], ['Datei', '%d files'], 'de')).toBeTruthy();
  });
  it('ignores strings with nothing to translate', () => {
    expect(failing('same', '123', '123', 'de')).toBe(false);
    expect(failing('same', '1:4', '1:4', 'fr')).toBe(false);
    expect(failing('same', 'https://weblate.org/', 'https://weblate.org/', 'ja')).toBe(false);
    expect(failing('same', 'info@example.com', 'info@example.com', 'ru')).toBe(false);
    expect(failing('same', '%s: %d', '%s: %d', 'cs', 'c-format')).toBe(false);
    expect(failing('same', '{name}', '{name}', 'el', 'python-brace-format')).toBe(false);
    expect(failing('same', '<b>%s</b>', '<b>%s</b>', 'hi', 'c-format')).toBe(false);
  });
  it('ignores common international words unless strict-same', () => {
    expect(failing('same', 'PDF', 'PDF', 'de')).toBe(false);
    expect(failing('same', 'OK', 'OK', 'fr')).toBe(false);
    expect(failing('same', 'Email', 'Email', 'ar')).toBe(false);
    expect(failing('same', 'PDF', 'PDF', 'de', 'strict-same')).toBeTruthy();
  });
  it('skips a target language with the source base language', () => {
    expect(failing('same', 'Save the file', 'Save the file', 'en_GB')).toBe(false);
    expect(failing('same', 'Datei speichern', 'Datei speichern', 'de_AT', '', { sourceLanguage: 'de' })).toBe(false);
  });
});

describe('plurals', () => {
  it('fails when only some plural forms are translated', () => {
    expect(failing('plurals', ['%d file', '%d files'], ['%d soubor', '', '%d souborů'])).toMatch(/form 1/);
    expect(failing('plurals', ['%d file', '%d files'], ['%d soubor', '%d soubory', '%d souborů'])).toBe(false);
    expect(failing('plurals', ['%d file', '%d files'], ['', '', ''], 'ru')).toBe(false);
    expect(failing('plurals', 'File', 'Soubor')).toBe(false);
  });
});

describe('same-plurals', () => {
  it('fails when all forms are identical', () => {
    expect(failing('same-plurals', ['%d file', '%d files'], ['%d файлов', '%d файлов', '%d файлов'], 'ru')).toBeTruthy();
    expect(failing('same-plurals', ['%d file', '%d files'], ['%d файл', '%d файла', '%d файлов'], 'ru')).toBe(false);
    expect(failing('same-plurals', ['%d file', '%d files'], ['%d 個のファイル'], 'ja')).toBe(false);
  });
});

describe('duplicate', () => {
  it('finds consecutive duplicated words', () => {
    expect(failing('duplicate', 'Remove the file', 'Odstranit ten ten soubor')).toMatch(/ten/);
    expect(failing('duplicate', 'Open the file', 'Die Datei Datei öffnen', 'de')).toMatch(/datei/);
    expect(failing('duplicate', 'Open the file', 'Открыть файл', 'ru')).toBe(false);
  });
  it('allows grammatical repetitions and ones copied from the source', () => {
    expect(failing('duplicate', 'We wash ourselves', 'Nous nous lavons', 'fr')).toBe(false);
    expect(failing('duplicate', 'Visit Bora Bora', 'Navštivte Bora Bora')).toBe(false);
    expect(failing('duplicate', 'Page 1 1', 'Seite 1 1', 'de')).toBe(false);
    expect(failing('duplicate', 'the, the', 'der, der', 'de')).toBe(false);
  });
});

describe('inconsistent', () => {
  it('compares with other translations of the same source in the project', () => {
    expect(failing('inconsistent', 'Save', 'Uložit', 'cs', '', { otherTranslations: [['Uložit']] })).toBe(false);
    expect(failing('inconsistent', 'Save', 'Uložit', 'cs', '', { otherTranslations: [['Uložit'], ['Ulož']] })).toMatch(/more than one/);
    expect(failing('inconsistent', 'Save', 'Speichern', 'de', '', { otherTranslations: [['']] })).toMatch(/not translated/);
    expect(failing('inconsistent', 'Save', 'Speichern', 'de')).toBe(false);
  });
});

describe('translated', () => {
  it('fails on an untranslated unit that had a translation', () => {
    expect(failing('translated', 'Save', '', 'fr', '', { previousTarget: ['Enregistrer'] })).toBeTruthy();
    expect(failingIds('Save', '', 'fr', '', { previousTarget: ['Enregistrer'] })).toEqual(['translated']);
    expect(failing('translated', 'Save', '', 'fr')).toBe(false);
  });
  it('passes translated units and needs-editing units that still hold the old text', () => {
    expect(failing('translated', 'Save', 'Enregistrer', 'fr', '', { previousTarget: ['Sauver'] })).toBe(false);
    expect(failing('translated', 'Save', 'Enregistrer', 'fr', '', { previousTarget: ['Enregistrer'], unitTranslated: false })).toBe(false);
    expect(failing('translated', 'Save', 'Sauver', 'fr', '', { previousTarget: ['Enregistrer'], unitTranslated: false })).toBeTruthy();
  });
});

describe('reused', () => {
  it('fails when another source has the same translation', () => {
    expect(failing('reused', 'Open', 'Otevřít', 'cs', '', { sameTargetSources: [['Opened']] })).toMatch(/"Opened"/);
    expect(failing('reused', 'Close', 'Schließen', 'de', '', { sameTargetSources: [['Exit'], ['Quit']] })).toMatch(/"Exit", "Quit"/);
  });
  it('passes the same source elsewhere, unknown facts and single-form languages', () => {
    expect(failing('reused', 'Open', 'Ouvrir', 'fr', '', { sameTargetSources: [['Open']] })).toBe(false);
    expect(failing('reused', 'Open', 'Ouvrir', 'fr')).toBe(false);
    expect(failing('reused', 'Open', '開く', 'ja', '', { sameTargetSources: [['Opened']] })).toBe(false);
    expect(failing('reused', ['%d file', '%d files'], ['%d ملف', '%d ملف', '%d ملفان', '%d ملفات', '%d ملفًا', '%d ملف'], 'ar', '', { sameTargetSources: [['%d file', '%d files']] })).toBe(false);
  });
});
