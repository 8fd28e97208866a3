// Fluent (.ftl) files edited entry by entry: each message or term is a chunk of source text re-parsed after its edit.

import { Attribute, FluentParser, Junk, Message, Term, type Entry, type Pattern, type Resource } from '@fluent/syntax';
import { FormatParseError, type FormatUnit, type NewUnit, type ParsedStore, type ParseOptions, type UnitChange, unitAt } from '../format.js';
import { categoriesOf, monoUnit, newUnitKey } from '../json/json-store.js';
import { pluralSelect, readPattern, variantOf, writePattern } from './fluent-pattern.js';

/** Larger files are refused: no translation file comes near. */
export const MAX_FLUENT_BYTES = 16 * 1024 * 1024;
/** Nesting of placeables accepted (the parser recurses into each). */
const MAX_BRACE_DEPTH = 32;
const INDENT = '    ';

const parser = new FluentParser({ withSpans: true });

/** One top-level entry with the text up to the next entry (its blank lines). */
interface Chunk {
  text: string;
  entry: Entry | null;
}

/** A unit: the value or one attribute of a message or term. */
interface UnitRef {
  chunk: Chunk;
  /** null for the entry's value, else the attribute's name. */
  attribute: string | null;
}

type Translatable = Message | Term;

const isTranslatable = (e: Entry | null): e is Translatable => e instanceof Message || e instanceof Term;
const entryKey = (e: Translatable) => (e instanceof Term ? `-${e.id.name}` : e.id.name);

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Placeables nested deeper than the bound are refused before the recursive parser sees them. */
function checkDepth(text: string, filename: string | undefined): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123 && ++depth > MAX_BRACE_DEPTH) throw new FormatParseError('placeables nested too deeply', lineOf(text, i), filename);
    if (c === 125 && depth > 0) depth--;
    if (c === 10 && depth > 0 && text.charCodeAt(i + 1) !== 32 && text.charCodeAt(i + 1) !== 10) depth = 0; // an entry starts at column 0
  }
}

function parseResource(text: string, filename: string | undefined): Resource {
  checkDepth(text, filename);
  const resource = parser.parse(text);
  const junk = resource.body.find((e) => e instanceof Junk);
  if (junk) {
    const note = junk.annotations[0];
    const at = note?.span?.start ?? junk.span!.start;
    throw new FormatParseError(note ? `${note.code}: ${note.message}` : 'invalid Fluent syntax', lineOf(text, at), filename);
  }
  return resource;
}

/** Splits a file into a leading chunk and one chunk per entry. */
function chunksOf(text: string, resource: Resource): Chunk[] {
  const chunks: Chunk[] = [];
  const body = resource.body;
  const first = body[0]?.span?.start ?? text.length;
  if (first > 0) chunks.push({ text: text.slice(0, first), entry: null });
  body.forEach((entry, i) => {
    const end = body[i + 1]?.span?.start ?? text.length;
    chunks.push({ text: text.slice(entry.span!.start, end), entry });
  });
  return chunks;
}

const patternOf = (e: Translatable, attribute: string | null): Pattern | null =>
  attribute === null ? e.value : (e.attributes.find((a: Attribute) => a.id.name === attribute)?.value ?? null);

export class FluentStore implements ParsedStore {
  private chunks: Chunk[];
  private refs: UnitRef[];
  private readonly categories: readonly string[];
  private readonly original: Buffer;
  private readonly bom: string;
  private modified = false;
  private views: FormatUnit[] | null = null;

  constructor(bytes: Uint8Array, options: ParseOptions | undefined) {
    const filename = options?.filename;
    if (bytes.length > MAX_FLUENT_BYTES) throw new FormatParseError(`file larger than ${MAX_FLUENT_BYTES} bytes`, undefined, filename);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new FormatParseError('not valid UTF-8', undefined, filename);
    }
    this.original = Buffer.from(bytes);
    this.bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
    text = text.slice(this.bom.length);
    this.categories = categoriesOf(options);
    this.chunks = chunksOf(text, parseResource(text, filename));
    this.refs = this.collect();
  }

  private collect(): UnitRef[] {
    const refs: UnitRef[] = [];
    for (const chunk of this.chunks) {
      if (!isTranslatable(chunk.entry)) continue;
      if (chunk.entry.value) refs.push({ chunk, attribute: null });
      for (const a of chunk.entry.attributes) refs.push({ chunk, attribute: a.id.name });
    }
    return refs;
  }

  private view(ref: UnitRef): FormatUnit {
    const entry = ref.chunk.entry as Translatable;
    const key = ref.attribute === null ? entryKey(entry) : `${entryKey(entry)}.${ref.attribute}`;
    const unit = monoUnit(key, this.targetOf(ref.chunk, ref.attribute), entry.comment?.content ?? '');
    unit.flags = entry instanceof Term ? 'fluent-type:Term' : 'fluent-type:Message';
    return unit;
  }

  /** The pattern's text, or one text per plural category when it is a plural select. */
  private targetOf(chunk: Chunk, attribute: string | null): string[] {
    const entry = chunk.entry as Translatable;
    const pattern = patternOf(entry, attribute);
    if (!pattern) return [''];
    const base = entry.span!.start;
    const src = (start: number, end: number) => chunk.text.slice(start - base, end - base);
    const select = pluralSelect(pattern);
    if (!select) return [readPattern(src(pattern.span!.start, pattern.span!.end)).text];
    return this.categories.map((c) => {
      const v = variantOf(select, c);
      return v ? readPattern(src(v.value.span!.start, v.value.span!.end)).text : '';
    });
  }

  get units(): readonly FormatUnit[] {
    this.views ??= this.refs.map((r) => this.view(r));
    return this.views;
  }

  readonly header: Readonly<Record<string, string>> = {};
  readonly pluralForms = undefined;

  private ref(index: number): UnitRef {
    return unitAt(this.refs, index);
  }

  /**
   * Fluent has no fuzzy or approved marker: only the target is written. A text that is no valid Fluent
   * pattern (or does not read back as given) is refused with a FormatParseError and the file kept as it was.
   */
  updateUnit(index: number, change: UnitChange): void {
    const ref = this.ref(index);
    if (change.target === undefined) return;
    const current = this.targetOf(ref.chunk, ref.attribute);
    const target = current.length > 1 ? this.categories.map((_, i) => change.target![i] ?? '') : [change.target[0] ?? ''];
    if (target.every((t, i) => t === current[i])) return;
    const entry = ref.chunk.entry as Translatable;
    const pattern = patternOf(entry, ref.attribute)!;
    const base = entry.span!.start;
    const edits: { start: number; end: number; text: string }[] = [];
    const replacePattern = (p: Pattern, text: string, fallbackIndent: string) => {
      const source = readPattern(ref.chunk.text.slice(p.span!.start - base, p.span!.end - base));
      edits.push({ start: p.span!.start - base, end: p.span!.end - base, text: text === source.text ? source.raw : writePattern(text, source, fallbackIndent) });
    };
    const select = current.length > 1 ? pluralSelect(pattern) : null;
    // Continuation lines go one level deeper than the line the pattern starts on.
    if (!select) replacePattern(pattern, target[0]!, this.lineIndent(ref.chunk, pattern.span!.start - base) + INDENT);
    else {
      this.categories.forEach((category, i) => {
        const variant = variantOf(select, category);
        const text = target[i]!;
        if (variant) {
          replacePattern(variant.value, text, this.lineIndent(ref.chunk, variant.span!.start - base) + INDENT);
          return;
        }
        if (text === '') return;
        // A missing variant goes on its own line after the closest earlier one (else before the closest later one).
        const earlier = this.categories.slice(0, i).reverse().map((c) => variantOf(select, c)).find((v) => v);
        const later = this.categories.slice(i + 1).map((c) => variantOf(select, c)).find((v) => v);
        const neighbour = (earlier ?? later)!;
        const start = neighbour.span!.start - base;
        const indent = this.lineIndent(ref.chunk, start) + (neighbour.default ? ' ' : '');
        const line = `${indent}[${category}] ${writePattern(text, { block: false, indent: '' }, indent + INDENT)}`;
        if (earlier) edits.push({ start: earlier.span!.end - base, end: earlier.span!.end - base, text: `\n${line}` });
        else {
          const lineStart = ref.chunk.text.lastIndexOf('\n', start - 1) + 1;
          edits.push({ start: lineStart, end: lineStart, text: `${line}\n` });
        }
      });
    }
    this.rewrite(ref.chunk, edits);
    const after = this.targetOf(ref.chunk, ref.attribute);
    if (after.length !== target.length || after.some((t, i) => t !== target[i])) {
      throw new FormatParseError(`the text of ${this.units[index]!.key} does not read back as written in Fluent syntax`);
    }
    if (this.views) this.views[index] = this.view(ref);
  }

  private lineIndent(chunk: Chunk, at: number): string {
    const lineStart = chunk.text.lastIndexOf('\n', at - 1) + 1;
    return /^[ ]*/.exec(chunk.text.slice(lineStart, at))![0];
  }

  /** Applies edits (offsets in the chunk) and re-parses the chunk; refused when it no longer is the same one entry. */
  private rewrite(chunk: Chunk, edits: { start: number; end: number; text: string }[]): void {
    let text = chunk.text;
    // From the end backwards; of insertions at one offset the last listed goes in first, so they keep their order.
    const order = edits.map((e, i) => ({ e, i })).sort((a, b) => b.e.start - a.e.start || b.i - a.i);
    for (const { e } of order) text = text.slice(0, e.start) + e.text + text.slice(e.end);
    this.replaceChunk(chunk, text);
  }

  private replaceChunk(chunk: Chunk, text: string): void {
    const before = chunk.entry as Translatable;
    let resource: Resource;
    try {
      resource = parseResource(text, undefined);
    } catch (e) {
      throw new FormatParseError(`the text is not valid Fluent syntax (${e instanceof Error ? e.message : String(e)})`);
    }
    const entries = resource.body;
    const entry = entries[0];
    if (entries.length !== 1 || !isTranslatable(entry) || entry.constructor !== before.constructor || entry.id.name !== before.id.name) {
      throw new FormatParseError(`the text would change the entries of ${entryKey(before)} in Fluent syntax`);
    }
    chunk.text = text;
    chunk.entry = entry;
    this.modified = true;
  }

  addUnit(unit: NewUnit): void {
    const key = newUnitKey(unit);
    const term = key.startsWith('-');
    const dot = key.indexOf('.');
    const id = dot < 0 ? key : key.slice(0, dot);
    const attribute = dot < 0 ? null : key.slice(dot + 1);
    const plural = (unit.target?.length ?? 0) > 1 || unit.source.length > 1;
    const value = plural ? this.pluralSource(unit.target ?? []) : writePattern(unit.target?.[0] ?? '', { block: false, indent: '' }, attribute === null ? INDENT : INDENT + INDENT);
    const existing = attribute === null ? undefined : this.chunkById(id);
    if (existing && attribute !== null) {
      const entry = existing.entry as Translatable;
      const end = entry.span!.end - entry.span!.start;
      this.rewrite(existing, [{ start: end, end, text: `\n${INDENT}.${attribute}${value.startsWith('\n') ? ' =' : ' = '}${value}` }]);
    } else {
      const comment = unit.note ? unit.note.split('\n').map((l) => (l === '' ? '#' : `# ${l}`)).join('\n') + '\n' : '';
      const sep = value.startsWith('\n') ? ' =' : ' = ';
      const body = attribute === null ? `${id}${sep}${value}` : `${id} =\n${INDENT}.${attribute}${sep}${value}`;
      const last = this.chunks[this.chunks.length - 1];
      if (last && !last.text.endsWith('\n')) last.text += '\n';
      // A comment right above a message belongs to it: a standalone comment keeps its blank line.
      if (last?.entry && !isTranslatable(last.entry) && !last.text.endsWith('\n\n')) last.text += '\n';
      const text = `${comment}${body}\n`;
      const resource = parseResource(text, undefined);
      if (resource.body.length !== 1 || !isTranslatable(resource.body[0]!) || (term && !(resource.body[0] instanceof Term))) {
        throw new FormatParseError(`"${key}" is no Fluent message or term id`);
      }
      const chunk = { text, entry: resource.body[0]! };
      this.chunks.push(chunk);
      this.byId?.set(id, chunk);
      this.refs.push({ chunk, attribute });
      this.views?.push(this.view(this.refs[this.refs.length - 1]!));
      this.modified = true;
      return;
    }
    // An attribute of an existing message goes after that message's other units, in file order.
    let at = this.refs.length;
    while (at > 0 && this.refs[at - 1]!.chunk !== existing) at--;
    if (at === 0) at = this.refs.length;
    this.refs.splice(at, 0, { chunk: existing, attribute });
    this.views = null;
    this.modified = true;
  }

  /** Message or term chunks by id (`-term` for terms), indexed on first use so that adding many units stays linear. */
  private byId: Map<string, Chunk> | null = null;

  private chunkById(id: string): Chunk | undefined {
    if (!this.byId) {
      this.byId = new Map();
      for (const c of this.chunks) if (isTranslatable(c.entry) && !this.byId.has(entryKey(c.entry))) this.byId.set(entryKey(c.entry), c);
    }
    return this.byId.get(id);
  }

  /** A select on $count with a variant per category, the last one the default. */
  private pluralSource(target: readonly string[]): string {
    const lines = this.categories.map((c, i) => {
      const lead = i === this.categories.length - 1 ? `${INDENT}   *` : `${INDENT}    `;
      return `${lead}[${c}] ${writePattern(target[i] ?? '', { block: false, indent: '' }, INDENT + INDENT + INDENT)}`;
    });
    return `\n${INDENT}{ $count ->\n${lines.join('\n')}\n${INDENT}}`;
  }

  removeUnit(index: number): void {
    const ref = this.ref(index);
    const entry = ref.chunk.entry as Translatable;
    const base = entry.span!.start;
    const others = entry.attributes.length - (ref.attribute === null ? 0 : 1) + (ref.attribute !== null && entry.value ? 1 : 0);
    if (others === 0 || (ref.attribute === null && entry instanceof Term)) {
      this.chunks.splice(this.chunks.indexOf(ref.chunk), 1);
      this.byId = null;
      this.modified = true;
    } else if (ref.attribute === null) {
      // The message keeps its attributes: `key =` followed by them.
      const value = entry.value!;
      const from = ref.chunk.text.lastIndexOf('=', value.span!.start - base) + 1;
      this.rewrite(ref.chunk, [{ start: from, end: value.span!.end - base, text: '' }]);
    } else {
      const attr = entry.attributes.find((a) => a.id.name === ref.attribute)!;
      const lineStart = ref.chunk.text.lastIndexOf('\n', attr.span!.start - base - 1);
      this.rewrite(ref.chunk, [{ start: lineStart, end: attr.span!.end - base, text: '' }]);
    }
    this.refs.splice(index, 1);
    this.views?.splice(index, 1);
  }

  setHeader(_name: string, _value: string): void {}

  serialize(): Buffer {
    if (!this.modified) return Buffer.from(this.original);
    return Buffer.from(this.bom + this.chunks.map((c) => c.text).join(''), 'utf8');
  }
}
