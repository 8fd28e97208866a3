// In-memory model of one PO entry, rich enough to re-render it the way msgcat would.

/**
 * A parsed entry. The list fields (comments, extracted, references, flags, strings) may return a
 * new array on every read (see Entry): change a list by assigning a new one, not in place.
 */
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
 * large files. It is frozen, so code must replace it rather than push onto it.
 */
export const NO_ITEMS: string[] = Object.freeze([]) as unknown as string[];

/** The bytes a file was parsed from, in the charset they were decoded with. */
export interface RawSource {
  bytes: Buffer;
  encoding: 'utf8' | 'latin1';
}

/**
 * A list field as stored: NO_ITEMS when empty, the item itself when there is one (the usual case
 * for msgstr, references, flags and comments), otherwise an array of two or more items. Not
 * allocating an array per list and entry saves a good share of a large catalog's memory.
 */
type ListSlot = string | string[];

function listOf(slot: ListSlot): string[] {
  return typeof slot === 'string' ? [slot] : slot;
}

function slotOf(list: string[]): ListSlot {
  return list.length === 1 ? list[0]! : list.length === 0 ? NO_ITEMS : list;
}

function appendToSlot(slot: ListSlot, item: string): ListSlot {
  if (typeof slot === 'string') return [slot, item];
  if (slot === NO_ITEMS) return item;
  slot.push(item);
  return slot;
}

/** A list of two or more items that push() left with spare room, copied to its exact length. */
function trimSlot(slot: ListSlot): ListSlot {
  return typeof slot === 'string' || slot.length === 0 ? slot : slot.slice();
}

/** The list fields of an entry, for appendList(). */
export type ListField = 'comments' | 'extracted' | 'references' | 'flags' | 'strings';

/**
 * A PoEntry whose original text is decoded from the parsed file's bytes only when it is asked
 * for, so that a parsed store does not keep a second, decoded copy of the whole file. List
 * fields are stored as ListSlots; their getters return a new one-item array for a single item,
 * so a list read from an entry must be assigned back after changing it.
 */
class Entry implements PoEntry {
  private commentSlot: ListSlot = NO_ITEMS;
  private extractedSlot: ListSlot = NO_ITEMS;
  private referenceSlot: ListSlot = NO_ITEMS;
  private flagSlot: ListSlot = NO_ITEMS;
  private stringSlot: ListSlot = NO_ITEMS;
  fuzzy = false;
  previousContext: string | null = null;
  previousId: string | null = null;
  previousIdPlural: string | null = null;
  context: string | null = null;
  id = '';
  idPlural: string | null = null;
  obsolete = false;
  lead = '';
  line = 0;
  /** The original text: a string, bytes [rawStart, rawEnd) of a RawSource, or null once changed. */
  private rawOrigin: string | RawSource | null = null;
  private rawStart = 0;
  private rawEnd = 0;

  get comments(): string[] {
    return listOf(this.commentSlot);
  }

  set comments(list: string[]) {
    this.commentSlot = slotOf(list);
  }

  get extracted(): string[] {
    return listOf(this.extractedSlot);
  }

  set extracted(list: string[]) {
    this.extractedSlot = slotOf(list);
  }

  get references(): string[] {
    return listOf(this.referenceSlot);
  }

  set references(list: string[]) {
    this.referenceSlot = slotOf(list);
  }

  get flags(): string[] {
    return listOf(this.flagSlot);
  }

  set flags(list: string[]) {
    this.flagSlot = slotOf(list);
  }

  get strings(): string[] {
    return listOf(this.stringSlot);
  }

  set strings(list: string[]) {
    this.stringSlot = slotOf(list);
  }

  /** Number of msgstr forms, without building the list. */
  get stringCount(): number {
    const slot = this.stringSlot;
    return typeof slot === 'string' ? 1 : slot.length;
  }

  /** msgstr, or msgstr[index]; undefined past the last form. */
  stringAt(index: number): string | undefined {
    const slot = this.stringSlot;
    return typeof slot === 'string' ? (index === 0 ? slot : undefined) : slot[index];
  }

  /** Appends an item to a list field (the parser's way to build lists). */
  append(field: ListField, item: string): void {
    switch (field) {
      case 'comments': this.commentSlot = appendToSlot(this.commentSlot, item); break;
      case 'extracted': this.extractedSlot = appendToSlot(this.extractedSlot, item); break;
      case 'references': this.referenceSlot = appendToSlot(this.referenceSlot, item); break;
      case 'flags': this.flagSlot = appendToSlot(this.flagSlot, item); break;
      default: this.stringSlot = appendToSlot(this.stringSlot, item);
    }
  }

  /** Replaces the last msgstr form (the parser joins continuation lines into it). */
  setLastString(value: string): void {
    const slot = this.stringSlot;
    if (typeof slot === 'string') this.stringSlot = value;
    else slot[slot.length - 1] = value;
  }

  /** Copies lists that push() left with spare room to their exact length. */
  trimLists(): void {
    this.commentSlot = trimSlot(this.commentSlot);
    this.extractedSlot = trimSlot(this.extractedSlot);
    this.referenceSlot = trimSlot(this.referenceSlot);
    this.flagSlot = trimSlot(this.flagSlot);
    this.stringSlot = trimSlot(this.stringSlot);
  }

  get raw(): string | null {
    const origin = this.rawOrigin;
    return origin === null || typeof origin === 'string' ? origin : origin.bytes.toString(origin.encoding, this.rawStart, this.rawEnd);
  }

  set raw(text: string | null) {
    this.rawOrigin = text;
  }

  get readsRawBytes(): boolean {
    return this.rawOrigin !== null && typeof this.rawOrigin !== 'string';
  }

  /** Keeps the original text as a string of its own instead of as bytes of the parsed file. */
  detachRawBytes(): void {
    if (this.readsRawBytes) this.rawOrigin = this.raw;
  }

  /** Sets the original text to bytes [start, end) of `source`. */
  setRawBytes(source: RawSource, start: number, end: number): void {
    this.rawOrigin = source;
    this.rawStart = start;
    this.rawEnd = end;
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

/** An entry as the parser builds it. */
export type ParsedEntry = Entry;

export function emptyEntry(): ParsedEntry {
  return new Entry();
}

/** Number of msgstr forms of `entry`, without building its list. */
export function stringCount(entry: PoEntry): number {
  return entry instanceof Entry ? entry.stringCount : entry.strings.length;
}

/** msgstr[index] of `entry` (undefined past the last form), without building its list. */
export function stringAt(entry: PoEntry, index: number): string | undefined {
  return entry instanceof Entry ? entry.stringAt(index) : entry.strings[index];
}
