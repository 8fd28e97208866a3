// The shared format contract run on gettext PO (bilingual) and its real-world files.
import path from 'node:path';
import { describeFormatContract, PLURAL_FIXTURES_DIR } from '../contract/format-contract.js';
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
  pluralCases: [
    ...['he', 'ru', 'uk', 'pl'].map((language) => ({ name: `gnome-clocks ${language}.po`, language, file: path.join(PLURAL_FIXTURES_DIR, `po/gnome-clocks/${language}.po`) })),
    { name: 'gnome-clocks ar.po (six forms)', language: 'ar', file: 'po/gnome-clocks/ar.po' },
    { name: 'gnome-clocks cs.po', language: 'cs', file: 'po/gnome-clocks/cs.po' },
    {
      name: 'a plural with fewer msgstr lines than the header declares',
      language: 'cs',
      bytes: HEADER + '#: src/files.c:4\nmsgid "One file"\nmsgid_plural "%d files"\nmsgstr[0] "Jeden soubor"\nmsgstr[1] "%d soubory"\n\nmsgid "Close"\nmsgstr "Zavřít"\n',
    },
  ],
});
