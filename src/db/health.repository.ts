// What the readiness probe asks the database: that it answers, and which migrations it has applied.
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
