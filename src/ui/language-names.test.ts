// Language names in the UI language: CLDR's through ICU, the stored name where ICU has none, English and pseudo-locale pages apart.
import { describe, expect, it } from 'vitest';
import { runInLanguage, SOURCE_CATALOG, type MessageCatalog } from './i18n.js';
import { languageLabel, languageName } from './language-names.js';

const catalog = (code: string): MessageCatalog => ({ ...SOURCE_CATALOG, code });

describe('languageName', () => {
  it('names a language in the UI language, with Weblate-style codes taken as BCP 47 tags', () => {
    runInLanguage(catalog('de'), () => {
      expect(languageName('cs', 'Czech')).toBe('Tschechisch');
      expect(languageName('pt_BR', 'Portuguese (Brazil)')).toBe('Portugiesisch (Brasilien)');
      expect(languageName('sr_Latn', 'Serbian (latin)')).toBe('Serbisch (Lateinisch)');
      expect(languageLabel('de', 'German')).toBe('Deutsch (de)');
    });
    runInLanguage(catalog('cs'), () => {
      expect(languageName('de', 'German')).toBe('němčina');
      expect(languageName('cs', 'Czech')).toBe('čeština');
    });
  });

  it('keeps the stored name for codes ICU does not know or cannot read', () => {
    runInLanguage(catalog('de'), () => {
      expect(languageName('xyz', 'Made-up')).toBe('Made-up');
      expect(languageName('ca@valencia', 'Valencian')).toBe('Valencian');
      expect(languageName('', 'Nothing')).toBe('Nothing');
    });
  });

  it('shows the stored name on English pages and pseudo-translates it in the pseudo-locale', () => {
    expect(languageName('cs', 'Czech (custom)')).toBe('Czech (custom)');
    runInLanguage(catalog('en-XA'), () => expect(languageName('cs', 'Czech')).toBe('⟦Çžéçĥ⟧'));
  });
});
