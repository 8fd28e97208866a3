// Team names are unique per defining project, and among site-wide teams, in the database itself.
import { sql, type Kysely } from 'kysely';

/*
 * The service's check before an insert cannot see a team created at the same moment: only an index
 * stops two of them. NULL project ids are distinct in a unique index on both engines, so site-wide
 * teams index 0 in their place (ids start at 1).
 *
 * Teams that already share a name are renamed rather than removed: memberships and roles hang on the
 * id, and a rename is undone in a moment while a removal loses who was in the team. The team that keeps
 * the name is the built-in one (built-in teams are looked up by name), else the oldest.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const rows: { id: number; name: string; defining_project_id: number | null; internal: number }[] = await db
    .selectFrom('groups')
    .select(['id', 'name', 'defining_project_id', 'internal'])
    .orderBy('internal', 'desc')
    .orderBy('id')
    .execute();
  const scopeKey = (name: string, project: number | null) => `${project ?? 0}\u0000${name}`;
  const taken = new Set<string>();
  const duplicates: typeof rows = [];
  for (const row of rows) {
    const key = scopeKey(row.name, row.defining_project_id);
    if (taken.has(key)) duplicates.push(row);
    else taken.add(key);
  }
  for (const row of duplicates) {
    let name = `${row.name} (${row.id})`;
    for (let n = 2; taken.has(scopeKey(name, row.defining_project_id)); n++) name = `${row.name} (${row.id}-${n})`;
    taken.add(scopeKey(name, row.defining_project_id));
    await db.updateTable('groups').set({ name }).where('id', '=', row.id).execute();
  }
  await sql`CREATE UNIQUE INDEX groups_name_scope ON groups (name, (COALESCE(defining_project_id, 0)))`.execute(db);
}
