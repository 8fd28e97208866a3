// Editable JSON document: splices edited values into the source text and writes new entries in the file's style.

import { encodeJsonString } from './json-escape.js';
import { parseJsonSource, type JsonContainer, type JsonEntry, type JsonNode, type JsonSource, type JsonString, type JsonStyle } from './json-source.js';

/** Layout of a container's entries: what precedes the first, the others and the closing bracket. */
interface Layout {
  first: string;
  separator: string;
  close: string;
}

const isWs = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

function markDirty(container: JsonContainer | null): void {
  for (let c = container; c !== null && !c.dirty; c = c.parent) c.dirty = true;
}

export const isObject = (node: JsonNode | undefined): node is JsonContainer => node !== undefined && node.kind === 'object';
export const isString = (node: JsonNode | undefined): node is JsonString => node !== undefined && node.kind === 'string';

export class JsonDocument {
  readonly text: string;
  readonly bom: boolean;
  readonly root: JsonNode;
  readonly style: JsonStyle;
  private readonly original: Uint8Array;
  private modified = false;
  /** First member per key of the objects looked up so far. */
  private readonly memberIndex = new WeakMap<JsonContainer, Map<string, JsonEntry>>();

  constructor(source: JsonSource, original: Uint8Array) {
    this.text = source.text;
    this.bom = source.bom;
    this.root = source.root;
    this.style = source.style;
    this.original = original;
  }

  static parse(bytes: Uint8Array, filename?: string): JsonDocument {
    return new JsonDocument(parseJsonSource(bytes, filename), bytes);
  }

  static fromText(text: string): JsonDocument {
    const bytes = Buffer.from(text, 'utf8');
    return JsonDocument.parse(bytes);
  }

  /** The root object, or null when the file's top level is something else. */
  get rootObject(): JsonContainer | null {
    return isObject(this.root) ? this.root : null;
  }

  // ---- building new nodes ----

  encode(value: string): string {
    return encodeJsonString(value, this.style.escape);
  }

  newString(value: string): JsonString {
    return { kind: 'string', start: -1, end: -1, parent: null, value, original: '', raw: this.encode(value) };
  }

  newContainer(kind: 'object' | 'array', entries: readonly (readonly [string | null, JsonNode])[] = []): JsonContainer {
    const node: JsonContainer = { kind, start: -1, end: -1, parent: null, entries: [], origCount: 0, sepStart: -1, sepEnd: -1, dirty: true };
    for (const [key, value] of entries) node.entries.push(this.newEntry(node, key, value));
    return node;
  }

  /** An object with string members, skipping members whose value is undefined. */
  newStringObject(members: readonly (readonly [string, string | undefined])[]): JsonContainer {
    return this.newContainer(
      'object',
      members.filter((m): m is [string, string] => m[1] !== undefined).map(([k, v]) => [k, this.newString(v)] as const),
    );
  }

  private newEntry(container: JsonContainer, key: string | null, value: JsonNode): JsonEntry {
    const keyNode = key === null ? null : this.newString(key);
    if (keyNode) keyNode.parent = container;
    value.parent = container;
    return { key: keyNode, value, leadStart: -1, origIndex: -1 };
  }

  // ---- editing ----

  /** Sets a string's value; the original value gets back its original spelling. */
  setString(node: JsonString, value: string): void {
    if (node.value === value && (node.start < 0 || node.raw !== null || value === node.original)) return;
    node.value = value;
    node.raw = node.start >= 0 && value === node.original ? null : this.encode(value);
    this.touch(node.parent);
  }

  /**
   * Inserts a member (or an item when `key` is null) after `after`, at the start when `after` is
   * null, or at the end when it is undefined. Returns the new entry.
   */
  insert(container: JsonContainer, key: string | null, value: JsonNode, after?: JsonEntry | null): JsonEntry {
    const entry = this.newEntry(container, key, value);
    let at = container.entries.length;
    if (after === null) at = 0;
    else if (after !== undefined && container.entries.includes(after)) at = container.entries.indexOf(after) + 1;
    container.entries.splice(at, 0, entry);
    const index = this.memberIndex.get(container);
    if (index && key !== null && (!index.has(key) || at === 0)) index.set(key, entry);
    this.touch(container);
    return entry;
  }

  /** Inserts a member (or item) just before `before`. */
  insertBefore(container: JsonContainer, key: string | null, value: JsonNode, before: JsonEntry): JsonEntry {
    const at = container.entries.indexOf(before);
    return this.insert(container, key, value, at > 0 ? container.entries[at - 1] : at === 0 ? null : undefined);
  }

  /** Replaces an entry's value (e.g. a null by a string); the entry is written anew in place. */
  replaceValue(container: JsonContainer, entry: JsonEntry, value: JsonNode): JsonEntry {
    const at = container.entries.indexOf(entry);
    const previous = at > 0 ? container.entries[at - 1] : null;
    this.remove(container, entry);
    return this.insert(container, entry.key?.value ?? null, value, previous);
  }

  remove(container: JsonContainer, entry: JsonEntry): void {
    const at = container.entries.indexOf(entry);
    if (at < 0) return;
    container.entries.splice(at, 1);
    const key = entry.key?.value;
    // A later duplicate may become the first: rebuild the index on the next lookup.
    if (key !== undefined && this.memberIndex.get(container)?.get(key) === entry) this.memberIndex.delete(container);
    this.touch(container);
  }

  /** Removes an entry and then every ancestor object it leaves empty (never the root). */
  removePruning(container: JsonContainer, entry: JsonEntry): void {
    this.remove(container, entry);
    let child = container;
    while (child.entries.length === 0 && child.parent !== null) {
      const parent = child.parent;
      const owner = parent.entries.find((e) => e.value === child);
      if (!owner) break;
      this.remove(parent, owner);
      child = parent;
    }
  }

  /** First member of `container` named `key` (indexed, so that adding many keys stays linear). */
  member(container: JsonContainer, key: string): JsonEntry | undefined {
    let index = this.memberIndex.get(container);
    if (!index && container.entries.length < 16) return container.entries.find((e) => e.key?.value === key);
    if (!index) {
      index = new Map();
      for (const e of container.entries) if (e.key && !index.has(e.key.value)) index.set(e.key.value, e);
      this.memberIndex.set(container, index);
    }
    return index.get(key);
  }

  private touch(container: JsonContainer | null): void {
    this.modified = true;
    markDirty(container);
  }

  // ---- writing ----

  serialize(): Buffer {
    if (!this.modified) return Buffer.from(this.original);
    const out: string[] = [];
    if (this.bom) out.push('\uFEFF');
    out.push(this.text.slice(0, this.root.start));
    this.render(this.root, '', out);
    out.push(this.text.slice(this.root.end));
    return Buffer.from(out.join(''), 'utf8');
  }

  private render(node: JsonNode, indent: string, out: string[]): void {
    if (node.kind === 'string') {
      out.push(node.raw ?? this.text.slice(node.start, node.end));
    } else if (node.kind === 'literal' || !node.dirty) {
      out.push(this.text.slice(node.start, node.end));
    } else {
      this.renderContainer(node, indent, out);
    }
  }

  private layoutOf(node: JsonContainer, indent: string): Layout {
    if (node.start >= 0 && node.origCount > 0) {
      // Parsed containers keep their own spacing (JSON has no comments: only whitespace and commas).
      const text = this.text;
      let firstEnd = node.start + 1;
      while (isWs(text.charCodeAt(firstEnd))) firstEnd++;
      let lastEnd = node.end - 1;
      while (isWs(text.charCodeAt(lastEnd - 1))) lastEnd--;
      const first = text.slice(node.start + 1, firstEnd);
      let separator = node.sepStart >= 0 ? text.slice(node.sepStart, node.sepEnd) : ',' + first;
      if (node.sepStart < 0 && !first.includes('\n')) separator = this.style.inlineSeparator;
      return { first, separator, close: text.slice(lastEnd, node.end - 1) };
    }
    if (!this.style.multiline) return { first: '', separator: this.style.inlineSeparator, close: '' };
    const inner = this.style.eol + indent + this.style.indent;
    return { first: inner, separator: ',' + inner, close: this.style.eol + indent };
  }

  private renderContainer(node: JsonContainer, indent: string, out: string[]): void {
    const [open, close] = node.kind === 'object' ? ['{', '}'] : ['[', ']'];
    if (node.entries.length === 0) {
      out.push(open, close);
      return;
    }
    const layout = this.layoutOf(node, indent);
    out.push(open);
    node.entries.forEach((entry, j) => {
      let lead: string;
      if (j === 0) lead = layout.first;
      else if (entry.origIndex > 0) lead = this.text.slice(entry.leadStart, entry.key?.start ?? entry.value.start);
      else lead = layout.separator;
      out.push(lead);
      const nl = lead.lastIndexOf('\n');
      const entryIndent = nl >= 0 ? lead.slice(nl + 1) : indent;
      if (entry.key) {
        this.render(entry.key, entryIndent, out);
        out.push(entry.origIndex >= 0 ? this.text.slice(entry.key.end, entry.value.start) : this.style.colon);
      }
      this.render(entry.value, entryIndent, out);
    });
    out.push(layout.close, close);
  }
}
