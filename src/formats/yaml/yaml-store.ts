// Editable YAML translation file: scalar edits are spliced into the original text, new keys inserted in the file's layout.

import { FormatParseError, type NewUnit } from '../format.js';
import { KeyedTextStore, spliceText, withUtf8Bom, type KeyedRec, type TextForm, type TextPatch } from '../text/keyed-text-store.js';
import type { LineTable, YamlDocument, YamlEntry, YamlFile, YamlItem, YamlMap, YamlNode, YamlScalar, YamlSeq } from './reader.js';
import { renderBlock, renderDouble, renderKey, renderPlain, renderSingle } from './scalars.js';

/** CLDR plural categories in their canonical order. */
export const CLDR_CATEGORIES: readonly string[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

export interface YamlFlavour {
  /** Rails i18n: the single top-level key is the language code and is not part of unit keys. */
  languageRoot: boolean;
}

export interface YamlStoreInit {
  text: string;
  bom: boolean;
  /** Bytes the store was parsed from; serialize() returns them while nothing changed. */
  original: Uint8Array | null;
  doc: YamlFile;
  flavour: YamlFlavour;
  pluralCategories: readonly string[];
  /** Language code for the top-level key of a Rails file that has none yet. */
  language?: string | undefined;
  filename?: string | undefined;
}

interface Form extends TextForm {
  /** CLDR category for plural units, '' for singular ones. */
  category: string;
  /** The scalar in the file; null for a plural category the file lacks and for added units. */
  node: YamlScalar | null;
}

/** A document of the stream: where its unit keys start (the root, or the value of a Rails file's language key). */
interface DocumentRoot {
  unitRoot: YamlNode | null;
  rootEntry: YamlEntry | null;
}

type Owner = { kind: 'entry'; entry: YamlEntry; map: YamlMap } | { kind: 'item'; item: YamlItem };

/** New keys waiting to be written, by nesting: key → sub-tree or unit. */
interface AddedMap {
  entries: Map<string, AddedMap | Rec>;
}

interface Rec extends KeyedRec {
  plural: boolean;
  forms: Form[];
  /** Where the unit sits in the parsed file; null for units added since. */
  owner: Owner | null;
  /** The category map of a plural unit read from the file. */
  pluralMap: YamlMap | null;
  /** Where an added unit waits to be written. */
  addedIn: { map: AddedMap; key: string } | { list: Rec[] } | null;
}

interface Insertion {
  /** New lines go after this line; -1 for the end of the file. */
  afterLine: number;
  indent: number;
  seq: boolean;
  tree: AddedMap;
  items: Rec[];
  order: number;
}

interface Patch extends TextPatch {
  /** Deeper insertions at the same offset come first, so they stay inside their parent. */
  depth: number;
  order: number;
}

type Token = string | number;

const DOCUMENT_END = Symbol('document end');
const CLDR = new Set(CLDR_CATEGORIES);
const NULL_TEXT = /^(?:~|null|Null|NULL)$/;

const isNullish = (node: YamlNode): boolean =>
  node.kind === 'scalar' && (node.style === 'null' || (node.style === 'plain' && NULL_TEXT.test(node.value)));

const isEmptyValue = (node: YamlNode): node is YamlScalar => node.kind === 'scalar' && node.style === 'null';

function isPluralMap(node: YamlNode): node is YamlMap {
  return node.kind === 'map' && node.entries.length > 0 && node.entries.every((e) => !e.merge && CLDR.has(e.key) && e.value.kind === 'scalar');
}

/** "a.b[2].c" → ['a', 'b', 2, 'c']. */
function tokenizeKey(key: string): Token[] {
  const tokens: Token[] = [];
  for (const part of key.split('.')) {
    const m = /^(.*?)((?:\[\d+\])*)$/.exec(part)!;
    if (m[1] !== '' || m[2] === '') tokens.push(m[1]!);
    for (const index of m[2]!.matchAll(/\[(\d+)\]/g)) tokens.push(Number(index[1]));
  }
  return tokens;
}

/** Indentation step of the file: how far its first nested mapping is indented. */
function detectStep(node: YamlNode | null): number | null {
  if (node?.kind === 'map') {
    for (const entry of node.entries) {
      if (entry.value.kind === 'map' && entry.value.indent > entry.keyColumn && !entry.value.entries[0]?.onDashLine) {
        return entry.value.indent - entry.keyColumn;
      }
      const inner = detectStep(entry.value);
      if (inner !== null) return inner;
    }
  } else if (node?.kind === 'seq') {
    for (const item of node.items) {
      const inner = detectStep(item.value);
      if (inner !== null) return inner;
    }
  }
  return null;
}

/**
 * Units are the scalars the file spells out, keyed by their path of keys ("a.b[2].c"); a mapping whose keys are all
 * CLDR categories is one plural unit with a form per category of the language. Aliases (`*name`) and what a merge key
 * (`<<: *name`) brings in are not units of their own: their text is the anchored value's, which is its own unit, so
 * editing that unit changes every place that shares it, as the file's author set it up. A key that only a merge key
 * provides gets an entry of its own in the merging mapping when it is added (an override, as YAML reads it).
 */
export class YamlStore extends KeyedTextStore<Rec> {
  private readonly lines: LineTable;
  private readonly eol: string;
  private readonly flavour: YamlFlavour;
  private readonly categories: readonly string[];
  private readonly language: string | undefined;
  private readonly step: number;
  /** Each document of the stream with where its unit keys start. */
  private readonly docs: DocumentRoot[];
  private readonly removed: Rec[] = [];
  private readonly removedEntries = new Set<YamlEntry>();
  private readonly insertions = new Map<unknown, Insertion>();
  private readonly entryIndex = new Map<YamlMap, Map<string, YamlEntry>>();

  constructor(init: YamlStoreInit) {
    super(init.text, init.original, { label: 'YAML', keyFromSource: false, encode: (text) => withUtf8Bom(Buffer.from(text, 'utf8'), init.bom) });
    this.lines = init.doc.lines;
    this.flavour = init.flavour;
    this.categories = init.pluralCategories;
    this.language = init.language;
    const firstBreak = init.text.indexOf('\n');
    this.eol = firstBreak > 0 && init.text[firstBreak - 1] === '\r' ? '\r\n' : '\n';
    this.docs = init.doc.documents.map((doc) => this.documentRoot(doc, init.filename));
    this.step = init.doc.documents.reduce<number | null>((step, doc) => step ?? detectStep(doc.root), null) ?? 2;
    // Every document's units, in file order; a key repeated in a later document is a unit of its own.
    for (const doc of this.docs) if (doc.unitRoot) this.collect(doc.unitRoot, '');
  }

  private documentRoot({ root, line }: YamlDocument, filename: string | undefined): DocumentRoot {
    if (root && root.kind !== 'map' && !(root.kind === 'seq' && !this.flavour.languageRoot)) {
      throw new FormatParseError(`the document must be a mapping of keys to texts`, line + 1, filename);
    }
    if (this.flavour.languageRoot && root?.kind === 'map' && root.entries.length === 1) {
      const only = root.entries[0]!;
      if (only.value.kind === 'map' || isEmptyValue(only.value)) return { unitRoot: only.value.kind === 'map' ? only.value : null, rootEntry: only };
    }
    return { unitRoot: root, rootEntry: null };
  }

  // ---- reading ----

  private collect(node: YamlNode, path: string, owner: Owner | null = null): void {
    if (node.kind === 'map') {
      for (const entry of node.entries) {
        // What a merge key brings in is the merged mapping's own units (as translate-toolkit reads it too).
        if (entry.merge) continue;
        const key = path === '' ? entry.key : `${path}.${entry.key}`;
        const entryOwner: Owner = { kind: 'entry', entry, map: node };
        if (isPluralMap(entry.value)) this.addPluralRec(key, entry.value, entryOwner);
        else this.collect(entry.value, key, entryOwner);
      }
    } else if (node.kind === 'seq') {
      node.items.forEach((item, i) => this.collect(item.value, `${path}[${i}]`, { kind: 'item', item }));
    } else if (node.kind === 'scalar' && owner && !isNullish(node)) {
      this.pushRec({
        key: path,
        note: this.noteOf(owner).note,
        plural: false,
        forms: [{ category: '', node, original: node.value, current: node.value }],
        owner,
        pluralMap: null,
        addedIn: null,
      });
    }
  }

  private addPluralRec(key: string, map: YamlMap, owner: Owner): void {
    const forms = this.categories.map((category): Form => {
      const node = (map.entries.find((e) => e.key === category)?.value as YamlScalar | undefined) ?? null;
      const value = node && !isNullish(node) ? node.value : '';
      return { category, node, original: value, current: value };
    });
    this.pushRec({ key, note: this.noteOf(owner).note, plural: true, forms, owner, pluralMap: map, addedIn: null });
  }

  /** Comment lines right above the unit's line (at its indentation or deeper): its note, removed with it. */
  private noteOf(owner: Owner): { note: string; firstLine: number } {
    const line = owner.kind === 'entry' ? owner.entry.keyLine : owner.item.line;
    if (owner.kind === 'entry' && owner.entry.onDashLine) return { note: '', firstLine: line };
    const column = owner.kind === 'entry' ? owner.entry.keyColumn : owner.item.dash - this.lines.starts[line]!;
    const notes: string[] = [];
    let k = line - 1;
    for (; k >= 0; k--) {
      const s = this.lines.starts[k]!;
      const e = this.lines.ends[k]!;
      let q = s;
      while (q < e && (this.text[q] === ' ' || this.text[q] === '\t')) q++;
      if (q === e || this.text[q] !== '#' || q - s < column) break;
      notes.push(this.text.slice(q, e).replace(/^#+ ?/, '').trimEnd());
    }
    return { note: notes.reverse().join('\n'), firstLine: k + 1 };
  }

  // ---- editing ----

  protected override tooManyForms(index: number, rec: Rec, given: number): string {
    return `Unit ${index} has ${rec.forms.length} form(s) but ${given} target forms were given`;
  }

  protected createRec(key: string, unit: NewUnit): Rec {
    const target = unit.target ?? [];
    const plural = unit.source.length > 1 || target.length > 1;
    const forms: Form[] = plural
      ? this.categories.map((category, i) => ({ category, node: null, original: '', current: target[i] ?? '' }))
      : [{ category: '', node: null, original: '', current: target[0] ?? '' }];
    const rec: Rec = { key, note: unit.note ?? '', plural, forms, owner: null, pluralMap: null, addedIn: null };
    this.place(rec, tokenizeKey(key));
    return rec;
  }

  protected forgetRec(rec: Rec): void {
    if (rec.addedIn && 'list' in rec.addedIn) rec.addedIn.list.splice(rec.addedIn.list.indexOf(rec), 1);
    else if (rec.addedIn) rec.addedIn.map.entries.delete(rec.addedIn.key);
    // A value that aliases elsewhere in the file refer to stays: without it they would name nothing and the file would not load.
    if (rec.owner && (rec.pluralMap ?? rec.forms[0]!.node)?.anchor?.aliased) return;
    if (rec.owner) {
      this.removed.push(rec);
      if (rec.owner.kind === 'entry') this.removedEntries.add(rec.owner.entry);
    }
  }

  // ---- placing new units ----

  private conflict(rec: Rec): never {
    throw new RangeError(`Key "${rec.key}" conflicts with the structure of the file`);
  }

  private findEntry(map: YamlMap, tokens: Token[], from: number): { entry: YamlEntry; next: number } | null {
    let index = this.entryIndex.get(map);
    if (!index) {
      index = new Map(map.entries.filter((e) => !e.merge).map((e) => [e.key, e]));
      this.entryIndex.set(map, index);
    }
    let names = 0;
    while (from + names < tokens.length && typeof tokens[from + names] === 'string') names++;
    // Longest match first: keys may themselves contain dots.
    for (let n = names; n > 0; n--) {
      const entry = index.get(tokens.slice(from, from + n).join('.'));
      if (entry && !this.removedEntries.has(entry)) return { entry, next: from + n };
    }
    return null;
  }

  /** Fills an empty value (`key:` or `-` with nothing) in place. */
  private fillEmpty(rec: Rec, node: YamlScalar, owner: Owner): void {
    rec.owner = owner;
    rec.forms[0]!.node = node;
    this.modified = true;
  }

  /** The document a new key goes to: the first one that has its first key, else the last one with content. */
  private documentFor(tokens: Token[]): DocumentRoot {
    if (this.docs.length > 1) {
      for (const doc of this.docs) if (doc.unitRoot?.kind === 'map' && this.findEntry(doc.unitRoot, tokens, 0)) return doc;
    }
    const withContent = this.docs.filter((doc) => doc.unitRoot || doc.rootEntry);
    return withContent[withContent.length - 1] ?? this.docs[this.docs.length - 1] ?? { unitRoot: null, rootEntry: null };
  }

  private place(rec: Rec, tokens: Token[]): void {
    const doc = this.documentFor(tokens);
    let node = doc.unitRoot;
    let holder = doc.rootEntry;
    let i = 0;
    for (;;) {
      if (node === null) {
        if (holder) return this.insert(holder, holder.lastLine, holder.keyColumn + this.step, tokens.slice(i), rec);
        if (!this.flavour.languageRoot) return this.insert(DOCUMENT_END, -1, 0, tokens, rec);
        if (!this.language) throw new RangeError('The language of the file is needed to add its top-level key');
        return this.insert(DOCUMENT_END, -1, 0, [this.language, ...tokens], rec);
      }
      if (node.kind === 'map') {
        const found = this.findEntry(node, tokens, i);
        if (!found) return this.insert(node, node.lastLine, node.indent, tokens.slice(i), rec);
        const { entry, next } = found;
        if (isPluralMap(entry.value)) this.conflict(rec);
        if (isEmptyValue(entry.value)) {
          if (next === tokens.length && !rec.plural) return this.fillEmpty(rec, entry.value, { kind: 'entry', entry, map: node });
          return this.insert(entry, entry.lastLine, entry.keyColumn + this.step, tokens.slice(next), rec);
        }
        if (next === tokens.length) this.conflict(rec);
        holder = entry;
        node = entry.value;
        i = next;
      } else if (node.kind === 'seq') {
        const index = tokens[i];
        if (typeof index !== 'number') this.conflict(rec);
        const item = node.items[index];
        if (item) {
          if (isEmptyValue(item.value) && i === tokens.length - 1 && !rec.plural) return this.fillEmpty(rec, item.value, { kind: 'item', item });
          holder = null;
          node = item.value;
          i++;
          continue;
        }
        const pending = this.insertions.get(node)?.items.length ?? 0;
        if (index !== node.items.length + pending || i !== tokens.length - 1 || rec.plural) this.conflict(rec);
        return this.insert(node, node.lastLine, node.indent, [], rec);
      } else {
        this.conflict(rec);
      }
    }
  }

  /** Queues `rec` under `container` (a mapping, a sequence, an empty entry or the document end). */
  private insert(container: YamlMap | YamlSeq | YamlEntry | typeof DOCUMENT_END, afterLine: number, indent: number, tokens: Token[], rec: Rec): void {
    let insertion = this.insertions.get(container);
    if (!insertion) {
      const seq = typeof container === 'object' && 'kind' in container && container.kind === 'seq';
      insertion = { afterLine, indent, seq, tree: { entries: new Map() }, items: [], order: this.insertions.size };
      this.insertions.set(container, insertion);
    }
    if (insertion.seq) {
      insertion.items.push(rec);
      rec.addedIn = { list: insertion.items };
      return;
    }
    if (tokens.length === 0) this.conflict(rec);
    let tree = insertion.tree;
    tokens.forEach((token, j) => {
      if (typeof token === 'number') throw new RangeError(`Key "${rec.key}" would need a new list, which is not supported`);
      const existing = tree.entries.get(token);
      if (j === tokens.length - 1) {
        if (existing) this.conflict(rec);
        tree.entries.set(token, rec);
        rec.addedIn = { map: tree, key: token };
      } else if (existing === undefined) {
        const sub: AddedMap = { entries: new Map() };
        tree.entries.set(token, sub);
        tree = sub;
      } else if ('forms' in existing) {
        this.conflict(rec);
      } else {
        tree = existing;
      }
    });
  }

  // ---- writing ----

  /** A value for a new key: plain when that reads back the same, else double-quoted. */
  private static renderNew(value: string): string {
    return renderPlain(value) ?? renderDouble(value);
  }

  /** The scalar's new text in its own style when the value allows it. */
  private renderEdit(node: YamlScalar, value: string): string {
    switch (node.style) {
      case 'null':
        return ' ' + YamlStore.renderNew(value);
      case 'plain':
        return renderPlain(value, node.typed) ?? renderDouble(value);
      case 'single':
        return renderSingle(value) ?? renderDouble(value);
      case 'double':
        return renderDouble(value);
      default: {
        const block = node.block!;
        const lines = renderBlock(value, node.style === 'folded', ' '.repeat(block.contentIndent), block.headerRest);
        // Keeping final line breaks would also claim the blank lines that follow the scalar.
        if (!lines || (lines[0]![1] === '+' && block.chomp !== '+')) return renderDouble(value);
        return lines.join(this.eol);
      }
    }
  }

  private renderTree(tree: AddedMap, indent: number): string[] {
    const pad = ' '.repeat(indent);
    const lines: string[] = [];
    for (const [key, value] of tree.entries) {
      if (!('forms' in value)) {
        const inner = this.renderTree(value, indent + this.step);
        if (inner.length > 0) lines.push(`${pad}${renderKey(key)}:`, ...inner);
        continue;
      }
      for (const note of value.note === '' ? [] : value.note.split('\n')) lines.push(`${pad}#${note === '' ? '' : ' ' + note}`);
      if (!value.plural) {
        lines.push(`${pad}${renderKey(key)}: ${YamlStore.renderNew(value.forms[0]!.current)}`);
      } else {
        lines.push(`${pad}${renderKey(key)}:`);
        const inner = ' '.repeat(indent + this.step);
        for (const form of value.forms) lines.push(`${inner}${form.category}: ${YamlStore.renderNew(form.current)}`);
      }
    }
    return lines;
  }

  /** Offset and text that put `lines` on their own lines after line `afterLine` (-1: at the end). */
  private lineInsertion(afterLine: number, lines: string[]): { at: number; text: string } {
    const { starts } = this.lines;
    if (afterLine >= 0 && afterLine + 1 < starts.length) return { at: starts[afterLine + 1]!, text: lines.map((l) => l + this.eol).join('') };
    const text = this.text;
    if (text === '' || text.endsWith('\n')) return { at: text.length, text: lines.map((l) => l + this.eol).join('') };
    return { at: text.length, text: this.eol + lines.join(this.eol) };
  }

  private removalPatch(rec: Rec): Patch {
    const owner = rec.owner!;
    const { starts, ends } = this.lines;
    if (owner.kind === 'item') {
      // The item stays as an empty "-" so that the following items keep their indexes (and keys).
      const node = owner.item.value as YamlScalar;
      return { start: owner.item.dash + 1, end: node.end, text: '', depth: 0, order: 0 };
    }
    const entry = owner.entry;
    if (entry.onDashLine) {
      const next = owner.map.entries[owner.map.entries.indexOf(entry) + 1];
      return { start: entry.keyStart, end: next ? next.keyStart : ends[entry.lastLine]!, text: '', depth: 0, order: 0 };
    }
    const first = this.noteOf(owner).firstLine;
    if (entry.lastLine + 1 < starts.length) return { start: starts[first]!, end: starts[entry.lastLine + 1]!, text: '', depth: 0, order: 0 };
    // Last line of a file without a final line break: take the break before it instead.
    return { start: first > 0 ? ends[first - 1]! : 0, end: this.text.length, text: '', depth: 0, order: 0 };
  }

  /** A plural category the file lacks goes next to its neighbours in CLDR order, quoted as the neighbour before it is. */
  private categoryInsertion(map: YamlMap, category: string, value: string): Patch {
    const rank = CLDR_CATEGORIES.indexOf(category);
    const before = map.entries.filter((e) => CLDR_CATEGORIES.indexOf(e.key) < rank).pop();
    const first = map.entries[0]!;
    const line = `${' '.repeat(map.indent)}${renderKey(category)}: ${YamlStore.renderLike(value, (before ?? first).value)}`;
    const { at, text } =
      before || first.onDashLine
        ? this.lineInsertion((before ?? map.entries[map.entries.length - 1]!).lastLine, [line])
        : { at: this.lines.starts[first.keyLine]!, text: line + this.eol };
    return { start: at, end: at, text, depth: map.indent, order: rank };
  }

  /** `value` in the quoting style of `sibling` where that style can hold it (plain ones fall back to double quotes). */
  private static renderLike(value: string, sibling: YamlNode): string {
    if (sibling.kind === 'scalar' && sibling.style === 'single') return renderSingle(value) ?? renderDouble(value);
    if (sibling.kind === 'scalar' && sibling.style === 'double') return renderDouble(value);
    return YamlStore.renderNew(value);
  }

  protected buildText(): string {
    const patches: Patch[] = this.removed.map((rec) => this.removalPatch(rec));
    for (const rec of this.recs) {
      if (!rec.owner) continue;
      for (const form of rec.forms) {
        if (form.current === form.original) continue;
        if (form.node) {
          // An empty value ("few:" at the end of the file) is an edit at the very offset where new lines are inserted: it
          // belongs to its own line, so it sorts before them.
          const depth = form.node.start === form.node.end ? Number.MAX_SAFE_INTEGER : 0;
          patches.push({ start: form.node.start, end: form.node.end, text: this.renderEdit(form.node, form.current), depth, order: 0 });
        } else if (form.current !== '' && rec.pluralMap) {
          patches.push(this.categoryInsertion(rec.pluralMap, form.category, form.current));
        }
      }
    }
    for (const insertion of this.insertions.values()) {
      const pad = ' '.repeat(insertion.indent);
      const lines = insertion.seq
        ? insertion.items.map((rec) => `${pad}- ${YamlStore.renderNew(rec.forms[0]!.current)}`)
        : this.renderTree(insertion.tree, insertion.indent);
      if (lines.length === 0) continue;
      const { at, text } = this.lineInsertion(insertion.afterLine, lines);
      patches.push({ start: at, end: at, text, depth: insertion.indent, order: insertion.order });
    }
    // Insertions before replacements at one offset, deeper ones first.
    return spliceText(
      this.text,
      patches,
      (a, b) => a.start - b.start || (a.end === a.start ? 0 : 1) - (b.end === b.start ? 0 : 1) || b.depth - a.depth || a.order - b.order,
    );
  }
}
