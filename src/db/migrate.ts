// Runs the schema migrations (kept in code, the same for SQLite and PostgreSQL) and seeds built-in data.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.js';
import * as m001 from './migrations/001-initial.js';
import * as m002 from './migrations/002-files.js';
import * as m003 from './migrations/003-repository.js';
import * as m004 from './migrations/004-component-links.js';
import * as m005 from './migrations/005-webhook-secret.js';
import * as m006 from './migrations/006-sessions.js';
import * as m007 from './migrations/007-teams.js';
import * as m008 from './migrations/008-project-tokens.js';
import * as m009 from './migrations/009-notifications.js';
import * as m010 from './migrations/010-audit-log.js';
import * as m011 from './migrations/011-search.js';
import * as m013 from './migrations/013-memory.js';
import * as m014 from './migrations/014-machinery.js';
import * as m015 from './migrations/015-checks.js';
import * as m016 from './migrations/016-comments.js';
import * as m018 from './migrations/018-labels.js';
import * as m019 from './migrations/019-screenshots.js';
import * as m017 from './migrations/017-categories.js';
import * as m020 from './migrations/020-component-lists.js';
import * as m021 from './migrations/021-addons.js';
import * as m022 from './migrations/022-source-hash.js';
import * as m023 from './migrations/023-unit-id-blocks.js';
import * as m024 from './migrations/024-translation-plurals.js';
import * as m025 from './migrations/025-component-db-revision.js';
import * as m026 from './migrations/026-team-name-unique.js';
import * as m027 from './migrations/027-search-statistics.js';
import * as m031 from './migrations/031-user-profiles.js';
import * as m030 from './migrations/030-reference-settings.js';
import * as m034 from './migrations/034-component-link-category.js';
import * as m032 from './migrations/032-announcements.js';
import * as m033 from './migrations/033-reports.js';
import * as m035 from './migrations/035-plural-counts.js';
import * as m036 from './migrations/036-mail-and-account-links.js';
import * as m037 from './migrations/037-two-factor.js';
import * as m038 from './migrations/038-user-identities.js';
import * as m039 from './migrations/039-notification-feed.js';
import * as m040 from './migrations/040-units-state-index.js';
import * as m041 from './migrations/041-source-string-search.js';
import * as m042 from './migrations/042-daily-source-checks.js';

const MIGRATIONS: Record<string, { up(db: any, dialect: Database['dialect']): Promise<void> }> = {
  '001-initial': m001,
  '002-files': m002,
  '003-repository': m003,
  '004-component-links': m004,
  '005-webhook-secret': m005,
  '006-sessions': m006,
  '007-teams': m007,
  '008-project-tokens': m008,
  '009-notifications': m009,
  '010-audit-log': m010,
  '011-search': m011,
  '013-memory': m013,
  '014-machinery': m014,
  '015-checks': m015,
  '016-comments': m016,
  '018-labels': m018,
  '019-screenshots': m019,
  '017-categories': m017,
  '020-component-lists': m020,
  '021-addons': m021,
  '022-source-hash': m022,
  '023-unit-id-blocks': m023,
  '024-translation-plurals': m024,
  '025-component-db-revision': m025,
  '026-team-name-unique': m026,
  '027-search-statistics': m027,
  '031-user-profiles': m031,
  '030-reference-settings': m030,
  '034-component-link-category': m034,
  '032-announcements': m032,
  '033-reports': m033,
  '035-plural-counts': m035,
  '036-mail-and-account-links': m036,
  '037-two-factor': m037,
  '038-user-identities': m038,
  '039-notification-feed': m039,
  '040-units-state-index': m040,
  '041-source-string-search': m041,
  '042-daily-source-checks': m042,
};

/** Names of the migrations this code ships, in the order they apply. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS).sort();

class CodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Database['dialect']) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, m] of Object.entries(MIGRATIONS)) out[name] = { up: (db) => m.up(db, this.dialect) };
    return out;
  }
}

export async function migrate(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: new CodeMigrationProvider(database.dialect),
    migrationTableName: 'parla_migrations',
    migrationLockTableName: 'parla_migrations_lock',
  });
  // PostgreSQL: Kysely locks its lock table, so processes starting together migrate one after the other.
  // SQLite has no such lock: a process that read the migration state before another committed its migrations
  // fails on the tables that now exist; its transaction is rolled back, and reading the state again finds them done.
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (database.dialect !== 'sqlite' || attempt >= SQLITE_MIGRATION_ATTEMPTS) throw error instanceof Error ? error : new Error(String(error));
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}

const SQLITE_MIGRATION_ATTEMPTS = 20;
