// Language names as the reader's UI language says them: CLDR's names through Node's ICU (Intl.DisplayNames), the stored name otherwise.
import { currentCatalog } from './i18n.js';
import { PSEUDO_LOCALE, SOURCE_LANGUAGE, bcp47, pseudoTranslate } from './i18n-catalogs.js';

/** One Intl.DisplayNames per UI language (building one costs more than a lookup), null where ICU has no data for it. */
const displayNames = new Map<string, Intl.DisplayNames | null>();
/** The names already looked up, per UI language and language code. */
const names = new Map<string, Map<string, string | null>>();

function namesIn(uiLanguage: string): Intl.DisplayNames | null {
  let found = displayNames.get(uiLanguage);
  if (found === undefined) {
    try {
      // fallback 'none': no invented "xyz (DE)" for codes CLDR does not know, so that the stored name shows instead.
      found = new Intl.DisplayNames([uiLanguage], { type: 'language', fallback: 'none' });
    } catch {
      found = null;
    }
    displayNames.set(uiLanguage, found);
  }
  return found;
}

function lookUp(uiLanguage: string, code: string): string | null {
  let cache = names.get(uiLanguage);
  if (!cache) names.set(uiLanguage, (cache = new Map()));
  let name = cache.get(code);
  if (name === undefined) {
    name = null;
    const display = namesIn(uiLanguage);
    const tag = bcp47(code);
    try {
      const found = display?.of(tag);
      // ICU answers a code it has no name for with the code itself (or nothing).
      if (found && found.toLowerCase() !== tag.toLowerCase() && found.toLowerCase() !== code.toLowerCase()) name = found;
    } catch {
      // Codes that are no BCP 47 tag ("ca@valencia", "en_devel_x") have only their stored name.
    }
    cache.set(code, name);
  }
  return name;
}

/**
 * The name of a language in the UI language of the current request. English pages show the stored name (the site's
 * own, which administrators may have changed); the pseudo-locale shows it pseudo-translated, so that a language name
 * printed without this helper stands out; other languages get CLDR's name, or the stored name when CLDR has none.
 * What the API returns stays the stored name.
 */
export function languageName(code: string, stored: string): string {
  const ui = currentCatalog().code;
  if (ui === SOURCE_LANGUAGE) return stored;
  if (ui === PSEUDO_LOCALE) return pseudoTranslate(stored);
  return lookUp(ui, code) ?? stored;
}

/** A language for a picker: its name in the UI language and its code, "Tschechisch (cs)". */
export function languageLabel(code: string, stored: string): string {
  return `${languageName(code, stored)} (${code})`;
}
