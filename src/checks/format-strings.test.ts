import { describe, expect, it } from 'vitest';
import { failing, failingIds } from './test-support.js';

describe('c_format', () => {
  it('passes matching and reordered positional directives', () => {
    expect(failing('c_format', 'There are %d apples', 'Je tu %d jablek')).toBe(false);
    expect(failing('c_format', 'Your balance is %1$d %2$s', 'Ihr Kontostand: %2$s %1$d', 'de')).toBe(false);
    expect(failing('c_format', '%s of %s', '%2$s の %1$s', 'ja')).toBe(false);
    expect(failing('c_format', '100%% done: %s', '100 %% hotovo: %s')).toBe(false);
  });
  it('fails on missing, extra, changed and swapped unnumbered directives', () => {
    expect(failing('c_format', 'There are %d apples', 'Il y a des pommes', 'fr')).toMatch(/missing: %d/);
    expect(failing('c_format', 'Saved', 'Gespeichert %s', 'de')).toMatch(/extra: %s/);
    expect(failing('c_format', 'Speed %.2f km/h', 'Скорость %f км/ч', 'ru')).toBeTruthy();
    expect(failing('c_format', 'File %s is %d bytes', 'Soubor má %d bajtů: %s')).toBeTruthy();
  });
  it('runs only with the c-format flag and not with ignore-c-format', () => {
    expect(failingIds('There are %d apples', 'Il y a des pommes', 'fr')).not.toContain('c_format');
    expect(failingIds('There are %d apples', 'Il y a des pommes', 'fr', 'c-format')).toContain('c_format');
    expect(failingIds('There are %d apples', 'Il y a des pommes', 'fr', 'c-format, ignore-c-format')).not.toContain('c_format');
  });
  it('lets a single-number plural form drop the number (cs "one"), but not ru "one"', () => {
    const src = ['%d file', '%d files'];
    const cs = ['Jeden soubor', '%d soubory', '%d souborů'];
    expect(failing('c_format', src, cs, 'cs', 'c-format', { pluralCategories: ['one', 'few', 'other'] })).toBe(false);
    expect(failing('c_format', src, cs, 'cs', 'c-format, strict-format', { pluralCategories: ['one', 'few', 'other'] })).toMatch(/Plural form 0/);
    const ru = ['Один файл', '%d файла', '%d файлов'];
    expect(failing('c_format', src, ru, 'ru', 'c-format', { pluralCategories: ['one', 'few', 'many'] })).toMatch(/Plural form 0/);
    // Arabic "zero", "one" and "two" are single numbers too.
    const ar = ['لا ملفات', 'ملف واحد', 'ملفان', '%d ملفات', '%d ملفًا', '%d ملف'];
    expect(failing('c_format', src, ar, 'ar', 'c-format', { pluralCategories: ['zero', 'one', 'two', 'few', 'many', 'other'] })).toBe(false);
  });
  it('compares a single-form language with the plural source', () => {
    expect(failing('c_format', ['One file', '%d files'], ['%d 個のファイル'], 'ja')).toBe(false);
    expect(failing('c_format', ['One file', '%d files'], ['ファイル'], 'ja')).toBeTruthy();
  });
});

describe('python_format', () => {
  it('compares named placeholders as a set and unnamed ones in order', () => {
    expect(failing('python_format', 'Hello %(name)s, you have %(count)d messages', 'Máte %(count)d zpráv, %(name)s')).toBe(false);
    expect(failing('python_format', 'Hello %(name)s', 'Hallo %(nom)s', 'de')).toMatch(/missing: %\(name\)s/);
    expect(failing('python_format', '%s: %d%%', '%s : %d %%', 'fr')).toBe(false);
    expect(failing('python_format', '%s: %d', '%d : %s', 'fr')).toBeTruthy();
  });
});

describe('python_brace_format', () => {
  it('handles named, numbered, automatic fields and {{ escapes', () => {
    expect(failing('python_brace_format', 'Your balance is {amount} {currency}', 'Váš zůstatek je {amount} {currency}')).toBe(false);
    expect(failing('python_brace_format', 'There are {} apples', 'Il y a {} pommes', 'fr')).toBe(false);
    expect(failing('python_brace_format', '{0} of {1}', '{1} の {0}', 'ja')).toBe(false);
    expect(failing('python_brace_format', 'Use {{braces}} and {name}', 'Verwende {{Klammern}} und {name}', 'de')).toBe(false);
  });
  it('fails on renamed fields and unescaped braces', () => {
    expect(failing('python_brace_format', 'Hello {name}', 'Привет {имя}', 'ru')).toMatch(/missing: \{name\}/);
    expect(failing('python_brace_format', 'Hello {name}', 'Hallo {name} }', 'de')).toMatch(/Syntax error/);
  });
});

describe('php_format', () => {
  it('supports positional and custom padding', () => {
    expect(failing('php_format', 'Your balance is %1$d %2$s', 'Váš zůstatek je %1$d %2$s')).toBe(false);
    expect(failing('php_format', "Code %'*10s", "Code %'*10s")).toBe(false);
    expect(failing('php_format', 'There are %d apples', 'Il y a %s pommes', 'fr')).toBeTruthy();
  });
});

describe('javascript_format', () => {
  it('compares %s %d directives', () => {
    expect(failing('javascript_format', 'Hello %s, you are %d', 'Hallo %s, du bist %d', 'de')).toBe(false);
    expect(failing('javascript_format', 'Hello %s', 'Bonjour', 'fr')).toBeTruthy();
  });
});

describe('java_printf_format', () => {
  it('ignores %n and %% and compares the rest', () => {
    expect(failing('java_printf_format', 'Done: %d%%%n', 'Hotovo: %d %%')).toBe(false);
    expect(failing('java_printf_format', 'Your balance is %1$d %2$s', 'Ваш баланс %2$s %1$d', 'ru')).toBe(false);
    expect(failing('java_printf_format', 'Saved %s', 'Gespeichert', 'de')).toBeTruthy();
  });
});

describe('java_format (MessageFormat)', () => {
  it('compares argument indexes, honouring quoting', () => {
    expect(failing('java_format', 'There are {0} apples', 'Es gibt {0} Äpfel', 'de')).toBe(false);
    expect(failing('java_format', 'At {1,time} on {1,date}, {0,number,integer} files', 'Le {1,date} à {1,time}, {0,number,integer} fichiers', 'fr')).toBe(false);
    expect(failing('java_format', "It''s {0}", "C''est {0}", 'fr')).toBe(false);
    expect(failing('java_format', 'There are {0} apples', 'Es gibt Äpfel', 'de')).toMatch(/missing: \{0\}/);
  });
  it('reports a single apostrophe that swallows the argument', () => {
    expect(failing('java_format', 'Open the application {0}', "Ouvrir l'application {0}", 'fr')).toMatch(/Apostrophes must be doubled/);
    expect(failing('java_format', 'Open the application {0}', "Ouvrir l''application {0}", 'fr')).toBe(false);
  });
  it('auto-java-messageformat only checks sources with arguments', () => {
    expect(failingIds("Don''t panic", "N'paniquez pas", 'fr', 'auto-java-messageformat')).not.toContain('java_format');
    expect(failingIds('{0} files', 'soubory', 'cs', 'auto-java-messageformat')).toContain('java_format');
  });
  it('collects arguments nested in choice formats', () => {
    const src = 'There {0,choice,0#are no files|1#is one file|1<are {0,number,integer} files}.';
    expect(failing('java_format', src, 'Il y a {0,choice,0#aucun fichier|1#un fichier|1<{0,number,integer} fichiers}.', 'fr')).toBe(false);
  });
});

describe('qt_format', () => {
  it('compares %1 … %99 and %L1 as positional', () => {
    expect(failing('qt_format', 'There are %1 apples in %2', 'V %2 je %1 jablek')).toBe(false);
    expect(failing('qt_format', 'Size %L1', 'Größe %L1', 'de')).toBe(false);
    expect(failing('qt_format', 'There are %1 apples', 'Il y a des pommes', 'fr')).toBeTruthy();
    expect(failing('qt_format', 'Item %1', 'Položka %10')).toBeTruthy();
  });
});

describe('i18next_interpolation', () => {
  it('compares variables and nesting', () => {
    expect(failing('i18next_interpolation', 'There are {{number}} apples', 'Es gibt {{ number }} Äpfel', 'de')).toBe(false);
    expect(failing('i18next_interpolation', 'Total {{val, number}} and $t(common.unit)', 'Celkem {{val, number}} a $t(common.unit)')).toBe(false);
    expect(failing('i18next_interpolation', 'Hi {{- name}}', 'Salut {{-name}}', 'fr')).toBe(false);
    expect(failing('i18next_interpolation', 'See $t(help.link)', 'Voir', 'fr')).toMatch(/\$t\(help\.link\)/);
    expect(failing('i18next_interpolation', 'Hi {{name}}', 'Привет {{imya}}', 'ru')).toBeTruthy();
  });
});

describe('icu_message_format', () => {
  const src = '{count, plural, one {# file} other {# files}} in {folder}';
  it('passes a translation with the same variables', () => {
    const cs = '{count, plural, one {# soubor} few {# soubory} other {# souborů}} v {folder}';
    expect(failing('icu_message_format', src, cs)).toBe(false);
    expect(failing('icu_message_format', "Don't touch {name}", "Ne touchez pas à {name}, c'est fragile", 'fr')).toBe(false);
    expect(failing('icu_message_format', "It''s '{literal}' {name}", "C''est '{literal}' {name}", 'fr')).toBe(false);
    expect(failing('icu_message_format', '{gender, select, male {He} female {She} other {They}} liked it', '{gender, select, male {Er} female {Sie} other {Sie}} mochte es', 'de')).toBe(false);
  });
  it('fails on missing variables and syntax errors', () => {
    expect(failing('icu_message_format', src, '{count, plural, one {# soubor} other {# souborů}}')).toMatch(/missing: \{folder\}/);
    expect(failing('icu_message_format', src, '{count, plural, one {# soubor} other {# souborů} v {folder}')).toMatch(/Syntax error/);
    expect(failing('icu_message_format', src, '{count, plural, one {# soubor}} v {folder}')).toMatch(/other/);
    expect(failing('icu_message_format', 'Hello {name}', "Hola '{name}'", 'es')).toMatch(/missing/);
    // An apostrophe right before "{" opens a quote in ICU and swallows the argument.
    expect(failing('icu_message_format', 'Open {app}', "Ouvrir l'{app}", 'fr')).toMatch(/Syntax error|missing/);
  });
  it('does not blame the translator for a broken source', () => {
    expect(failing('icu_message_format', 'Broken {name', 'Kaputt {name', 'de')).toBe(false);
  });
});
