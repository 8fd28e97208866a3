// Write-only conversions of a translation's units (download ?format=mo, tmx): the shared interface.
import type { FormatUnit, PluralForms } from '../format.js';

export interface ExportMeta {
  /** Source language code, e.g. "en". */
  sourceLanguage: string;
  /** Translation language code, e.g. "cs" or "pt_BR". */
  language: string;
  pluralForms?: PluralForms;
  /** Project and component names, for headers that name the catalog. */
  project: string;
  component: string;
}

export interface Exporter {
  /** Conversion id, e.g. 'mo'. */
  readonly id: string;
  readonly mimeType: string;
  /** File name extension without the dot. */
  readonly extension: string;
  /** Writes the units; which ones an exporter leaves out (untranslated, fuzzy) is its own rule. */
  export(units: readonly FormatUnit[], meta: ExportMeta): Buffer;
}

/** A unit counts as translated when it is not fuzzy and none of its forms is empty (Weblate's "translated" state). */
export function isTranslated(unit: FormatUnit): boolean {
  return !unit.obsolete && !unit.fuzzy && unit.target.length > 0 && unit.target.every((form) => form !== '');
}
