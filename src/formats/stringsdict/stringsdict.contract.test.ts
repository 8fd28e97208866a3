// The shared format contract run on Apple stringsdict files and the real Mastodon iOS dictionaries.
import { describeFormatContract, languageOptions } from '../contract/format-contract.js';
import { stringsdictFormat } from './stringsdict.format.js';

const FILE = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>files.count</key>
	<dict>
		<key>NSStringLocalizedFormatKey</key>
		<string>%#@files@</string>
		<key>files</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>ld</string>
			<key>one</key>
			<string>%ld soubor</string>
			<key>few</key>
			<string>%ld soubory</string>
			<key>other</key>
			<string>%ld souborů</string>
		</dict>
	</dict>
	<key>limit.exceeded</key>
	<dict>
		<key>NSStringLocalizedFormatKey</key>
		<string>Limit exceeded by %#@count@ &amp; more</string>
		<key>count</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>d</string>
			<key>one</key>
			<string>%d character</string>
			<key>other</key>
			<string>%d characters</string>
		</dict>
	</dict>
	<key>followed.by</key>
	<dict>
		<key>NSStringLocalizedFormatKey</key>
		<string>%#@names@%#@mutual@</string>
		<key>names</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>ld</string>
			<key>other</key>
			<string></string>
		</dict>
		<key>mutual</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>ld</string>
			<key>one</key>
			<string>Followed by %1$@ and another mutual</string>
			<key>other</key>
			<string>Followed by %1$@ and %ld mutuals</string>
		</dict>
	</dict>
	<key>plain.title</key>
	<string>Plain &lt;string&gt; value</string>
</dict>
</plist>
`;

const CS = { pluralCategories: ['one', 'few', 'many', 'other'] };

describeFormatContract({
  format: stringsdictFormat,
  samples: [
    { name: 'single and multiple variables, format text, plain string', units: 8, bytes: FILE, options: CS },
    { name: 'empty dictionary', units: 0, bytes: '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict/>\n</plist>\n' },
  ],
  plural: { sample: 0, unit: 1 },
  malformed: [
    { name: 'key without value', bytes: '<plist version="1.0">\n<dict>\n  <key>a</key>\n</dict>\n</plist>\n', expectLine: true },
    { name: 'unclosed dict', bytes: '<plist version="1.0">\n<dict>\n  <key>a</key>\n  <string>b</string>\n</plist>\n', expectLine: true },
    { name: 'not a plist', bytes: '<?xml version="1.0"?>\n<resources/>\n', expectLine: true },
  ],
  fixtures: ['stringsdict'],
  fixtureOptions: (file) => languageOptions(stringsdictFormat, /\/(\w+)\.lproj\//.exec(file)?.[1]?.replace('Base', 'en') ?? 'en'),
  pluralCases: [
    { name: 'Mastodon cs', language: 'cs', file: 'stringsdict/mastodon-ios/cs.lproj/Localizable.stringsdict' },
    { name: 'Mastodon ar (six forms)', language: 'ar', file: 'stringsdict/mastodon-ios/ar.lproj/Localizable.stringsdict' },
    {
      name: 'a Russian variable without many and other',
      language: 'ru',
      bytes:
        '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>files.count</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@files@</string>\n' +
        '\t\t<key>files</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>ld</string>\n' +
        '\t\t\t<key>one</key>\n\t\t\t<string>%ld файл</string>\n\t\t\t<key>few</key>\n\t\t\t<string>%ld файла</string>\n\t\t</dict>\n\t</dict>\n</dict>\n</plist>\n',
    },
  ],
});
