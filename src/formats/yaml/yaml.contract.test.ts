// The shared format contract run on generic YAML translation files and their real-world files.
import { describeFormatContract } from '../contract/format-contract.js';
import { yamlFormat } from './yaml.format.js';

const NESTED =
  '# Site strings\n' +
  'name: Čeština\n' +
  '\n' +
  'menu:\n' +
  '  # Main navigation\n' +
  '  home: Domů\n' +
  "  about: 'O nás: kontakt'\n" +
  '  search: "Hledat \\"%s\\""\n' +
  'counter:\n' +
  '  zero: Žádné štítky\n' +
  '  one: 1 štítek\n' +
  '  other: "%d štítků"\n' +
  'footer:\n' +
  '  body: |-\n' +
  '    První odstavec.\n' +
  '\n' +
  '    Druhý odstavec.\n' +
  '  folded: >\n' +
  '    Složený text\n' +
  '    na více řádcích\n' +
  'days:\n' +
  '- Neděle\n' +
  '- Pondělí  # comment after a value\n' +
  'options: [a, b]\n' +
  'empty:\n';

const ANCHORED =
  'defaults: &defaults\n' +
  '  save: Uložit\n' +
  '  cancel: Zrušit\n' +
  'dialog:\n' +
  '  <<: *defaults\n' +
  '  cancel: Storno\n' +
  '  title: !!str Dialogové okno\n' +
  'again: *defaults\n' +
  'shared: &text Sdílený text\n' +
  'reused: *text\n';

describeFormatContract({
  format: yamlFormat,
  samples: [
    { name: 'nested keys, comments, quoting styles, block scalars, list, plural map', bytes: NESTED, units: 9 },
    { name: 'document marker, CRLF and no final newline', bytes: '---\r\ntitle:\r\n  archive: Archiv položek\r\n  tag: Štítek na konci', units: 2 },
    { name: 'multi-line plain and quoted scalars', bytes: 'a: první řádek\n  druhý řádek\nb: "dvojité\n  uvozovky"\n', units: 2 },
    { name: 'anchors, aliases, merge keys, tags', bytes: ANCHORED, units: 5 },
    { name: 'two documents', bytes: '---\ntitle: Nadpis\n---\nmenu:\n  home: Domů\n...\n', units: 2 },
  ],
  plural: { sample: 0, unit: 4 },
  malformed: [
    { name: 'alias to no anchor', bytes: 'a: &x hodnota\nb: *y\n', expectLine: true },
    { name: 'mapping as a key', bytes: 'a: 1\n? [b, c]\n: d\n', expectLine: true },
    { name: 'unterminated double quote', bytes: 'a: ok\nb: "never closed\n', expectLine: true },
    { name: 'bad indentation', bytes: 'a:\n  b: 1\n    c: 2\n', expectLine: true },
    { name: 'tab indentation', bytes: 'a:\n\tb: 1\n', expectLine: true },
    { name: 'duplicate key', bytes: 'a: 1\nb: 2\na: 3\n', expectLine: true },
    { name: 'colon in a plain value', bytes: 'a: b: c\n', expectLine: true },
    { name: 'invalid escape', bytes: 'a: "\\q"\n', expectLine: true },
    { name: 'scalar document', bytes: 'just text\n', expectLine: true },
  ],
  fixtures: ['yaml'],
});
