// Component lists: CRUD under the global componentlist.edit, membership, and auto_assign rules.
import type { Db, Executor } from '../../db/database.js';
import { msgid } from '../../shared/msgid.js';
import type { ComponentListRow, ComponentRow } from '../../db/schema.js';
import { duplicateError } from '../../db/unique-violation.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { compileUserRegex, LinearRegExp } from '../../checks/safe-regex.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import { splitComponentPath } from '../../domain/component-paths.js';
import { charField, FieldErrors, pyType } from '../common/validation.js';
import { projectSlugOfRow } from '../../db/projects.repository.js';
import { componentSlugs } from '../../db/components.repository.js';
import {
  addComponentListMembers,
  allComponentListRules,
  componentListIdBySlug,
  countVisibleComponentLists,
  countVisibleMembersOfComponentList,
  deleteComponentList,
  deleteComponentListRules,
  insertComponentList,
  insertComponentListRules,
  membersOfComponentLists,
  removeComponentListMembers,
  rulesOfComponentLists,
  updateComponentList,
  visibleComponentId,
  visibleComponentListBySlug,
  visibleComponentListsPage,
  visibleMemberIdsOfComponentList,
  visibleMembersOfComponentListPage,
} from '../../db/component-lists.repository.js';

export interface AutoAssignRule {
  project_match: string;
  component_match: string;
}

/** A list with what its serializer needs: the visible members (project and component slugs) and its rules. */
export interface ComponentList extends ComponentListRow {
  components: { project: string; component: string }[];
  auto_assign: AutoAssignRule[];
}

export interface ComponentListInput {
  name?: unknown;
  slug?: unknown;
  show_dashboard?: unknown;
  auto_assign?: unknown;
}

const NOT_FOUND = 'No ComponentList matches the given query.';

/**
 * A rule pattern compiled as the reference applies it (Python `re.match`: anchored at the start
 * only, so "^app$" or "app.*" are written by users to bound the end). Refused patterns
 * (invalid, or constructs the linear-time engine cannot run, see safe-regex) never match.
 */
const anchored = new Map<string, RegExp | null>();
function ruleRegex(pattern: string): RegExp | null {
  let re = anchored.get(pattern);
  if (re !== undefined) return re;
  const compiled = compileUserRegex(pattern);
  re = compiled.ok ? new LinearRegExp(`^(?:${compiled.regex.source})`, compiled.regex.flags) : null;
  if (anchored.size > 2000) anchored.clear();
  anchored.set(pattern, re);
  return re;
}

export function ruleMatches(rule: AutoAssignRule, projectSlug: string, componentSlug: string): boolean {
  const p = ruleRegex(rule.project_match);
  const c = ruleRegex(rule.component_match);
  return !!p && !!c && p.test(projectSlug) && c.test(componentSlug);
}

/**
 * Adds a new component to every list one of whose rules matches it; runs in the transaction that
 * creates the component (components.service insertRow).
 */
export async function autoAssignComponent(db: Executor, component: Pick<ComponentRow, 'id' | 'slug' | 'project_id'>): Promise<void> {
  const rules = await allComponentListRules(db);
  if (rules.length === 0) return;
  const project = await projectSlugOfRow(db, component.project_id);
  const lists = [...new Set(rules.filter((r) => ruleMatches(r, project.slug, component.slug)).map((r) => r.componentlist_id))];
  if (lists.length === 0) return;
  await addComponentListMembers(db, lists.map((componentlist_id) => ({ componentlist_id, component_id: component.id })));
}

/** DRF BooleanField: true/false and their usual form spellings. */
function parseBool(errors: FieldErrors, attr: string, value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'boolean') return value;
  const text = String(Array.isArray(value) ? value[value.length - 1] : value).toLowerCase();
  if (['true', '1', 'on', 'yes', 't', 'y'].includes(text)) return true;
  if (['false', '0', 'off', 'no', 'f', 'n', ''].includes(text)) return false;
  errors.add(attr, 'Must be a valid boolean.');
  return undefined;
}

function text(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.length ? String(value[value.length - 1]) : '';
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** auto_assign: a list of {project_match, component_match}; a JSON string is accepted from form bodies. */
function parseRules(errors: FieldErrors, value: unknown): AutoAssignRule[] | undefined {
  if (value === undefined) return undefined;
  let raw: unknown = value;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw) as unknown;
    } catch {
      errors.add('auto_assign', 'Value must be valid JSON.');
      return undefined;
    }
  }
  if (!Array.isArray(raw)) {
    errors.add('auto_assign', `Expected a list of items but got type "${pyType(raw)}".`, 'not_a_list');
    return undefined;
  }
  const out: AutoAssignRule[] = [];
  for (const item of raw) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      errors.add('auto_assign', `Invalid data. Expected a dictionary, but got ${pyType(item)}.`);
      continue;
    }
    const rule: Record<string, string> = {};
    for (const key of ['project_match', 'component_match'] as const) {
      const v = (item as Record<string, unknown>)[key];
      const pattern = v === undefined ? '^$' : typeof v === 'string' ? v : undefined;
      if (pattern === undefined) {
        errors.add('auto_assign', `${key}: Not a valid string.`);
        continue;
      }
      if (pattern.length > 200) {
        errors.add('auto_assign', `${key}: Ensure this field has no more than 200 characters.`, 'max_length');
        continue;
      }
      const compiled = compileUserRegex(pattern);
      if (!compiled.ok) errors.add('auto_assign', `${key}: Compilation failed: ${compiled.error}`);
      rule[key] = pattern;
    }
    out.push({ project_match: rule.project_match ?? '^$', component_match: rule.component_match ?? '^$' });
  }
  return out;
}

export class ComponentListsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
  ) {}

  requireEdit(actor: Actor): void {
    this.access.requireGlobal(actor, 'componentlist.edit');
  }

  /**
   * Lists the actor may see (count, page, get): empty ones and those with a visible component (the
   * reference's queryset), so a list made only of private or restricted components stays hidden from outsiders.
   */
  count(actor: Actor): Promise<number> {
    return countVisibleComponentLists(this.db, this.access.visibleProjects(actor), this.access.visibleComponents(actor));
  }

  async page(actor: Actor, limit: number, offset: number): Promise<ComponentList[]> {
    const rows = await visibleComponentListsPage(this.db, this.access.visibleProjects(actor), this.access.visibleComponents(actor), limit, offset);
    return this.expand(actor, rows);
  }

  /** Members (visible ones only) and rules of a page of lists: two queries. */
  private async expand(actor: Actor, rows: ComponentListRow[], db: Executor = this.db): Promise<ComponentList[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [memberRows, rules] = await Promise.all([membersOfComponentLists(db, ids, this.access.visibleProjects(actor), this.access.visibleComponents(actor)), rulesOfComponentLists(db, ids)]);
    return rows.map((r) => ({
      ...r,
      components: memberRows.filter((m) => m.componentlist_id === r.id).map((m) => ({ project: m.project, component: m.component })),
      auto_assign: rules.filter((x) => x.componentlist_id === r.id).map((x) => ({ project_match: x.project_match, component_match: x.component_match })),
    }));
  }

  async get(actor: Actor, slug: string, db: Executor = this.db): Promise<ComponentList> {
    const row = await visibleComponentListBySlug(this.db, this.access.visibleProjects(actor), this.access.visibleComponents(actor), slug);
    if (!row) throw new NotFoundError(NOT_FOUND);
    return (await this.expand(actor, [row], db))[0]!;
  }

  private async validate(input: ComponentListInput, existing: ComponentListRow | null, partial: boolean) {
    const errors = new FieldErrors();
    // A name is text: a list, null or blanks are refused rather than read as "a", "null" or "".
    const name = charField(errors, 'name', input.name, { required: !partial, max: 100, blank: false });
    const slug = text(input.slug);
    if (!(partial && slug === undefined)) errors.slug('slug', slug, true, 100);
    const showDashboard = parseBool(errors, 'show_dashboard', input.show_dashboard);
    const rules = parseRules(errors, input.auto_assign);
    if (slug && !errors.has('slug') && slug !== existing?.slug) {
      if (await componentListIdBySlug(this.db, slug)) {
        errors.list.push(...duplicateError('component_lists', 'slug').fieldErrors);
      }
    }
    if (!errors.empty) throw new ValidationError(errors.list);
    return { name, slug, showDashboard, rules };
  }

  /** Replaces the list's rules and applies them to every existing component (the reference does so on save). */
  private async saveRules(tx: Executor, listId: number, rules: AutoAssignRule[]): Promise<void> {
    await deleteComponentListRules(tx, listId);
    if (rules.length === 0) return;
    await insertComponentListRules(tx, rules.map((r) => ({ componentlist_id: listId, ...r })));
    const all = await componentSlugs(tx);
    const matched = all.filter((c) => rules.some((r) => ruleMatches(r, c.project, c.slug)));
    for (let i = 0; i < matched.length; i += 400) {
      await addComponentListMembers(tx, matched.slice(i, i + 400).map((c) => ({ componentlist_id: listId, component_id: c.id })));
    }
  }

  async create(actor: Actor, input: ComponentListInput): Promise<ComponentList> {
    this.requireEdit(actor);
    const v = await this.validate(input, null, false);
    return this.db.transaction().execute(async (tx) => {
      const row = await insertComponentList(tx, { name: v.name!, slug: v.slug!, show_dashboard: v.showDashboard === false ? 0 : 1 });
      if (v.rules) await this.saveRules(tx, row.id, v.rules);
      return (await this.expand(actor, [row], tx))[0]!;
    });
  }

  /** PUT (name and slug required) or PATCH (`partial`). */
  async update(actor: Actor, slug: string, input: ComponentListInput, partial: boolean): Promise<ComponentList> {
    const current = await this.get(actor, slug);
    this.requireEdit(actor);
    const v = await this.validate(input, current, partial);
    return this.db.transaction().execute(async (tx) => {
      const set = {
        ...(v.name !== undefined ? { name: v.name } : {}),
        ...(v.slug !== undefined ? { slug: v.slug } : {}),
        ...(v.showDashboard !== undefined ? { show_dashboard: v.showDashboard ? 1 : 0 } : {}),
      };
      const row = Object.keys(set).length
        ? await updateComponentList(tx, current.id, set)
        : current;
      if (v.rules) await this.saveRules(tx, current.id, v.rules);
      return (await this.expand(actor, [{ id: row.id, name: row.name, slug: row.slug, show_dashboard: row.show_dashboard }], tx))[0]!;
    });
  }

  async remove(actor: Actor, slug: string): Promise<void> {
    const current = await this.get(actor, slug);
    this.requireEdit(actor);
    await this.db.transaction().execute((tx) => deleteComponentList(tx, current.id));
  }

  /** How many of the list's components the actor may see, for the components/ sub-list. */
  membersCount(actor: Actor, list: ComponentListRow): Promise<number> {
    return countVisibleMembersOfComponentList(this.db, list.id, this.access.visibleProjects(actor), this.access.visibleComponents(actor));
  }

  /** A page of the list's components the actor may see, in id order. */
  membersPage(actor: Actor, list: ComponentListRow, limit: number, offset: number): Promise<ComponentRow[]> {
    return visibleMembersOfComponentListPage(this.db, list.id, this.access.visibleProjects(actor), this.access.visibleComponents(actor), limit, offset);
  }

  async addComponent(actor: Actor, slug: string, body: Record<string, unknown>): Promise<ComponentList> {
    const list = await this.get(actor, slug);
    this.requireEdit(actor);
    const raw = text(body.component_id);
    if (raw === undefined) throw ValidationError.field('component_id', msgid('This field is required.'), 'required');
    if (!/^\s*-?\d+\s*$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw ValidationError.field('component_id', msgid('A valid integer is required.'), 'invalid');
    const component = await visibleComponentId(this.db, Number(raw), this.access.visibleProjects(actor), this.access.visibleComponents(actor));
    if (!component) throw ValidationError.field('component_id', msgid('Component not found.'), 'does_not_exist');
    await this.db.transaction().execute((tx) => addComponentListMembers(tx, [{ componentlist_id: list.id, component_id: component.id }]));
    return this.get(actor, list.slug);
  }

  /** Removes the list's (visible) components with this slug; none → 404. */
  async removeComponent(actor: Actor, slug: string, componentSlug: string): Promise<void> {
    const list = await this.get(actor, slug);
    this.requireEdit(actor);
    // A categorized member is named by its path (cat%2Fapp); a bare slug names members in any category.
    const path = splitComponentPath(componentSlug);
    const ids = await visibleMemberIdsOfComponentList(this.db, list.id, this.access.visibleProjects(actor), this.access.visibleComponents(actor), path.slug, path.categoryPath);
    if (ids.length === 0) throw new NotFoundError(msgid('No Component matches the given query.'));
    await this.db.transaction().execute((tx) => removeComponentListMembers(tx, list.id, ids));
  }
}
