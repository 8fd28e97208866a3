// Reads YAML with the yaml package into a tree of mappings, sequences and scalars with the offsets and lines edits splice.

import { Composer, isAlias, isMap, isPair, isScalar, isSeq, Parser, type Alias, type CST, type Document, type Pair, type ParsedNode, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import { FormatParseError } from '../format.js';
import { lastAtMost } from '../../shared/sorted.js';
import { looksTyped } from './scalars.js';

export type YamlNode = YamlMap | YamlSeq | YamlScalar | YamlOpaque;

export interface YamlMap {
  kind: 'map';
  /** Column of the keys. */
  indent: number;
  entries: YamlEntry[];
  /** Last line (0-based) of the last entry. */
  lastLine: number;
  anchor?: Anchor;
}

export interface YamlEntry {
  key: string;
  keyLine: number;
  /** Offset of the entry's first character (its key, or the anchor, tag or "?" before it). */
  keyStart: number;
  keyColumn: number;
  /** The key shares its line with the "- " of a sequence item (first key of a compact mapping). */
  onDashLine: boolean;
  /** A `<<` merge key: what it merges in belongs to the mapping it comes from. */
  merge: boolean;
  value: YamlNode;
  lastLine: number;
}

export interface YamlSeq {
  kind: 'seq';
  /** Column of the dashes. */
  indent: number;
  items: YamlItem[];
  lastLine: number;
}

export interface YamlItem {
  line: number;
  /** Offset of the "-". */
  dash: number;
  value: YamlNode;
  lastLine: number;
}

/** `null` is an empty value (`key:` with nothing after it, a bare `-`); its span is empty. */
export type ScalarStyle = 'plain' | 'single' | 'double' | 'literal' | 'folded' | 'null';

export interface BlockInfo {
  chomp: '' | '-' | '+';
  /** What followed the indicators on the header line (spaces and a comment). */
  headerRest: string;
  /** Column of the content lines. */
  contentIndent: number;
}

export interface YamlScalar {
  kind: 'scalar';
  style: ScalarStyle;
  value: string;
  /** Span of the scalar's text (quotes, block header and content lines included; anchor, tag and trailing comment excluded). */
  start: number;
  end: number;
  lastLine: number;
  /** A plain scalar that loads as null, a boolean or a number rather than a string. */
  typed: boolean;
  block?: BlockInfo;
  anchor?: Anchor;
}

/** An anchor on a node; `aliased` once an alias refers to it (the node's text is then shared). */
export interface Anchor {
  aliased: boolean;
}

/** Flow collections (`[a, b]`, `{a: b}`) and aliases (`*name`): kept as they are, never units. */
export interface YamlOpaque {
  kind: 'opaque';
  lastLine: number;
}

export interface LineTable {
  /** Offset of each line's first character. */
  starts: number[];
  /** Offset where each line's content ends (before "\r\n" or "\n"). */
  ends: number[];
}

export interface YamlDocument {
  /** Null for an empty document. */
  root: YamlNode | null;
  /** Line (0-based) where the root starts. */
  line: number;
}

export interface YamlFile {
  /** The documents of the stream, in order. */
  documents: YamlDocument[];
  lines: LineTable;
}

/** Deepest nesting of collections read: translation files use a handful of levels, the composer recurses per level. */
export const MAX_NESTING = 500;
/** Largest text read, in UTF-16 code units: far above any translation file, well below what exhausts memory. */
export const MAX_TEXT_LENGTH = 64 * 1024 * 1024;

function buildLines(text: string): LineTable {
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  for (;;) {
    const nl = text.indexOf('\n', at);
    starts.push(at);
    if (nl < 0) {
      ends.push(text.length);
      break;
    }
    ends.push(nl > at && text[nl - 1] === '\r' ? nl - 1 : nl);
    at = nl + 1;
  }
  return { starts, ends };
}

const SCALAR_STYLES: Record<string, ScalarStyle> = {
  PLAIN: 'plain',
  QUOTE_SINGLE: 'single',
  QUOTE_DOUBLE: 'double',
  BLOCK_LITERAL: 'literal',
  BLOCK_FOLDED: 'folded',
};

type Item = CST.CollectionItem;

/** The composer recurses once per nesting level: deeper input must fail before it reaches the composer. */
function nestingDepthAt(tokens: readonly CST.Token[]): number {
  const stack: [CST.Token | null | undefined, number][] = tokens.map((t) => [t, 0]);
  while (stack.length > 0) {
    const [token, depth] = stack.pop()!;
    if (!token) continue;
    if (token.type === 'document') {
      stack.push([token.value, depth]);
    } else if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      if (depth >= MAX_NESTING) return token.offset;
      for (const item of token.items as Item[]) stack.push([item.key, depth + 1], [item.value, depth + 1]);
    }
  }
  return -1;
}

class TreeBuilder {
  /** Anchors defined so far, the latest definition of each name: an alias must name one defined before it. */
  private anchors = new Map<string, Anchor>();

  constructor(
    private readonly text: string,
    private readonly lines: LineTable,
    private readonly filename: string | undefined,
  ) {}

  lineOf(offset: number): number {
    return lastAtMost(this.lines.starts, offset);
  }

  fail(message: string, offset: number): never {
    throw new FormatParseError(message, this.lineOf(Math.max(0, Math.min(offset, this.text.length))) + 1, this.filename);
  }

  document(doc: Document.Parsed): YamlDocument {
    this.anchors = new Map();
    const root = doc.contents as ParsedNode | null;
    if (!root || (isScalar(root) && !root.srcToken)) return { root: null, line: this.lineOf(doc.range[0]) };
    return { root: this.node(root, root.range[0], -1), line: this.lineOf(root.range[0]) };
  }

  /** `emptyAt`: where an empty value would be written; `dashLine`: line of the "-" it follows. */
  private node(node: ParsedNode, emptyAt: number, dashLine: number): YamlNode {
    const anchor = this.define(node);
    if (isAlias(node)) {
      this.refer(node);
      return { kind: 'opaque', lastLine: this.lineOf(node.range[1] - 1) };
    }
    if (isScalar(node)) return { ...this.scalar(node, emptyAt), ...(anchor ? { anchor } : {}) };
    if (node.srcToken?.type === 'flow-collection') {
      this.scanFlow(node as YAMLMap.Parsed | YAMLSeq.Parsed);
      return { kind: 'opaque', lastLine: this.lineOf(node.range[1] - 1) };
    }
    if (isMap(node)) return { ...this.map(node as YAMLMap.Parsed, dashLine), ...(anchor ? { anchor } : {}) };
    return this.seq(node as YAMLSeq.Parsed);
  }

  private define(node: ParsedNode): Anchor | undefined {
    if (!node.anchor) return undefined;
    const anchor = { aliased: false };
    this.anchors.set(node.anchor, anchor);
    return anchor;
  }

  private refer(alias: Alias.Parsed): void {
    const anchor = this.anchors.get(alias.source);
    if (!anchor) this.fail(`alias *${alias.source} names no anchor defined before it`, alias.range[0]);
    anchor.aliased = true;
  }

  /** Anchors and aliases inside a flow collection, which is otherwise kept as it is (nestingDepthAt bounds the recursion). */
  private scanFlow(node: YAMLMap.Parsed | YAMLSeq.Parsed): void {
    for (const item of node.items as unknown[]) {
      for (const child of (isPair(item) ? [item.key, item.value] : [item]) as (ParsedNode | null)[]) {
        if (!child) continue;
        this.define(child);
        if (isAlias(child)) this.refer(child);
        else if (isMap(child) || isSeq(child)) this.scanFlow(child);
      }
    }
  }

  private scalar(node: Scalar.Parsed, emptyAt: number): YamlScalar {
    const token = node.srcToken;
    if (!token) return this.empty(emptyAt);
    const style = SCALAR_STYLES[node.type ?? 'PLAIN'] ?? 'plain';
    const value = String(node.source ?? '');
    const start = node.range[0];
    let end = node.range[1];
    let block: BlockInfo | undefined;
    if (token.type === 'block-scalar') {
      // The token ends after the last line break; the span ends with the content of its last line.
      if (this.text[end - 1] === '\n') end--;
      if (this.text[end - 1] === '\r') end--;
      block = this.blockInfo(token, end);
    }
    return { kind: 'scalar', style, value, start, end, lastLine: this.lineOf(end), typed: style === 'plain' && looksTyped(value), ...(block ? { block } : {}) };
  }

  private empty(at: number): YamlScalar {
    return { kind: 'scalar', style: 'null', value: '', start: at, end: at, lastLine: this.lineOf(at), typed: true };
  }

  private blockInfo(token: CST.BlockScalar, end: number): BlockInfo {
    const header = token.props.find((t) => t.type === 'block-scalar-header') as CST.SourceToken;
    const headerLine = this.lineOf(header.offset);
    const headerRest = this.text.slice(header.offset + header.source.length, this.lines.ends[headerLine]);
    const chomp = (/[-+]/.exec(header.source)?.[0] ?? '') as BlockInfo['chomp'];
    const explicit = /[1-9]/.exec(header.source)?.[0];
    // The token's indent is the column of the collection holding the scalar, which an indentation indicator counts from.
    const base = Math.max(token.indent, 0);
    let contentIndent = explicit ? base + Number(explicit) : -1;
    for (let line = headerLine + 1; contentIndent < 0 && line <= this.lineOf(end) && this.lines.starts[line]! <= end; line++) {
      const content = this.text.slice(this.lines.starts[line], this.lines.ends[line]);
      if (content.trim() !== '') contentIndent = content.length - content.trimStart().length;
    }
    return { chomp, headerRest, contentIndent: contentIndent < 0 ? base + 2 : contentIndent };
  }

  private map(node: YAMLMap.Parsed, dashLine: number): YamlMap {
    const entries: YamlEntry[] = [];
    const seen = new Set<string>();
    for (const pair of node.items as Pair<ParsedNode, ParsedNode | null>[]) {
      const item = pair.srcToken!;
      const key = pair.key;
      const props = item.start.find((t) => t.type === 'anchor' || t.type === 'tag' || t.type === 'explicit-key-ind');
      const keyStart = props?.offset ?? key?.range[0] ?? item.sep?.[0]?.offset ?? node.range[0];
      if (!key || !isScalar(key) || !key.srcToken) this.fail('mapping keys must be texts (no lists, mappings, aliases or empty keys)', keyStart);
      this.define(key);
      const merge = typeof key.value === 'symbol';
      const name = String(key.source);
      // Checked here rather than by the composer, which compares every key with every other one.
      if (!merge && seen.has(name)) this.fail(`duplicate key "${name}"`, keyStart);
      seen.add(name);
      const keyLine = this.lineOf(keyStart);
      const value = pair.value
        ? this.node(pair.value, this.emptyValueAt(item.sep ?? [], key.range[1]), -1)
        : this.empty(key.range[1]);
      entries.push({
        key: name,
        keyLine,
        keyStart,
        keyColumn: this.columnOf(keyStart, keyLine),
        onDashLine: entries.length === 0 && keyLine === dashLine,
        merge,
        value,
        lastLine: Math.max(keyLine, value.lastLine),
      });
    }
    return { kind: 'map', indent: entries[0]?.keyColumn ?? 0, entries, lastLine: entries[entries.length - 1]?.lastLine ?? this.lineOf(node.range[0]) };
  }

  private seq(node: YAMLSeq.Parsed): YamlSeq {
    // Comment-only items of the token have no node: pair the dashes with the items in order.
    const dashes = (node.srcToken as CST.BlockSequence).items.map((item) => item.start.find((t) => t.type === 'seq-item-ind')).filter((t) => t !== undefined);
    const items: YamlItem[] = [];
    node.items.forEach((child, i) => {
      const dash = dashes[i]?.offset ?? (child as ParsedNode).range[0];
      const line = this.lineOf(dash);
      const value = this.node(child as ParsedNode, dash + 1, line);
      items.push({ line, dash, value, lastLine: Math.max(line, value.lastLine) });
    });
    return { kind: 'seq', indent: items.length > 0 ? this.columnOf(items[0]!.dash, items[0]!.line) : 0, items, lastLine: items[items.length - 1]?.lastLine ?? this.lineOf(node.range[0]) };
  }

  private columnOf(offset: number, line: number): number {
    return offset - this.lines.starts[line]!;
  }

  /** Right after the ":" (and any anchor or tag after it): where text for an empty value goes. */
  private emptyValueAt(sep: readonly CST.SourceToken[], fallback: number): number {
    let at = fallback;
    for (const t of sep) if (t.type === 'map-value-ind' || t.type === 'anchor' || t.type === 'tag') at = t.offset + t.source.length;
    return at;
  }
}

/**
 * The first line (0-based) whose block structure could nest deeper than MAX_NESTING, or -1. Every level of block
 * nesting takes at least one column of indentation or a compact "- " or "? " before it, so a line whose content starts
 * within 2 × MAX_NESTING columns cannot be deeper; checking this before parsing keeps the parser's recursion shallow.
 */
function deepLine(text: string, lines: LineTable): number {
  const limit = 2 * MAX_NESTING;
  for (let line = 0; line < lines.starts.length; line++) {
    const start = lines.starts[line]!;
    const end = lines.ends[line]!;
    let at = start;
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === 0x20) at++;
      else if ((c === 0x2d || c === 0x3f) && (at + 1 === end || text[at + 1] === ' ')) at++;
      else break;
    }
    if (at - start > limit) return line;
  }
  return -1;
}

/**
 * The CST of `text`. The parser closes nested collections recursively, so thousands of levels on end exhaust the
 * stack before any depth can be checked: that overflow is the input's fault and reported as such.
 */
function parseTokens(text: string, filename: string | undefined): CST.Token[] {
  try {
    return [...new Parser().parse(text)];
  } catch (e) {
    if (e instanceof RangeError && /call stack/i.test(e.message)) throw new FormatParseError(`nesting deeper than ${MAX_NESTING} levels`, undefined, filename);
    throw e;
  }
}

/** Parses YAML text (without BOM), every document of the stream; throws FormatParseError with the line of the first error. */
export function readYaml(text: string, filename?: string): YamlFile {
  if (text.length > MAX_TEXT_LENGTH) throw new FormatParseError(`the file is larger than ${MAX_TEXT_LENGTH} characters`, undefined, filename);
  const lines = buildLines(text);
  const builder = new TreeBuilder(text, lines, filename);
  const deep = deepLine(text, lines);
  if (deep >= 0) throw new FormatParseError(`nesting deeper than ${MAX_NESTING} levels`, deep + 1, filename);
  const tokens = parseTokens(text, filename);
  const tooDeep = nestingDepthAt(tokens);
  if (tooDeep >= 0) builder.fail(`nesting deeper than ${MAX_NESTING} levels`, tooDeep);
  // Aliases are never expanded (units are the nodes the file spells out), so no alias count can blow up the work.
  const composer = new Composer({ keepSourceTokens: true, merge: true, uniqueKeys: false, prettyErrors: false, strict: true });
  const docs = [...composer.compose(tokens, true, text.length)];
  for (const doc of docs) {
    const error = doc.errors[0];
    if (error) builder.fail(error.message, error.pos[0]);
  }
  return { documents: docs.map((doc) => builder.document(doc)), lines };
}
