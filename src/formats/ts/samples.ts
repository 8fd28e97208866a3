// Handcrafted Qt Linguist files shared by the contract and unit tests.

export const TS_SAMPLE =
  '<?xml version="1.0" encoding="utf-8"?>\n' +
  '<!DOCTYPE TS>\n' +
  '<TS version="2.1" language="cs">\n' +
  '<context>\n' +
  '    <name>MainWindow</name>\n' +
  '    <message>\n' +
  '        <location filename="../mainwindow.ui" line="14"/>\n' +
  '        <source>&amp;Open &quot;%1&quot;</source>\n' +
  '        <comment>menu</comment>\n' +
  '        <extracomment>File menu entry</extracomment>\n' +
  '        <translatorcomment>Keep the accelerator</translatorcomment>\n' +
  '        <translation>&amp;Otevřít &quot;%1&quot;</translation>\n' +
  '    </message>\n' +
  '    <message numerus="yes">\n' +
  '        <location filename="../mainwindow.cpp" line="42"/>\n' +
  '        <source>%n file(s)</source>\n' +
  '        <translation>\n' +
  '            <numerusform>%n soubor</numerusform>\n' +
  '            <numerusform>%n soubory</numerusform>\n' +
  '            <numerusform>%n souborů</numerusform>\n' +
  '        </translation>\n' +
  '    </message>\n' +
  '    <message>\n' +
  '        <source>It&apos;s &lt;b&gt;bold&lt;/b&gt;</source>\n' +
  '        <translation type="unfinished">To je &lt;b&gt;tučné&lt;/b&gt;</translation>\n' +
  '    </message>\n' +
  '</context>\n' +
  '<context>\n' +
  '    <name>Dialog</name>\n' +
  '    <message>\n' +
  '        <source>Cancel</source>\n' +
  '        <translation type="unfinished"></translation>\n' +
  '    </message>\n' +
  '    <message>\n' +
  '        <source>Old text</source>\n' +
  '        <translation type="vanished">Starý text</translation>\n' +
  '    </message>\n' +
  '</context>\n' +
  '</TS>\n';

/** Transifex layout: one-line prologue, inline numerus forms, self-closed unfinished translations, no final newline. */
export const TS_TRANSIFEX =
  '<?xml version="1.0" ?><!DOCTYPE TS><TS version="2.1" language="cs">\n' +
  '<context>\n' +
  '    <name>Db</name>\n' +
  '    <message numerus="yes">\n' +
  '        <source>%n entry(s)</source>\n' +
  '        <translation type="unfinished"><numerusform></numerusform><numerusform></numerusform><numerusform></numerusform></translation>\n' +
  '    </message>\n' +
  '    <message>\n' +
  '        <source>Do you want to save?</source>\n' +
  '        <translation type="unfinished"/>\n' +
  '    </message>\n' +
  '    <message>\n' +
  '        <source>Saved</source>\n' +
  '        <translation>Uloženo</translation>\n' +
  '    </message>\n' +
  '</context>\n' +
  '</TS>';

export const CS = { language: 'cs', pluralCategories: ['one', 'few', 'other'] } as const;
