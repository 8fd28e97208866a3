// The shared format contract run on the Java properties dialects (UTF-16, GWT, XWiki, mi18n) and their real files in test/fixtures.
import path from 'node:path';
import { describeFormatContract, REAL_WORLD_DIR } from '../contract/format-contract.js';
import { gwtFormat, mi18nLangFormat, propertiesUtf16Format, xwikiJavaPropertiesFormat } from './variants.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures');
const fixture = (id: string) => path.relative(REAL_WORLD_DIR, path.join(FIXTURES, id));
const utf16 = (text: string, be = false): Buffer => {
  const body = Buffer.from(text, 'utf16le');
  if (be) body.swap16();
  return Buffer.concat([Buffer.from(be ? [0xfe, 0xff] : [0xff, 0xfe]), body]);
};

describeFormatContract({
  format: propertiesUtf16Format,
  samples: [
    { name: 'UTF-16LE with comments and a continuation', bytes: utf16('# Dialogs\nopen=Otevřít soubor\nlong=První řádek \\\n    pokračuje\nemoji=😀 úsměv\n'), units: 3 },
    { name: 'UTF-16BE, CRLF', bytes: utf16('a=Alpha\r\nb=Béta\r\n', true), units: 2 },
    { name: 'no byte order mark (little-endian)', bytes: Buffer.from('k=value\n', 'utf16le'), units: 1 },
  ],
  malformed: [
    { name: 'odd number of bytes', bytes: Buffer.concat([utf16('a=b\n'), Buffer.from([0x41])]) },
    { name: 'malformed \\u escape', bytes: utf16('a=ok\nb=\\u12G4\n'), expectLine: true },
  ],
  fixtures: [fixture('properties-utf16')],
});

const GWT = '# Cart\ncartItems=You have {0} items in your cart.\ncartItems[one]=You have one item in your cart.\ncartItems[\\=0]=Your cart is empty.\ntitle=Shop\n';
const GWT_CS = 'files=Máte {0} souborů\nfiles[one]=Máte jeden soubor\nfiles[few]=Máte {0} soubory\n';

describeFormatContract({
  format: gwtFormat,
  samples: [
    { name: 'plural with [one] and an exact-value form', bytes: GWT, units: 3 },
    { name: 'Czech plural missing [many]', bytes: GWT_CS, units: 1, options: { language: 'cs', pluralCategories: ['one', 'few', 'many', 'other'] } },
  ],
  plural: { sample: 1, unit: 0, options: { language: 'cs', pluralCategories: ['one', 'few', 'many', 'other'] } },
  pluralCases: [{ name: 'Czech file without many', language: 'cs', bytes: GWT_CS }],
  malformed: [{ name: 'duplicate key', bytes: 'a=1\na[one]=2\na=3\n', expectLine: true }],
  fixtures: [fixture('gwt')],
});

const XWIKI = "# Messages\nxe.delete=Supprimer\nxe.confirm=Voulez-vous vraiment supprimer ''{0}'' ?\nxe.plain=L'espace\nxe.acute=R\\u00e9sum\\u00e9\n";

describeFormatContract({
  format: xwikiJavaPropertiesFormat,
  samples: [{ name: "apostrophes doubled only beside {0}, \\u escapes", bytes: XWIKI, units: 4 }],
  malformed: [{ name: 'malformed \\u escape', bytes: 'a=\\u00\n', expectLine: true }],
  fixtures: [fixture('xwiki-java-properties')],
});

describeFormatContract({
  format: mi18nLangFormat,
  samples: [{ name: 'header keys, blank lines, UTF-8 text', bytes: 'NATIVE_NAME = čeština\nENGLISH_NAME = Czech\n\n# Buttons\nsave=Uložit\nclose=Zavřít\n', units: 4 }],
  malformed: [{ name: 'malformed \\u escape', bytes: 'a=\\u00\n', expectLine: true }],
  fixtures: [fixture('mi18n-lang')],
});
