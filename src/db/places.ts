// Rows loaded together with the parent rows that permissions, paths and checks need: a component's or a translation's place.
import type { CategoryRow, ComponentRow, LanguageRow, ProjectRow, TranslationRow } from './schema.js';

export interface ComponentWithRefs {
  component: ComponentRow;
  project: ProjectRow;
  sourceLanguage: LanguageRow;
  /** The categories above the component, from the top of the project down, when they were read (its settings inherit from them). */
  categories?: CategoryRow[];
  /** The component whose repository this one shares (parla://), when it was read. */
  linked?: ComponentRow;
}

export interface TranslationWithRefs extends ComponentWithRefs {
  translation: TranslationRow;
  language: LanguageRow;
}
