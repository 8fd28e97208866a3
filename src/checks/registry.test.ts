import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractMessages } from '../../scripts/i18n-extract.js';
import { CHECKS, checkIds, getCheck, isEnforced, needsEditing, runChecks, runChecksDetailed, runSourceChecks } from './registry.js';
import { mergeFlags } from './flags.js';
import { ctx, failingIds } from './test-support.js';

const REQUIRED = [
  'c_format', 'python_format', 'python_brace_format', 'javascript_format', 'java_format', 'java_printf_format',
  'php_format', 'i18next_interpolation', 'icu_message_format', 'qt_format', 'same', 'begin_newline', 'end_newline',
  'begin_space', 'end_space', 'double_space', 'end_stop', 'end_colon', 'end_question', 'end_exclamation',
  'end_ellipsis', 'escaped_newline', 'newline-count', 'zero-width-space', 'max-length', 'plurals', 'same-plurals',
  'inconsistent', 'translated', 'duplicate', 'xml-tags', 'xml-invalid', 'url', 'safe-html', 'placeholders', 'regex',
  'bbcode', 'md-link', 'md-syntax', 'check_glossary',
  // Format strings of more languages.
  'objc_format', 'perl_format', 'perl_brace_format', 'lua_format', 'object_pascal_format', 'scheme_format',
  'c_sharp_format', 'laravel_format', 'es_format', 'percent_placeholders', 'vue_format', 'automattic_components_format',
  'qt_plural_format', 'ruby_format', 'angularjs_format',
  // Characters, typography and consistency.
  'end_interrobang', 'end_semicolon', 'punctuation_spacing', 'kashida', 'multiple_capital', 'kabyle-characters',
  'accelerator', 'max-lines', 'reused', 'prohibited_initial_character', 'md-reflink', 'rst-references', 'rst-syntax',
  'fluent-target-syntax', 'fluent-parts', 'fluent-references',
  // Source checks.
  'optional_plural', 'ellipsis', 'source-max-length', 'unnamed_format', 'icu_message_format_syntax', 'multiple_failures',
  'long_untranslated', 'fluent-source-syntax',
];
const SOURCE = ['optional_plural', 'ellipsis', 'source-max-length', 'unnamed_format', 'icu_message_format_syntax', 'multiple_failures', 'long_untranslated', 'fluent-source-syntax'];

describe('registry', () => {
  it('has every check id of the reference exactly once, each with a name and description', () => {
    expect(checkIds().sort()).toEqual([...REQUIRED].sort());
    expect(CHECKS.length).toBeGreaterThanOrEqual(75);
    for (const c of CHECKS) {
      expect(c.name && c.description, c.id).toBeTruthy();
      // The explanation says what the check looks for and what to do, in more than the one-line description.
      expect(c.explanation.length, c.id).toBeGreaterThan(c.description.length);
      expect(!!c.sourceCheck, c.id).toBe(SOURCE.includes(c.id));
    }
    expect(getCheck('end_stop')?.name).toBe('Mismatched full stop');
    expect(getCheck('nope')).toBeUndefined();
  });

  it('keeps the texts of every check as literal msgid() calls in its module, for the message catalog', () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => ({ path: `src/checks/${f}`, text: fs.readFileSync(path.join(dir, f), 'utf8') }));
    const msgids = new Set(extractMessages(files).messages.map((m) => m.msgid));
    for (const c of CHECKS) {
      // The name says which check fails, the description what is wrong, the explanation what it means and what to do.
      for (const text of [c.name, c.description, c.explanation]) expect(msgids.has(text), `${c.id}: ${text}`).toBe(true);
    }
  });

  it('explains every check with what to do about a failure, not only what it found', () => {
    // The editor shows the explanation with a failing check: it has to tell the translator (or, for source checks, the
    // developer) what to do, in an imperative sentence or clause.
    const todo = /(^|[.;:] |, so |, or )(use|keep|copy|remove|translate|fix|make|write|start|end|shorten|join|add|replace|look|place|enter|change|number|simplify|improve|give|close|dismiss|check)\b/i;
    for (const c of CHECKS) expect(c.explanation, c.id).toMatch(todo);
  });

  it('docs/checks.md lists every check with its explanation word for word', () => {
    const doc = fs.readFileSync(fileURLToPath(new URL('../../docs/checks.md', import.meta.url)), 'utf8');
    const listed = new Map<string, string>();
    for (const line of doc.split('\n')) {
      if (!line.startsWith('| ')) continue;
      // Cells split on unescaped pipes: | Check | Id | Turned on by | Ignored with | What it means and what to do |
      const cells = line.split(/(?<!\\)\|/).slice(1, -1);
      const id = /^\s*`([^`]+)`\s*$/.exec(cells[1] ?? '')?.[1];
      if (id && cells.length >= 5) listed.set(id, cells[4]!.trim().replace(/\\([|*_`\\<>[\]])/g, '$1'));
    }
    for (const c of CHECKS) expect(listed.get(c.id), c.id).toBe(c.explanation);
  });

  it('runs applicable checks on a translated unit', () => {
    expect(failingIds('File saved.', 'Soubor uložen.')).toEqual([]);
    expect(failingIds('File %s saved.', 'Soubor uložen', 'cs', 'c-format').sort()).toEqual(['c_format', 'end_stop']);
  });

  it('honours ignore-<id> with dashes', () => {
    expect(failingIds('File saved.', 'Soubor uložen', 'cs', 'ignore-end-stop')).toEqual([]);
    expect(failingIds('Line\n', 'Řádek', 'cs', 'ignore-end-newline, ignore-newline-count')).toEqual([]);
  });

  it('honours ignore-all-checks', () => {
    expect(failingIds('File saved.', 'Soubor uložen', 'cs')).toEqual(['end_stop']);
    expect(failingIds('File saved.', 'Soubor uložen', 'cs', 'ignore-all-checks')).toEqual([]);
  });

  it('keeps source checks out of the translation run and runs them on source strings', () => {
    expect(failingIds('Loading...', 'Načítání...', 'cs')).toEqual([]);
    expect(runSourceChecks(['Loading...'], ctx('en')).map((f) => f.id)).toEqual(['ellipsis']);
    expect(runSourceChecks(['%s of %s file(s)'], ctx('en', 'c-format')).map((f) => f.id)).toEqual(['optional_plural', 'unnamed_format']);
    expect(runSourceChecks(['%s of %s file(s)'], ctx('en', 'c-format, ignore-unnamed-format')).map((f) => f.id)).toEqual(['optional_plural']);
    expect(runSourceChecks([''], ctx('en'))).toEqual([]);
  });

  it('merges component, file and unit flags', () => {
    const flags = mergeFlags('c-format, max-length:100', 'no-c-format', 'max-length:5');
    const failures = runChecks({ source: ['%s saved'], target: ['Uloženo'] }, { ...ctx('cs'), flags });
    expect(failures).toEqual(['max-length']);
  });

  it('gives untranslated units only the translated check', () => {
    expect(failingIds(['%d file', '%d files'], ['', '', ''], 'cs', 'c-format')).toEqual([]);
  });

  it('returns descriptions', () => {
    const [f] = runChecksDetailed({ source: ['Done!'], target: ['Hotovo'] }, ctx('cs'));
    expect(f).toEqual({ id: 'end_exclamation', detail: 'Source and translation do not both end with an exclamation mark' });
  });

  it('enforced checks turn a failure into needs editing', () => {
    expect(isEnforced('end_stop', ['end_stop', 'c_format'])).toBe(true);
    expect(isEnforced('same', ['end_stop'])).toBe(false);
    expect(isEnforced('same', null)).toBe(false);
    expect(needsEditing(['same', 'c_format'], ['c_format'])).toBe(true);
    expect(needsEditing(['same'], ['c_format'])).toBe(false);
  });
});

describe('large inputs (no timing assertions: they must simply finish)', () => {
  it('handles long and pathological strings with every flag on', () => {
    const flags =
      'c-format, python-format, python-brace-format, php-format, javascript-format, java-printf-format, java-format, ' +
      'qt-format, i18next-interpolation, icu-message-format, md-text, xml-text, safe-html, url, max-length:10, ' +
      'objc-format, perl-format, perl-brace-format, lua-format, object-pascal-format, scheme-format, c-sharp-format, ' +
      'laravel-format, es-format, percent-placeholders, vue-format, automattic-components-format, qt-plural-format, ' +
      'ruby-format, angularjs-format, rst-text, max-lines:2, accelerator:&, fluent-target-syntax, fluent-parts, ' +
      'fluent-references, fluent-source-syntax, ' +
      'placeholders:r"%\\w+%", regex:"^[^<]*$"';
    const big = [
      '%'.repeat(100_000),
      '{'.repeat(20_000) + '}'.repeat(20_000),
      '<b>'.repeat(20_000),
      '*_`~'.repeat(25_000),
      "'{".repeat(50_000),
      `${'a '.repeat(50_000)}a`,
      `[x](${'('.repeat(50_000)}`,
      '&'.repeat(50_000),
      `${'[b]'.repeat(30_000)}[/b]`,
      '~'.repeat(50_000),
      `${"~'".repeat(30_000)}~`,
      '${'.repeat(30_000),
      ':a'.repeat(50_000),
      '%a'.repeat(50_000),
      '@:'.repeat(50_000),
      '`'.repeat(50_000),
      ':r:`'.repeat(30_000),
      '[x]['.repeat(30_000),
      '&amp'.repeat(20_000) + ';',
      `${'ـ'.repeat(50_000)}ب`,
      `Quoi${'?!'.repeat(50_000)}`,
      Array.from({ length: 20_000 }, (_, i) => `%${i + 1}$s {v${i}}`).join(' '),
      `${'{ $a -> [x] '.repeat(20_000)}`,
      `${'{ NUMBER('.repeat(20_000)}`,
      `${'\n.a = {'.repeat(20_000)}`,
    ];
    for (const text of big) {
      const ids = runChecks({ source: [text], target: [`${text}x`] }, ctx('de', flags));
      expect(Array.isArray(ids)).toBe(true);
      expect(Array.isArray(runChecks({ source: [text], target: [`${text}x`] }, ctx('fr', flags)))).toBe(true);
      expect(Array.isArray(runChecks({ source: [text], target: [`${text}x`] }, ctx('ar', flags)))).toBe(true);
      expect(Array.isArray(runSourceChecks([text], ctx('en', flags)))).toBe(true);
      // Unchanged translations make the same check strip every placeholder of the source.
      expect(Array.isArray(runChecks({ source: [text], target: [text] }, ctx('cs', `${flags}, python-brace-format`)))).toBe(true);
    }
  });

  it('checks 10k ordinary units without trouble', () => {
    const c = ctx('cs', 'c-format, max-length:200');
    let failures = 0;
    for (let i = 0; i < 10_000; i++) {
      failures += runChecks({ source: [`File %s has ${i} lines.`], target: [`Soubor %s má ${i} řádků.`] }, c).length;
    }
    expect(failures).toBe(0);
  });
});
