// PostgreSQL statistics on the searched expressions lower(source/target/context), so that searches are planned for their real size.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/*
 * A substring or regex search narrows through `lower(col) LIKE '%…%'` on the trigram index. Without statistics
 * on lower(col) PostgreSQL guesses such a LIKE from its length alone (0.01 % of the rows for "%w12%" where 1 %
 * match), multiplies that by the regex's own guess, plans for one row, and joins each of the 10,000 rows it
 * really finds to the translations by a scan of that table (171 ms over a million units). With the
 * statistics it estimates about a thousand rows and joins through hashes and memoized lookups (42 ms).
 * ANALYZE fills them at once; autovacuum keeps them current. SQLite plans these searches without estimates.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const column of ['source', 'target', 'context']) {
    await sql`CREATE STATISTICS IF NOT EXISTS ${sql.id(`units_${column}_lower_stats`)} ON (lower(${sql.ref(column)})) FROM units`.execute(db);
  }
  await sql`ANALYZE units`.execute(db);
}
