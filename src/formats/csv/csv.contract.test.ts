// The shared format contract run on bilingual CSV (csv) and monolingual two-column CSV (csv-simple).
import { describeFormatContract } from '../contract/format-contract.js';
import { csvFormat, csvSimpleFormat } from './csv.format.js';

const TTK =
  '"location","source","target","id","fuzzy","context","translator_comments","developer_comments"\r\n' +
  '"src/main.c:10","Open %s","Otevřít %s","","False","menu","Check the accelerator","Shown in the File menu"\r\n' +
  '"src/main.c:20","Say ""hi"", then\nleave","Řekni ""ahoj"", pak\nodejdi","","False","","",""\r\n' +
  '"","Close the window now","Zavřít okno hned teď","close","True","","",""\r\n';

const SEMICOLON = 'source;target;context\nHello, world;Ahoj, světe;greeting\n"Two;parts";"Dvě;části";split\nUntranslated;;\n';

const GODOT = ',en,cs,de\nKEY_HELLO,Hello!,Ahoj!,Hallo!\nKEY_INTRO,"Hello, this is a demo.","Ahoj, tohle je ukázka.","Hallo, das ist eine Demo."\n';

describeFormatContract({
  format: csvFormat,
  samples: [
    { name: 'translate-toolkit columns, quoted, CRLF', units: 3, bytes: TTK },
    { name: 'semicolons, minimal quoting, LF', units: 3, bytes: SEMICOLON },
    { name: 'Godot language table', units: 2, bytes: GODOT, options: { language: 'cs' } },
  ],
  malformed: [
    { name: 'unterminated quoted field', bytes: '"source","target"\n"a","b\n"c","d\n', expectLine: true },
    { name: 'text after a closing quote', bytes: 'source,target\n"a"x,b\n', expectLine: true },
    { name: 'invalid UTF-8', bytes: Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0xc3, 0x28, 0x0a]), expectLine: true },
  ],
  fixtures: ['csv'],
  // The Godot table holds en/es/ja/ru: read it as the Spanish translation.
  fixtureOptions: (file) => (file.includes('godot') ? { language: 'es' } : {}),
});

describeFormatContract({
  format: csvSimpleFormat,
  samples: [
    { name: 'Magento dictionary', units: 3, bytes: '"Add to Cart","Přidat do košíku"\n"%count items","%count položek"\nBack,Zpět\n' },
    { name: 'key,value header, CRLF', units: 2, bytes: 'key,value\r\napp.title,Parla\r\napp.greeting,"Ahoj, ""světe"""\r\n' },
    { name: 'no final newline', units: 2, bytes: '"a.b","one"\n"c.d","two"' },
  ],
  newUnit: { key: 'contract.new_key', context: 'contract.new_key', source: ['contract.new_key'], target: ['Zcela nový'] },
  malformed: [{ name: 'unterminated quoted field', bytes: '"a","b"\n"c","d\n', expectLine: true }],
  fixtures: ['csv'],
  fixtureFilter: (file) => file.includes('magento') && file.endsWith('.csv'),
});
