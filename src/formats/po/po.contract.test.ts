// The shared format contract run on gettext PO (bilingual) and its real-world files.
import { describeFormatContract } from '../contract/format-contract.js';
import { poFormat } from './po.format.js';

const HEADER = 'msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n\n';

describeFormatContract({
  format: poFormat,
  samples: [
    {
      name: 'context, comments and plural',
      units: 3,
      bytes:
        HEADER +
        '# Translator comment\n#. Extracted note\n#: src/main.c:10\n#, c-format\nmsgctxt "menu"\nmsgid "Open %s"\nmsgstr "Otevřít %s"\n\n' +
        'msgid "One file"\nmsgid_plural "%d files"\nmsgstr[0] "Jeden soubor"\nmsgstr[1] "%d soubory"\nmsgstr[2] "%d souborů"\n\n' +
        '#, fuzzy\nmsgid "Close the window now"\nmsgstr "Zavřít okno hned teď"\n',
    },
  ],
  plural: { sample: 0, unit: 1 },
  newUnit: { key: '', context: '', source: ['Brand new'], target: ['Zcela nový'] },
  malformed: [
    { name: 'unterminated string', bytes: 'msgid "abc\nmsgstr ""\n', expectLine: true },
    { name: 'msgstr without msgid', bytes: 'msgstr "x"\n', expectLine: true },
  ],
  fixtures: ['po'],
  rewriteFilter: (file) => file.endsWith('.msgcat.po') || file.endsWith('.pot'),
});
