// User profiles: a user's preferences (languages, watched projects, dashboard, editor and display settings).
import type { CreateTableBuilder, Kysely } from 'kysely';

/*
 * One row per user that changed a preference; a user without a row has the defaults. Languages and
 * watched projects are lists of rows, so that removing a language, project or user removes them too;
 * the default component list is cleared when its list goes.
 */
type Builder = CreateTableBuilder<any, any>;

const text = (table: Builder, name: string, dflt = ''): Builder => table.addColumn(name, 'text', (c) => c.notNull().defaultTo(dflt));
const int = (table: Builder, name: string, dflt = 0): Builder => table.addColumn(name, 'integer', (c) => c.notNull().defaultTo(dflt));

export async function up(db: Kysely<any>): Promise<void> {
  let t: Builder = db.schema.createTable('user_profiles').addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'));
  for (const name of ['language', 'website', 'contact', 'company', 'location', 'public_email', 'commit_email', 'special_chars', 'editor_link']) t = text(t, name);
  t = text(t, 'theme', 'auto');
  t = text(t, 'commit_name', 'default');
  t = text(t, 'listing_columns', '[]'); // JSON array of column names
  for (const name of ['translate_mode', 'zen_mode', 'hide_completed', 'hide_source_secondary', 'wide_tables']) t = int(t, name);
  t = int(t, 'secondary_in_zen', 1);
  t = int(t, 'nearby_strings', 15);
  t = int(t, 'dashboard_view', 1);
  t = t.addColumn('dashboard_component_list_id', 'integer', (c) => c.references('component_lists.id').onDelete('set null'));
  await t.execute();
  await db.schema
    .createTable('user_profile_languages')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id').onDelete('cascade'))
    // 0: a language the user translates, 1: a secondary language shown beside the source.
    .addColumn('secondary', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_profile_languages_pk', ['user_id', 'secondary', 'language_id'])
    .execute();
  await db.schema.createIndex('user_profile_languages_language').on('user_profile_languages').column('language_id').execute();
  await db.schema
    .createTable('user_watched_projects')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_watched_projects_pk', ['user_id', 'project_id'])
    .execute();
  await db.schema.createIndex('user_watched_projects_project').on('user_watched_projects').column('project_id').execute();
}
