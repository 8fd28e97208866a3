// Reports: credits and contributor statistics of a period, for the site, a project, a category or a component,
// generated on request, stored, and downloaded as JSON, HTML or reStructuredText.
import crypto from 'node:crypto';
import { msgid } from '../../shared/msgid.js';
import type { Db, Executor } from '../../db/database.js';
import type { CategoryRow, ComponentRow, ProjectRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { CONTENT_ACTIONS } from '../../domain/change-actions.js';
import { categoryTreeOfProject, componentIdsInCategories, contributionRows, creditRows, type ContributionsWhere } from '../../db/contributions.repository.js';
import { countReports, insertReport, reportById, reportsPage, type ReportsWhere, type ReportWithNames } from '../../db/reports.repository.js';
import { insertTask, updateTask } from '../../db/tasks.repository.js';
import { nowIso } from '../../shared/clock.js';
import { NotAuthenticatedError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { FieldErrors } from '../common/validation.js';
import type { CategoriesService } from '../catalog/categories.service.js';
import type { ComponentsService } from '../catalog/components.service.js';
import type { ProjectsService } from '../catalog/projects.service.js';
import { buildContributorStats, buildCredits, type Credits, type SortBy, type SortOrder } from './contributions.js';

export const REPORT_KINDS = ['credits', 'contributor_stats', 'cost_estimate', 'translator_work'] as const;
/** The kinds Parla generates; the others are refused on `kind`. */
export const GENERATED_KINDS = ['credits', 'contributor_stats'] as const;
export type ReportKind = (typeof GENERATED_KINDS)[number];

/** The version of the data layout of each kind. */
const REPORT_VERSION = 1;

/** What a report covers: the whole site, a project, a category (with its sub-categories) or a component. */
export type ReportScope =
  | { kind: 'site' }
  | { kind: 'project'; project: ProjectRow }
  | { kind: 'category'; project: ProjectRow; category: CategoryRow }
  | { kind: 'component'; project: ProjectRow; component: ComponentRow };

export const DATETIME_FORMAT_ERROR = 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].';
const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** An ISO 8601 date or date and time as a UTC ISO string (no offset: UTC); undefined when it is none. */
export function parseIsoDateTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = ISO_DATETIME.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '0', zone = 'Z'] = m;
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${frac.padEnd(3, '0').slice(0, 3)}${offset}`);
  if (Number.isNaN(ms)) return undefined;
  const date = new Date(ms);
  // Date.parse rolls 2024-02-30 over to March: such dates do not exist.
  if (zone === 'Z' && (date.getUTCDate() !== Number(d) || date.getUTCMonth() + 1 !== Number(mo))) return undefined;
  return date.toISOString();
}

/** The parameters a report was made with (stored with it and shown by the API). */
export interface ReportParameters {
  language: string;
  own_data: boolean;
  start: string;
  end: string;
  sort_by: SortBy;
  sort_order: SortOrder;
  counting_mode?: 'unique' | 'all';
}

export interface ReportView extends Omit<ReportWithNames, 'parameters' | 'data'> {
  parameters: ReportParameters;
  data: unknown;
}

/** A lookup's 404 as undefined (the body names no object the caller may see); other errors go on. */
function notFound(e: unknown): undefined {
  if (e instanceof NotFoundError) return undefined;
  throw e;
}

function choice<T extends string>(errors: FieldErrors, body: Record<string, unknown>, attr: string, choices: readonly T[], fallback: T): T {
  const value = body[attr];
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
  errors.add(attr, `"${typeof value === 'string' ? value : JSON.stringify(value)}" is not a valid choice.`, 'invalid_choice');
  return fallback;
}

export class ReportsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly catalog: { projects: ProjectsService; categories: CategoriesService; components: ComponentsService },
  ) {}

  /** Whether the caller reads everybody's contributions in the scope (reports.view), not only its own. */
  private fullAccess(actor: Actor, scope: ReportScope): boolean {
    if (actor.isSuperuser) return true;
    return scope.kind !== 'site' && this.access.can(actor, 'reports.view', scope.project);
  }

  private async where(actor: Actor, scope: ReportScope, p: { start: string; end: string; language: string; ownData: boolean }): Promise<ContributionsWhere> {
    const w: ContributionsWhere = { start: p.start, end: p.end, actions: [...CONTENT_ACTIONS], visible: this.access.visibleProjects(actor), components: this.access.visibleComponents(actor), languageCode: p.language || undefined };
    if (p.ownData) w.authorId = actor.user?.id ?? -1;
    if (scope.kind === 'project') w.projectId = scope.project.id;
    if (scope.kind === 'component') w.componentIds = [scope.component.id];
    if (scope.kind === 'category') {
      // The category and every category below it.
      const tree = await categoryTreeOfProject(this.db, scope.project.id);
      const ids = new Set([scope.category.id]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const c of tree) {
          if (c.category_id === null || !ids.has(c.category_id) || ids.has(c.id)) continue;
          ids.add(c.id);
          grew = true;
        }
      }
      w.projectId = scope.project.id;
      w.componentIds = await componentIdsInCategories(this.db, [...ids]);
    }
    return w;
  }

  /**
   * Credits of a period (GET …/credits/?start=&end=&lang=): signed-in callers only; without reports.view on
   * the project the caller's own contributions only. A missing or malformed start or end is a 400 on it.
   */
  async credits(actor: Actor, scope: ReportScope, query: Record<string, unknown>): Promise<Credits> {
    if (!actor.authenticated) throw new NotAuthenticatedError();
    const start = parseIsoDateTime(query.start);
    if (start === undefined) throw ValidationError.field('start', msgid('Invalid format for `start`'));
    const end = parseIsoDateTime(query.end);
    if (end === undefined) throw ValidationError.field('end', msgid('Invalid format for `end`'));
    const language = typeof query.lang === 'string' ? query.lang : '';
    const w = await this.where(actor, scope, { start, end, language, ownData: !this.fullAccess(actor, scope) });
    return buildCredits(await creditRows(this.db, w), 'count', 'descending');
  }

  /** The scope a site-wide request names in its body (project slug, category id or component path), checked. */
  private async bodyScope(actor: Actor, body: Record<string, unknown>, errors: FieldErrors): Promise<ReportScope | null> {
    const named = ['workspace', 'project', 'category', 'component'].filter((k) => body[k] !== undefined && body[k] !== null && body[k] !== '');
    if (named.includes('workspace')) errors.add('workspace', 'Invalid workspace.');
    let scope: ReportScope | null = null;
    if (named.includes('project')) {
      const project = typeof body.project === 'string' ? await this.catalog.projects.getVisible(actor, body.project).catch(notFound) : undefined;
      if (project) scope = { kind: 'project', project };
      else errors.add('project', 'Invalid project.');
    }
    if (named.includes('category')) {
      const id = typeof body.category === 'number' ? body.category : typeof body.category === 'string' && /^\d+$/.test(body.category) ? Number(body.category) : NaN;
      if (!Number.isSafeInteger(id)) errors.add('category', 'A valid integer is required.');
      else if (id < 1) errors.add('category', 'Ensure this value is greater than or equal to 1.', 'min_value');
      else {
        const found = await this.catalog.categories.getVisible(actor, id).catch(notFound);
        if (found) scope = { kind: 'category', project: found.project, category: found.category };
        else errors.add('category', 'Invalid category.');
      }
    }
    if (named.includes('component')) {
      const parts = typeof body.component === 'string' ? body.component.split('/').filter(Boolean) : [];
      const found = parts.length >= 2 ? await this.catalog.components.getVisible(actor, parts[0]!, parts.slice(1).join('%2F')).catch(notFound) : undefined;
      if (found) scope = { kind: 'component', project: found.project, component: found.component };
      else errors.add('component', 'Invalid component path.');
    }
    if (errors.empty && named.length > 1) throw ValidationError.field(null, 'Choose at most one report scope.');
    return scope;
  }

  /**
   * Generates a report (signed-in callers) and stores it with a finished task that names it; answers both ids.
   * `pathScope` is the scope of a scoped endpoint (a scope in the body is then refused), null on /api/reports/.
   */
  async create(actor: Actor, pathScope: ReportScope | null, raw: unknown): Promise<{ reportId: number; taskId: string }> {
    if (!actor.authenticated) throw new NotAuthenticatedError();
    const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const errors = new FieldErrors();
    let kind: ReportKind | undefined;
    if (body.kind === undefined || body.kind === null || body.kind === '') errors.required('kind');
    else if (typeof body.kind !== 'string' || !(REPORT_KINDS as readonly string[]).includes(body.kind)) errors.add('kind', `"${String(body.kind)}" is not a valid choice.`, 'invalid_choice');
    else if (!(GENERATED_KINDS as readonly string[]).includes(body.kind)) errors.add('kind', 'This report kind is not available.', 'invalid_choice');
    else kind = body.kind as ReportKind;
    const start = body.start === undefined || body.start === null ? undefined : parseIsoDateTime(body.start);
    if (body.start !== undefined && body.start !== null && start === undefined) errors.add('start', DATETIME_FORMAT_ERROR);
    const end = body.end === undefined || body.end === null ? undefined : parseIsoDateTime(body.end);
    if (body.end !== undefined && body.end !== null && end === undefined) errors.add('end', DATETIME_FORMAT_ERROR);
    if (body.language !== undefined && body.language !== null && typeof body.language !== 'string') errors.add('language', 'Not a valid string.');
    const sortBy = choice(errors, body, 'sort_by', ['count', 'date_joined'] as const, 'count');
    const sortOrder = choice(errors, body, 'sort_order', ['descending', 'ascending'] as const, 'descending');
    const countingMode = choice(errors, body, 'counting_mode', ['unique', 'all'] as const, 'unique');
    let scope: ReportScope | null = pathScope;
    if (pathScope) {
      if (['workspace', 'project', 'category', 'component'].some((k) => body[k] !== undefined)) throw ValidationError.field(null, 'Do not specify a scope on a scoped reports endpoint.');
    } else scope = await this.bodyScope(actor, body, errors);
    if (!errors.empty) throw new ValidationError(errors.list);
    if (start === undefined || end === undefined) throw ValidationError.field(null, 'Start and end timestamps are required.');
    if (start >= end) throw ValidationError.field(null, 'The report start must be before its end.');
    const where = scope ?? { kind: 'site' as const };
    const language = typeof body.language === 'string' ? body.language : '';
    const ownData = !this.fullAccess(actor, where);
    const parameters: ReportParameters = { language, own_data: ownData, start, end, sort_by: sortBy, sort_order: sortOrder, ...(kind === 'contributor_stats' ? { counting_mode: countingMode } : {}) };
    const w = await this.where(actor, where, { start, end, language, ownData });
    const data = kind === 'credits' ? buildCredits(await creditRows(this.db, w), sortBy, sortOrder) : buildContributorStats(await contributionRows(this.db, w), countingMode, sortBy, sortOrder);
    const ids = {
      project_id: where.kind === 'site' ? null : where.project.id,
      category_id: where.kind === 'category' ? where.category.id : null,
      component_id: where.kind === 'component' ? where.component.id : null,
    };
    const taskId = crypto.randomUUID();
    const reportId = await this.db.transaction().execute(async (tx: Executor) => {
      const id = await insertReport(tx, { kind: kind!, version: REPORT_VERSION, creator_id: actor.user?.id ?? null, created: nowIso(), ...ids, parameters: JSON.stringify(parameters), data: JSON.stringify(data) });
      // The report is ready at once: its task is recorded as done, naming the report.
      await insertTask(tx, { id: taskId, name: 'generate-report', payload: { kind: kind! }, projectId: ids.project_id, componentId: ids.component_id, userId: actor.user?.id ?? null });
      await updateTask(tx, taskId, { status: 'done', progress: 100, result: JSON.stringify({ report: id }) });
      return id;
    });
    return { reportId, taskId };
  }

  /** Which reports the caller reads: all for superusers; else its own, and every report of projects where it has reports.view. */
  private readable(actor: Actor, scope: ReportScope | null): ReportsWhere {
    if (!actor.authenticated) throw new NotAuthenticatedError();
    const w: ReportsWhere = actor.isSuperuser ? {} : { readerId: actor.user?.id ?? -1, readable: this.access.projectsWith(actor, 'reports.view'), components: this.access.visibleComponents(actor) };
    if (scope?.kind === 'project') w.projectId = scope.project.id;
    if (scope?.kind === 'category') w.categoryId = scope.category.id;
    if (scope?.kind === 'component') w.componentId = scope.component.id;
    return w;
  }

  count(actor: Actor, scope: ReportScope | null): Promise<number> {
    return countReports(this.db, this.readable(actor, scope));
  }

  async page(actor: Actor, scope: ReportScope | null, limit: number, offset: number): Promise<ReportView[]> {
    return (await reportsPage(this.db, this.readable(actor, scope), limit, offset)).map(view);
  }

  /** One report the caller may read; 404 otherwise. */
  async get(actor: Actor, id: string): Promise<ReportView> {
    const where = this.readable(actor, null);
    if (!/^\d{1,15}$/.test(id)) throw new NotFoundError();
    const row = await reportById(this.db, where, Number(id));
    if (!row) throw new NotFoundError();
    return view(row);
  }
}

function view(row: ReportWithNames): ReportView {
  return { ...row, parameters: JSON.parse(row.parameters) as ReportParameters, data: JSON.parse(row.data) as unknown };
}
