// The shared format contract run on Apple stringsdict files and the real Mastodon iOS dictionaries.
import { describeFormatContract } from '../contract/format-contract.js';
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
  fixtureOptions: (file) =>
    file.includes('/ar.lproj/')
      ? { pluralCategories: ['zero', 'one', 'two', 'few', 'many', 'other'] }
      : file.includes('/cs.lproj/')
        ? CS
        : { pluralCategories: ['one', 'other'] },
});
