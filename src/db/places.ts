// Rows loaded together with the parent rows that permissions, paths and checks need: a component's or a translation's place.
import type { ComponentRow, LanguageRow, ProjectRow, TranslationRow } from './schema.js';

export interface ComponentWithRefs {
  component: ComponentRow;
  project: ProjectRow;
  sourceLanguage: LanguageRow;
}

export interface TranslationWithRefs extends ComponentWithRefs {
  translation: TranslationRow;
  language: LanguageRow;
}
