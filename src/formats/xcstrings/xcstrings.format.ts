// Apple String Catalog (.xcstrings): every language in one JSON file; a store shows one language's strings of it.

import { FormatParseError, type CreateOptions, type FormatUnit, type NewUnit, type ParsedStore, type ParseOptions, type UnitChange, unitAt } from '../format.js';
import type { SharedFileLanguages, TranslationFormat } from '../format.js';
import { isObject, isString, JsonDocument } from '../json/json-document.js';
import type { JsonContainer, JsonEntry, JsonNode, JsonString } from '../json/json-source.js';
import { categoriesOf, requireRootObject } from '../json/json-store.js';

/** Larger catalogues are refused: big apps' catalogues are a few megabytes. */
export const MAX_XCSTRINGS_BYTES = 64 * 1024 * 1024;
/** stringUnit states that mean "not done": read as fuzzy. */
const FUZZY_STATES = new Set(['new', 'needs_review']);
/** Variations nest device → plural; deeper nesting is not Xcode's and is not read. */
const MAX_VARIATION_DEPTH = 4;

interface XcRecord {
  /** Unit key: the string key, then "[device=…]" / "[substitution=…]" for variations. */
  key: string;
  /** The strings member of the string key. */
  entry: JsonEntry;
  /** The object holding "stringUnit" or "variations.plural"; null for a source string that exists only as its key. */
  slot: JsonContainer | null;
  /** Parent and member of the slot, for removal. */
  slotParent: JsonContainer | null;
  slotEntry: JsonEntry | null;
  plural: boolean;
  /** For a source string without a slot: the text set since, written on serialize unless it is the key again. */
  pending?: { target: string[]; fuzzy: boolean };
}

const norm = (code: string): string => code.replaceAll('_', '-').toLowerCase();

/** "key[device=iphone][substitution=arg1]" → ["key", [["device", "iphone"], ["substitution", "arg1"]]]. */
function splitKey(key: string): [string, [string, string][]] {
  const parts: [string, string][] = [];
  let base = key;
  for (let m = /\[(device|substitution)=([^\]]*)\]$/.exec(base); m !== null; m = /\[(device|substitution)=([^\]]*)\]$/.exec(base)) {
    parts.unshift([m[1]!, m[2]!]);
    base = base.slice(0, m.index);
  }
  return [base, parts];
}

/** Every language a catalogue holds: its source language and those of its localizations, as spelled in the file. */
export function xcstringsLanguages(bytes: Uint8Array, filename?: string): string[] {
  if (bytes.length > MAX_XCSTRINGS_BYTES) throw new FormatParseError(`String Catalog is larger than ${MAX_XCSTRINGS_BYTES} bytes`, undefined, filename);
  const doc = JsonDocument.parse(bytes, filename);
  const root = requireRootObject(doc, filename, 'a String Catalog object');
  const found = new Set<string>();
  const source = doc.member(root, 'sourceLanguage')?.value;
  if (isString(source)) found.add(source.value);
  const strings = doc.member(root, 'strings')?.value;
  if (isObject(strings)) {
    for (const e of strings.entries) {
      const locs = isObject(e.value) ? doc.member(e.value, 'localizations')?.value : undefined;
      if (isObject(locs)) for (const l of locs.entries) found.add(l.key!.value);
    }
  }
  return [...found];
}

/**
 * One language's view of a String Catalog. Units are the catalogue's keys that have a localization
 * in that language (for the source language: every key, its text being the key when the catalogue
 * holds no source localization). Plural variations are one unit with the forms by CLDR category,
 * device variations and substitutions one unit each ("key[device=iphone]"). Keys marked
 * shouldTranslate=false and stale keys (extractionState "stale", like PO's obsolete entries) are
 * kept in the file but are no units. The comment is the note; "new" and "needs_review" read as
 * fuzzy. Edits touch only that language's values: every other language's bytes stay as they are.
 */
class XcStringsStore implements ParsedStore {
  private readonly root: JsonContainer;
  private readonly strings: JsonContainer;
  private readonly categories: readonly string[];
  private readonly sourceLanguage: string;
  /** The language as the file spells it (or as a new localization will). */
  private readonly language: string;
  private readonly isSource: boolean;
  private readonly records: XcRecord[] = [];
  private views: FormatUnit[] | null = null;

  constructor(
    private readonly doc: JsonDocument,
    options: ParseOptions | undefined,
  ) {
    const filename = options?.filename;
    this.root = requireRootObject(doc, filename, 'a String Catalog object');
    const strings = doc.member(this.root, 'strings')?.value;
    if (!isObject(strings)) throw new FormatParseError('a String Catalog needs a "strings" object', undefined, filename);
    this.strings = strings;
    const source = doc.member(this.root, 'sourceLanguage')?.value;
    this.sourceLanguage = isString(source) ? source.value : 'en';
    this.categories = categoriesOf(options);
    const wanted = options?.language ? options.language : this.sourceLanguage;
    this.isSource = norm(wanted) === norm(this.sourceLanguage);
    this.language = this.isSource ? this.sourceLanguage : (this.spellingOf(wanted) ?? wanted.replaceAll('_', '-'));
    for (const entry of strings.entries) this.collect(entry);
  }

  private spellingOf(language: string): string | undefined {
    for (const e of this.strings.entries) {
      const locs = isObject(e.value) ? this.obj(e.value, 'localizations') : undefined;
      const hit = locs?.entries.find((l) => norm(l.key!.value) === norm(language));
      if (hit) return hit.key!.value;
    }
    return undefined;
  }

  // ---- reading ----

  private obj(container: JsonContainer, name: string): JsonContainer | undefined {
    const value = this.doc.member(container, name)?.value;
    return isObject(value) ? value : undefined;
  }

  private str(container: JsonContainer | undefined, name: string): JsonString | undefined {
    if (!container) return undefined;
    const value = this.doc.member(container, name)?.value;
    return isString(value) ? value : undefined;
  }

  /** Keys that are no strings: shouldTranslate=false and stale ones. */
  private skipped(value: JsonContainer): boolean {
    const should = this.doc.member(value, 'shouldTranslate')?.value;
    if (should && should.kind === 'literal' && this.doc.text.slice(should.start, should.end) === 'false') return true;
    return this.str(value, 'extractionState')?.value === 'stale';
  }

  private collect(entry: JsonEntry): void {
    const value = entry.value;
    if (!isObject(value) || this.skipped(value)) return;
    const localizations = this.obj(value, 'localizations');
    const locEntry = localizations ? this.doc.member(localizations, this.language) : undefined;
    const loc = locEntry && isObject(locEntry.value) ? locEntry.value : undefined;
    const key = entry.key!.value;
    if (!loc) {
      if (this.isSource) this.records.push({ key, entry, slot: null, slotParent: null, slotEntry: null, plural: false });
      return;
    }
    this.walk(entry, key, localizations!, locEntry!, loc, 0);
    const substitutions = this.obj(loc, 'substitutions');
    for (const sub of substitutions?.entries ?? []) {
      if (isObject(sub.value)) this.walk(entry, `${key}[substitution=${sub.key!.value}]`, substitutions!, sub, sub.value, 1);
    }
  }

  private walk(entry: JsonEntry, key: string, parent: JsonContainer, slotEntry: JsonEntry, slot: JsonContainer, depth: number): void {
    const variations = this.obj(slot, 'variations');
    const plural = variations ? this.obj(variations, 'plural') : undefined;
    if (plural || this.obj(slot, 'stringUnit')) this.records.push({ key, entry, slot, slotParent: parent, slotEntry, plural: plural !== undefined });
    const devices = variations ? this.obj(variations, 'device') : undefined;
    if (!devices || depth >= MAX_VARIATION_DEPTH) return;
    for (const d of devices.entries) if (isObject(d.value)) this.walk(entry, `${key}[device=${d.key!.value}]`, devices, d, d.value, depth + 1);
  }

  private pluralOf(slot: JsonContainer): JsonContainer | undefined {
    const variations = this.obj(slot, 'variations');
    return variations ? this.obj(variations, 'plural') : undefined;
  }

  private unitOf(r: XcRecord): FormatUnit {
    const comment = isObject(r.entry.value) ? (this.str(r.entry.value, 'comment')?.value ?? '') : '';
    let target: string[];
    let fuzzy = false;
    if (r.slot === null) {
      target = r.pending ? [...r.pending.target] : [r.entry.key!.value];
      fuzzy = r.pending?.fuzzy ?? false;
    }
    else if (r.plural) {
      const forms = this.pluralOf(r.slot)!;
      target = this.categories.map((cat) => {
        const unit = this.formUnit(forms, cat);
        if (FUZZY_STATES.has(this.str(unit, 'state')?.value ?? '')) fuzzy = true;
        return this.str(unit, 'value')?.value ?? '';
      });
    } else {
      const unit = this.obj(r.slot, 'stringUnit');
      fuzzy = FUZZY_STATES.has(this.str(unit, 'state')?.value ?? '');
      target = [this.str(unit, 'value')?.value ?? ''];
    }
    const [, parts] = splitKey(r.key);
    return {
      key: r.key,
      context: r.key,
      source: [r.key],
      target,
      fuzzy,
      approved: false,
      note: comment,
      comment: '',
      location: parts.map(([kind, name]) => `${kind}: ${name}`).join(', '),
      flags: '',
      previousSource: '',
      obsolete: false,
    };
  }

  private formUnit(forms: JsonContainer, category: string): JsonContainer | undefined {
    const form = this.obj(forms, category);
    return form ? this.obj(form, 'stringUnit') : undefined;
  }

  get units(): readonly FormatUnit[] {
    this.views ??= this.records.map((r) => this.unitOf(r));
    return this.views;
  }

  get header(): Readonly<Record<string, string>> {
    const version = this.str(this.root, 'version')?.value;
    return version === undefined ? { sourceLanguage: this.sourceLanguage } : { sourceLanguage: this.sourceLanguage, version };
  }

  readonly pluralForms = undefined;

  // ---- writing ----

  /** Inserts a member where Xcode (which sorts keys) would have it. */
  private insertSorted(container: JsonContainer, name: string, value: JsonNode): JsonEntry {
    const next = container.entries.find((e) => e.key !== null && e.key.value > name);
    return next ? this.doc.insertBefore(container, name, value, next) : this.doc.insert(container, name, value);
  }

  private ensure(container: JsonContainer, name: string): { entry: JsonEntry; node: JsonContainer } {
    const existing = this.doc.member(container, name);
    if (existing && isObject(existing.value)) return { entry: existing, node: existing.value };
    const node = this.doc.newContainer('object');
    const entry = existing ? this.doc.replaceValue(container, existing, node) : this.insertSorted(container, name, node);
    return { entry, node };
  }

  private newStringUnit(text: string, fuzzy: boolean): JsonContainer {
    return this.doc.newStringObject([
      ['state', fuzzy ? 'needs_review' : 'translated'],
      ['value', text],
    ]);
  }

  /** Writes one stringUnit of `holder` (a slot or a plural form); `fuzzy` undefined keeps the state. */
  private writeUnit(holder: JsonContainer, text: string, fuzzy: boolean | undefined, createEmpty: boolean): void {
    const unit = this.obj(holder, 'stringUnit');
    if (!unit) {
      if (text !== '' || createEmpty) this.insertSorted(holder, 'stringUnit', this.newStringUnit(text, fuzzy ?? false));
      return;
    }
    const value = this.str(unit, 'value');
    if (value) this.doc.setString(value, text);
    else this.insertSorted(unit, 'value', this.doc.newString(text));
    if (fuzzy === undefined) return;
    const state = this.str(unit, 'state');
    const current = state?.value ?? '';
    if (FUZZY_STATES.has(current) === fuzzy && state) return;
    const wanted = fuzzy ? 'needs_review' : 'translated';
    if (state) this.doc.setString(state, wanted);
    else this.insertSorted(unit, 'state', this.doc.newString(wanted));
  }

  private writeSlot(slot: JsonContainer, plural: boolean, target: readonly string[], fuzzy: boolean | undefined): void {
    if (!plural) {
      this.writeUnit(slot, target[0] ?? '', fuzzy, true);
      return;
    }
    const forms = this.ensure(this.ensure(slot, 'variations').node, 'plural').node;
    this.categories.forEach((cat, i) => {
      const text = target[i] ?? '';
      const form = this.obj(forms, cat);
      if (form) this.writeUnit(form, text, fuzzy, true);
      else if (text !== '') this.insertSorted(forms, cat, this.doc.newContainer('object', [['stringUnit', this.newStringUnit(text, fuzzy ?? false)]]));
    });
  }

  /** The slot of a unit key under `keyObject`, created with its parents. */
  private makeSlot(keyObject: JsonContainer, parts: readonly [string, string][]): Pick<XcRecord, 'slot' | 'slotParent' | 'slotEntry'> {
    let parent = this.ensure(keyObject, 'localizations').node;
    let made = this.ensure(parent, this.language);
    for (const [kind, name] of parts) {
      parent = kind === 'device' ? this.ensure(this.ensure(made.node, 'variations').node, 'device').node : this.ensure(made.node, 'substitutions').node;
      made = this.ensure(parent, name);
    }
    return { slot: made.node, slotParent: parent, slotEntry: made.entry };
  }

  private record(index: number): XcRecord {
    return unitAt(this.records, index);
  }

  updateUnit(index: number, change: UnitChange): void {
    const r = this.record(index);
    if (change.target === undefined && change.fuzzy === undefined) return;
    const target = change.target ?? this.units[index]!.target;
    if (r.slot === null) {
      // A source string that is only its key gets a source localization when serialized, if its text differs from the key then.
      r.pending = { target: [...target], fuzzy: change.fuzzy ?? r.pending?.fuzzy ?? false };
    } else {
      this.writeSlot(r.slot, r.plural, target, change.fuzzy);
    }
    if (this.views) this.views[index] = this.unitOf(r);
  }

  addUnit(unit: NewUnit): void {
    // The empty string is a valid catalogue key (Xcode lists it), so no key is refused here.
    const [base, parts] = splitKey(unit.key || unit.context || unit.source[0] || '');
    const views = this.units; // build the views before the document changes
    let entry = this.doc.member(this.strings, base);
    if (!entry || !isObject(entry.value)) {
      const members: [string, JsonNode][] = [];
      if (unit.note) members.push(['comment', this.doc.newString(unit.note)]);
      members.push(['extractionState', this.doc.newString('manual')]);
      entry = entry ? this.doc.replaceValue(this.strings, entry, this.doc.newContainer('object', members)) : this.insertSorted(this.strings, base, this.doc.newContainer('object', members));
    }
    const plural = (unit.target?.length ?? 0) > 1 || unit.source.length > 1;
    const key = base + parts.map(([kind, name]) => `[${kind}=${name}]`).join('');
    const record: XcRecord = { key, entry, plural, ...this.makeSlot(entry.value as JsonContainer, parts) };
    this.writeSlot(record.slot!, plural, unit.target ?? [''], unit.fuzzy ?? false);
    this.records.push(record);
    this.views = [...views, this.unitOf(record)];
  }

  /** Removes this language's text; for the source language without variations, the key leaves the catalogue. */
  removeUnit(index: number): void {
    const r = this.record(index);
    if (this.isSource && splitKey(r.key)[1].length === 0) this.doc.remove(this.strings, r.entry);
    else if (r.slotParent && r.slotEntry) this.removeUpTo(r.slotParent, r.slotEntry, r.entry.value as JsonContainer);
    this.records.splice(index, 1);
    this.views?.splice(index, 1);
  }

  /** Removes `entry` and every object it leaves empty, up to (not including) the key's own object. */
  private removeUpTo(container: JsonContainer, entry: JsonEntry, stop: JsonContainer): void {
    this.doc.remove(container, entry);
    let child = container;
    while (child.entries.length === 0 && child !== stop && child.parent !== null) {
      const parent = child.parent;
      const owner = parent.entries.find((e) => e.value === child);
      if (!owner) break;
      this.doc.remove(parent, owner);
      child = parent;
    }
  }

  /**
   * Gives this language a localization of every key to translate that has none (a plain text, not
   * variations): state "new" with the source text, as Xcode marks a string not translated yet. Returns
   * whether anything was added.
   */
  addLanguage(): boolean {
    if (this.isSource) return false;
    let added = false;
    for (const entry of [...this.strings.entries]) {
      const value = entry.value;
      if (!isObject(value) || this.skipped(value)) continue;
      const locs = this.obj(value, 'localizations');
      if (locs && this.doc.member(locs, this.language)) continue;
      const sourceLoc = locs ? this.obj(locs, this.sourceLanguage) : undefined;
      if (sourceLoc && !this.obj(sourceLoc, 'stringUnit')) continue; // variations: left to the translator
      const text = this.str(this.obj(sourceLoc ?? value, 'stringUnit'), 'value')?.value ?? entry.key!.value;
      const { slot } = this.makeSlot(value, []);
      this.insertSorted(slot!, 'stringUnit', this.doc.newStringObject([['state', 'new'], ['value', text]]));
      added = true;
    }
    if (added) {
      this.records.length = 0;
      for (const entry of this.strings.entries) this.collect(entry);
      this.views = null;
    }
    return added;
  }

  /** Removes every localization of this language (not the source language's); returns whether any was there. */
  removeLanguage(): boolean {
    if (this.isSource) return false;
    let removed = false;
    for (const entry of this.strings.entries) {
      const locs = isObject(entry.value) ? this.obj(entry.value, 'localizations') : undefined;
      const loc = locs ? this.doc.member(locs, this.language) : undefined;
      if (!locs || !loc) continue;
      this.removeUpTo(locs, loc, entry.value as JsonContainer);
      removed = true;
    }
    this.records.length = 0;
    this.views = null;
    return removed;
  }

  /** The source language and version belong to the whole catalogue: they are not set per language. */
  setHeader(_name: string, _value: string): void {}

  serialize(): Buffer {
    for (const r of this.records) {
      if (r.slot !== null || !r.pending) continue;
      const { target, fuzzy } = r.pending;
      if (target[0] === r.entry.key!.value && !fuzzy) continue;
      Object.assign(r, this.makeSlot(r.entry.value as JsonContainer, []));
      delete r.pending;
      this.writeSlot(r.slot!, false, target, fuzzy);
    }
    return this.doc.serialize();
  }
}

function parseXcstrings(bytes: Uint8Array, options?: ParseOptions): ParsedStore {
  if (bytes.length > MAX_XCSTRINGS_BYTES) throw new FormatParseError(`String Catalog is larger than ${MAX_XCSTRINGS_BYTES} bytes`, undefined, options?.filename);
  return new XcStringsStore(JsonDocument.parse(bytes, options?.filename), options);
}

/** The component layer's view of a catalogue: its languages, and a language added or removed in it. */
const xcstringsLanguageOps: SharedFileLanguages = {
  languages: xcstringsLanguages,
  addLanguage(bytes, options) {
    const store = parseXcstrings(bytes, options) as XcStringsStore;
    return store.addLanguage() ? store.serialize() : bytes;
  },
  removeLanguage(bytes, language, filename) {
    const store = parseXcstrings(bytes, { language, ...(filename ? { filename } : {}) }) as XcStringsStore;
    return store.removeLanguage() ? store.serialize() : bytes;
  },
};

export const xcstringsFormat: TranslationFormat = {
  id: 'xcstrings',
  sharedFile: xcstringsLanguageOps,
  name: 'Apple String Catalog',
  extensions: ['xcstrings'],
  monolingual: true,
  mimeType: 'application/json',
  parse: parseXcstrings,
  /**
   * An empty catalogue as Xcode writes it. A component's languages all live in its one catalogue, so a
   * new language gets its localizations added to that file rather than a file of its own.
   */
  create: (options: CreateOptions): ParsedStore => {
    const source = options.template?.header['sourceLanguage'] ?? 'en';
    return parseXcstrings(Buffer.from(`{\n  "sourceLanguage" : ${JSON.stringify(source)},\n  "strings" : {\n\n  },\n  "version" : "1.0"\n}`, 'utf8'), { language: options.language, ...(options.pluralCategories ? { pluralCategories: options.pluralCategories } : {}) });
  },
};
