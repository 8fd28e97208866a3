// Typography checks in the languages they are written for.
import { describe, expect, it } from 'vitest';
import { failing, failingIds } from './test-support.js';

describe('end_interrobang', () => {
  it('accepts any interrobang form, either order', () => {
    expect(failing('end_interrobang', 'Really?!', 'Opravdu?!')).toBe(false);
    expect(failing('end_interrobang', 'Really?!', 'Wirklich!?', 'de')).toBe(false);
    expect(failing('end_interrobang', 'Really?!', 'حقا؟!', 'ar')).toBe(false);
    expect(failing('end_interrobang', 'Really?!', '本当？！', 'ja')).toBe(false);
    expect(failing('end_interrobang', 'Really⁈', 'Vraiment ?!', 'fr')).toBe(false);
  });
  it('fails when only one side has it, and leaves it to this check alone', () => {
    expect(failing('end_interrobang', 'Really?!', 'Opravdu?')).toBeTruthy();
    expect(failing('end_interrobang', 'Really?', 'Wirklich?!', 'de')).toBeTruthy();
    expect(failingIds('Really?!', 'Opravdu?')).toEqual(['end_interrobang']);
  });
});

describe('end_semicolon', () => {
  it('compares a final semicolon, not entities', () => {
    expect(failing('end_semicolon', 'First item;', 'První položka;')).toBe(false);
    expect(failing('end_semicolon', 'First item;', 'Erster Punkt', 'de')).toBeTruthy();
    expect(failing('end_semicolon', 'Fish &amp; chips', 'Poisson &amp; frites', 'fr')).toBe(false);
    expect(failing('end_semicolon', 'Tom &amp;', 'Tom a', 'cs')).toBe(false);
    expect(failing('end_semicolon', 'Tom', 'Tom &amp;', 'cs')).toBe(false);
  });
  it('leaves the Greek question mark to end_question', () => {
    expect(failing('end_semicolon', 'Delete file?', 'Διαγραφή αρχείου;', 'el')).toBe(false);
  });
});

describe('punctuation_spacing', () => {
  it('wants a space before French double punctuation', () => {
    expect(failing('punctuation_spacing', 'Name:', 'Nom\u00a0:', 'fr')).toBe(false);
    expect(failing('punctuation_spacing', 'Really?', 'Vraiment\u202f?', 'fr')).toBe(false);
    expect(failing('punctuation_spacing', 'Really?', 'Vraiment ?', 'fr')).toBe(false);
    expect(failing('punctuation_spacing', 'Really?!', 'Vraiment\u202f?!', 'fr')).toBe(false);
    expect(failing('punctuation_spacing', 'Name:', 'Nom:', 'fr')).toMatch(/:/);
    expect(failing('punctuation_spacing', 'What?!', 'Quoi?!', 'fr')).toMatch(/\?/);
    expect(failing('punctuation_spacing', 'Hi! Bye', 'Salut! Au revoir', 'fr')).toBeTruthy();
  });
  it('ignores times, URLs, entities, other languages and fr_CA', () => {
    expect(failing('punctuation_spacing', 'At 10:30', 'À 10:30', 'fr')).toBe(false);
    expect(failing('punctuation_spacing', 'See https://example.com/a?b', 'Voir https://example.com/a?b', 'fr')).toBe(false);
    expect(failing('punctuation_spacing', 'Fish &amp; chips', 'Poisson &amp; frites', 'fr')).toBe(false);
    expect(failing('punctuation_spacing', 'Name:', 'Name:', 'de')).toBe(false);
    expect(failing('punctuation_spacing', 'Name:', 'Nom:', 'fr_CA')).toBe(false);
  });
});

describe('kashida', () => {
  it('fails on kashida stretching an Arabic word', () => {
    expect(failing('kashida', 'Book', 'كـتاب', 'ar')).toBeTruthy();
    expect(failing('kashida', 'Book', 'كـــتاب', 'fa')).toBeTruthy();
    expect(failing('kashida', 'Book', 'كتاب', 'ar')).toBe(false);
  });
  it('leaves a lone tatweel alone', () => {
    expect(failing('kashida', 'Tatweel: _', 'التطويل: ـ', 'ar')).toBe(false);
    expect(failing('kashida', 'Suffix', 'ـه', 'ar')).toBe(false);
  });
});

describe('multiple_capital', () => {
  it('fails on misplaced capitals the source does not have', () => {
    expect(failing('multiple_capital', 'Hello world', 'HEllo světe')).toBeTruthy();
    expect(failing('multiple_capital', 'State', 'ÉTat', 'fr')).toBeTruthy();
    expect(failing('multiple_capital', 'Open file', 'ФАйл открыть', 'ru')).toBeTruthy();
    expect(failing('multiple_capital', 'Hello world', 'Hallo Welt', 'de')).toBe(false);
    expect(failing('multiple_capital', 'Save as PDF', 'Als PDF speichern', 'de')).toBe(false);
    expect(failing('multiple_capital', 'Hello world', 'こんにちは世界', 'ja')).toBe(false);
  });
});

describe('kabyle-characters', () => {
  it('fails on Greek and breve look-alikes in Kabyle only', () => {
    expect(failing('kabyle-characters', 'Language', 'Taγect', 'kab')).toMatch(/ɣ instead of γ/);
    expect(failing('kabyle-characters', 'Name', 'Isεa', 'kab')).toMatch(/ɛ instead of ε/);
    expect(failing('kabyle-characters', 'Language', 'Taɣect', 'kab')).toBe(false);
    expect(failing('kabyle-characters', 'Gamma', 'Γάμμα γ', 'el')).toBe(false);
  });
});

describe('accelerator', () => {
  it('needs as many markers as the source, at most one', () => {
    expect(failing('accelerator', '&File', '&Soubor', 'cs', 'accelerator:&')).toBe(false);
    expect(failing('accelerator', '&File', 'Da&tei', 'de', 'accelerator:&')).toBe(false);
    expect(failing('accelerator', '_Open', '開く(_O)', 'ja', 'accelerator:_')).toBe(false);
    expect(failing('accelerator', 'Fish && &Chips', 'Poisson && &frites', 'fr', 'accelerator:&')).toBe(false);
    expect(failing('accelerator', '&File', 'Soubor', 'cs', 'accelerator:&')).toMatch(/0 accelerator keys/);
    expect(failing('accelerator', '&File', '&Da&tei', 'de', 'accelerator:&')).toMatch(/at most one/);
    expect(failing('accelerator', '&File', '&Soubor', 'cs', 'accelerator:ab')).toMatch(/single punctuation/);
  });
  it('runs only with the accelerator flag', () => {
    expect(failingIds('&File', 'Soubor')).not.toContain('accelerator');
    expect(failingIds('&File', 'Soubor', 'cs', 'accelerator:&')).toContain('accelerator');
  });
});
