// Statistics as the exports outside /api/ read them: a component's translations with their last authors, a project's sums per language, recent content changes.
import { sql } from 'kysely';
import type { Executor } from './database.js';
import type { TranslationRow, TranslationsTable } from './schema.js';
import type { ComponentsFilter } from './components.repository.js';

/** A component's translations with their languages and last authors, ordered by language code. */
export function translationStatsOfComponent(
  db: Executor,
  componentId: number,
): Promise<(TranslationRow & { l_code: string; l_name: string; u_username: string | null; u_full_name: string | null })[]> {
  return db
    .selectFrom('translations')
    .innerJoin('languages', 'languages.id', 'translations.language_id')
    .leftJoin('users', 'users.id', 'translations.last_author_id')
    .selectAll('translations')
    .select(['languages.code as l_code', 'languages.name as l_name', 'users.username as u_username', 'users.full_name as u_full_name'])
    .where('translations.component_id', '=', componentId)
    .orderBy('languages.code')
    .execute();
}

/**
 * The sums of these counter columns over a project's translations (of the components the filter lets
 * through), per language, ordered by language code.
 */
export function counterSumsPerLanguage(
  db: Executor,
  projectId: number,
  components: ComponentsFilter,
  columns: readonly (keyof TranslationsTable & string)[],
): Promise<({ code: string; name: string } & Record<string, unknown>)[]> {
  let q = db
    .selectFrom('translations')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .innerJoin('languages', 'languages.id', 'translations.language_id');
  if (components) q = q.where(components);
  return q
    .select(['languages.code', 'languages.name', ...columns.map((c) => sql<number>`coalesce(sum(${sql.ref(`translations.${c}`)}), 0)`.as(c))])
    .where('components.project_id', '=', projectId)
    .groupBy(['languages.code', 'languages.name'])
    .orderBy('languages.code')
    .execute();
}

/**
 * The number of changes with these actions per translation, each translation within its own time range
 * (inclusive), in one grouped query.
 */
export function changeCountsInRanges(db: Executor, actions: readonly number[], ranges: { translationId: number; from: string; to: string }[]): Promise<{ translation_id: number | null; n: number }[]> {
  return db
    .selectFrom('changes')
    .select(['changes.translation_id', sql<number>`count(*)`.as('n')])
    .where('changes.action', 'in', [...actions])
    .where((eb) =>
      eb.or(
        ranges.map((t) =>
          eb.and([
            eb('changes.translation_id', '=', t.translationId),
            eb('changes.timestamp', '>=', t.from),
            eb('changes.timestamp', '<=', t.to),
          ]),
        ),
      ),
    )
    .groupBy('changes.translation_id')
    .execute();
}
