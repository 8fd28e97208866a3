// Format-neutral contract between translation file formats (PO, XLIFF, JSON, ...) and the rest of Parla.

/**
 * One translatable unit as seen by the rest of the server.
 *
 * Empty values are always `''` (never undefined) so callers can compare and store them without
 * null checks.
 *
 * Targets: `target` has one element per plural form the file holds, and an untranslated form
 * is `''`. An untranslated singular unit therefore has `target: ['']`, an untranslated plural
 * unit in a three-form language `['', '', '']`. `target` is never `[]` for units read from a
 * file.
 *
 * Monolingual formats: the value stored in the file is the `target` (also when the file is the
 * template); `key` identifies the unit and the real source text comes from the template's
 * `target` for the same key.
 */
export interface FormatUnit {
  /**
   * Stable identity inside the file. For bilingual PO it is the msgctxt ('' if none); the
   * full identity of a PO unit is (context, source[0]). For monolingual formats, the key.
   */
  key: string;
  /** msgctxt for PO, the key for monolingual formats. */
  context: string;
  /** Plural forms of the source: [msgid] or [msgid, msgid_plural] for PO. */
  source: string[];
  /** Plural forms of the translation, '' for an empty form (see the interface comment). */
  target: string[];
  fuzzy: boolean;
  /**
   * Reviewed and approved (XLIFF 1.2 approved="yes", XLIFF 2 state="final", ...). Formats without
   * an approval marker always read false and ignore it on write.
   */
  approved: boolean;
  /** Extracted comments (PO `#.`), one line per comment line, joined by "\n". */
  note: string;
  /** Translator comments (PO `# `), joined by "\n". */
  comment: string;
  /** Source references (PO `#:`), joined by ", ". */
  location: string;
  /** Flags other than fuzzy (PO `#,`), joined by ", ", e.g. "c-format, python-brace-format". */
  flags: string;
  /** Previous source text (PO `#| msgid`), '' if none. */
  previousSource: string;
  /** Obsolete entries (PO `#~`) are preserved on round trip but not listed in `units`. */
  obsolete: boolean;
}

/** Fields of a unit that can be changed in place. */
export interface UnitChange {
  target?: string[];
  fuzzy?: boolean;
  approved?: boolean;
}

/** Fields accepted when adding a unit; unspecified fields take their empty value. */
export type NewUnit = Partial<FormatUnit> & { source: string[] };

export interface PluralForms {
  /** Number of plural forms (nplurals). */
  number: number;
  /** The plural expression in C syntax, e.g. "(n != 1)". */
  formula: string;
}

/** A parsed translation file that can be edited and written back. */
export interface ParsedStore {
  /** Translatable units in file order; header and obsolete entries are not included. */
  readonly units: readonly FormatUnit[];
  /** Header fields (for PO: Language, Plural-Forms, ...), in file order. */
  readonly header: Readonly<Record<string, string>>;
  readonly pluralForms?: PluralForms | undefined;
  /** Changes the unit at `index` (an index into `units`). */
  updateUnit(index: number, change: UnitChange): void;
  /** Appends a unit (for PO: after the last non-obsolete entry). */
  addUnit(unit: NewUnit): void;
  /** Removes the unit at `index` (an index into `units`). */
  removeUnit(index: number): void;
  /** Sets (or adds) a header field. */
  setHeader(name: string, value: string): void;
  /** Writes the file. An unmodified store returns exactly the bytes it was parsed from. */
  serialize(): Buffer;
}

export interface ParseOptions {
  /** Used in error messages only. */
  filename?: string;
  /** Language code of the file when known (e.g. "cs"), for formats that do not store it. */
  language?: string;
  /**
   * CLDR plural categories of the file's language in the order of its plural forms (see
   * src/languages/plural-categories.ts), e.g. ['one', 'few', 'other'] for Czech. Formats that
   * store plurals by category (Android, i18next, stringsdict, ICU) map them to `target` indexes
   * with it; without it they assume ['one', 'other'].
   */
  pluralCategories?: readonly string[];
  /**
   * The component's monolingual base file. Document formats (HTML, Markdown) align the segments
   * of a translated document with it; other formats ignore it.
   */
  template?: ParsedStore;
}

export interface CreateOptions {
  /** Language code of the new file, e.g. "cs" or "pt_BR". */
  language: string;
  pluralForms?: PluralForms;
  /** For bilingual formats, units are copied from the template with empty targets. */
  template?: ParsedStore;
  /** As in ParseOptions. */
  pluralCategories?: readonly string[];
}

export interface TranslationFormat {
  /** Registry id, e.g. 'po'. */
  readonly id: string;
  /** Human readable name, e.g. 'Gettext PO file'. */
  readonly name: string;
  /** File name extensions without the dot, e.g. ['po', 'pot']. */
  readonly extensions: readonly string[];
  /** True when units are identified by key and source texts live in a template file. */
  readonly monolingual: boolean;
  readonly mimeType: string;
  /** Parses a file; throws FormatParseError for malformed input. */
  parse(bytes: Uint8Array, options?: ParseOptions): ParsedStore;
  /** Creates an empty translation file, e.g. when a language is added to a component. */
  create(options: CreateOptions): ParsedStore;
  /**
   * Formats that keep every language in one file (Apple String Catalogs): a component's file mask names
   * that file, its translations are the languages in it, and each reads its language's view of it.
   */
  readonly sharedFile?: SharedFileLanguages;
}

/** Language-level operations of a format that keeps every language in one file. */
export interface SharedFileLanguages {
  /** The languages the file holds (its source language included), as the file spells them. */
  languages(bytes: Uint8Array, filename?: string): string[];
  /**
   * The file with `options.language` added (each string the source has, marked as not translated yet);
   * unchanged when the file already holds the language.
   */
  addLanguage(bytes: Uint8Array, options: ParseOptions & { language: string }): Uint8Array;
  /** The file without the strings of `language`; every other language keeps its bytes. */
  removeLanguage(bytes: Uint8Array, language: string, filename?: string): Uint8Array;
}

/**
 * Malformed input. `line` is 1-based when the position is known; `message` is prefixed with
 * "file:line: " when those are known, `reason` is the bare description.
 */
export class FormatParseError extends Error {
  readonly line?: number;
  readonly filename?: string;
  readonly reason: string;

  constructor(message: string, line?: number, filename?: string) {
    const where = [filename, line].filter((part) => part !== undefined && part !== '').join(':');
    super(where ? `${where}: ${message}` : message);
    this.name = 'FormatParseError';
    this.reason = message;
    if (line !== undefined) this.line = line;
    if (filename !== undefined) this.filename = filename;
  }
}

/** The item of a store's unit list at a unit index, or the RangeError every store gives for an index it has no unit at. */
export function unitAt<T>(items: readonly T[], index: number): T {
  const item = Number.isInteger(index) ? items[index] : undefined;
  if (item === undefined) throw new RangeError(`Unit index ${index} out of range (0..${items.length - 1})`);
  return item;
}
