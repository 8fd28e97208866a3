// Fluent checks on messages in block form: the value, then ".attribute = …" lines.
import { describe, expect, it } from 'vitest';
import { runSourceChecks } from './registry.js';
import { ctx, failing, failingIds } from './test-support.js';

const SELECT = `{ $count ->
    [one] One file
   *[other] { $count } files
}`;

describe('fluent-target-syntax', () => {
  it('accepts placeables, literals, functions, terms and select expressions', () => {
    expect(failing('fluent-target-syntax', 'Hello { $name }', 'Ahoj { $name }')).toBe(false);
    expect(failing('fluent-target-syntax', 'Use { -brand-name }', 'Verwenden Sie { -brand-name(case: "dative") }', 'de')).toBe(false);
    expect(failing('fluent-target-syntax', 'Size { NUMBER($size, minimumFractionDigits: 2) }', 'Taille { NUMBER($size, minimumFractionDigits: 2) }', 'fr')).toBe(false);
    expect(failing('fluent-target-syntax', 'A brace: { "{" }', '括弧: { "{" }', 'ja')).toBe(false);
    expect(failing('fluent-target-syntax', SELECT, `{ $count ->\n    [one] { $count } soubor\n    [few] { $count } soubory\n   *[other] { $count } souborů\n}`)).toBe(false);
    expect(failing('fluent-target-syntax', 'Value\n.title = Title', 'قيمة\n.title = عنوان', 'ar')).toBe(false);
  });
  it('fails on broken syntax', () => {
    expect(failing('fluent-target-syntax', 'Hello { $name }', 'Ahoj { $name')).toMatch(/Expected "}"/);
    expect(failing('fluent-target-syntax', 'Hello { $name }', 'Hallo $name }', 'de')).toMatch(/Unbalanced closing brace/);
    expect(failing('fluent-target-syntax', SELECT, '{ $count ->\n    [one] Un fichier\n    [other] { $count } fichiers\n}', 'fr')).toMatch(/default variant/);
    expect(failing('fluent-target-syntax', 'Size { NUMBER($size) }', 'Größe { number($size) }', 'de')).toMatch(/upper case/);
    expect(failing('fluent-target-syntax', 'Value\n.title = Title', 'Hodnota\n.title = Titulek\n.title = Znovu')).toMatch(/appears twice/);
    expect(failing('fluent-target-syntax', 'x', `${'{ '.repeat(100)}`, 'cs')).toMatch(/nested too deeply/);
  });
  it('runs only with its flag', () => {
    expect(failingIds('Hello { $name }', 'Ahoj { $name')).toEqual([]);
    expect(failingIds('Hello { $name }', 'Ahoj { $name', 'cs', 'fluent-target-syntax')).toEqual(['fluent-target-syntax']);
  });
});

describe('fluent-parts', () => {
  it('needs the value and the attributes of the source', () => {
    expect(failing('fluent-parts', 'Value\n.title = Title', 'Wert\n.title = Titel', 'de')).toBe(false);
    expect(failing('fluent-parts', 'Value\n.title = Title', 'Wert', 'de')).toMatch(/Missing attributes: \.title/);
    expect(failing('fluent-parts', 'Value\n.title = Title', 'Valeur\n.title = Titre\n.alt = Texte', 'fr')).toMatch(/Extra attributes: \.alt/);
    expect(failing('fluent-parts', '.title = Title', 'Hodnota\n.title = Titulek')).toMatch(/has a value, the source has none/);
    expect(failing('fluent-parts', 'Value\n.title = Title', '.title = العنوان', 'ar')).toMatch(/no value/);
  });
});

describe('fluent-references', () => {
  it('needs the same references in each part', () => {
    expect(failing('fluent-references', 'Hello { $name } from { -brand }', 'Ahoj od { -brand }, { $name }')).toBe(false);
    expect(failing('fluent-references', 'Hello { $name }', 'Bonjour', 'fr')).toMatch(/Missing references: \{ \$name \}/);
    expect(failing('fluent-references', 'Hello', 'Hallo { $user }', 'de')).toMatch(/Extra references: \{ \$user \}/);
    expect(failing('fluent-references', 'Value\n.title = { -brand }', 'Wert\n.title = Marke', 'de')).toMatch(/in \.title/);
  });
  it('lets a variant leave out the variable the select expression selects on', () => {
    expect(failing('fluent-references', SELECT, `{ $count ->\n    [one] Jeden soubor\n    [few] { $count } soubory\n   *[other] { $count } souborů\n}`)).toBe(false);
    expect(failing('fluent-references', SELECT, '{ $count ->\n   *[other] ファイル\n}', 'ja')).toMatch(/Missing references: \{ \$count \}/);
  });
});

describe('fluent-source-syntax', () => {
  it('is a source check', () => {
    expect(runSourceChecks(['Hello { $name'], ctx('en', 'fluent-source-syntax')).map((f) => f.id)).toEqual(['fluent-source-syntax']);
    expect(runSourceChecks(['Hello { $name }'], ctx('en', 'fluent-source-syntax'))).toEqual([]);
    expect(runSourceChecks(['Hello { $name'], ctx('en'))).toEqual([]);
  });
});
