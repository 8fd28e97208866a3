// The format checks of the less common languages, through the registry as the save path runs them.
import { describe, expect, it } from 'vitest';
import { failing, failingIds } from './test-support.js';

describe('objc_format', () => {
  it('compares %@, positional and stringsdict tokens', () => {
    expect(failing('objc_format', 'Hello %@', 'Ahoj %@')).toBe(false);
    expect(failing('objc_format', '%1$@ sent %2$d files', '%2$d Dateien von %1$@', 'de')).toBe(false);
    expect(failing('objc_format', 'You have %#@files@', 'Vous avez %#@files@', 'fr')).toBe(false);
    expect(failing('objc_format', 'Hello %@', 'Ahoj', 'cs')).toMatch(/missing: %@/);
    expect(failing('objc_format', 'You have %#@files@', 'لديك %#@items@', 'ar')).toMatch(/missing.*%#@files@.*extra.*%#@items@/);
  });
  it('runs with objc-format only', () => {
    expect(failingIds('Hello %@', 'Hallo', 'de')).not.toContain('objc_format');
    expect(failingIds('Hello %@', 'Hallo', 'de', 'objc-format')).toContain('objc_format');
    expect(failingIds('Hello %@', 'Hallo', 'de', 'objc-format, ignore-objc-format')).not.toContain('objc_format');
  });
});

describe('perl_format and lua_format', () => {
  it('perl_format reads printf directives', () => {
    expect(failing('perl_format', 'There are %d apples', 'Il y a %d pommes', 'fr')).toBe(false);
    expect(failing('perl_format', 'Your balance is %1$d %2$s', 'Zůstatek: %2$s %1$d')).toBe(false);
    expect(failing('perl_format', 'There are %d apples', 'Es gibt Äpfel', 'de')).toBeTruthy();
  });
  it('lua_format keeps order (no argument numbers) and knows %q', () => {
    expect(failing('lua_format', 'Player %s scored %d', 'Hráč %s získal %d bodů')).toBe(false);
    expect(failing('lua_format', 'Name: %q', '名前: %q', 'ja')).toBe(false);
    expect(failing('lua_format', 'Player %s scored %d', '%d Punkte für %s', 'de')).toBeTruthy();
    expect(failing('lua_format', '100%% done', '100 %% fait', 'fr')).toBe(false);
  });
});

describe('object_pascal_format', () => {
  it('reads indexes, which continue the numbering', () => {
    expect(failing('object_pascal_format', 'File %s has %d lines', 'Soubor %s má %d řádků')).toBe(false);
    expect(failing('object_pascal_format', 'File %s has %d lines', '%1:d Zeilen in %0:s', 'de')).toBe(false);
    expect(failing('object_pascal_format', '%0:s %s', '%0:s %1:s', 'fr')).toBe(false);
    expect(failing('object_pascal_format', 'File %s has %d lines', '%d řádků v %s')).toBeTruthy();
    expect(failing('object_pascal_format', 'Total %8.2f', 'المجموع %f', 'ar')).toBeTruthy();
  });
});

describe('scheme_format', () => {
  it('reads ~a, ~s and argument jumps; ~~ is a tilde', () => {
    expect(failing('scheme_format', 'Hello ~a, you have ~d messages', 'Hallo ~a, Sie haben ~d Nachrichten', 'de')).toBe(false);
    // "~N@*" jumps to argument N, counted from zero.
    expect(failing('scheme_format', '~a of ~s', '~1@*~s z ~0@*~a')).toBe(false);
    expect(failing('scheme_format', '~a of ~s', '~s z ~a')).toBeTruthy();
    expect(failing('scheme_format', '~0@*~a and ~1@*~a', '~1@*~a et ~0@*~a', 'fr')).toBe(false);
    expect(failing('scheme_format', 'Approx ~~10', 'Environ ~~10', 'fr')).toBe(false);
    expect(failing('scheme_format', 'Hello ~a', 'こんにちは', 'ja')).toMatch(/missing: ~a/);
  });
});

describe('c_sharp_format', () => {
  it('compares format items as written, in any order', () => {
    expect(failing('c_sharp_format', 'There are {0} apples', 'Je tu {0} jablek')).toBe(false);
    expect(failing('c_sharp_format', '{0} sent {1:N2} EUR', '{1:N2} EUR von {0}', 'de')).toBe(false);
    expect(failing('c_sharp_format', 'Use {{braces}} for {0}', 'Utilisez {{accolades}} pour {0}', 'fr')).toBe(false);
    expect(failing('c_sharp_format', '{0} sent {1:N2} EUR', '{0} poslal {1} EUR')).toMatch(/missing: \{1:N2\}.*extra: \{1\}/);
    expect(failing('c_sharp_format', '{0} and {0}', '{0}', 'ja')).toBeTruthy();
  });
  it('is turned on by c-sharp-format or csharp-format', () => {
    expect(failingIds('{0} apples', 'Äpfel', 'de', 'csharp-format')).toContain('c_sharp_format');
    expect(failingIds('{0} apples', 'Äpfel', 'de', 'c-sharp-format')).toContain('c_sharp_format');
    expect(failingIds('{0} apples', 'Äpfel', 'de')).not.toContain('c_sharp_format');
  });
});

describe('perl_brace_format, laravel_format, es_format, percent_placeholders', () => {
  it('perl_brace_format', () => {
    expect(failing('perl_brace_format', 'There are {number} apples', 'Il y a {number} pommes', 'fr')).toBe(false);
    expect(failing('perl_brace_format', 'There are {number} apples', 'Es gibt {anzahl} Äpfel', 'de')).toMatch(/missing: \{number\}/);
  });
  it('laravel_format', () => {
    expect(failing('laravel_format', 'The :attribute must be at least :min.', ':attribute musí mít alespoň :min.')).toBe(false);
    expect(failing('laravel_format', 'Welcome, :name', 'Bienvenue, :nom', 'fr')).toMatch(/missing: :name/);
  });
  it('es_format ignores spaces inside ${}', () => {
    expect(failing('es_format', 'There are ${number} apples', 'Es gibt ${ number } Äpfel', 'de')).toBe(false);
    expect(failing('es_format', 'There are ${number} apples', 'توجد تفاحات', 'ar')).toMatch(/missing: \$\{number\}/);
  });
  it('percent_placeholders', () => {
    expect(failing('percent_placeholders', 'There are %number% apples', 'Je tu %number% jablek')).toBe(false);
    expect(failing('percent_placeholders', 'There are %number% apples', 'リンゴが %count% 個', 'ja')).toBeTruthy();
  });
});

describe('vue_format and automattic_components_format', () => {
  it('vue_format reads named, Rails-style and linked placeholders', () => {
    expect(failing('vue_format', 'There are {count} apples', 'Il y a {count} pommes', 'fr')).toBe(false);
    expect(failing('vue_format', 'There are %{count} apples', 'Es gibt %{count} Äpfel', 'de')).toBe(false);
    expect(failing('vue_format', '@:message.dio @:message.the_world!', '@:message.dio @:message.the_world!', 'cs')).toBe(false);
    expect(failing('vue_format', '@:message.dio @:message.the_world!', '@:message.dio!', 'cs')).toMatch(/missing: @:message.the_world/);
  });
  it('automattic_components_format needs every component', () => {
    expect(failing('automattic_components_format', 'Read {{link}}the guide{{/link}}.', 'Lisez {{link}}le guide{{/link}}.', 'fr')).toBe(false);
    expect(failing('automattic_components_format', 'Read {{link}}the guide{{/link}}.', 'Lesen Sie {{link}}die Anleitung.', 'de')).toMatch(/missing: \{\{\/link\}\}/);
  });
});

describe('qt_plural_format, ruby_format, angularjs_format', () => {
  it('qt_plural_format', () => {
    expect(failing('qt_plural_format', 'There are %Ln apple(s)', 'Je tu %Ln jablek')).toBe(false);
    expect(failing('qt_plural_format', 'There are %n apple(s)', 'Es gibt Äpfel', 'de')).toMatch(/missing: %n/);
  });
  it('ruby_format reads printf, named and template directives', () => {
    expect(failing('ruby_format', 'Your balance is %+.2<amount>f %<currency>s', 'Votre solde : %<currency>s %+.2<amount>f', 'fr')).toBe(false);
    expect(failing('ruby_format', 'Your balance is %{amount} %{currency}', 'Zůstatek %{currency} %{amount}')).toBe(false);
    expect(failing('ruby_format', 'Your balance is %1$f %2$s', 'Kontostand %2$s %1$f', 'de')).toBe(false);
    expect(failing('ruby_format', 'Your balance is %{amount}', 'رصيدك %{money}', 'ar')).toMatch(/missing: %\{amount\}/);
    expect(failing('ruby_format', 'There are %d apples', 'りんごがあります', 'ja')).toBeTruthy();
  });
  it('angularjs_format ignores spaces and counts occurrences', () => {
    expect(failing('angularjs_format', 'Your balance is {{amount}} {{ currency }}', 'Zůstatek {{ amount }} {{currency}}')).toBe(false);
    expect(failing('angularjs_format', 'Your balance is {{amount}}', 'Ihr Kontostand ist {{betrag}}', 'de')).toBeTruthy();
    expect(failing('angularjs_format', '{{name}} and {{name}}', '{{name}}', 'fr')).toBeTruthy();
  });
});

describe('plural forms of the new format checks', () => {
  it('lets the single-number form drop the number', () => {
    const c = { pluralCategories: ['one', 'few', 'other'] };
    expect(failing('objc_format', ['%d file', '%d files'], ['Jeden soubor', '%d soubory', '%d souborů'], 'cs', 'objc-format', c)).toBe(false);
    expect(failing('lua_format', ['%d file', '%d files'], ['Jeden soubor', 'soubory', '%d souborů'], 'cs', 'lua-format', c)).toMatch(/Plural form 1/);
  });
});
