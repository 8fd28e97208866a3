// reStructuredText checks (rst-text flag).
import { describe, expect, it } from 'vitest';
import { failing, failingIds } from './test-support.js';

describe('rst-references', () => {
  it('keeps role targets, lets translatable roles change their text', () => {
    expect(failing('rst-references', 'See :ref:`install`.', 'Viz :ref:`install`.')).toBe(false);
    expect(failing('rst-references', 'See :ref:`Installing <install>`.', 'Siehe :ref:`Installation <install>`.', 'de')).toBe(false);
    expect(failing('rst-references', 'Click :guilabel:`Save`.', 'Cliquez sur :guilabel:`Enregistrer`.', 'fr')).toBe(false);
    expect(failing('rst-references', 'See :ref:`install`.', 'Viz :ref:`instalace`.')).toMatch(/Missing references: :ref:install.*Extra/);
    expect(failing('rst-references', 'Click :guilabel:`Save`.', '「保存」をクリック。', 'ja')).toMatch(/:guilabel:/);
  });
  it('keeps links and footnotes', () => {
    expect(failing('rst-references', 'Context `c`_', 'Kontext `c`_', 'de')).toBe(false);
    expect(failing('rst-references', 'Context `c`_', 'Kontext `c`', 'de')).toBeTruthy();
    expect(failing('rst-references', 'Read `the manual <https://example.com/>`_.', 'Lisez `le manuel <https://example.com/>`_.', 'fr')).toBe(false);
    expect(failing('rst-references', 'Context [#c]_', 'Kontext', 'de')).toMatch(/\[#c\]_/);
    expect(failing('rst-references', 'Context [#c]_', 'السياق [#c]_', 'ar')).toBe(false);
  });
  it('runs only with rst-text', () => {
    expect(failingIds('See :ref:`install`.', 'Viz :ref:`instalace`.')).not.toContain('rst-references');
    expect(failingIds('See :ref:`install`.', 'Viz :ref:`instalace`.', 'cs', 'rst-text')).toContain('rst-references');
  });
});

describe('rst-syntax', () => {
  it('passes well-formed inline markup', () => {
    expect(failing('rst-syntax', '``foo``', '``foo``')).toBe(false);
    expect(failing('rst-syntax', 'Use **bold** and :kbd:`Ctrl+C`.', 'Verwenden Sie **fett** und :kbd:`Strg+C`.', 'de')).toBe(false);
    expect(failing('rst-syntax', ':abcde:`Ctrl+Home`', ':abcde:`Ctrl+Home`')).toBe(false);
    expect(failing('rst-syntax', 'string', 'string')).toBe(false);
  });
  it('fails on unclosed markup, glued end-strings and unknown roles', () => {
    expect(failing('rst-syntax', '``foo``', '``foo`')).toBeTruthy();
    expect(failing('rst-syntax', '``foo``', ':ref:`foo`bar')).toMatch(/followed by whitespace/);
    expect(failing('rst-syntax', '``foo``', ':ref:`foo bar` `')).toMatch(/without end-string/);
    expect(failing('rst-syntax', 'Use **bold**', 'Utilisez **gras', 'fr')).toMatch(/strong/);
    expect(failing('rst-syntax', ':abcde:`Ctrl+Home`', ':defgh:`Ctrl+Home`')).toMatch(/unknown interpreted text role ":defgh:"/);
    expect(failing('rst-syntax', 'Text', ':strong:`テキスト`', 'ja')).toBe(false);
  });
});
