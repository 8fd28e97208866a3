// Compiles a search AST into one SQL boolean over `units` joined with translations, components, projects and languages.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from '../database.js';
import { CONTENT_ACTIONS } from '../../domain/change-actions.js';
import { PLURAL_SEPARATOR } from '../../domain/plurals.js';
import type { Node, TermNode, TermValue } from '../../search/ast.js';
import { CHANGE_FIELDS } from '../../search/fields.js';
import { indexableLiteral, requiredLiterals } from '../../search/regex-literals.js';
import { pgTrgmLookup, type TrigramFrequencies } from '../../search/trigram-sample.js';
import { STATE_APPROVED, STATE_READONLY, STATE_TRANSLATED } from '../../domain/unit-states.js';

/*
 * The query this compiles into is used as
 *   SELECT … FROM units
 *   JOIN translations ON … JOIN components ON … JOIN projects ON … JOIN languages ON …
 *   WHERE <compiled>
 * so a compiler may name those five tables. Correlated subqueries use their own aliases: su (the source
 * unit), lu/nu (linked and unlinked units of a source-string search), ch (changes), sg (suggestions),
 * cm (comments), ck (checks), usr (users), ul/lb (unit labels), ssu/ss (screenshots).
 */

export interface CompileContext {
  dialect: DialectName;
  /**
   * Estimated trigram frequencies of an indexed unit column, when a sample is at hand: the index is then
   * asked only for the text's rarest trigrams and the rows it returns are checked exactly (search/trigram-sample.ts).
   */
  trigrams?: (column: FtsColumn) => TrigramFrequencies | null;
  /**
   * True when it is known that every unit links to a source unit (`source_unit_id` set), as imports, new
   * strings and edits leave them; a restored backup may hold translations whose source string is missing.
   */
  everyUnitLinked?: boolean;
}

export type Sql = RawBuilder<SqlBool>;
type Value = RawBuilder<unknown>;

/** Compiles one typed term of a field. */
export type TermCompiler = (value: TermValue, ctx: CompileContext) => Sql;
/** Compiles one typed term of a change field into a condition on the change row `ch`. */
export type ChangeCompiler = (value: TermValue) => Sql;

export const TRUE: Sql = sql<SqlBool>`1 = 1`;
export const FALSE: Sql = sql<SqlBool>`1 = 0`;

const unit = (column: string): Value => sql.ref(`units.${column}`);
/** A column of the unit's source unit (source units link to themselves). */
const ofSource = (column: string, fallback: string | number): Value =>
  sql`coalesce((SELECT ${sql.ref(`su.${column}`)} FROM units su WHERE su.id = units.source_unit_id), ${sql.lit(fallback)})`;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Case-insensitive substring with Unicode case folding (SQLite's LIKE folds ASCII only): the exact check after an index narrowing. */
function contains(ctx: CompileContext, expr: Value, text: string): Sql {
  if (ctx.dialect === 'postgres') return substring(ctx, expr, text);
  // parla_contains(haystack, needle) is registered in db/database.ts.
  return sql<SqlBool>`parla_contains(${expr}, ${text})`;
}

/** Case-insensitive substring; on PostgreSQL `lower(col) LIKE lower(…)` so the pg_trgm indexes on lower(col) apply. */
function substring(ctx: CompileContext, expr: Value, text: string): Sql {
  if (ctx.dialect === 'postgres') return sql<SqlBool>`lower(${expr}) LIKE lower(CAST(${likePattern(text)} AS text)) ESCAPE '\\'`;
  return sql<SqlBool>`${expr} LIKE ${likePattern(text)} ESCAPE '\\'`;
}

/**
 * PostgreSQL's regular expressions have no named groups, which the parser (RE2, Python spelling) accepts;
 * a test for a match does not need the names. Escapes are matched first so "\(?P<" stays literal.
 */
function postgresPattern(pattern: string): string {
  return pattern.replace(/\\[\s\S]|\(\?P?<(?![=!])\w+>/g, (m) => (m[0] === '\\' ? m : '('));
}

/**
 * SQLite: `X REGEXP Y` calls the regexp(Y, X) function registered in db/database.ts. PostgreSQL: wrapped in
 * COALESCE, so that the planner takes its default guess for the test (half of the rows the rest of the
 * condition finds) instead of estimating the pattern against the column's statistics: that estimate was
 * multiplied by the one of the `LIKE` that narrows the same regex and came out at a handful of rows for
 * thousands, and the plan then joined each of them by scanning the languages or translations table (350 ms
 * for a page over a million units, 36 ms with the guess). Pages of such searches are not walked along the
 * primary key (see `hasRegex`), which that larger guess would otherwise invite.
 */
function regex(ctx: CompileContext, expr: Value, pattern: string): Sql {
  return ctx.dialect === 'postgres' ? sql<SqlBool>`coalesce(${expr} ~ ${postgresPattern(pattern)}, false)` : sql<SqlBool>`${expr} REGEXP ${pattern}`;
}

/** The FTS5 trigram index (SQLite) answers substrings of 3 characters and more; shorter ones have no trigram. */
export const FTS_COLUMNS = ['source', 'target', 'context'] as const;
export type FtsColumn = (typeof FTS_COLUMNS)[number];

/** How many of the rarest trigrams a narrowing asks the index for, and the estimated share of rows that is narrow enough. */
const RARE_TRIGRAMS = 3;
const NARROW_ENOUGH = 0.0005;
/** A trigram in more rows than this narrows too little to be worth its posting list (unless it is the only one). */
const TOO_COMMON = 0.2;
/**
 * Rare trigrams that still leave more than this share of the rows cost more in exact checks than reading
 * the whole phrase from the index does: the caller's phrase path is then used.
 */
const TOO_WIDE = 0.03;

export function ftsPhrase(text: string, columns: readonly FtsColumn[] = FTS_COLUMNS): string {
  const phrase = `"${text.replace(/"/g, '""')}"`;
  return columns.length === FTS_COLUMNS.length ? phrase : `{${columns.join(' ')}} : ${phrase}`;
}

function ftsUsable(ctx: CompileContext, text: string): boolean {
  return ctx.dialect === 'sqlite' && [...text].length >= 3;
}

/**
 * The index answers for units whose text it holds; units queued in units_fts_stale (changed since the
 * last bulk flush, at most a few thousand: migration 011) are checked directly. Exact either way.
 */
function ftsMatch(ctx: CompileContext, text: string, columns: readonly FtsColumn[]): Sql {
  const indexed = sql<SqlBool>`(units.id IN (SELECT rowid FROM units_fts WHERE units_fts MATCH ${ftsPhrase(text, columns)}) AND units.id NOT IN (SELECT id FROM units_fts_stale))`;
  const queued = sql<SqlBool>`(units.id IN (SELECT id FROM units_fts_stale) AND ${or(columns.map((c) => substring(ctx, unit(c), text)))})`;
  return sql<SqlBool>`(${indexed} OR ${queued})`;
}

/**
 * A superset of the rows whose `column` contains every text in `literals`, read from the index through the
 * rarest trigrams only (reading a trigram as common as "the" costs a pass over the table's posting list);
 * null without a frequency sample or a usable trigram. Callers check the rows exactly afterwards.
 */
function rareTrigramNarrowing(ctx: CompileContext, literals: readonly string[], columns: readonly FtsColumn[], exprs: readonly Value[]): Sql | null {
  const sampled = columns.map((c) => ctx.trigrams?.(c) ?? null);
  if (sampled.some((f) => !f)) return null;
  // The rarest over all columns: a trigram common in one column is common in the union of the lists.
  const rarest = new Map<string, number>();
  for (const freq of sampled as TrigramFrequencies[]) {
    const usable = ctx.dialect === 'postgres' ? pgTrgmLookup(freq, TOO_COMMON) : undefined;
    for (const t of freq.rarest(literals, { max: RARE_TRIGRAMS * 3, usable })) rarest.set(t, Math.max(rarest.get(t) ?? 0, freq.share(t)));
  }
  if (rarest.size === 0) return null;
  const picked: string[] = [];
  let share = 1;
  for (const [t, s] of [...rarest].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))) {
    if (picked.length >= RARE_TRIGRAMS || (picked.length > 0 && (share <= NARROW_ENOUGH || s > TOO_COMMON))) break;
    picked.push(t);
    share *= s;
  }
  if (share > TOO_WIDE) return null;
  if (ctx.dialect === 'postgres') return or(exprs.map((e) => and(picked.map((t) => substring(ctx, e, t)))));
  const query = picked.map((t) => ftsPhrase(t, columns)).join(' AND ');
  // Units queued for the index (migration 011) are all candidates: the exact check decides.
  return sql<SqlBool>`((units.id IN (SELECT rowid FROM units_fts WHERE units_fts MATCH ${query}) AND units.id NOT IN (SELECT id FROM units_fts_stale)) OR units.id IN (SELECT id FROM units_fts_stale))`;
}

const or = (parts: Sql[]): Sql => (parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` OR `)})`);
const and = (parts: Sql[]): Sql => (parts.length === 0 ? TRUE : parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` AND `)})`);

/**
 * PostgreSQL: a regular expression on the source text, matched on the source strings and reaching the
 * translations through their link (migration 041): a unit's source text is its source unit's, as imports copy
 * it and source edits carry it to every translation. Units without a link are matched on their own text
 * (a UNION, unless `everyUnitLinked`). Null where the pattern has no literal to narrow the source strings by.
 */
function sourceStringsRegex(ctx: CompileContext, pattern: string): Sql | null {
  const literal = ctx.dialect === 'postgres' ? indexableLiteral(pattern) : null;
  if (!literal) return null;
  const matching = (alias: string): Sql => {
    const source = sql.ref(`${alias}.source`);
    const literals = requiredLiterals(pattern).filter((l) => [...l].length >= 3);
    const narrowed = rareTrigramNarrowing(ctx, literals, ['source'], [source]) ?? substring(ctx, source, literal);
    return and([narrowed, regex(ctx, source, pattern)]);
  };
  // The same predicate as the partial index's, so that the planner can use it.
  const sourceStrings = sql`SELECT su.id FROM units su WHERE su.source_unit_id = su.id AND ${matching('su')}`;
  if (ctx.everyUnitLinked) return sql<SqlBool>`units.source_unit_id IN (${sourceStrings})`;
  return sql<SqlBool>`units.id IN (SELECT lu.id FROM units lu WHERE lu.source_unit_id IN (${sourceStrings}) UNION ALL SELECT nu.id FROM units nu WHERE nu.source_unit_id IS NULL AND ${matching('nu')})`;
}

/** A text field over one or more expressions (any of them matching); `fts` names the indexed unit column. */
function text(exprs: Value[], fts?: FtsColumn): TermCompiler {
  return (v, ctx) => {
    if (v.kind === 'regex') {
      const viaSourceStrings = fts === 'source' ? sourceStringsRegex(ctx, v.pattern) : null;
      if (viaSourceStrings) return viaSourceStrings;
      const matches = or(exprs.map((e) => regex(ctx, e, v.pattern)));
      // Literals every match contains narrow the rows through the trigram index before the regex runs.
      const literal = fts ? indexableLiteral(v.pattern) : null;
      if (!literal) return matches;
      const rare = rareTrigramNarrowing(ctx, requiredLiterals(v.pattern).filter((l) => [...l].length >= 3), [fts!], exprs.slice(0, 1));
      const narrowed = rare ?? (ctx.dialect === 'sqlite' ? ftsMatch(ctx, literal, [fts!]) : substring(ctx, exprs[0]!, literal));
      return and([narrowed, matches]);
    }
    if (v.kind !== 'text') return FALSE;
    if (v.match === 'exact') return or(exprs.map((e) => sql<SqlBool>`${e} = ${v.text}`));
    if (fts && ftsUsable(ctx, v.text)) return indexedSubstring(ctx, v.text, [fts], [exprs[0]!]);
    return or(exprs.map((e) => substring(ctx, e, v.text)));
  };
}

/** Case-insensitive exact match of a code or slug. */
function code(expr: Value): TermCompiler {
  return (v) => (v.kind === 'text' ? sql<SqlBool>`lower(${expr}) = ${v.text.toLowerCase()}` : FALSE);
}

function number(expr: Value): TermCompiler {
  return (v) => {
    if (v.kind === 'number') return sql<SqlBool>`${expr} ${sql.raw(v.cmp)} ${v.value}`;
    if (v.kind === 'numbers') return v.values.length ? sql<SqlBool>`${expr} IN (${sql.join(v.values)})` : FALSE;
    if (v.kind === 'range') return sql<SqlBool>`${expr} BETWEEN ${v.from} AND ${v.to}`;
    return FALSE;
  };
}

function date(expr: Value): (v: TermValue) => Sql {
  return (v) => {
    if (v.kind !== 'date') return FALSE;
    const parts: Sql[] = [];
    if (v.lower) parts.push(sql<SqlBool>`${expr} ${sql.raw(v.lower.inclusive ? '>=' : '>')} ${v.lower.iso}`);
    if (v.upper) parts.push(sql<SqlBool>`${expr} ${sql.raw(v.upper.inclusive ? '<=' : '<')} ${v.upper.iso}`);
    return and(parts);
  };
}

/** A user named exactly (case-insensitive) in `idExpr`; "" means no user. */
function user(idExpr: Value, v: TermValue): Sql {
  if (v.kind !== 'text') return FALSE;
  if (v.text === '') return sql<SqlBool>`${idExpr} IS NULL`;
  return sql<SqlBool>`${idExpr} IN (SELECT usr.id FROM users usr WHERE lower(usr.username) = ${v.text.toLowerCase()})`;
}

/** Labels and screenshots belong to the source string, which every translation of it shares (source units link to themselves). */
const ofSourceString = sql`coalesce(units.source_unit_id, units.id)`;
/** A label of the unit's source string (`label:`, `has:label`). */
const labelExists = (condition: Sql): Sql =>
  sql<SqlBool>`EXISTS (SELECT 1 FROM unit_labels ul INNER JOIN labels lb ON lb.id = ul.label_id WHERE ul.unit_id = ${ofSourceString} AND ${condition})`;
const labelsCount: Value = sql`(SELECT count(*) FROM unit_labels ul WHERE ul.unit_id = ${ofSourceString})`;
/** A screenshot showing the unit's source string (screenshot:, has:screenshot). */
const screenshotExists = (condition: Sql): Sql =>
  sql<SqlBool>`EXISTS (SELECT 1 FROM screenshot_units ssu INNER JOIN screenshots ss ON ss.id = ssu.screenshot_id WHERE ssu.unit_id = ${ofSourceString} AND ${condition})`;

/** A stored check of the unit; active = not dismissed (`check:`, `dismissed_check:`, `has:check`). */
const checkExists = (dismissed: boolean, condition: Sql = TRUE): Sql =>
  sql<SqlBool>`EXISTS (SELECT 1 FROM checks ck WHERE ck.unit_id = units.id AND ck.dismissed = ${sql.lit(dismissed ? 1 : 0)} AND ${condition})`;
/** check:<id> is a substring of the id (case-insensitive), check:=<id> the exact id; dashes and underscores are one. */
const checkName =
  (dismissed: boolean): TermCompiler =>
  (v, ctx) => {
    if (v.kind === 'regex') return checkExists(dismissed, regex(ctx, sql.ref('ck.name'), v.pattern));
    if (v.kind !== 'text') return FALSE;
    const spellings = [...new Set([v.text.toLowerCase(), v.text.toLowerCase().replace(/-/g, '_'), v.text.toLowerCase().replace(/_/g, '-')])];
    if (v.match === 'exact') return checkExists(dismissed, or(spellings.map((t) => sql<SqlBool>`ck.name = ${t}`)));
    return checkExists(dismissed, or(spellings.map((t) => sql<SqlBool>`lower(ck.name) LIKE ${likePattern(t)} ESCAPE '\\'`)));
  };
const suggestionExists = (condition: Sql): Sql => sql<SqlBool>`EXISTS (SELECT 1 FROM suggestions sg WHERE sg.unit_id = units.id AND ${condition})`;
/** A comment on the unit itself (`source` false) or on its source string (source units link to themselves). */
const commentExists = (source: boolean, condition: Sql): Sql =>
  source
    ? sql<SqlBool>`EXISTS (SELECT 1 FROM comments cm WHERE cm.unit_id = coalesce(units.source_unit_id, units.id) AND ${condition})`
    : sql<SqlBool>`EXISTS (SELECT 1 FROM comments cm WHERE cm.unit_id = units.id AND ${condition})`;
const unresolved = sql<SqlBool>`cm.resolved = 0`;
const resolved = sql<SqlBool>`cm.resolved <> 0`;
const contentActions = sql<SqlBool>`ch.action IN (${sql.raw([...CONTENT_ACTIONS].join(', '))})`;

/** has:<name> (canonical names of fields.ts HAS_VALUES). */
export const HAS_COMPILERS: Record<string, (ctx: CompileContext) => Sql> = {
  plural: () => sql<SqlBool>`${unit('source')} LIKE ${`%${PLURAL_SEPARATOR}%`}`,
  suggestion: () => suggestionExists(TRUE),
  explanation: () => sql<SqlBool>`${ofSource('explanation', '')} <> ''`,
  location: () => sql<SqlBool>`${unit('location')} <> ''`,
  note: () => sql<SqlBool>`${unit('note')} <> ''`,
  context: () => sql<SqlBool>`${unit('context')} <> ''`,
  flags: () => sql<SqlBool>`${unit('extra_flags')} <> ''`,
  translation: () => sql<SqlBool>`${unit('state')} >= ${sql.lit(STATE_TRANSLATED)}`,
  comment: () => commentExists(false, unresolved),
  'resolved-comment': () => commentExists(false, resolved),
  'source-comment': () => commentExists(true, unresolved),
  'resolved-source-comment': () => commentExists(true, resolved),
  check: () => checkExists(false),
  'dismissed-check': () => checkExists(true),
  variant: () => FALSE,
  label: () => labelExists(TRUE),
  screenshot: () => screenshotExists(TRUE),
  glossary: () => FALSE,
};

/** is:<name> (canonical names of fields.ts IS_VALUES). */
export const IS_COMPILERS: Record<string, (ctx: CompileContext) => Sql> = {
  readonly: () => sql<SqlBool>`${unit('state')} = ${sql.lit(STATE_READONLY)}`,
  approved: () => sql<SqlBool>`${unit('state')} = ${sql.lit(STATE_APPROVED)}`,
  fuzzy: () => sql<SqlBool>`${unit('state')} IN (10, 11, 12)`,
  translated: () => sql<SqlBool>`${unit('state')} >= ${sql.lit(STATE_TRANSLATED)}`,
  untranslated: () => sql<SqlBool>`${unit('state')} < ${sql.lit(STATE_TRANSLATED)}`,
  pending: () => sql<SqlBool>`${unit('pending')} <> 0`,
  'automatically-translated': () => sql<SqlBool>`${unit('automatically_translated')} <> 0`,
};

/** A component's category slugs and slug joined by "/" (category_path stores them followed by "%2F", migration 017). */
const componentFullPath: Value = sql`(replace(components.category_path, ${sql.lit('%2F')}, ${sql.lit('/')}) || components.slug)`;
/** Components in the category at `prefix` ("a/b/", lower-cased compare) or below it. */
const categoryPrefix = (prefix: string): Sql =>
  sql<SqlBool>`substr(lower(replace(components.category_path, ${sql.lit('%2F')}, ${sql.lit('/')})), 1, ${sql.lit([...prefix].length)}) = ${prefix.toLowerCase()}`;

/** Fields that compile on their own (every non-change field of fields.ts FIELDS). */
export const FIELD_COMPILERS: Record<string, TermCompiler> = {
  source: text([unit('source')], 'source'),
  target: text([unit('target')], 'target'),
  context: text([unit('context')], 'context'),
  note: text([unit('note')]),
  location: text([unit('location')]),
  explanation: text([ofSource('explanation', '')]),
  // A categorized component is also named by its full path, written `cat/app`.
  component: (v, ctx) => {
    const w = v.kind === 'text' ? { ...v, text: v.text.replace(/%2f/gi, '/') } : v;
    const exprs = [sql.ref('components.slug'), sql.ref('components.name'), componentFullPath];
    return w.kind === 'text' && w.match === 'exact' ? or(exprs.map((e) => code(e)(w, ctx))) : text(exprs)(w, ctx);
  },
  project: code(sql.ref('projects.slug')),
  language: code(sql.ref('languages.code')),
  suggestion: (v, ctx) => suggestionExists(text([sql.ref('sg.target')])(v, ctx)),
  suggestion_author: (v) => suggestionExists(user(sql.ref('sg.user_id'), v)),
  check: checkName(false),
  dismissed_check: checkName(true),
  comment: (v, ctx) => commentExists(false, sql<SqlBool>`${unresolved} AND ${text([sql.ref('cm.comment')])(v, ctx)}`),
  resolved_comment: (v, ctx) => commentExists(false, sql<SqlBool>`${resolved} AND ${text([sql.ref('cm.comment')])(v, ctx)}`),
  source_comment: (v, ctx) => commentExists(true, sql<SqlBool>`${unresolved} AND ${text([sql.ref('cm.comment')])(v, ctx)}`),
  resolved_source_comment: (v, ctx) => commentExists(true, sql<SqlBool>`${resolved} AND ${text([sql.ref('cm.comment')])(v, ctx)}`),
  comment_author: (v) => commentExists(false, user(sql.ref('cm.user_id'), v)),
  source_comment_author: (v) => commentExists(true, user(sql.ref('cm.user_id'), v)),
  label: (v, ctx) => labelExists(text([sql.ref('lb.name')])(v, ctx)),
  screenshot: (v, ctx) => screenshotExists(text([sql.ref('ss.name')])(v, ctx)),
  labels_count: number(labelsCount),
  priority: number(unit('priority')),
  position: number(unit('position')),
  id: number(unit('id')),
  state: number(unit('state')),
  source_state: number(ofSource('state', -1)),
  pending: (v) => (v.kind === 'bool' && v.value ? sql<SqlBool>`${unit('pending')} <> 0` : sql<SqlBool>`${unit('pending')} = 0`),
  added: date(unit('timestamp')),
  last_changed: date(unit('last_updated')),
  source_changed: date(ofSource('last_updated', '')),
  // project[/category…][/component][/language] or project/-/language: the segments after the project are
  // read every way the tree allows (category depth ≤ 3), as the path names one object when it resolves.
  path: (v, ctx) => {
    if (v.kind !== 'path' || v.segments.length === 0 || v.segments.length > 6) return FALSE;
    const exact = (expr: Value, t: string) => code(expr)({ kind: 'text', match: 'exact', text: t }, ctx);
    const [p, ...rest] = v.segments.map((s) => s.replace(/%2f/gi, '/')).flatMap((s) => s.split('/')).filter((s) => s !== '');
    const project = exact(sql.ref('projects.slug'), p!);
    if (rest.length === 0) return project;
    if (rest[0] === '-') return rest.length === 2 ? and([project, exact(sql.ref('languages.code'), rest[1]!)]) : FALSE;
    const readings: Sql[] = [];
    for (const withLanguage of [false, true]) {
      const objectPath = withLanguage ? rest.slice(0, -1) : rest;
      if (objectPath.length === 0 || objectPath.length > 4) continue;
      const language = withLanguage ? [exact(sql.ref('languages.code'), rest.at(-1)!)] : [];
      // The object is a component (full path) or a category (its components and those of its sub-categories).
      readings.push(and([exact(componentFullPath, objectPath.join('/')), ...language]));
      if (objectPath.length <= 3) readings.push(and([categoryPrefix(`${objectPath.join('/')}/`), ...language]));
    }
    return readings.length ? and([project, or(readings)]) : FALSE;
  },
  has: (v, ctx) => (v.kind === 'flag' && HAS_COMPILERS[v.name] ? HAS_COMPILERS[v.name]!(ctx) : FALSE),
  is: (v, ctx) => (v.kind === 'flag' && IS_COMPILERS[v.name] ? IS_COMPILERS[v.name]!(ctx) : FALSE),
};

/** Change fields: conditions on one change row `ch` of the unit. */
export const CHANGE_COMPILERS: Record<string, ChangeCompiler> = {
  changed: (v) => and([contentActions, date(sql.ref('ch.timestamp'))(v)]),
  change_time: date(sql.ref('ch.timestamp')),
  changed_by: (v) => and([contentActions, user(sql.ref('ch.author_id'), v)]),
  change_action: (v) => number(sql.ref('ch.action'))(v, { dialect: 'sqlite' }),
};

function changeExists(terms: TermNode[]): Sql {
  const conditions = terms.map((t) => CHANGE_COMPILERS[t.field!]!(t.value));
  return sql<SqlBool>`EXISTS (SELECT 1 FROM changes ch WHERE ch.unit_id = units.id AND ${and(conditions)})`;
}

/**
 * A substring through the SQLite trigram index: a phrase of a few trigrams is read as it is; a longer
 * one through its rarest trigrams, checked exactly row by row.
 */
function indexedSubstring(ctx: CompileContext, text: string, columns: readonly FtsColumn[], exprs: readonly Value[]): Sql {
  const rare = [...text].length > 5 ? rareTrigramNarrowing(ctx, [text], columns, exprs) : null;
  if (!rare) return ftsMatch(ctx, text, columns);
  return and([rare, or(exprs.map((e) => contains(ctx, e, text)))]);
}

function bareWord(v: TermValue, ctx: CompileContext): Sql {
  if (v.kind === 'text' && v.match === 'substring' && ftsUsable(ctx, v.text)) return indexedSubstring(ctx, v.text, FTS_COLUMNS, FTS_COLUMNS.map(unit));
  return or(FTS_COLUMNS.map((c) => text([unit(c)])(v, ctx)));
}

const isChangeTerm = (n: Node): n is TermNode => n.type === 'term' && n.field !== null && CHANGE_FIELDS.has(n.field);

function compileNode(node: Node, ctx: CompileContext): Sql {
  switch (node.type) {
    case 'term': {
      if (node.field === null) return bareWord(node.value, ctx);
      if (CHANGE_FIELDS.has(node.field)) return changeExists([node]);
      const compiler = FIELD_COMPILERS[node.field];
      if (!compiler) throw new Error(`search: no compiler for field ${node.field}`);
      return compiler(node.value, ctx);
    }
    case 'not':
      return sql<SqlBool>`NOT (${compileNode(node.child, ctx)})`;
    case 'or':
      return or(node.children.map((c) => compileNode(c, ctx)));
    case 'and': {
      // Change terms of one AND group describe the same change event.
      const changeTerms = node.children.filter(isChangeTerm);
      const parts = node.children.filter((c) => !isChangeTerm(c)).map((c) => compileNode(c, ctx));
      if (changeTerms.length) parts.push(changeExists(changeTerms));
      return and(parts);
    }
  }
}

/** The WHERE condition of a parsed query; TRUE for the empty query. */
export function compileSearch(node: Node | null, ctx: CompileContext): Sql {
  return node ? compileNode(node, ctx) : TRUE;
}
