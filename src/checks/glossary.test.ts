// Unit tests of check_glossary in several languages, with glossary lookups built from the real matcher.
import { describe, expect, it } from 'vitest';
import { GlossaryIndex } from '../domain/glossary-matcher.js';
import type { GlossaryCheckTerm } from './glossary.js';
import { failing, failingIds } from './test-support.js';

const glossary = (...terms: GlossaryCheckTerm[]) => {
  const idx = new GlossaryIndex(terms);
  return { glossary: (source: string) => idx.match(source) };
};

describe('check_glossary', () => {
  const cs = glossary({ source: 'file', target: 'soubor' }, { source: 'pull request', target: 'žádost o sloučení' });

  it('passes when every term found in the source is translated as the glossary says (Czech)', () => {
    expect(failing('check_glossary', 'Save the file', 'Uložit soubor', 'cs', '', cs)).toBe(false);
    expect(failing('check_glossary', 'Open a pull request', 'Otevřít Žádost o sloučení', 'cs', '', cs)).toBe(false);
  });

  it('fails naming the terms whose translation is missing', () => {
    expect(failing('check_glossary', 'Save the file', 'Uložit dokument', 'cs', '', cs)).toBe('Glossary terms not followed: file');
  });

  it('is enabled only by the check-glossary flag and honours ignore-check_glossary', () => {
    expect(failingIds('Save the file', 'Uložit dokument', 'cs', '', cs)).not.toContain('check_glossary');
    expect(failingIds('Save the file', 'Uložit dokument', 'cs', 'check-glossary', cs)).toContain('check_glossary');
    expect(failingIds('Save the file', 'Uložit dokument', 'cs', 'check-glossary, ignore-check_glossary', cs)).not.toContain('check_glossary');
  });

  it('accepts any of several translations of one term (German)', () => {
    const de = glossary({ source: 'file', target: 'Datei' }, { source: 'file', target: 'Akte' });
    expect(failing('check_glossary', 'Open file', 'Akte öffnen', 'de', '', de)).toBe(false);
    expect(failing('check_glossary', 'Open file', 'Dokument öffnen', 'de', '', de)).toBeTruthy();
  });

  it('matches CJK translations as substrings (Japanese, Chinese)', () => {
    const ja = glossary({ source: 'repository', target: 'リポジトリ' });
    expect(failing('check_glossary', 'Clone the repository', 'リポジトリをクローン', 'ja', '', ja)).toBe(false);
    expect(failing('check_glossary', 'Clone the repository', '保管庫をクローン', 'ja', '', ja)).toBeTruthy();
    const zh = glossary({ source: 'repository', target: '仓库' });
    expect(failing('check_glossary', 'Repository settings', '仓库设置', 'zh_Hans', '', zh)).toBe(false);
  });

  it('checks forbidden and read-only terms (French)', () => {
    const fr = glossary({ source: 'email', target: 'mail', forbidden: true }, { source: 'Parla', target: '', readOnly: true });
    expect(failing('check_glossary', 'Send an email', 'Envoyer un mail', 'fr', '', fr)).toBe('Forbidden translation used: mail');
    expect(failing('check_glossary', 'Send an email', 'Envoyer un courriel', 'fr', '', fr)).toBe(false);
    expect(failing('check_glossary', 'Welcome to Parla', 'Bienvenue sur Parler', 'fr', '', fr)).toBe('Glossary terms not followed: Parla');
  });

  it('skips terms without a translation and passes without glossary', () => {
    expect(failing('check_glossary', 'Save the file', 'Uložit', 'cs', '', glossary({ source: 'file', target: '' }))).toBe(false);
    expect(failing('check_glossary', 'Save the file', 'Uložit')).toBe(false);
  });

  it('checks every plural form of the source against the whole target (Russian)', () => {
    const ru = glossary({ source: 'file', target: 'файл' });
    expect(failing('check_glossary', ['%d file', '%d files'], ['%d файл', '%d файла', '%d файлов'], 'ru', '', ru)).toBe(false);
    expect(failing('check_glossary', ['%d file', '%d files'], ['%d документ', '%d документа', '%d документов'], 'ru', '', ru)).toBeTruthy();
  });
});

describe('prohibited_initial_character', () => {
  it('fails on glossary terms that spreadsheets read as formulas or that start with a space', () => {
    expect(failing('prohibited_initial_character', '=SUM(A1)', 'SUMA', 'cs', '', { isGlossary: true })).toMatch(/"="/);
    expect(failing('prohibited_initial_character', 'Cell', '+Zelle', 'de', '', { isGlossary: true })).toMatch(/"\+"/);
    expect(failing('prohibited_initial_character', 'Term', '\u00a0terme', 'fr', '', { isGlossary: true })).toBeTruthy();
    expect(failing('prohibited_initial_character', 'Term', '@مصطلح', 'ar', '', { isGlossary: true })).toBeTruthy();
  });
  it('passes ordinary terms and strings outside glossaries', () => {
    expect(failing('prohibited_initial_character', 'Term', 'Pojem', 'cs', '', { isGlossary: true })).toBe(false);
    expect(failing('prohibited_initial_character', 'Term', 'ターム-1', 'ja', '', { isGlossary: true })).toBe(false);
    expect(failing('prohibited_initial_character', '=SUM(A1)', '=SUMA(A1)', 'cs')).toBe(false);
  });
});
