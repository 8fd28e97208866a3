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

describeFormatContract({
  format: yamlFormat,
  samples: [
    { name: 'nested keys, comments, quoting styles, block scalars, list', bytes: NESTED, units: 11 },
    { name: 'document marker, CRLF and no final newline', bytes: '---\r\ntitle:\r\n  archive: Archiv položek\r\n  tag: Štítek na konci', units: 2 },
    { name: 'multi-line plain and quoted scalars', bytes: 'a: první řádek\n  druhý řádek\nb: "dvojité\n  uvozovky"\n', units: 2 },
  ],
  malformed: [
    { name: 'alias', bytes: 'a: &x hodnota\nb: *x\n', expectLine: true },
    { name: 'unterminated double quote', bytes: 'a: ok\nb: "never closed\n', expectLine: true },
    { name: 'bad indentation', bytes: 'a:\n  b: 1\n    c: 2\n', expectLine: true },
    { name: 'tab indentation', bytes: 'a:\n\tb: 1\n', expectLine: true },
    { name: 'duplicate key', bytes: 'a: 1\nb: 2\na: 3\n', expectLine: true },
    { name: 'colon in a plain value', bytes: 'a: b: c\n', expectLine: true },
    { name: 'two documents', bytes: 'a: 1\n---\nb: 2\n', expectLine: true },
    { name: 'invalid escape', bytes: 'a: "\\q"\n', expectLine: true },
    { name: 'scalar document', bytes: 'just text\n', expectLine: true },
  ],
  fixtures: ['yaml'],
});
