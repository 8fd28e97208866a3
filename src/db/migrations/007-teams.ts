// Teams (groups) and roles: roles hold permission codenames, teams grant roles on a selection of
// projects/languages/components to their members.
import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database.js';

type Builder = CreateTableBuilder<any, any>;

function withId(dialect: DialectName, table: Builder): Builder {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A many-to-many table between `groups` and another table (or bare ids when `target` is null). */
async function link(db: Kysely<any>, name: string, column: string, target: string | null): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn(column, 'integer', (c) => (target ? c.notNull().references(`${target}.id`).onDelete('cascade') : c.notNull()))
    .addPrimaryKeyConstraint(`${name}_pk`, ['group_id', column])
    .execute();
  await db.schema.createIndex(`${name}_${column}`).on(name).column(column).execute();
}

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withId(dialect, db.schema.createTable('roles'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('codename', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'codename'])
    .execute();

  await withId(dialect, db.schema.createTable('groups'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('project_selection', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language_selection', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('defining_project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enforced_2fa', 'integer', (c) => c.notNull().defaultTo(0))
    // Regular expression on the e-mail of new users that makes them members ('' = none).
    .addColumn('auto_assign', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('groups_defining_project').on('groups').column('defining_project_id').execute();

  await link(db, 'group_roles', 'role_id', 'roles');
  await link(db, 'group_members', 'user_id', 'users');
  await link(db, 'group_admins', 'user_id', 'users');
  await link(db, 'group_projects', 'project_id', 'projects');
  await link(db, 'group_languages', 'language_id', 'languages');
  await link(db, 'group_components', 'component_id', 'components');
  await link(db, 'group_componentlists', 'componentlist_id', null); // component lists arrive later
}
