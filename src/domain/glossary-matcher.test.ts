// Unit tests of the glossary matcher: whole words, multi-word terms, case folding, Unicode scripts and CJK substrings.
import { describe, expect, it } from 'vitest';
import { containsPhrase, GlossaryIndex, words } from './glossary-matcher.js';

const index = (...terms: string[]) => new GlossaryIndex(terms.map((source) => ({ source })));
const found = (idx: GlossaryIndex<{ source: string }>, text: string) => idx.match(text).map((t) => t.source);

describe('glossary matcher', () => {
  it('matches whole words case-insensitively, never inside a word', () => {
    const idx = index('file', 'Save');
    expect(found(idx, 'Save the FILE now')).toEqual(['Save', 'file']);
    expect(found(idx, 'Profile files are saved')).toEqual([]);
  });

  it('matches multi-word terms across punctuation and whitespace, and only complete sequences', () => {
    const idx = index('pull request', 'pull');
    expect(found(idx, 'Open a Pull  Request.')).toEqual(['pull request', 'pull']);
    expect(found(idx, 'a request to pull')).toEqual(['pull']);
    expect(found(index('pull request'), 'pull the request')).toEqual([]);
  });

  it('handles letters of other scripts (Cyrillic, Greek, accents, Arabic) as words', () => {
    expect(found(index('файл'), 'Сохранить Файл?')).toEqual(['файл']);
    expect(found(index('αρχείο'), 'Το ΑΡΧΕΊΟ άνοιξε')).toEqual(['αρχείο']);
    expect(found(index('αρχείο'), 'Τα αρχεία')).toEqual([]);
    expect(found(index('Übersicht'), 'Die übersicht zeigt')).toEqual(['Übersicht']);
    expect(found(index('ملف'), 'احفظ ملف الآن')).toEqual(['ملف']);
  });

  it('matches CJK terms as substrings, and Latin words inside CJK text', () => {
    const idx = index('仓库', 'Git', 'ファイル');
    expect(found(idx, '使用Git仓库保存ファイル')).toEqual(['Git', '仓库', 'ファイル']);
    expect(found(idx, '使用存储')).toEqual([]);
  });

  it('lists each term once, in the order of first occurrence', () => {
    const idx = index('b', 'a');
    expect(found(idx, 'a b a b')).toEqual(['a', 'b']);
  });

  it('keeps entries with the same source apart (several translations of one term)', () => {
    const idx = new GlossaryIndex([{ source: 'file', target: 'soubor' }, { source: 'File', target: 'spis' }]);
    expect(idx.match('file').map((t) => t.target)).toEqual(['soubor', 'spis']);
  });

  it('ignores blank and punctuation-only terms', () => {
    expect(index('', '  ', '...').size).toBe(0);
  });

  it('scales by words of the text, not by the number of terms', () => {
    const terms = Array.from({ length: 5000 }, (_, i) => `term${i} word`);
    const idx = index(...terms);
    const t0 = performance.now();
    for (let i = 0; i < 1000; i++) idx.match('a sentence with term4999 word and term12 word in it');
    expect(performance.now() - t0).toBeLessThan(500);
    expect(found(idx, 'term4999 word, term12 word')).toEqual(['term4999 word', 'term12 word']);
  });

  it('containsPhrase follows the same rules', () => {
    expect(containsPhrase('Uložit soubor.', 'Soubor')).toBe(true);
    expect(containsPhrase('Uložit souboru', 'soubor')).toBe(false);
    expect(containsPhrase('保存到仓库中', '仓库')).toBe(true);
    expect(containsPhrase('Otevřít žádost o sloučení', 'žádost o sloučení')).toBe(true);
    expect(words('Hello, World!')).toEqual(['hello', 'world']);
  });
});
