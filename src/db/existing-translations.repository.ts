// Translated strings with given source texts, for the "weblate" machine translation engine.
import type { Executor } from './database.js';

/**
 * Translated strings (state translated or approved) of `projectIds` whose source is one of `texts`, from
 * `sourceLang` into `targetLang`, at most `limit` of them. Restricted components never count: the engine
 * answers for nobody in particular.
 */
export async function translatedWithSources(db: Executor, texts: readonly string[], sourceLang: string, targetLang: string, projectIds: readonly number[] | 'shared', requestingProject: number | null, limit = 500) {
  if (texts.length === 0) return [];
  let q = db
    .selectFrom('units')
    .innerJoin('translations', 'translations.id', 'units.translation_id')
    .innerJoin('languages as tl', 'tl.id', 'translations.language_id')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .innerJoin('languages as sl', 'sl.id', 'components.source_language_id')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .select(['units.source', 'units.target', 'projects.slug as project', 'components.slug as component'])
    .where('units.source', 'in', [...texts])
    .where('units.state', 'in', [20, 30])
    .where('translations.is_source', '=', 0)
    .where('components.restricted', '=', 0)
    .where('tl.code', '=', targetLang)
    .where('sl.code', '=', sourceLang);
  if (projectIds === 'shared') {
    // The requesting project's own strings, and those public projects share.
    q = q.where((eb) => eb.or([eb('projects.id', '=', requestingProject ?? -1), eb.and([eb('projects.contribute_shared_tm', '=', 1), eb('projects.access_control', '=', 0)])]));
  } else {
    q = q.where('projects.id', 'in', projectIds.length ? [...projectIds] : [-1]);
  }
  // The requesting project's own translations come first.
  return q
    .orderBy((eb) => eb.case().when('projects.id', '=', requestingProject ?? -1).then(0).else(1).end())
    .orderBy('units.id')
    .limit(limit)
    .execute();
}

/** Whether a project takes suggestions from projects that share their translations. */
export async function projectUsesSharedMemory(db: Executor, projectId: number): Promise<boolean> {
  return (await db.selectFrom('projects').select('use_shared_tm').where('id', '=', projectId).executeTakeFirst())?.use_shared_tm === 1;
}

/**
 * The projects whose translations a project's machine translation lookups use besides its own: none when it
 * does not use shared translations, else the public projects that share theirs.
 */
export async function sharedMemorySources(db: Executor, projectId: number): Promise<{ use: boolean; projectIds: number[] }> {
  const use = await projectUsesSharedMemory(db, projectId);
  if (!use) return { use, projectIds: [] };
  const rows = await db.selectFrom('projects').select('id').where('contribute_shared_tm', '=', 1).where('access_control', '=', 0).where('id', '!=', projectId).execute();
  return { use, projectIds: rows.map((r) => r.id) };
}
