// The shared format contract run on XLIFF 1.2 samples and the real-world XLIFF files.
import { describeFormatContract } from '../contract/format-contract.js';
import { HEAD, XLIFF_SAMPLE } from './samples.js';
import { xliffFormat } from './xliff.format.js';

describeFormatContract({
  format: xliffFormat,
  samples: [
    { name: 'ids, notes, locations, plural group, states', units: 5, bytes: XLIFF_SAMPLE },
    {
      name: 'CRLF, tabs, two files, CDATA and self-closing target',
      units: 3,
      bytes:
        '<?xml version="1.0" encoding="utf-8"?>\r\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\r\n' +
        '\t<file original="a.strings" source-language="en" target-language="de" datatype="plaintext">\r\n\t\t<body>\r\n' +
        '\t\t\t<trans-unit id="a"><source>Apple</source><target><![CDATA[<b>Apfel</b>]]></target></trans-unit>\r\n' +
        '\t\t</body>\r\n\t</file>\r\n' +
        '\t<file original="b.strings" source-language="en" target-language="de" datatype="plaintext">\r\n\t\t<body>\r\n' +
        '\t\t\t<trans-unit id="b">\r\n\t\t\t\t<source>Banana split</source>\r\n\t\t\t\t<target/>\r\n\t\t\t</trans-unit>\r\n' +
        '\t\t\t<trans-unit id="c">\r\n\t\t\t\t<source>Cherry pie</source>\r\n\t\t\t\t<target state="final">Kirschkuchen</target>\r\n\t\t\t</trans-unit>\r\n' +
        '\t\t</body>\r\n\t</file>\r\n</xliff>\r\n',
    },
    { name: 'empty body', units: 0, bytes: HEAD + '<file original="x" source-language="en" datatype="plaintext"><body/></file></xliff>' },
  ],
  plural: { sample: 0, unit: 1 },
  malformed: [
    { name: 'unclosed trans-unit', bytes: HEAD + '<file><body>\n<trans-unit id="a">\n<source>x</source>\n</body></file></xliff>', expectLine: true },
    { name: 'bad entity', bytes: HEAD + '<file><body>\n<trans-unit id="a"><source>&nbsp;</source></trans-unit></body></file></xliff>', expectLine: true },
    { name: 'entity declarations', bytes: '<?xml version="1.0"?>\n<!DOCTYPE xliff [<!ENTITY x "y">]>\n<xliff/>', expectLine: true },
    { name: 'not XLIFF', bytes: '<?xml version="1.0"?>\n<resources/>', expectLine: true },
  ],
  fixtures: ['xliff'],
  pluralCases: [
    { name: 'a gettext plural group in Czech', language: 'cs', bytes: XLIFF_SAMPLE },
    {
      name: 'a plural group with fewer trans-units than the language has forms',
      language: 'ru',
      bytes:
        HEAD +
        '<file original="app.po" source-language="en" target-language="ru" datatype="po">\n    <body>\n' +
        '      <group id="files" restype="x-gettext-plurals">\n' +
        '        <trans-unit id="files[0]" xml:space="preserve">\n          <source>One file</source>\n          <target>Один файл</target>\n        </trans-unit>\n' +
        '        <trans-unit id="files[1]" xml:space="preserve">\n          <source>%d files</source>\n          <target>%d файла</target>\n        </trans-unit>\n' +
        '      </group>\n' +
        '      <trans-unit id="close">\n        <source>Close</source>\n        <target>Закрыть</target>\n      </trans-unit>\n' +
        '    </body>\n  </file>\n</xliff>\n',
    },
  ],
});
