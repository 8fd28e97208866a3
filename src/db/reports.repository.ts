// Stored reports: their rows, and the lists a caller may read.
import type { Insertable } from 'kysely';
import type { Executor } from './database.js';
import type { ProjectsFilter } from './projects.repository.js';
import { namesVisibleComponent, type ComponentsFilter } from './components.repository.js';
import type { ReportRow, ReportsTable } from './schema.js';

export type ReportWithNames = ReportRow & { creator: string | null; project_name: string | null; category_name: string | null; component_name: string | null };

/** Which reports a list shows. */
export interface ReportsWhere {
  /** undefined: every report; otherwise those created by this user, or (when set) in the projects the filter selects. */
  readerId?: number;
  /** Projects where the reader may read every report (its reports.view); undefined: none beyond its own. */
  readable?: ProjectsFilter;
  /** Components the reader may see: reports of a restricted component it may not see are left out. */
  components?: ComponentsFilter;
  /** One scope: exactly the reports of this project (no category, no component), category or component. */
  projectId?: number;
  categoryId?: number;
  componentId?: number;
}

function reports(db: Executor, w: ReportsWhere) {
  let q = db
    .selectFrom('reports')
    .leftJoin('users', 'users.id', 'reports.creator_id')
    .leftJoin('projects', 'projects.id', 'reports.project_id')
    .leftJoin('categories', 'categories.id', 'reports.category_id')
    .leftJoin('components', 'components.id', 'reports.component_id');
  if (w.readerId !== undefined) {
    const readerId = w.readerId;
    const readable = w.readable;
    q = q.where((eb) => {
      const own = eb('reports.creator_id', '=', readerId);
      if (readable === undefined) return own;
      const inReadable = eb('reports.project_id', 'in', (sub) => {
        const projects = sub.selectFrom('projects').select('projects.id');
        return readable ? projects.where(readable) : projects;
      });
      return eb.or([own, inReadable]);
    });
  }
  if (w.components) q = q.where(namesVisibleComponent('reports.component_id', w.components));
  if (w.projectId !== undefined) q = q.where('reports.project_id', '=', w.projectId).where('reports.category_id', 'is', null).where('reports.component_id', 'is', null);
  if (w.categoryId !== undefined) q = q.where('reports.category_id', '=', w.categoryId);
  if (w.componentId !== undefined) q = q.where('reports.component_id', '=', w.componentId);
  return q;
}

export async function countReports(db: Executor, w: ReportsWhere): Promise<number> {
  const row = await reports(db, w).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

const NAMES = ['users.username as creator', 'projects.name as project_name', 'categories.name as category_name', 'components.name as component_name'] as const;

/** A page of reports, newest first. */
export function reportsPage(db: Executor, w: ReportsWhere, limit: number, offset: number): Promise<ReportWithNames[]> {
  return reports(db, w).selectAll('reports').select([...NAMES]).orderBy('reports.id', 'desc').limit(limit).offset(offset).execute();
}

export function reportById(db: Executor, w: ReportsWhere, id: number): Promise<ReportWithNames | undefined> {
  return reports(db, w).selectAll('reports').select([...NAMES]).where('reports.id', '=', id).executeTakeFirst();
}

export async function insertReport(db: Executor, values: Insertable<ReportsTable>): Promise<number> {
  return (await db.insertInto('reports').values(values).returning('id').executeTakeFirstOrThrow()).id;
}
