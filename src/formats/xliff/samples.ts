// Handcrafted XLIFF 1.2 files shared by the contract and unit tests.

export const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">\n';

export const XLIFF_SAMPLE =
  HEAD +
  '  <file original="app.po" source-language="en" target-language="cs" datatype="po">\n' +
  '    <body>\n' +
  '      <trans-unit id="menu.open" resname="menu" xml:space="preserve" maxwidth="20" size-unit="char">\n' +
  '        <source>Open <x id="1" ctype="x-file"/> &amp; close</source>\n' +
  '        <target state="translated">Otevřít <x id="1" ctype="x-file"/> &amp; zavřít</target>\n' +
  '        <note from="developer">Menu item</note>\n' +
  '        <note from="translator">Keep it short</note>\n' +
  '        <context-group name="po-reference" purpose="location">\n' +
  '          <context context-type="sourcefile">src/main.c</context>\n' +
  '          <context context-type="linenumber">10</context>\n' +
  '        </context-group>\n' +
  '      </trans-unit>\n' +
  '      <group id="files" restype="x-gettext-plurals">\n' +
  '        <trans-unit id="files[0]" xml:space="preserve">\n' +
  '          <source>One file</source>\n' +
  '          <target>Jeden soubor</target>\n' +
  '        </trans-unit>\n' +
  '        <trans-unit id="files[1]" xml:space="preserve">\n' +
  '          <source>%d files</source>\n' +
  '          <target>%d soubory</target>\n' +
  '        </trans-unit>\n' +
  '        <trans-unit id="files[2]" xml:space="preserve">\n' +
  '          <source>%d files</source>\n' +
  '          <target>%d souborů</target>\n' +
  '        </trans-unit>\n' +
  '      </group>\n' +
  '      <trans-unit id="close" approved="yes">\n' +
  '        <source>Close the <g id="b">window</g> now</source>\n' +
  '        <target>Zavřít <g id="b">okno</g> hned teď</target>\n' +
  '      </trans-unit>\n' +
  '      <trans-unit id="review">\n' +
  '        <source>Needs a second look</source>\n' +
  '        <target state="needs-review-translation">Potřebuje druhý pohled</target>\n' +
  '      </trans-unit>\n' +
  '      <trans-unit id="untranslated" translate="no">\n' +
  '        <source>Nothing yet</source>\n' +
  '      </trans-unit>\n' +
  '    </body>\n' +
  '  </file>\n' +
  '</xliff>\n';
