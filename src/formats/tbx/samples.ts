// Handcrafted TBX files shared by the contract and unit tests.

export const TBX_SAMPLE =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<!DOCTYPE martif PUBLIC "ISO 12200:1999A//DTD MARTIF core (DXFcdV04)//EN" "TBXcdv04.dtd">\n' +
  '<martif type="TBX" xml:lang="en">\n' +
  '    <martifHeader>\n        <fileDesc>\n            <sourceDesc>\n                <p>Test</p>\n            </sourceDesc>\n        </fileDesc>\n    </martifHeader>\n' +
  '    <text>\n' +
  '        <body>\n' +
  '            <termEntry id="t1" weblate-flags="terminology">\n' +
  '                <descrip>The bar at the top</descrip>\n' +
  '                <langSet xml:lang="en">\n' +
  '                    <tig>\n' +
  '                        <term>address bar</term>\n' +
  '                    </tig>\n' +
  '                </langSet>\n' +
  '                <langSet xml:lang="cs">\n' +
  '                    <tig>\n' +
  '                        <term>adresní řádek</term>\n' +
  '                        <note from="translator">Not "adresní lišta"</note>\n' +
  '                    </tig>\n' +
  '                </langSet>\n' +
  '            </termEntry>\n' +
  '            <termEntry id="t2">\n' +
  '                <langSet xml:lang="en">\n' +
  '                    <tig>\n' +
  '                        <term>Save &amp; close</term>\n' +
  '                    </tig>\n' +
  '                </langSet>\n' +
  '                <langSet xml:lang="de">\n' +
  '                    <tig>\n' +
  '                        <term>Speichern &amp; schließen</term>\n' +
  '                    </tig>\n' +
  '                </langSet>\n' +
  '                <langSet xml:lang="cs">\n' +
  '                    <tig>\n' +
  '                        <term>Uložit &amp; zavřít</term>\n' +
  '                    </tig>\n' +
  '                </langSet>\n' +
  '            </termEntry>\n' +
  '            <termEntry id="t3">\n' +
  '                <descrip type="Translation needed">No</descrip>\n' +
  '                <langSet xml:lang="en">\n' +
  '                    <tig>\n' +
  '                        <term>Weblate</term>\n' +
  '                    </tig>\n' +
  '                </langSet>\n' +
  '            </termEntry>\n' +
  '            <termEntry id="empty"/>\n' +
  '        </body>\n' +
  '    </text>\n' +
  '</martif>\n';

export const TBX3_SAMPLE =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<tbx type="TBX-Core" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2">\n' +
  '  <tbxHeader><fileDesc><sourceDesc><p>v3</p></sourceDesc></fileDesc></tbxHeader>\n' +
  '  <text>\n' +
  '    <body>\n' +
  '      <conceptEntry id="c1">\n' +
  '        <langSec xml:lang="en">\n' +
  '          <termSec>\n' +
  '            <term>file</term>\n' +
  '          </termSec>\n' +
  '        </langSec>\n' +
  '        <langSec xml:lang="fr">\n' +
  '          <termSec>\n' +
  '            <term>fichier</term>\n' +
  '          </termSec>\n' +
  '        </langSec>\n' +
  '      </conceptEntry>\n' +
  '    </body>\n' +
  '  </text>\n' +
  '</tbx>\n';
