// The SQL statements of one PATCH /api/units/<id>/ (a translator's save), counted, so that a regression fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { DIALECTS, type TestDialect } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';

/**
 * The most statements one target change may take, BEGIN and COMMIT included: the sign-in, the unit and
 * the rows it lives in (each read once), the unit's row lock, the checks' reads and rows, the unit, the
 * change, the translation's counters with its last change (one write), the author's statistics, the
 * translation memory (SQLite also syncs its full-text index), the translation's counters read once more after
 * the commit for the live event those following the translation see, the add-ons to notify and the labels of
 * the answer, plus two for the checks across strings: `reused` reads the strings with the same (new or old)
 * translation, and a save that makes a string pass or fail its checks (as here) re-runs its source string's
 * checks (multiple_failures), one statement when their outcome stays. It was 31 on SQLite and 27 on PostgreSQL
 * while the checks re-read the translation, component, project and language, and 28 and 24 while the counters and
 * the last change were two writes.
 */
const LIMIT: Record<TestDialect, number> = { sqlite: 30, postgres: 26 };

/** Counts (and keeps the text of) every statement run on either engine while `count` is on. */
function statementCounter() {
  const seen: string[] = [];
  let on = false;
  const restores: (() => void)[] = [];
  const probe = new SQLite(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, unknown>;
  probe.close();
  for (const name of ['run', 'get', 'all', 'iterate'] as const) {
    const original = statement[name] as (this: SQLite.Statement, ...args: unknown[]) => unknown;
    statement[name] = function (this: SQLite.Statement, ...args: unknown[]) {
      if (on) seen.push(this.source);
      return original.apply(this, args);
    };
    restores.push(() => (statement[name] = original));
  }
  const client = pg.Client.prototype as unknown as Record<string, unknown>;
  const query = client.query as (...args: unknown[]) => unknown;
  client.query = function (this: pg.Client, ...args: unknown[]) {
    if (on) seen.push(typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text));
    return query.apply(this, args);
  };
  restores.push(() => (client.query = query));
  return {
    async during(work: () => Promise<void>): Promise<string[]> {
      seen.length = 0;
      on = true;
      try {
        await work();
      } finally {
        on = false;
      }
      return [...seen];
    },
    restore: () => restores.forEach((r) => r()),
  };
}

describe.each(DIALECTS)('statements of one unit edit on %s', (dialect) => {
  let s: TestServer;
  let counter: ReturnType<typeof statementCounter>;

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'stmts')).status).toBe(201);
    expect((await createPoComponent(s, 'stmts')).status).toBe(201);
    counter = statementCounter();
  });
  afterAll(async () => {
    counter?.restore();
    await s?.close();
  });

  it('changes a target within the budget', async () => {
    const list = await (await s.api('/api/translations/stmts/app/cs/units/')).json();
    const unit = (list.results as { id: number; source: string[] }[]).find((u) => u.source[0] === 'Hello')!;
    const patch = (target: string) => s.api(`/api/units/${unit.id}/`, { method: 'PATCH', json: { target: [target], state: 20 } });
    // A first edit warms what the server keeps between requests (prepared statements, read caches).
    expect((await patch('Ahoj!')).status).toBe(200);
    let status = 0;
    const statements = await counter.during(async () => {
      status = (await patch('Nazdar')).status;
    });
    expect(status).toBe(200);
    // On PostgreSQL the commit is announced to the other processes (their read caches) on a connection of its own: once.
    const announcements = statements.filter((sql) => /pg_notify/.test(sql));
    expect(announcements.length, statements.join('\n')).toBe(dialect === 'postgres' ? 1 : 0);
    const edit = statements.filter((sql) => !/pg_notify/.test(sql));
    expect(edit.length, edit.join('\n')).toBeLessThanOrEqual(LIMIT[dialect]);
  });
});
