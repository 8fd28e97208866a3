// Handcrafted XLIFF 2 files shared by the contract and unit tests.

export const XLIFF2_SAMPLE =
  '<?xml version="1.0" encoding="utf-8"?>\n' +
  '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="cs">\n' +
  '  <file id="messages.cs">\n' +
  '    <unit id="a1" name="menu.open">\n' +
  '      <notes>\n' +
  '        <note>templates/menu.twig:3</note>\n' +
  '        <note category="translator">Short please</note>\n' +
  '      </notes>\n' +
  '      <segment state="translated">\n' +
  '        <source>Open <ph id="1" equiv="%s"/> &amp; close</source>\n' +
  '        <target>Otevřít <ph id="1" equiv="%s"/> &amp; zavřít</target>\n' +
  '      </segment>\n' +
  '    </unit>\n' +
  '    <group id="g">\n' +
  '      <unit id="b2" name="html.help">\n' +
  '        <segment state="final">\n' +
  '          <source><![CDATA[Read the <a href="%url%">manual</a>]]></source>\n' +
  '          <target><![CDATA[Přečtěte si <a href="%url%">příručku</a>]]></target>\n' +
  '        </segment>\n' +
  '      </unit>\n' +
  '    </group>\n' +
  '    <unit id="c3">\n' +
  '      <segment state="initial">\n' +
  '        <source>Draft text</source>\n' +
  '        <target>Koncept textu</target>\n' +
  '      </segment>\n' +
  '    </unit>\n' +
  '    <unit id="d4" translate="no">\n' +
  '      <segment>\n' +
  '        <source>Untranslated one</source>\n' +
  '      </segment>\n' +
  '    </unit>\n' +
  '    <unit id="e5">\n' +
  '      <segment id="s1"><source>First sentence.</source><target>První věta.</target></segment>\n' +
  '      <ignorable><source> </source></ignorable>\n' +
  '      <segment id="s2"><source>Second sentence.</source><target>Druhá věta.</target></segment>\n' +
  '    </unit>\n' +
  '  </file>\n' +
  '</xliff>\n';
