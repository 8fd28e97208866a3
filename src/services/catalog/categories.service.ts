// Categories: nested groups of a project's components, their lookup, settings, removal and the component path segment.
import type { Db, Executor } from '../../db/database.js';
import type { CategoryRow, ProjectRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { nowIso } from '../../shared/clock.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import { Action } from '../../domain/change-actions.js';
import type { ChangesService } from '../activity/changes.service.js';
import type { DataPaths } from '../common/data-paths.js';
import { deleteMemoryOption, FieldErrors, type RemovalOptions } from '../common/validation.js';
import { projectBySlug, projectOfRow, projectsByIds } from '../../db/projects.repository.js';
import {
  categoryById,
  categoryByParentAndSlug,
  categoryIdInPlace,
  childCategories,
  childCategoryIds,
  countVisibleCategories,
  deleteCategory,
  insertCategory,
  updateCategory,
  visibleCategoriesPage,
} from '../../db/categories.repository.js';
import { componentIdInPlace, componentsInCategories, deleteComponent, setCategoryPathOfComponents } from '../../db/components.repository.js';

import { PATH_SEPARATOR } from '../../domain/component-paths.js';
import { categorySettingsColumns, checkCategorySettings, type CategorySettingsInput } from '../settings/category-settings.js';
import { categoryChain } from '../settings/inherited-settings.js';
import { categoriesWithAncestors } from '../../db/setting-levels.repository.js';

/** The reference refuses a fourth level of nesting ("Too deep nesting of categories!"). */
export const CATEGORY_DEPTH = 3;
export interface CategoryInput extends CategorySettingsInput {
  name?: string;
  slug?: string;
  project?: unknown;
  category?: unknown;
}

export interface CategoryWithProject {
  category: CategoryRow;
  project: ProjectRow;
  /** The categories above this one, top first, when they were read (its settings inherit from them). */
  ancestors?: CategoryRow[];
}

/** The last path segment of an API URL under `/api/<collection>/`, or undefined when `value` is no such URL. */
function lookupFromUrl(value: string, collection: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(value, 'http://x').pathname;
  } catch {
    return undefined;
  }
  const m = new RegExp(`/api/${collection}/([^/]+)/?$`).exec(pathname);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
}

/** The category id an API URL (or a bare id) names; undefined when it names none. */
export function categoryIdFromUrl(value: unknown): number | undefined {
  const raw = typeof value === 'number' ? String(value) : typeof value === 'string' ? (/^\d+$/.test(value) ? value : lookupFromUrl(value, 'categories')) : undefined;
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/** The categories from the root down to `id` (inclusive). */
export async function ancestry(db: Executor, id: number): Promise<CategoryRow[]> {
  const out: CategoryRow[] = [];
  let next: number | null = id;
  while (next !== null && out.length <= CATEGORY_DEPTH + 1) {
    const row: CategoryRow | undefined = await categoryById(db, next);
    if (!row) break;
    out.unshift(row);
    next = row.category_id;
  }
  return out;
}

/** The stored `category_path` of components directly in category `id` ('' for none). */
export async function categoryPathOf(db: Executor, id: number | null): Promise<string> {
  if (id === null) return '';
  return (await ancestry(db, id)).map((c) => c.slug + PATH_SEPARATOR).join('');
}

/** `id` and every category below it. */
export async function subtreeIds(db: Executor, id: number): Promise<number[]> {
  const all = [id];
  let level = [id];
  while (level.length > 0) {
    level = await childCategoryIds(db, level);
    all.push(...level);
  }
  return all;
}

/** Levels below `id` (0 for a category without sub-categories). */
async function height(db: Executor, id: number): Promise<number> {
  let h = 0;
  let level = [id];
  for (;;) {
    level = await childCategoryIds(db, level);
    if (level.length === 0) return h;
    h += 1;
  }
}

/** Rewrites the path prefix of every component in the categories `ids` (after a rename or move above them). */
async function refreshComponentPaths(tx: Executor, ids: number[]): Promise<void> {
  for (const id of ids) {
    const categoryPath = await categoryPathOf(tx, id);
    await setCategoryPathOfComponents(tx, id, categoryPath);
  }
}

export class CategoriesService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    private readonly paths: DataPaths,
  ) {}

  /** How many categories of the projects the actor may see there are (optionally of one project). */
  count(actor: Actor, projectId?: number): Promise<number> {
    return countVisibleCategories(this.db, this.access.visibleProjects(actor), projectId);
  }

  /** A page of the categories of the projects the actor may see (optionally of one project), in id order. */
  async page(actor: Actor, limit: number, offset: number, projectId?: number): Promise<CategoryWithProject[]> {
    const rows = await visibleCategoriesPage(this.db, this.access.visibleProjects(actor), projectId, limit, offset);
    const projectIds = [...new Set(rows.map((r) => r.project_id))];
    const projects = new Map((await projectsByIds(this.db, projectIds)).map((p) => [p.id, p]));
    const parents = rows.map((r) => r.category_id).filter((id): id is number => id !== null);
    const above = parents.length ? await categoriesWithAncestors(this.db, parents) : new Map<number, CategoryRow>();
    return rows.map((category) => ({ category, project: projects.get(category.project_id)!, ancestors: categoryChain(above, category.category_id) }));
  }

  /** A category's subtree (its id and its descendants') and its chain of ancestors, for its statistics. */
  async subtreeAndAncestry(id: number): Promise<{ ids: number[]; chain: CategoryRow[] }> {
    const [ids, chain] = await Promise.all([subtreeIds(this.db, id), ancestry(this.db, id)]);
    return { ids, chain };
  }

  async getVisible(actor: Actor, id: string | number): Promise<CategoryWithProject> {
    const n = Number(id);
    if (!Number.isSafeInteger(n) || n <= 0) throw new NotFoundError();
    const category = await categoryById(this.db, n);
    if (!category) throw new NotFoundError();
    const project = await projectOfRow(this.db, category.project_id);
    if (!this.access.canView(actor, project)) throw new NotFoundError();
    return { category, project, ancestors: category.category_id === null ? [] : await ancestry(this.db, category.category_id) };
  }

  /**
   * A category of a visible project by its slug path (top level first, as in its web_url), with the
   * categories above it, its sub-categories and the ids of its whole subtree (for statistics).
   */
  async byPath(actor: Actor, project: ProjectRow, slugs: readonly string[]): Promise<{ trail: CategoryRow[]; children: CategoryRow[]; subtree: number[] }> {
    if (!this.access.canView(actor, project) || slugs.length === 0) throw new NotFoundError();
    const trail: CategoryRow[] = [];
    for (const slug of slugs) {
      const parent = trail.length ? trail[trail.length - 1]!.id : null;
      const row = await categoryByParentAndSlug(this.db, project.id, parent, slug);
      if (!row) throw new NotFoundError();
      trail.push(row);
    }
    const id = trail[trail.length - 1]!.id;
    const children = await childCategories(this.db, id);
    return { trail, children, subtree: await subtreeIds(this.db, id) };
  }

  /** The project a `project` field names (API URL or slug), if the actor may see it. */
  private async projectOf(actor: Actor, value: unknown, errors: FieldErrors): Promise<ProjectRow | undefined> {
    if (value === undefined || value === null || value === '') {
      errors.required('project');
      return undefined;
    }
    const slug = typeof value === 'string' ? (lookupFromUrl(value, 'projects') ?? (/^[-\w]+$/.test(value) ? value : undefined)) : undefined;
    if (slug === undefined) {
      errors.add('project', 'Invalid hyperlink - No URL match.', 'no_match');
      return undefined;
    }
    const project = await projectBySlug(this.db, slug);
    if (!project || !this.access.canView(actor, project)) {
      errors.add('project', 'Invalid hyperlink - Object does not exist.', 'does_not_exist');
      return undefined;
    }
    return project;
  }

  /** The parent a `category` field names: null for none, undefined (with an error) for a bad one. */
  private async parentOf(value: unknown, project: ProjectRow | undefined, errors: FieldErrors): Promise<CategoryRow | null | undefined> {
    if (value === null || value === '') return null;
    const id = categoryIdFromUrl(value);
    if (id === undefined) {
      errors.add('category', 'Invalid hyperlink - No URL match.', 'no_match');
      return undefined;
    }
    const parent = await categoryById(this.db, id);
    if (!parent) {
      errors.add('category', 'Invalid hyperlink - Object does not exist.', 'does_not_exist');
      return undefined;
    }
    if (project && parent.project_id !== project.id) {
      errors.add('category', 'Parent category has to be in the same project.');
      return undefined;
    }
    return parent;
  }

  private async checkUnique(input: CategoryInput, projectId: number, parentId: number | null, existing: CategoryRow | null, errors: FieldErrors): Promise<void> {
    const same = (column: 'name' | 'slug', value: string) => categoryIdInPlace(this.db, projectId, parentId, column, value, existing?.id);
    const slug = input.slug ?? existing?.slug;
    const name = input.name ?? existing?.name;
    if (name !== undefined && !errors.has('name') && (await same('name', name))) errors.add('name', 'Category with this Name already exists.', 'unique');
    if (slug !== undefined && !errors.has('slug') && (await same('slug', slug))) errors.add('slug', 'Category with this URL slug already exists.', 'unique');
    // A component and a category with one slug would share a path segment prefix: refuse, as the reference does.
    if (slug !== undefined && !errors.has('slug')) {
      const categoryPath = await categoryPathOf(this.db, parentId);
      const clash = await componentIdInPlace(this.db, projectId, categoryPath, 'slug', slug);
      if (clash) errors.add('slug', 'Component with the same URL slug already exists.', 'unique');
    }
  }

  async create(actor: Actor, input: CategoryInput): Promise<CategoryWithProject> {
    const errors = new FieldErrors();
    errors.name('name', input.name, true, 100);
    errors.slug('slug', input.slug, true, 100);
    const project = await this.projectOf(actor, input.project, errors);
    if (project) this.access.require(actor, 'project.edit', project, 'Can not create categories');
    const parent = input.category === undefined ? null : await this.parentOf(input.category, project, errors);
    if (parent && (await ancestry(this.db, parent.id)).length >= CATEGORY_DEPTH) errors.add('category', 'Too deep nesting of categories!');
    if (project && parent !== undefined) await this.checkUnique(input, project.id, parent?.id ?? null, null, errors);
    await checkCategorySettings(this.db, input, errors);
    if (!errors.empty || !project) throw new ValidationError(errors.list);
    const category = await this.db.transaction().execute(async (tx) => {
      const row = await insertCategory(tx, { project_id: project.id, category_id: parent?.id ?? null, name: input.name!, slug: input.slug!, created: nowIso(), ...categorySettingsColumns(input, null) });
      // The reference has no action of its own for a new category: it is a setting of the project.
      await this.changes.record(tx, { action: Action.PROJECT_SETTING_CHANGED, userId: actor.user?.id, projectId: project.id, target: row.name, details: { category: { id: row.id, slug: row.slug, change: 'added' } } });
      return row;
    });
    return { category, project, ancestors: parent ? await ancestry(this.db, parent.id) : [] };
  }

  /** Renames and moves within the project; the components below keep their rows and trees, only their path prefix changes. */
  async update(actor: Actor, current: CategoryWithProject, input: CategoryInput): Promise<CategoryWithProject> {
    const { category, project } = current;
    this.access.require(actor, 'project.edit', project);
    const errors = new FieldErrors();
    errors.name('name', input.name, false, 100);
    errors.slug('slug', input.slug, false, 100);
    if (input.project !== undefined && input.project !== null) {
      const target = await this.projectOf(actor, input.project, errors);
      if (target && target.id !== project.id) errors.add('project', 'Categories can not be moved to another project.');
    }
    let parentId = category.category_id;
    if (input.category !== undefined) {
      const parent = await this.parentOf(input.category, project, errors);
      if (parent !== undefined) {
        parentId = parent?.id ?? null;
        if (parent) {
          const chain = await ancestry(this.db, parent.id);
          if (chain.some((c) => c.id === category.id)) errors.add('category', 'A category can not be moved into itself.');
          else if (chain.length + 1 + (await height(this.db, category.id)) > CATEGORY_DEPTH) errors.add('category', 'Too deep nesting of categories!');
        }
      }
    }
    if (!errors.has('category')) await this.checkUnique(input, project.id, parentId, category, errors);
    await checkCategorySettings(this.db, input, errors);
    if (!errors.empty) throw new ValidationError(errors.list);
    const set: Partial<Pick<CategoryRow, 'name' | 'slug' | 'category_id'>> = {};
    if (input.name !== undefined && input.name !== category.name) set.name = input.name;
    if (input.slug !== undefined && input.slug !== category.slug) set.slug = input.slug;
    if (parentId !== category.category_id) set.category_id = parentId;
    const settings = categorySettingsColumns(input, category);
    const changedSettings = Object.keys(settings).filter((k) => settings[k as keyof typeof settings] !== category[k as keyof CategoryRow]);
    if (Object.keys(set).length === 0 && changedSettings.length === 0) return current;
    const row = await this.db.transaction().execute(async (tx) => {
      const updated = await updateCategory(tx, category.id, { ...set, ...settings });
      if (changedSettings.length > 0) {
        await this.changes.record(tx, { action: Action.PROJECT_SETTING_CHANGED, userId: actor.user?.id, projectId: project.id, target: updated.name, details: { category: { id: updated.id, settings: changedSettings } } });
      }
      const base = { userId: actor.user?.id, projectId: project.id, details: { category: { id: updated.id } } };
      if (set.name !== undefined || set.slug !== undefined) {
        await this.changes.record(tx, { ...base, action: Action.CATEGORY_RENAMED, target: updated.slug, old: category.slug });
      }
      if (set.category_id !== undefined) {
        const where = async (id: number | null) => (id === null ? '' : (await ancestry(tx, id)).map((c) => c.slug).join('/'));
        await this.changes.record(tx, { ...base, action: Action.CATEGORY_MOVED, target: await where(updated.category_id), old: await where(category.category_id) });
      }
      if (set.slug !== undefined || set.category_id !== undefined) await refreshComponentPaths(tx, await subtreeIds(tx, category.id));
      return updated;
    });
    return { category: row, project, ancestors: row.category_id === null ? [] : await ancestry(this.db, row.category_id) };
  }

  /** Removes the category, its sub-categories and their components (as the reference), then their trees. */
  /**
   * Removes a category with its components. `options` are the request's query and body: their
   * `delete_memory` must agree when both give it; translation memory entries stay either way.
   */
  async remove(actor: Actor, current: CategoryWithProject, options: RemovalOptions = {}): Promise<void> {
    const { category, project } = current;
    this.access.require(actor, 'project.edit', project);
    deleteMemoryOption(options.query, options.body);
    const removed = await this.db.transaction().execute(async (tx) => {
      const ids = await subtreeIds(tx, category.id);
      const components = await componentsInCategories(tx, ids);
      for (const c of components) {
        await deleteComponent(tx, c.id);
        await this.changes.record(tx, { action: Action.COMPONENT_REMOVED, userId: actor.user?.id, projectId: project.id, target: c.category_path.split(PATH_SEPARATOR).join('/') + c.slug });
      }
      // Sub-categories go with their parent (ON DELETE CASCADE).
      await deleteCategory(tx, category.id);
      await this.changes.record(tx, { action: Action.CATEGORY_REMOVED, userId: actor.user?.id, projectId: project.id, target: category.slug, details: { category: { id: category.id } } });
      return components;
    });
    for (const c of removed) await this.paths.removeComponent({ id: c.id, project_id: project.id });
  }
}
