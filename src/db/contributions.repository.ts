// Who changed translations in a period: the content changes behind credits and contributor statistics.
import { sql } from 'kysely';
import type { Executor } from './database.js';
import type { ProjectsFilter } from './projects.repository.js';
import { namesVisibleComponent, type ComponentsFilter } from './components.repository.js';

/** Which changes count: a time range, content actions, an optional scope, language and author. */
export interface ContributionsWhere {
  start: string;
  end: string;
  actions: readonly number[];
  /** Projects the caller may see (null: all). */
  visible: ProjectsFilter;
  /** Components the caller may see (null: all): changes of restricted components it may not see do not count. */
  components?: ComponentsFilter;
  projectId?: number;
  componentIds?: readonly number[];
  languageCode?: string;
  authorId?: number;
}

function contributions(db: Executor, w: ContributionsWhere) {
  let q = db
    .selectFrom('changes')
    .innerJoin('users', 'users.id', 'changes.author_id')
    .innerJoin('projects', 'projects.id', 'changes.project_id')
    .leftJoin('translations', 'translations.id', 'changes.translation_id')
    .innerJoin('languages', (join) => join.on(sql`languages.id`, '=', sql`COALESCE(changes.language_id, translations.language_id)`))
    .where('changes.action', 'in', [...w.actions])
    .where('changes.timestamp', '>=', w.start)
    .where('changes.timestamp', '<=', w.end);
  if (w.visible) q = q.where(w.visible);
  if (w.components) q = q.where(namesVisibleComponent('changes.component_id', w.components));
  if (w.projectId !== undefined) q = q.where('changes.project_id', '=', w.projectId);
  if (w.componentIds !== undefined) q = q.where('changes.component_id', 'in', w.componentIds.length ? [...w.componentIds] : [-1]);
  if (w.languageCode) q = q.where('languages.code', '=', w.languageCode);
  if (w.authorId !== undefined) q = q.where('changes.author_id', '=', w.authorId);
  return q;
}

export interface CreditRow {
  author_id: number;
  username: string;
  full_name: string;
  email: string;
  date_joined: string;
  language_name: string;
  language_code: string;
  change_count: number | string;
}

/** Changes per author and language. */
export function creditRows(db: Executor, w: ContributionsWhere): Promise<CreditRow[]> {
  return contributions(db, w)
    .select([
      'changes.author_id as author_id',
      'users.username as username',
      'users.full_name as full_name',
      'users.email as email',
      'users.date_joined as date_joined',
      'languages.name as language_name',
      'languages.code as language_code',
    ])
    .select((eb) => eb.fn.countAll<number>().as('change_count'))
    .groupBy(['changes.author_id', 'users.username', 'users.full_name', 'users.email', 'users.date_joined', 'languages.name', 'languages.code'])
    .execute() as Promise<CreditRow[]>;
}

export interface ContributionRow {
  author_id: number;
  username: string;
  full_name: string;
  email: string;
  date_joined: string;
  action: number;
  unit_id: number | null;
  target: string;
  old: string;
  source: string | null;
  num_words: number | null;
}

/** Every counted change with its author and its string's source, oldest first. */
export function contributionRows(db: Executor, w: ContributionsWhere): Promise<ContributionRow[]> {
  return contributions(db, w)
    .leftJoin('units', 'units.id', 'changes.unit_id')
    .select([
      'changes.author_id as author_id',
      'users.username as username',
      'users.full_name as full_name',
      'users.email as email',
      'users.date_joined as date_joined',
      'changes.action as action',
      'changes.unit_id as unit_id',
      'changes.target as target',
      'changes.old as old',
      'units.source as source',
      'units.num_words as num_words',
    ])
    .orderBy('changes.id')
    .execute() as Promise<ContributionRow[]>;
}

/** Ids of the components in these categories. */
export async function componentIdsInCategories(db: Executor, categoryIds: readonly number[]): Promise<number[]> {
  if (categoryIds.length === 0) return [];
  return (await db.selectFrom('components').select('id').where('category_id', 'in', [...categoryIds]).execute()).map((r) => r.id);
}

/** The categories of a project with their parents, to find a category's subtree. */
export function categoryTreeOfProject(db: Executor, projectId: number): Promise<{ id: number; category_id: number | null }[]> {
  return db.selectFrom('categories').select(['id', 'category_id']).where('project_id', '=', projectId).execute();
}
