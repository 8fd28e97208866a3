// The shared format contract run on go-i18n v2 TOML: handcrafted samples, Hugo Stack theme and go-i18n example files.
import path from 'node:path';
import { describeFormatContract, languageOptions, REAL_WORLD_DIR } from '../contract/format-contract.js';
import { goI18nTomlFormat } from './go-i18n-toml.format.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/go-i18n-toml');

/** A Czech file whose plural lacks "few" and "many", with a description and a hash. */
const CS_PARTIAL = `# Czech messages
HelloPerson = "Ahoj {{.Name}}"

[PersonCats]
description = "How many cats a person has"
hash = "sha1-abc"
one = "{{.Name}} má {{.Count}} kočku."
other = "{{.Name}} má {{.Count}} koček."
`;

describeFormatContract({
  format: goI18nTomlFormat,
  samples: [
    {
      name: 'plain strings, a described message and plural tables',
      units: 4,
      options: languageOptions(goI18nTomlFormat, 'cs'),
      bytes: `${CS_PARTIAL}\n[Described]\ndescription = "A plain message with a description"\nother = 'Popsaná zpráva'\n\n[nested]\n  Inner = """Vnořená\nzpráva"""  # multi-line\n`,
    },
    { name: 'Hugo style nested tables without final newline', units: 2, bytes: "[list]\n    section = \"Section\"\n    [list.page]\n        one   = \"{{ .Count }} page\"\n        other = \"{{ .Count }} pages\"" },
    { name: 'empty file', units: 0, bytes: '' },
  ],
  plural: { sample: 0, unit: 1 },
  malformed: [
    { name: 'unterminated string', bytes: 'a = "x\nb = "y"\n', expectLine: true },
    { name: 'duplicate key', bytes: 'a = "x"\na = "y"\n', expectLine: true },
    { name: 'table defined twice', bytes: '[a]\nother = "x"\n[a]\none = "y"\n', expectLine: true },
    { name: 'nesting beyond the bound', bytes: `a = ${'['.repeat(100)}${']'.repeat(100)}\n` },
  ],
  fixtures: [path.relative(REAL_WORLD_DIR, FIXTURES)],
  fixtureOptions: (f) => languageOptions(goI18nTomlFormat, path.basename(f).replace(/^active\./, '').replace(/\.toml$/, '')),
  pluralCases: [
    { name: 'Czech file without few and many', language: 'cs', bytes: CS_PARTIAL },
    { name: 'Hugo Stack ru', language: 'ru', file: path.join(FIXTURES, 'hugo-theme-stack/ru.toml') },
    { name: 'Hugo Stack pl', language: 'pl', file: path.join(FIXTURES, 'hugo-theme-stack/pl.toml') },
    { name: 'go-i18n example es', language: 'es', file: path.join(FIXTURES, 'go-i18n/active.es.toml') },
  ],
});
