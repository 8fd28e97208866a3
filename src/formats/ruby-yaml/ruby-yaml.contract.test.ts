// The shared format contract run on Rails i18n YAML (language root key, CLDR plural maps) and its real-world files.
import path from 'node:path';
import { describeFormatContract, languageOptions } from '../contract/format-contract.js';
import { rubyYamlFormat } from './ruby-yaml.format.js';

const CS = languageOptions(rubyYamlFormat, 'cs');

const RAILS =
  '---\n' +
  '# Czech translations\n' +
  'cs:\n' +
  '  activerecord:\n' +
  '    errors:\n' +
  "      record_invalid: 'Validace je neúspěšná: %{errors}'\n" +
  '  datetime:\n' +
  '    distance_in_words:\n' +
  '      x_days:\n' +
  '        one: 1 den\n' +
  '        few: "%{count} dny"\n' +
  '        other: "%{count} dní"\n' +
  '      x_hours:\n' +
  '        one: hodina\n' +
  '        other: "%{count} hodin"\n' +
  '  date:\n' +
  '    abbr_day_names:\n' +
  '    - Ne\n' +
  '    - Po\n' +
  '    order:\n' +
  '    - :day\n' +
  '    - :month\n' +
  '  number:\n' +
  '    precision: 2\n' +
  '  mailer:\n' +
  '    body: |-\n' +
  '      Dobrý den %{name},\n' +
  '\n' +
  '      děkujeme.\n';

describeFormatContract({
  format: rubyYamlFormat,
  samples: [
    { name: 'language root, plurals, lists, block literal', bytes: RAILS, options: CS, units: 9 },
    { name: 'plural without every category', bytes: 'en:\n  hours:\n    one: an hour\n    other: "%{count} hours"\n  title: Hello\n', units: 2 },
  ],
  plural: { sample: 0, unit: 1 },
  createOptions: { language: 'pt_BR', pluralCategories: ['one', 'many', 'other'] },
  malformed: [
    { name: 'alias to no anchor', bytes: 'en:\n  a: &x text\n  b: *y\n', expectLine: true },
    { name: 'unterminated single quote', bytes: "en:\n  a: 'text\n", expectLine: true },
    { name: 'sequence at the root', bytes: '- a\n- b\n', expectLine: true },
    { name: 'bad indentation', bytes: 'en:\n  a: 1\n   b: 2\n', expectLine: true },
  ],
  fixtures: ['ruby-yaml'],
  fixtureFilter: (file) => file.endsWith('.yml'),
  fixtureOptions: (file) => languageOptions(rubyYamlFormat, path.basename(file, '.yml')),
  pluralCases: [
    { name: 'rails-i18n cs', language: 'cs', file: 'ruby-yaml/rails-i18n/cs.yml' },
    { name: 'rails-i18n ar (six forms)', language: 'ar', file: 'ruby-yaml/rails-i18n/ar.yml' },
    { name: 'diaspora ar', language: 'ar', file: 'ruby-yaml/diaspora/ar.yml' },
    {
      name: 'a Russian plural map without many',
      language: 'ru',
      bytes: 'ru:\n  files:\n    one: "%{count} файл"\n    few: "%{count} файла"\n    other: "%{count} файла"\n  close: Закрыть\n',
    },
  ],
});
