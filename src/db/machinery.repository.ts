// Machine translation settings: per project, or site-wide where project_id is null.
import type { Executor } from './database.js';

export interface MachinerySettingsTable {
  id: number;
  /** null: the site-wide setting of the engine. */
  project_id: number | null;
  engine: string;
  /** JSON object, secrets as given. */
  configuration: string;
  created: string;
  updated: string;
}
type MachineryTables = { machinery_settings: MachinerySettingsTable };

/** The table is not in the shared schema: its queries see it through this view of the executor. */
function settings(db: Executor) {
  return db.withTables<MachineryTables>();
}

function scoped(db: Executor, projectId: number | null) {
  const q = settings(db).selectFrom('machinery_settings').selectAll();
  return projectId !== null ? q.where('project_id', '=', projectId) : q.where('project_id', 'is', null);
}

/** The settings of a project (or the site-wide ones for null), by engine id. */
export function machinerySettingsOf(db: Executor, projectId: number | null): Promise<MachinerySettingsTable[]> {
  return scoped(db, projectId).orderBy('engine').execute();
}

/** The setting of one engine in a project (or site-wide for null). */
export function machinerySetting(db: Executor, projectId: number | null, engine: string): Promise<MachinerySettingsTable | undefined> {
  return scoped(db, projectId).where('engine', '=', engine).executeTakeFirst();
}

export async function insertMachinerySetting(db: Executor, setting: Omit<MachinerySettingsTable, 'id'>): Promise<MachinerySettingsTable> {
  const row = await settings(db)
    .insertInto('machinery_settings')
    .values(setting as never)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as MachinerySettingsTable;
}

export async function updateMachinerySetting(db: Executor, id: number, configuration: string, updated: string): Promise<void> {
  await settings(db).updateTable('machinery_settings').set({ configuration, updated }).where('id', '=', id).execute();
}

export async function deleteMachinerySetting(db: Executor, id: number): Promise<void> {
  await settings(db).deleteFrom('machinery_settings').where('id', '=', id).execute();
}

/** An engine's project setting and site-wide setting (either may be missing) for a project, or only the site-wide one for null. */
export function machinerySettingsInEffect(db: Executor, projectId: number | null, engine: string): Promise<Pick<MachinerySettingsTable, 'project_id' | 'configuration'>[]> {
  return settings(db)
    .selectFrom('machinery_settings')
    .select(['project_id', 'configuration'])
    .where('engine', '=', engine)
    .where((eb) => (projectId === null ? eb('project_id', 'is', null) : eb.or([eb('project_id', '=', projectId), eb('project_id', 'is', null)])))
    .execute();
}
