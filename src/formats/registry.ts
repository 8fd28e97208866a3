// Registry of the translation file formats Parla can read and write, looked up by format id.

import { arbFormat } from './arb/arb.format.js';
import { aresourceFormat } from './aresource/aresource.format.js';
import { csvFormat, csvSimpleFormat } from './csv/csv.format.js';
import { FormatParseError, type ParsedStore, type TranslationFormat } from './format.js';
import { goI18nJsonFormat, goI18nJsonV2Format } from './go-i18n/go-i18n.format.js';
import { goI18nTomlFormat } from './go-i18n-toml/go-i18n-toml.format.js';
import { gotextFormat } from './gotext/gotext.format.js';
import { fluentFormat } from './fluent/fluent.format.js';
import { htmlFormat } from './html/html.format.js';
import { i18nextFormat, i18nextV4Format } from './i18next/i18next.format.js';
import { jsonNestedFormat } from './json-nested/json-nested.format.js';
import { jsonFormat } from './json/json.format.js';
import { iniFormat } from './ini/ini.format.js';
import { joomlaFormat } from './joomla/joomla.format.js';
import { laravelFormat } from './laravel/laravel.format.js';
import { markdownFormat } from './markdown/markdown.format.js';
import { phpFormat } from './php/php.format.js';
import { poFormat, poMonoFormat } from './po/po.format.js';
import { resxFormat } from './resx/resx.format.js';
import { propertiesFormat, propertiesUtf8Format } from './properties/properties.format.js';
import { gwtFormat, mi18nLangFormat, propertiesUtf16Format, xwikiJavaPropertiesFormat } from './properties/variants.js';
import { dtdFormat } from './dtd/dtd.format.js';
import { rubyYamlFormat } from './ruby-yaml/ruby-yaml.format.js';
import { stringsFormat, stringsUtf8Format } from './strings/strings.format.js';
import { stringsdictFormat } from './stringsdict/stringsdict.format.js';
import { tbxFormat } from './tbx/tbx.format.js';
import { tsFormat } from './ts/ts.format.js';
import { webextensionFormat } from './webextension/webextension.format.js';
import { xlsxFormat } from './xlsx/xlsx.format.js';
import { xliff11Format, xliffFormat } from './xliff/xliff.format.js';
import { xliff2Format } from './xliff2/xliff2.format.js';
import { yamlFormat } from './yaml/yaml.format.js';
import { formatjsFormat } from './formatjs/formatjs.format.js';
import { moFormat } from './mo/mo.format.js';
import { srtFormat } from './srt/srt.format.js';
import { webvttFormat } from './webvtt/webvtt.format.js';
import { xcstringsFormat } from './xcstrings/xcstrings.format.js';
import { xwikiFullPageFormat, xwikiPagePropertiesFormat } from './xwiki/xwiki-page.format.js';

export class FormatRegistry {
  private readonly byId = new Map<string, TranslationFormat>();

  /** Adds a format; ids are unique. Returns the registry for chaining. */
  register(format: TranslationFormat): this {
    if (this.byId.has(format.id)) throw new Error(`File format "${format.id}" is already registered`);
    // Every file a format reads is refused when it carries NUL characters, whatever escape produced them.
    const parse = format.parse.bind(format);
    const checked = Object.create(format) as TranslationFormat;
    checked.parse = (bytes, options) => withoutNul(parse(bytes, options), options?.filename);
    this.byId.set(format.id, checked);
    return this;
  }

  get(id: string): TranslationFormat | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Registered formats in registration order. */
  list(): TranslationFormat[] {
    return [...this.byId.values()];
  }
}

/**
 * Strings with NUL cannot be stored (PostgreSQL refuses them in text) and are no translator's text: the
 * file is refused with a parse error naming the string.
 */
function withoutNul(store: ParsedStore, filename?: string): ParsedStore {
  const bad = (text: string) => text.includes('\u0000');
  for (const value of Object.values(store.header)) if (bad(value)) throw new FormatParseError('Null characters are not allowed (in the header).', undefined, filename);
  for (const u of store.units) {
    if (bad(u.key) || bad(u.context) || u.source.some(bad) || u.target.some(bad) || bad(u.note) || bad(u.comment) || bad(u.location) || bad(u.flags) || bad(u.previousSource)) {
      throw new FormatParseError(`Null characters are not allowed (string "${(u.key || u.source[0] || '').replaceAll('\u0000', '\\0').slice(0, 80)}").`, undefined, filename);
    }
  }
  return store;
}

/** The formats known to the server, by the reference's format ids. */
export const formats = new FormatRegistry();
for (const format of [
  poFormat,
  poMonoFormat,
  xliffFormat,
  xliff11Format,
  xliff2Format,
  tsFormat,
  tbxFormat,
  jsonFormat,
  jsonNestedFormat,
  i18nextFormat,
  i18nextV4Format,
  webextensionFormat,
  arbFormat,
  goI18nJsonFormat,
  goI18nJsonV2Format,
  goI18nTomlFormat,
  gotextFormat,
  fluentFormat,
  csvFormat,
  csvSimpleFormat,
  xlsxFormat,
  stringsFormat,
  stringsUtf8Format,
  propertiesFormat,
  propertiesUtf8Format,
  propertiesUtf16Format,
  gwtFormat,
  xwikiJavaPropertiesFormat,
  mi18nLangFormat,
  dtdFormat,
  yamlFormat,
  rubyYamlFormat,
  aresourceFormat,
  resxFormat,
  stringsdictFormat,
  htmlFormat,
  markdownFormat,
  phpFormat,
  laravelFormat,
  iniFormat,
  joomlaFormat,
  formatjsFormat,
  srtFormat,
  webvttFormat,
  moFormat,
  xcstringsFormat,
  // Last: an .xml file (discovery, uploads by extension) is an Android resource before it is an XWiki page.
  xwikiPagePropertiesFormat,
  xwikiFullPageFormat,
]) {
  formats.register(format);
}
