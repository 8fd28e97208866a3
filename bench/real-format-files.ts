// Parse speed of real translation files (the largest fixture of each format): time per 10,000 units, for `npm run bench:formats`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formats } from '../src/formats/registry.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The largest real file of each format under test/fixtures/<id>/, and the language it is in. */
export const REAL_FORMAT_FILES: { format: string; file: string; language: string }[] = [
  { format: 'php', file: 'test/fixtures/php/dokuwiki/en-lang.php', language: 'en' },
  { format: 'laravel', file: 'test/fixtures/laravel/bookstack/ru/entities.php', language: 'ru' },
  { format: 'ini', file: 'test/fixtures/ini/gogs/locale_en-US.ini', language: 'en' },
  { format: 'joomla', file: 'test/fixtures/joomla/weblinks/ru-RU.com_weblinks.ini', language: 'ru' },
  { format: 'go-i18n-toml', file: 'test/fixtures/go-i18n-toml/hugo-theme-stack/ru.toml', language: 'ru' },
  { format: 'gotext', file: 'test/fixtures/gotext/wireguard-windows/ru/messages.gotext.json', language: 'ru' },
  { format: 'fluent', file: 'test/fixtures/fluent/send/ru.ftl', language: 'ru' },
  { format: 'formatjs', file: 'test/fixtures/formatjs/en-US.json', language: 'en' },
  { format: 'srt', file: 'test/fixtures/srt/utf-8.srt', language: 'fr' },
  { format: 'webvtt', file: 'test/fixtures/webvtt/many-comments.vtt', language: 'en' },
  { format: 'mo', file: 'test/fixtures/mo/sphinx-ru.mo', language: 'ru' },
  { format: 'xcstrings', file: 'test/fixtures/xcstrings/cse.xcstrings', language: 'de' },
  { format: 'properties-utf16', file: 'test/fixtures/properties-utf16/docaccordion-ApplicationResources_fr.utf16le.properties', language: 'fr' },
  { format: 'gwt', file: 'test/fixtures/gwt/lightoze-TestMessages_fi.properties', language: 'fi' },
  { format: 'mi18n-lang', file: 'test/fixtures/mi18n-lang/formbuilder-de-DE.lang', language: 'de' },
  { format: 'dtd', file: 'test/fixtures/dtd/archview-de-archview.dtd', language: 'de' },
  { format: 'xwiki-java-properties', file: 'test/fixtures/xwiki-java-properties/docaccordion-ApplicationResources_fr.properties', language: 'fr' },
  { format: 'xwiki-page-properties', file: 'test/fixtures/xwiki-page-properties/glossary-Translations.fr.xml', language: 'fr' },
  { format: 'xwiki-fullpage', file: 'test/fixtures/xwiki-fullpage/representative-Sandbox-WebHome.cs.xml', language: 'cs' },
];

const MIN_MS = 300;

/** Parses each file repeatedly for at least MIN_MS and prints the time per 10,000 units (parsing is linear). */
export function benchRealFormatFiles(): void {
  console.log('real files: parse time per 10,000 units');
  for (const { format: id, file, language } of REAL_FORMAT_FILES) {
    const format = formats.get(id);
    const full = path.join(ROOT, file);
    if (!format || !fs.existsSync(full)) {
      console.log(`  ${id}: skipped (${format ? `${file} is absent` : 'not registered'})`);
      continue;
    }
    const bytes = fs.readFileSync(full);
    const options = { filename: file, language, pluralCategories: language === 'ru' ? ['one', 'few', 'many'] : ['one', 'other'] };
    // Warm-up first: the first parses of a format include compiling its parser.
    const warm = performance.now();
    while (performance.now() - warm < MIN_MS) format.parse(bytes, options);
    let units = 0;
    let runs = 0;
    const start = performance.now();
    while (performance.now() - start < MIN_MS) {
      units = format.parse(bytes, options).units.length;
      runs++;
    }
    const perRun = (performance.now() - start) / runs;
    const per10k = units > 0 ? (perRun / units) * 10_000 : 0;
    console.log(`  ${id.padEnd(10)} ${file} (${(bytes.length / 1024).toFixed(0)} KiB, ${units} units): ${per10k.toFixed(1)} ms per 10,000 units`);
  }
  console.log('');
}
