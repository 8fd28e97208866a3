// The shared format contract run on Fluent: handcrafted samples and Firefox Send's localizations.
import path from 'node:path';
import { describeFormatContract, languageOptions, REAL_WORLD_DIR } from '../contract/format-contract.js';
import { fluentFormat } from './fluent.format.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/fluent');

/** Czech messages: a plural select lacking "few" and "many", an attribute, a term and a gender select kept as source. */
const CS = `### Resource comment

## Group comment

# Shown on the home page
hello = Ahoj, { $name }!
-brand-name = Parla
files =
    { $count ->
        [one] { $count } soubor
       *[other] { $count } souborů
    }
login-input = Přihlásit se do { -brand-name }
    .placeholder = e-mail@example.com
    .title = Přihlášení
shared = { $gender ->
        [female] Sdílela
       *[other] Sdílel
    } soubor
`;

describeFormatContract({
  format: fluentFormat,
  samples: [
    { name: 'messages, attributes, terms, comments and selects', units: 7, options: languageOptions(fluentFormat, 'cs'), bytes: CS },
    { name: 'multi-line block pattern without final newline', units: 2, bytes: 'about =\n    First line\n    second line\n\n    after a blank line\nonly-attrs =\n    .label = Label' },
    { name: 'empty file', units: 0, bytes: '' },
  ],
  plural: { sample: 0, unit: 2 },
  malformed: [
    { name: 'junk line', bytes: 'hello = Hi\nthis is not fluent\n', expectLine: true },
    { name: 'unclosed placeable', bytes: 'hello = Hi { $name\n', expectLine: true },
    { name: 'select without default variant', bytes: 'a = { $n ->\n    [one] x\n}\n', expectLine: true },
    { name: 'placeables nested beyond the bound', bytes: `a = ${'{ '.repeat(200)}x${' }'.repeat(200)}\n`, expectLine: true },
  ],
  fixtures: [path.relative(REAL_WORLD_DIR, FIXTURES)],
  fixtureOptions: (f) => languageOptions(fluentFormat, path.basename(f, '.ftl')),
  pluralCases: [
    { name: 'Czech sample without few and many', language: 'cs', bytes: CS },
    { name: 'Send ru (no many)', language: 'ru', file: path.join(FIXTURES, 'send/ru.ftl') },
    { name: 'Send cs', language: 'cs', file: path.join(FIXTURES, 'send/cs.ftl') },
  ],
});
