// Categories: nested groups of a project's components; component slugs and names become unique per category.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Components get `category_id` and `category_path`: the category slugs joined and followed by "%2F"
 * ('' outside categories), so that `category_path || slug` is the component's segment in API paths
 * and one index makes names and slugs unique per (project, category).
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  let t = db.schema.createTable('categories');
  t = dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await t
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // NULL parents are distinct in a plain unique index on both engines: index 0 in their place (ids start at 1).
  await sql`CREATE UNIQUE INDEX categories_parent_slug ON categories (project_id, (COALESCE(category_id, 0)), slug)`.execute(db);
  await sql`CREATE UNIQUE INDEX categories_parent_name ON categories (project_id, (COALESCE(category_id, 0)), name)`.execute(db);

  if (dialect === 'postgres') {
    await sql`ALTER TABLE components DROP CONSTRAINT components_project_slug`.execute(db);
    await sql`ALTER TABLE components DROP CONSTRAINT components_project_name`.execute(db);
  } else {
    await rebuildSqliteComponentsWithoutUniques(db);
  }
  await db.schema.alterTable('components').addColumn('category_id', 'integer', (c) => c.references('categories.id')).execute();
  await db.schema.alterTable('components').addColumn('category_path', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('components_category_slug').on('components').columns(['project_id', 'category_path', 'slug']).unique().execute();
  await db.schema.createIndex('components_category_name').on('components').columns(['project_id', 'category_path', 'name']).unique().execute();
  await db.schema.createIndex('components_category').on('components').column('category_id').execute();
}

/**
 * SQLite cannot drop a table constraint: the table is rebuilt from its own stored definition minus
 * the two unique clauses (the documented create-copy-drop-rename procedure, with foreign keys off so
 * that dropping the old table cascades nowhere). SQLite migrations run outside a transaction.
 */
async function rebuildSqliteComponentsWithoutUniques(db: Kysely<any>): Promise<void> {
  const table = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'components'`.execute(db);
  const indexes = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'components' AND sql IS NOT NULL`.execute(db);
  const triggers = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'components'`.execute(db);
  const original = table.rows[0]!.sql;
  const rebuilt = original
    .replace(/,\s*constraint\s+"?components_project_(slug|name)"?\s+unique\s*\([^)]*\)/gi, '')
    .replace(/^create table\s+"?components"?/i, 'CREATE TABLE "components_new"');
  if (/components_project_(slug|name)/.test(rebuilt)) throw new Error('017-categories: could not remove the component unique constraints');
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql.raw(rebuilt).execute(db);
    await sql`INSERT INTO components_new SELECT * FROM components`.execute(db);
    await sql`DROP TABLE components`.execute(db);
    await sql`ALTER TABLE components_new RENAME TO components`.execute(db);
    for (const i of indexes.rows) await sql.raw(i.sql).execute(db);
    for (const tr of triggers.rows) await sql.raw(tr.sql).execute(db);
    const broken = await sql`PRAGMA foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('017-categories: foreign keys broken by the components rebuild');
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
