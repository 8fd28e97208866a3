// The shared format contract run on Java .properties (ISO-8859-1 and UTF-8 flavours) and its real-world files.
import { describeFormatContract } from '../contract/format-contract.js';
import { propertiesFormat, propertiesUtf8Format } from './properties.format.js';

const ESCAPED =
  '# Validation messages\n! second comment line\nmessage.required = Pole je povinn\\u00e9\n' +
  'message.size:velikost mus\\u00ed b\\u00fdt mezi {min} a {max}\n\n' +
  'long.text = Toto je dlouh\\u00fd text, \\\n    kter\\u00fd pokra\\u010duje \\\n    na dal\\u0161\\u00edch \\u0159\\u00e1dc\\u00edch\n' +
  'key\\ with\\ spaces value with \\t tab\n' +
  'empty.value=\n';

const LATIN1 = Buffer.from('# Café\nmenu.open=Ouvrir le café\nmenu.close = Fermer\n', 'latin1');

const UTF8 = "## Spark\nbutton.add=P&řidat\nmessage.quote=Nelze otevřít ''{0}''\\: chyba\ntitle.main  :  Hlavní okno\n";

describeFormatContract({
  format: propertiesFormat,
  samples: [
    { name: 'escaped ASCII with comments and continuation lines', bytes: ESCAPED, units: 5 },
    { name: 'raw ISO-8859-1 bytes', bytes: LATIN1, units: 2 },
    { name: 'CRLF and no final newline', bytes: 'a=Alpha text\r\nb=Beta text', units: 2 },
  ],
  malformed: [
    { name: 'malformed \\u escape', bytes: 'a=ok\nb=bad \\u12G4\n', expectLine: true },
    { name: 'duplicate key', bytes: 'a=one\nb=two\na=three\n', expectLine: true },
  ],
  fixtures: ['properties'],
});

describeFormatContract({
  format: propertiesUtf8Format,
  samples: [
    { name: 'raw UTF-8', bytes: UTF8, units: 3 },
    { name: 'escaped ASCII', bytes: ESCAPED, units: 5 },
  ],
  malformed: [{ name: 'malformed \\u escape', bytes: 'a=\\u00\n', expectLine: true }],
  fixtures: ['properties'],
  fixtureFilter: (file) => file.includes('/spark/') && file.endsWith('.properties'),
});
