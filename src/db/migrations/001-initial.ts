// Initial schema: languages, users, tokens, projects, components, translations, units, changes, tasks.
import { type CreateTableBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

type Builder = CreateTableBuilder<any, any>;

function withId(dialect: DialectName, table: Builder): Builder {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const text = (table: Builder, name: string, dflt = ''): Builder => table.addColumn(name, 'text', (c) => c.notNull().defaultTo(dflt));
const int = (table: Builder, name: string, dflt = 0): Builder => table.addColumn(name, 'integer', (c) => c.notNull().defaultTo(dflt));
const big = (table: Builder, name: string, dflt = 0): Builder => table.addColumn(name, 'bigint', (c) => c.notNull().defaultTo(dflt));

const MESSAGE_FIELDS = ['commit_message', 'add_message', 'delete_message', 'merge_message', 'addon_message', 'pull_message'];
const COUNTERS = ['total', 'translated', 'fuzzy', 'approved', 'readonly', 'failing'];

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  let t: Builder;

  t = withId(dialect, db.schema.createTable('languages'));
  t = t.addColumn('code', 'text', (c) => c.notNull().unique());
  t = text(t, 'name');
  t = text(t, 'direction', 'ltr');
  t = big(t, 'population');
  t = int(t, 'plural_number', 2);
  t = text(t, 'plural_formula', 'n != 1');
  t = int(t, 'plural_type', 1);
  t = int(t, 'plural_source', 4);
  t = text(t, 'aliases', '[]');
  await t.execute();

  t = withId(dialect, db.schema.createTable('users'));
  t = t.addColumn('username', 'text', (c) => c.notNull().unique());
  t = text(t, 'full_name');
  t = text(t, 'email');
  t = t.addColumn('password', 'text');
  t = int(t, 'is_superuser');
  t = int(t, 'is_active', 1);
  t = int(t, 'is_bot');
  t = text(t, 'date_joined');
  t = t.addColumn('last_login', 'text');
  t = t.addColumn('date_expires', 'text');
  for (const s of ['stat_translated', 'stat_suggested', 'stat_uploaded', 'stat_commented']) t = int(t, s);
  await t.execute();
  await db.schema.createIndex('users_email').on('users').column('email').execute();

  t = withId(dialect, db.schema.createTable('tokens'));
  t = t.addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'));
  t = t.addColumn('key_hash', 'text', (c) => c.notNull().unique());
  t = text(t, 'kind', 'user');
  t = text(t, 'created');
  t = t.addColumn('expires', 'text');
  await t.execute();
  await db.schema.createIndex('tokens_user').on('tokens').column('user_id').execute();

  t = withId(dialect, db.schema.createTable('projects'));
  t = t.addColumn('name', 'text', (c) => c.notNull().unique());
  t = t.addColumn('slug', 'text', (c) => c.notNull().unique());
  t = text(t, 'web');
  t = text(t, 'instructions');
  t = int(t, 'access_control');
  t = int(t, 'translation_review');
  t = int(t, 'source_review');
  t = int(t, 'set_language_team', 1);
  t = int(t, 'enable_hooks', 1);
  for (const f of ['language_aliases', 'check_flags', 'license', 'agreement', 'language_code_style']) t = text(t, f);
  t = text(t, 'new_lang', 'add');
  for (const f of MESSAGE_FIELDS) t = text(t, f);
  t = text(t, 'created');
  await t.execute();

  t = withId(dialect, db.schema.createTable('components'));
  t = t.addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'));
  t = text(t, 'name');
  t = text(t, 'slug');
  for (const f of ['vcs', 'repo', 'branch', 'push_branch', 'push', 'git_export', 'repoweb', 'filemask', 'screenshot_filemask', 'template', 'intermediate', 'new_base', 'file_format']) t = text(t, f);
  t = int(t, 'edit_template', 1);
  t = text(t, 'file_format_params', '{}');
  for (const f of ['license', 'license_url', 'agreement', 'language_code_style', 'check_flags', 'report_source_bugs', 'language_regex', 'variant_regex', 'key_filter', 'glossary_color']) t = text(t, f);
  t = text(t, 'new_lang', 'add');
  t = t.addColumn('source_language_id', 'integer', (c) => c.notNull().references('languages.id'));
  t = int(t, 'priority', 100);
  t = text(t, 'enforced_checks', '[]');
  t = int(t, 'restricted');
  t = text(t, 'merge_style', 'merge');
  for (const f of MESSAGE_FIELDS) t = text(t, f);
  t = int(t, 'allow_translation_propagation', 1);
  t = int(t, 'manage_units');
  t = int(t, 'enable_suggestions', 1);
  t = int(t, 'suggestion_voting');
  t = int(t, 'suggestion_autoaccept');
  t = int(t, 'push_on_commit', 1);
  t = int(t, 'commit_pending_age', 24);
  t = int(t, 'auto_lock_error', 1);
  t = int(t, 'is_glossary');
  t = int(t, 'locked');
  t = t.addColumn('task_id', 'text');
  t = text(t, 'created');
  t = t.addUniqueConstraint('components_project_slug', ['project_id', 'slug']);
  t = t.addUniqueConstraint('components_project_name', ['project_id', 'name']);
  await t.execute();

  t = withId(dialect, db.schema.createTable('translations'));
  t = t.addColumn('component_id', 'integer', (c) => c.notNull().references('components.id').onDelete('cascade'));
  t = t.addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'));
  t = text(t, 'language_code');
  t = text(t, 'filename');
  t = text(t, 'revision');
  t = int(t, 'is_source');
  t = int(t, 'plural_number', 2);
  t = text(t, 'plural_formula', 'n != 1');
  for (const c of COUNTERS) {
    t = int(t, c);
    t = int(t, `${c}_words`);
    t = int(t, `${c}_chars`);
  }
  t = int(t, 'suggestions');
  t = int(t, 'comments');
  t = t.addColumn('last_change', 'text');
  t = t.addColumn('last_author_id', 'integer', (c) => c.references('users.id').onDelete('set null'));
  t = text(t, 'created');
  t = t.addUniqueConstraint('translations_component_language', ['component_id', 'language_id']);
  await t.execute();
  await db.schema.createIndex('translations_language').on('translations').column('language_id').execute();

  t = withId(dialect, db.schema.createTable('units'));
  t = t.addColumn('translation_id', 'integer', (c) => c.notNull().references('translations.id').onDelete('cascade'));
  t = t.addColumn('source_unit_id', 'integer');
  for (const f of ['id_hash', 'content_hash', 'context', 'source', 'target', 'previous_source', 'location', 'note', 'flags', 'explanation', 'extra_flags']) t = text(t, f);
  t = int(t, 'state');
  t = int(t, 'position');
  t = int(t, 'num_words');
  t = int(t, 'num_chars');
  t = int(t, 'priority', 100);
  for (const f of ['pending', 'has_suggestion', 'has_comment', 'has_failing_check', 'automatically_translated']) t = int(t, f);
  t = text(t, 'timestamp');
  t = text(t, 'last_updated');
  await t.execute();
  await db.schema.createIndex('units_translation_position').on('units').columns(['translation_id', 'position', 'id']).execute();
  await db.schema.createIndex('units_translation_hash').on('units').columns(['translation_id', 'id_hash']).unique().execute();
  await db.schema.createIndex('units_source_unit').on('units').column('source_unit_id').execute();

  t = withId(dialect, db.schema.createTable('changes'));
  t = int(t, 'action');
  t = text(t, 'timestamp');
  for (const f of ['user_id', 'author_id', 'project_id', 'component_id', 'translation_id', 'unit_id', 'language_id']) t = t.addColumn(f, 'integer');
  t = text(t, 'target');
  t = text(t, 'old');
  t = text(t, 'details', '{}');
  await t.execute();
  for (const f of ['project_id', 'component_id', 'translation_id', 'user_id', 'unit_id']) {
    await db.schema.createIndex(`changes_${f}`).on('changes').columns([f, 'id']).execute();
  }
  await db.schema.createIndex('changes_timestamp').on('changes').column('timestamp').execute();

  t = db.schema.createTable('tasks').addColumn('id', 'text', (c) => c.primaryKey()) as Builder;
  t = text(t, 'name');
  t = text(t, 'status', 'queued');
  t = int(t, 'progress');
  t = t.addColumn('result', 'text');
  t = text(t, 'log');
  t = text(t, 'payload', '{}');
  for (const f of ['project_id', 'component_id', 'user_id']) t = t.addColumn(f, 'integer');
  t = text(t, 'created');
  t = text(t, 'updated');
  await t.execute();
  await db.schema.createIndex('tasks_status').on('tasks').column('status').execute();

}
