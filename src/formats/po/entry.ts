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
 * Shared empty list for the comment/flag/msgstr fields of a fresh entry; most entries have no
 * comments of some kinds, and not allocating five arrays per entry noticeably reduces GC work on
 * large files. It is frozen, so code must replace it rather than push onto it (see appendItem).
 */
export const NO_ITEMS: string[] = Object.freeze([]) as unknown as string[];

/** The bytes a file was parsed from, in the charset they were decoded with. */
export interface RawSource {
  bytes: Buffer;
  encoding: 'utf8' | 'latin1';
}

/**
 * A PoEntry whose original text is decoded from the parsed file's bytes only when it is asked
 * for, so that a parsed store does not keep a second, decoded copy of the whole file.
 */
class Entry implements PoEntry {
  comments = NO_ITEMS;
  extracted = NO_ITEMS;
  references = NO_ITEMS;
  flags = NO_ITEMS;
  fuzzy = false;
  previousContext: string | null = null;
  previousId: string | null = null;
  previousIdPlural: string | null = null;
  context: string | null = null;
  id = '';
  idPlural: string | null = null;
  strings = NO_ITEMS;
  obsolete = false;
  lead = '';
  line = 0;
  private rawText: string | null = null;
  private rawSource: RawSource | null = null;
  private rawStart = 0;
  private rawEnd = 0;

  get raw(): string | null {
    return this.rawSource === null ? this.rawText : this.rawSource.bytes.toString(this.rawSource.encoding, this.rawStart, this.rawEnd);
  }

  set raw(text: string | null) {
    this.rawText = text;
    this.rawSource = null;
  }

  get readsRawBytes(): boolean {
    return this.rawSource !== null;
  }

  /** Keeps the original text as a string of its own instead of as bytes of the parsed file. */
  detachRawBytes(): void {
    const text = this.raw;
    if (this.rawSource !== null) this.raw = text;
  }

  /** Sets the original text to bytes [start, end) of `source`. */
  setRawBytes(source: RawSource, start: number, end: number): void {
    this.rawSource = source;
    this.rawStart = start;
    this.rawEnd = end;
    this.rawText = null;
  }
}

/** True while the entry's original text is read from the bytes of the file it was parsed from. */
export function readsRawBytes(entry: PoEntry): boolean {
  return entry instanceof Entry && entry.readsRawBytes;
}

/** Copies the entry's original text out of the parsed file's bytes, so that those can be freed. */
export function detachRawBytes(entry: PoEntry): void {
  if (entry instanceof Entry) entry.detachRawBytes();
}

export function emptyEntry(): PoEntry & { setRawBytes(source: RawSource, start: number, end: number): void } {
  return new Entry();
}

/** Appends to one of an entry's lists, replacing the shared NO_ITEMS on first use. */
export function appendItem(list: string[], item: string): string[] {
  if (list === NO_ITEMS) return [item];
  list.push(item);
  return list;
}
