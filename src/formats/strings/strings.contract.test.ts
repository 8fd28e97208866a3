// The shared format contract run on Apple .strings (UTF-8 and UTF-16) and its real-world files.
import { describeFormatContract } from '../contract/format-contract.js';
import { stringsFormat, stringsUtf8Format } from './strings.format.js';

const SAMPLE =
  '/*\n  Localizable.strings\n  Copyright © 2024\n*/\n\n' +
  '// Menu\n"menu.open" = "Otevřít %@";\n' +
  '/* Class = "NSMenuItem"; title = "Quit"; */\n"menu.quit" = "Ukončit \\"aplikaci\\"";\n\n' +
  'unquoted_key = "Hodnota\\nna dvou řádcích";\n' +
  '"tab\\tkey" = "\\U00e9t\\u00e9";\n';

const utf16le = (text: string): Buffer => Buffer.from('\ufeff' + text, 'utf16le');
const utf16be = (text: string): Buffer => Buffer.from('\ufeff' + text, 'utf16le').swap16();

describeFormatContract({
  format: stringsFormat,
  samples: [
    { name: 'UTF-8 with comments, escapes and an unquoted key', bytes: SAMPLE, units: 4 },
    { name: 'UTF-16LE with BOM', bytes: utf16le(SAMPLE), units: 4 },
    { name: 'UTF-16BE with BOM', bytes: utf16be('/* Settings */\n"Group" = "Skupina";\n"Name" = "Název";\n'), units: 2 },
    { name: 'CRLF and no final newline', bytes: '"a" = "Alpha text";\r\n"b" = "Beta text";', units: 2 },
  ],
  malformed: [
    { name: 'unterminated string', bytes: '"a" = "b";\n"c" = "d;\n', expectLine: true },
    { name: 'missing semicolon', bytes: '"a" = "b"\n"c" = "d";\n', expectLine: true },
    { name: 'missing equals sign', bytes: '"a" "b";\n', expectLine: true },
    { name: 'unclosed comment', bytes: '"a" = "b";\n/* never closed\n', expectLine: true },
    { name: 'bad \\U escape', bytes: '"a" = "\\U12";\n', expectLine: true },
    { name: 'duplicate key', bytes: '"a" = "b";\n"a" = "c";\n', expectLine: true },
  ],
  fixtures: ['strings'],
});

describeFormatContract({
  format: stringsUtf8Format,
  samples: [{ name: 'UTF-8 sample', bytes: SAMPLE, units: 4 }],
  malformed: [{ name: 'unterminated string', bytes: '"a" = "b', expectLine: true }],
});
