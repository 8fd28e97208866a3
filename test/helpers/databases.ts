// Which databases the HTTP suites run on: SQLite always, PostgreSQL when PARLA_TEST_DATABASE_URL is set.
import crypto from 'node:crypto';
import pg from 'pg';

export type TestDialect = 'sqlite' | 'postgres';

export const PG_URL = process.env.PARLA_TEST_DATABASE_URL || '';
export const REQUIRE_SERVICES = process.env.PARLA_TEST_REQUIRE_SERVICES === '1';

if (!PG_URL) {
  if (REQUIRE_SERVICES) throw new Error('PARLA_TEST_REQUIRE_SERVICES=1 but PARLA_TEST_DATABASE_URL is not set');
  console.warn('[parla tests] PARLA_TEST_DATABASE_URL is not set: PostgreSQL suites are skipped (SQLite only).');
}

export const DIALECTS: TestDialect[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** A fresh, empty PostgreSQL database for one test server; dropped again by the returned function. */
export async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `parla_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      try {
        // Connections of the closed pool may take a moment to go: wait for them, force only at the end.
        for (let attempt = 0; attempt < 40; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (e) {
            if ((e as { code?: string }).code !== '55006') throw e; // 55006: database in use
            await new Promise((r) => setTimeout(r, 50));
          }
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
