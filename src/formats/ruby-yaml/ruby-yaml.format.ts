// Rails i18n YAML ("ruby-yaml"): the top-level language key is not part of unit keys; CLDR category maps are plurals.

import type { CreateOptions, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { renderKey } from '../yaml/scalars.js';
import { createYamlStore, parseYamlStore } from '../yaml/yaml.format.js';
import type { YamlFlavour } from '../yaml/yaml-store.js';

const RAILS: YamlFlavour = { languageRoot: true };

/** Rails spells locales with a hyphen (pt-BR), as rails-i18n names its files and keys. */
export function railsLocale(language: string): string {
  return language.replace(/_/g, '-');
}

/** Rails locale files; a new file is just its language key (`cs:`), units are added below it. */
export const rubyYamlFormat: TranslationFormat = {
  id: 'ruby-yaml',
  name: 'Ruby YAML file',
  extensions: ['yml', 'yaml'],
  monolingual: true,
  mimeType: 'text/yaml',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore =>
    parseYamlStore(bytes, options?.language ? { ...options, language: railsLocale(options.language) } : options, RAILS),
  create: (options: CreateOptions): ParsedStore =>
    createYamlStore(`${renderKey(railsLocale(options.language))}:\n`, RAILS, { ...options, language: railsLocale(options.language) }),
};
