// Column layout of translation tables (CSV, XLSX): which column holds what, and rows as FormatUnits.
import type { FormatUnit, NewUnit } from '../format.js';

/** translate-toolkit's column names; `key` is the monolingual key column of csv-simple. */
export type Role = 'location' | 'source' | 'target' | 'id' | 'fuzzy' | 'context' | 'translator_comments' | 'developer_comments' | 'key';

/** translate-toolkit's default columns, used positionally when a file has no header row. */
export const DEFAULT_COLUMNS: readonly Role[] = ['location', 'source', 'target', 'id', 'fuzzy', 'context', 'translator_comments', 'developer_comments'];

const ROLE_NAMES: ReadonlyMap<string, Role> = new Map<string, Role>(Object.entries({
  location: 'location',
  source: 'source',
  target: 'target',
  id: 'id',
  fuzzy: 'fuzzy',
  context: 'context',
  translator_comments: 'translator_comments',
  developer_comments: 'developer_comments',
  // translate-toolkit's fieldname_map aliases
  original: 'source',
  untranslated: 'source',
  translated: 'target',
  translation: 'target',
  identified: 'id',
  key: 'id',
  label: 'id',
  'translator comments': 'translator_comments',
  notes: 'translator_comments',
  'developer comments': 'developer_comments',
  state: 'fuzzy',
}) as [string, Role][]);

// Header words accepted by csv-simple (Weblate's simple CSV takes source/target/context/id headers).
const SIMPLE_KEY_NAMES = new Set(['source', 'context', 'id', 'key', 'original', 'msgid', 'name']);
const SIMPLE_VALUE_NAMES = new Set(['target', 'translation', 'value', 'translated', 'msgstr', 'text']);

/** Godot-style language column header: "en", "pt_BR", "zh-Hant", "sr_Latn_RS". */
const LANGUAGE_HEADER = /^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/;

export type TableKind = 'bilingual' | 'simple';

export interface Layout {
  kind: TableKind;
  /** The first row names the columns and is not a unit. */
  header: boolean;
  /** Role of each column; null for columns Parla does not interpret (kept as they are). */
  roles: (Role | null)[];
  /** Column of the translation; may be past the header when a language column must be added. */
  targetColumn: number;
  /** Header cell to write when `targetColumn` does not exist yet (Godot layout, new language). */
  targetHeader?: string;
}

const normalizeLanguage = (code: string): string => code.trim().toLowerCase().replace(/-/g, '_');

/** A column index for `role`, or -1. */
export function columnOf(layout: Layout, role: Role): number {
  if (role === 'target') return layout.targetColumn;
  return layout.roles.indexOf(role);
}

/**
 * Godot's multi-language CSV: the first header cell is empty (or "keys"/"id"), the others are
 * language codes. The key column is the id, the first language the source, and the column of
 * `language` the target (the second language column when the language is not given; a new column
 * when the file lacks the language).
 */
function godotLayout(first: readonly string[], language: string | undefined): Layout | null {
  if (first.length < 2 || !['', 'keys', 'key', 'id'].includes(first[0]!.trim().toLowerCase())) return null;
  if (!first.slice(1).every((cell) => LANGUAGE_HEADER.test(cell.trim()))) return null;
  const roles: (Role | null)[] = first.map(() => null);
  roles[0] = 'id';
  roles[1] = 'source';
  const layout: Layout = { kind: 'bilingual', header: true, roles, targetColumn: first.length > 2 ? 2 : first.length };
  if (language !== undefined && language !== '') {
    const wanted = normalizeLanguage(language);
    const index = first.findIndex((cell, i) => i > 1 && normalizeLanguage(cell) === wanted);
    if (index > 0) layout.targetColumn = index;
    else if (normalizeLanguage(first[1]!) === wanted) layout.targetColumn = 1;
    else {
      layout.targetColumn = first.length;
      layout.targetHeader = language;
    }
  }
  return layout;
}

/**
 * Reads the layout from the first row (translate-toolkit/Weblate rules): a header naming a source
 * column (or its aliases) gives the columns; otherwise a Godot language header; otherwise the file
 * has no header and columns are positional (two columns: source, target).
 */
export function detectLayout(first: readonly string[] | undefined, kind: TableKind, language?: string): Layout {
  const names = (first ?? []).map((cell) => cell.trim().toLowerCase());
  if (kind === 'simple') {
    const isHeader = names.length >= 2 && names.every((n) => SIMPLE_KEY_NAMES.has(n) || SIMPLE_VALUE_NAMES.has(n)) && names.some((n) => SIMPLE_KEY_NAMES.has(n));
    const roles: (Role | null)[] = (first ?? ['', '']).map(() => null);
    let keyColumn = isHeader ? names.findIndex((n) => SIMPLE_KEY_NAMES.has(n)) : 0;
    let valueColumn = isHeader ? names.findIndex((n) => SIMPLE_VALUE_NAMES.has(n)) : 1;
    if (keyColumn < 0) keyColumn = 0;
    if (valueColumn < 0) valueColumn = keyColumn === 0 ? 1 : 0;
    roles[keyColumn] = 'key';
    return { kind, header: isHeader, roles, targetColumn: valueColumn };
  }

  if (names.some((n) => ROLE_NAMES.get(n) === 'source')) {
    const roles: (Role | null)[] = names.map((n) => ROLE_NAMES.get(n) ?? null);
    // A repeated name: translate-toolkit's DictReader keeps the last column of that name.
    const seen = new Set<Role>();
    for (let i = roles.length - 1; i >= 0; i--) {
      const role = roles[i];
      if (role === null || role === undefined) continue;
      if (seen.has(role)) roles[i] = null;
      seen.add(role);
    }
    const target = roles.indexOf('target');
    return { kind, header: true, roles, targetColumn: target >= 0 ? target : roles.length };
  }
  const godot = first ? godotLayout(first, language) : null;
  if (godot) return godot;
  const count = first?.length ?? DEFAULT_COLUMNS.length;
  const roles: (Role | null)[] = count === 2 ? ['source', 'target'] : DEFAULT_COLUMNS.slice(0, Math.max(count, 3)).concat(Array(Math.max(count - DEFAULT_COLUMNS.length, 0)).fill(null));
  return { kind, header: false, roles, targetColumn: roles.indexOf('target') };
}

/** translate-toolkit's truthy fuzzy cells. */
export function isFuzzyCell(value: string): boolean {
  return ['1', 'x', 'true', 'yes', 'fuzzy'].includes(value.trim().toLowerCase());
}

/** The fuzzy cell for `fuzzy`, in the style of the file's existing cell (translate-toolkit writes True/False). */
export function fuzzyCell(fuzzy: boolean, previous: string): string {
  if (isFuzzyCell(previous) === fuzzy) return previous;
  const p = previous.trim();
  if (p === '0' || p === '1') return fuzzy ? '1' : '0';
  if (p === 'true' || p === 'false') return fuzzy ? 'true' : 'false';
  if (p === 'TRUE' || p === 'FALSE') return fuzzy ? 'TRUE' : 'FALSE';
  if (p === '' || p.toLowerCase() === 'x') return fuzzy ? (p === '' ? 'True' : p) : '';
  return fuzzy ? 'True' : 'False';
}

/** The unit a data row stands for. */
export function rowToUnit(cells: readonly string[], layout: Layout): FormatUnit {
  const get = (role: Role): string => {
    const index = columnOf(layout, role);
    return index >= 0 ? (cells[index] ?? '') : '';
  };
  const base = {
    target: [get('target')],
    fuzzy: isFuzzyCell(get('fuzzy')),
    approved: false,
    note: get('developer_comments'),
    comment: get('translator_comments'),
    location: get('location'),
    flags: '',
    previousSource: '',
    obsolete: false,
  };
  if (layout.kind === 'simple') {
    const key = get('key');
    return { key, context: key, source: [key], ...base };
  }
  const id = get('id');
  const context = get('context') || id;
  return { key: id || context, context, source: [get('source')], ...base };
}

/** Cells of a new row for `unit` (as many as the layout's columns, or up to the target column). */
export function unitToRow(unit: NewUnit, layout: Layout): string[] {
  const width = Math.max(layout.roles.length, layout.targetColumn + 1);
  const cells: string[] = Array(width).fill('');
  const set = (role: Role, value: string | undefined): void => {
    const index = columnOf(layout, role);
    if (index >= 0 && value !== undefined) cells[index] = value;
  };
  set('target', unit.target?.[0] ?? '');
  set('location', unit.location);
  set('translator_comments', unit.comment);
  set('developer_comments', unit.note);
  if (columnOf(layout, 'fuzzy') >= 0) set('fuzzy', unit.fuzzy ? 'True' : 'False');
  if (layout.kind === 'simple') {
    set('key', unit.key || unit.context || unit.source[0] || '');
    return cells;
  }
  set('source', unit.source[0] ?? '');
  const key = unit.key ?? '';
  const context = unit.context ?? '';
  if (columnOf(layout, 'context') >= 0) {
    set('context', context || key);
    if (key !== '' && key !== (context || key)) set('id', key);
  } else {
    set('id', key || context);
  }
  return cells;
}
