// What the readiness probe asks the database: that it answers, and which migrations it has applied.
import fs from 'node:fs';
import { sql } from 'kysely';
import type { Executor } from './database.js';

/** The cheapest round trip: resolves when the database answers a query. */
export async function pingDatabase(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Names of the migrations the database has applied (Kysely's table of migrate.ts), in name order. */
export async function appliedMigrationNames(db: Executor): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from parla_migrations order by name`.execute(db);
  return result.rows.map((r) => r.name);
}

const MIGRATION_FILE = /^(\d{3}-[a-z0-9-]+)\.(ts|js)$/;

/**
 * Names of the migrations this code ships: the modules of migrations/ (migrate.ts imports each of them under its
 * file name), read once.
 */
export const codeMigrationNames: () => string[] = (() => {
  let names: string[] | null = null;
  return () => {
    names ??= fs
      .readdirSync(new URL('./migrations/', import.meta.url))
      .map((file) => MIGRATION_FILE.exec(file)?.[1])
      .filter((name): name is string => name !== undefined)
      .sort();
    return names;
  };
})();
