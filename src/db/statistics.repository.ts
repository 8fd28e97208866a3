// Statistics: the per-translation counter columns, their sums over a scope of translations, the repair recount and site metrics.
import { sql } from 'kysely';
import type { Executor } from './database.js';
import type { TranslationRow, TranslationsTable } from './schema.js';
import type { ProjectsFilter } from './projects.repository.js';
import type { ComponentsFilter } from './components.repository.js';

/** The counters kept on every translation row (statistics are sums of them, never scans over units). */
export const COUNTER_COLUMNS = [
  'total', 'total_words', 'total_chars',
  'translated', 'translated_words', 'translated_chars',
  'fuzzy', 'fuzzy_words', 'fuzzy_chars',
  'approved', 'approved_words', 'approved_chars',
  'readonly', 'readonly_words', 'readonly_chars',
  'failing', 'failing_words', 'failing_chars',
  'suggestions', 'comments',
] as const satisfies readonly (keyof TranslationsTable)[];

export type CounterName = (typeof COUNTER_COLUMNS)[number];

/** SUM() of every counter column, for aggregating translations into component/project/language totals. */
export function sumCounterSelections() {
  return COUNTER_COLUMNS.map((c) => sql<number>`coalesce(sum(${sql.ref(`translations.${c}`)}), 0)`.as(c));
}

/** Which translations a statistics read sums (all of them when empty). */
export interface TranslationScope {
  projectId?: number;
  languageId?: number;
  componentId?: number;
  /** Components in any of these categories (a category and its sub-categories). */
  categoryIds?: number[];
}

/**
 * The translations of a scope joined with their component and project, and — with filters — only
 * in projects and components they let through, so that private projects and restricted components
 * never show in numbers others read.
 */
export function translationsIn(db: Executor, scope: TranslationScope, visible: ProjectsFilter, components: ComponentsFilter) {
  let q = db
    .selectFrom('translations')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .innerJoin('projects', 'projects.id', 'components.project_id');
  if (scope.projectId !== undefined) q = q.where('components.project_id', '=', scope.projectId);
  if (scope.componentId !== undefined) q = q.where('translations.component_id', '=', scope.componentId);
  if (scope.categoryIds !== undefined) q = q.where('components.category_id', 'in', scope.categoryIds);
  if (scope.languageId !== undefined) q = q.where('translations.language_id', '=', scope.languageId);
  if (visible) q = q.where(visible);
  if (components) q = q.where(components);
  return q;
}

/** The summed counters of a scope and its latest change (one indexed aggregate; units are never read). */
export async function counterSumsOf(db: Executor, scope: TranslationScope, visible: ProjectsFilter, components: ComponentsFilter): Promise<(Record<CounterName, number> & { last_change: string | null }) | undefined> {
  return translationsIn(db, scope, visible, components).select([...sumCounterSelections(), sql<string | null>`max(translations.last_change)`.as('last_change')]).executeTakeFirst();
}

/** Who made the change at `lastChange` in a scope (the highest translation id when several share it). */
export function lastAuthorIn(db: Executor, scope: TranslationScope, visible: ProjectsFilter, components: ComponentsFilter, lastChange: string): Promise<{ last_author_id: number | null } | undefined> {
  return translationsIn(db, scope, visible, components).select(['translations.last_author_id']).where('translations.last_change', '=', lastChange).orderBy('translations.id', 'desc').executeTakeFirst();
}

/** Changes with these actions between two times, of the translations of a scope (a subquery, no id list: a language may span thousands). */
export async function countChangesIn(db: Executor, scope: TranslationScope, visible: ProjectsFilter, components: ComponentsFilter, actions: Iterable<number>, since: string, until: string): Promise<number> {
  const row = await db
    .selectFrom('changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', 'in', [...actions])
    .where('timestamp', '>=', since)
    .where('timestamp', '<=', until)
    .where('translation_id', 'in', translationsIn(db, scope, visible, components).select('translations.id'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Per-language sums inside one project (its own components the filter lets through), ordered by language code. */
export function counterSumsPerLanguageOfProject(db: Executor, projectId: number, components: ComponentsFilter, limit: number, offset: number) {
  let q = db
    .selectFrom('translations')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .innerJoin('languages', 'languages.id', 'translations.language_id')
    .where('components.project_id', '=', projectId);
  if (components) q = q.where(components);
  return q
    .select(['languages.id as language_id', 'languages.code', 'languages.name', ...sumCounterSelections(), sql<string | null>`max(translations.last_change)`.as('last_change')])
    .groupBy(['languages.id', 'languages.code', 'languages.name'])
    .orderBy('languages.code')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countLanguagesOfProject(db: Executor, projectId: number, components: ComponentsFilter): Promise<number> {
  let q = db
    .selectFrom('translations')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .where('components.project_id', '=', projectId);
  if (components) q = q.where(components);
  const row = await q.select(sql<number>`count(distinct translations.language_id)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A component's translations with their language, as a query to count or page. */
function translationsWithLanguage(db: Executor, componentId: number) {
  return db
    .selectFrom('translations')
    .innerJoin('languages', 'languages.id', 'translations.language_id')
    .where('translations.component_id', '=', componentId);
}

export async function countTranslationsWithLanguage(db: Executor, componentId: number): Promise<number> {
  const row = await translationsWithLanguage(db, componentId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of a component's translations with their language code and name, by language code. */
export function translationsWithLanguagePage(db: Executor, componentId: number, limit: number, offset: number): Promise<(TranslationRow & { l_code: string; l_name: string })[]> {
  return translationsWithLanguage(db, componentId).selectAll('translations').select(['languages.code as l_code', 'languages.name as l_name']).orderBy('languages.code').limit(limit).offset(offset).execute();
}

/** The names a change author is shown by. */
export function authorNames(db: Executor, userId: number): Promise<{ full_name: string; username: string } | undefined> {
  return db.selectFrom('users').select(['full_name', 'username']).where('id', '=', userId).executeTakeFirst();
}

/** Site-wide sums of the counters over every translation, visibility aside. */
export function siteCounterSums(db: Executor): Promise<Record<CounterName, number> | undefined> {
  return translationsIn(db, {}, null, null).select(sumCounterSelections()).executeTakeFirst();
}

export async function countRows(db: Executor, table: 'users' | 'changes' | 'projects' | 'components' | 'translations' | 'suggestions'): Promise<number> {
  return Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
}

/** How many languages have a translation somewhere. */
export async function countTranslatedLanguages(db: Executor): Promise<number> {
  const row = await db.selectFrom('translations').select(sql<number>`count(distinct translations.language_id)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Components whose last merge or rebase failed. */
export async function countComponentsWithMergeFailure(db: Executor): Promise<number> {
  const row = await db.selectFrom('components').select((eb) => eb.fn.countAll<number>().as('n')).where('merge_failure', '<>', '').executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The translations (of one component, or all) in id order, for a recount. */
export function translationsToRecount(db: Executor, componentId?: number): Promise<TranslationRow[]> {
  let q = db.selectFrom('translations').selectAll();
  if (componentId !== undefined) q = q.where('component_id', '=', componentId);
  return q.orderBy('id').execute();
}

/** What each unit of a translation contributes to its counters. */
export function countedUnitsOfTranslation(db: Executor, translationId: number) {
  return db
    .selectFrom('units')
    .select(['state', 'num_words', 'num_chars', 'has_failing_check', 'has_suggestion', 'has_comment'])
    .where('translation_id', '=', translationId)
    .execute();
}

/** Overwrites a translation's counters. */
export async function setTranslationCounters(db: Executor, translationId: number, counters: Record<CounterName, number>): Promise<void> {
  await db.updateTable('translations').set(counters).where('id', '=', translationId).execute();
}

/** A translation's last content change: when, and by whom. */
export type LastChange = Pick<TranslationRow, 'last_change' | 'last_author_id'>;

/**
 * Adds a delta with `col = col + n` (zero columns left out) so concurrent writers never lose an update;
 * with `lastChange` also sets the last change and author, in the same statement (a single unit edit).
 */
export async function addToTranslationCounters(db: Executor, translationId: number, delta: Record<CounterName, number>, lastChange?: LastChange): Promise<void> {
  const changed = COUNTER_COLUMNS.filter((c) => delta[c] !== 0);
  if (changed.length === 0 && !lastChange) return;
  const set: Record<string, unknown> = {};
  for (const c of changed) set[c] = sql`${sql.ref(c)} + ${delta[c]}`;
  if (lastChange) Object.assign(set, lastChange);
  await db.updateTable('translations').set(set).where('id', '=', translationId).execute();
}
