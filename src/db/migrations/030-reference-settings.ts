// Settings of projects, categories and components that the Weblate API exposes: inheritance, memory sharing, commit policy.
import { sql, type Kysely } from 'kysely';

/** The settings a category or component takes from its parent unless it sets its own (`inherit_<name>`). */
const INHERITABLE = ['license', 'agreement', 'new_lang', 'language_code_style', 'secondary_language', 'commit_message', 'add_message', 'delete_message', 'merge_message', 'addon_message', 'pull_message'];
const MESSAGES = ['commit_message', 'add_message', 'delete_message', 'merge_message', 'addon_message', 'pull_message'];

/*
 * Projects gain the translation-memory switches, public sharing, enforced two-factor authentication, the
 * commit policy and a secondary language; their `inherit_*` flags are stored for the API (Parla has no
 * workspaces, so a project always uses its own values). Categories gain the settings components inherit,
 * inheriting every one of them by default. Components gain the inherit flags: existing components keep
 * their own values, except empty commit messages, which already meant "the project's message".
 */
export async function up(db: Kysely<any>): Promise<void> {
  const int = (table: string, column: string, value: number) => db.schema.alterTable(table).addColumn(column, 'integer', (c) => c.notNull().defaultTo(value)).execute();
  const text = (table: string, column: string, value: string) => db.schema.alterTable(table).addColumn(column, 'text', (c) => c.notNull().defaultTo(value)).execute();
  const language = (table: string) => db.schema.alterTable(table).addColumn('secondary_language_id', 'integer', (c) => c.references('languages.id').onDelete('set null')).execute();

  for (const [column, value] of [
    ['use_shared_tm', 1],
    ['contribute_shared_tm', 1],
    ['use_workspace_tm', 0],
    ['contribute_workspace_tm', 0],
    ['autoclean_tm', 0],
    ['public_sharing', 0],
    ['enforced_2fa', 0],
    ['commit_policy', 0],
  ] as const) {
    await int('projects', column, value);
  }
  await language('projects');
  for (const name of INHERITABLE) await int('projects', `inherit_${name}`, 0);

  for (const column of ['check_flags', 'license', 'agreement', 'language_code_style', ...MESSAGES]) await text('categories', column, '');
  await text('categories', 'new_lang', 'add');
  await language('categories');
  for (const name of INHERITABLE) await int('categories', `inherit_${name}`, 1);

  await language('components');
  for (const name of INHERITABLE) await int('components', `inherit_${name}`, 0);
  for (const name of MESSAGES) await sql`UPDATE components SET ${sql.ref(`inherit_${name}`)} = 1 WHERE ${sql.ref(name)} = ''`.execute(db);
  await int('components', 'hide_glossary_matches', 0);
  await int('components', 'contribute_project_tm', 1);
  await text('components', 'vcs_params', '{}');
}
