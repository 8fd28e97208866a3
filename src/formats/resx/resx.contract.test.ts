// The shared format contract run on .NET ResX files and the real ShareX resources.
import { describeFormatContract } from '../contract/format-contract.js';
import { resxFormat } from './resx.format.js';

const HEADER = `<?xml version="1.0" encoding="utf-8"?>
<root>
  <!--
    Microsoft ResX Schema (abridged)
  -->
  <xsd:schema id="root" xmlns="" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:msdata="urn:schemas-microsoft-com:xml-msdata">
    <xsd:element name="root" msdata:IsDataSet="true" />
  </xsd:schema>
  <resheader name="resmimetype">
    <value>text/microsoft-resx</value>
  </resheader>
  <resheader name="version">
    <value>2.0</value>
  </resheader>
`;

const RESOURCES =
  HEADER +
  `  <data name="Greeting" xml:space="preserve">
    <value>Hello, {0}!</value>
    <comment>Shown on the start page</comment>
  </data>
  <data name="Escaped" xml:space="preserve">
    <value>Save &amp; close &lt;now&gt;</value>
  </data>
  <data name="Logo" type="System.Resources.ResXFileRef, System.Windows.Forms">
    <value>..\\Resources\\logo.png;System.Drawing.Bitmap, System.Drawing</value>
  </data>
  <data name="Brand" xml:space="preserve">
    <value>ShareX</value>
    <comment>@Invariant</comment>
  </data>
  <data name="&gt;&gt;label1.Name" xml:space="preserve">
    <value>label1</value>
  </data>
  <data name="Multi" xml:space="preserve">
    <value>Line one
Line two</value>
  </data>
</root>`;

describeFormatContract({
  format: resxFormat,
  samples: [
    { name: 'strings, comments, typed data, designer metadata', units: 4, bytes: RESOURCES },
    { name: 'header only', units: 0, bytes: `${HEADER}</root>\n` },
  ],
  malformed: [
    { name: 'unclosed data', bytes: '<root>\n  <data name="a">\n    <value>x</value>\n</root>\n', expectLine: true },
    { name: 'wrong root', bytes: '<?xml version="1.0"?>\n<resources/>\n', expectLine: true },
    { name: 'entity declaration', bytes: '<?xml version="1.0"?>\n<!DOCTYPE root [<!ENTITY x "y">]>\n<root/>\n', expectLine: true },
  ],
  fixtures: ['resx'],
});
