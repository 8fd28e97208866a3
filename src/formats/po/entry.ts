// In-memory model of one PO entry, rich enough to re-render it the way msgcat would.

export interface PoEntry {
  /** Translator comments (`# text`), without the "#" and one following space. */
  comments: string[];
  /** Extracted comments (`#. text`). */
  extracted: string[];
  /** Source references (`#: file:line`), one per token. */
  references: string[];
  /** Flags other than fuzzy (`#, c-format`), in file order. */
  flags: string[];
  fuzzy: boolean;
  /** Previous strings of a fuzzy entry (`#| msgctxt`, `#| msgid`, `#| msgid_plural`). */
  previousContext: string | null;
  previousId: string | null;
  previousIdPlural: string | null;
  /** msgctxt; null when absent (which gettext distinguishes from msgctxt ""). */
  context: string | null;
  id: string;
  idPlural: string | null;
  /** msgstr, or msgstr[0..n] for plural entries. */
  strings: string[];
  obsolete: boolean;
  /** Text between the previous entry and this one (usually one blank line), kept verbatim. */
  lead: string;
  /** The entry's original text including its final line terminator; null once it was changed. */
  raw: string | null;
  /** 1-based line of the entry's first line in the parsed file; 0 for entries added later. */
  line: number;
}

/** The header is the entry with an empty msgid and no msgctxt. */
export function isHeaderEntry(entry: PoEntry): boolean {
  return entry.id === '' && entry.context === null && !entry.obsolete;
}

/**
 * Shared empty list for the comment/flag fields of a fresh entry; most entries have no comments
 * of some kinds, and not allocating four arrays per entry noticeably reduces GC work on large
 * files. It is frozen, so code must replace it rather than push onto it.
 */
export const NO_ITEMS: string[] = Object.freeze([]) as unknown as string[];

export function emptyEntry(): PoEntry {
  return {
    comments: NO_ITEMS,
    extracted: NO_ITEMS,
    references: NO_ITEMS,
    flags: NO_ITEMS,
    fuzzy: false,
    previousContext: null,
    previousId: null,
    previousIdPlural: null,
    context: null,
    id: '',
    idPlural: null,
    strings: [],
    obsolete: false,
    lead: '',
    raw: null,
    line: 0,
  };
}

/** Appends to one of an entry's lists, replacing the shared NO_ITEMS on first use. */
export function appendItem(list: string[], item: string): string[] {
  if (list === NO_ITEMS) return [item];
  list.push(item);
  return list;
}
