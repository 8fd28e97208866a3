// Migration 026 on a database that already holds same-named teams, and the unique violations both engines report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, DIALECTS } from '../../test/helpers/databases.js';
import { openDatabase, type Database } from './database.js';
import { migrate } from './migrate.js';
import * as m026 from './migrations/026-team-name-unique.js';
import { uniqueFieldError, uniqueViolation } from './unique-violation.js';

describe.each(DIALECTS)('team name uniqueness on %s', (dialect) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const pgDb = dialect === 'postgres' ? await createPgDatabase() : null;
    drop = pgDb?.drop;
    database = openDatabase(pgDb?.url ?? 'sqlite::memory:');
    await migrate(database);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const team = (name: string, project: number | null, internal = 0) =>
    database.db.insertInto('groups').values({ name, defining_project_id: project, internal, project_selection: 0, language_selection: 0 }).returning('id').executeTakeFirstOrThrow();

  it('renames the later of same-named teams instead of failing, keeping the built-in team its name', async () => {
    const { db } = database;
    const project = await db.insertInto('projects').values({ name: 'P', slug: 'p' } as never).returning('id').executeTakeFirstOrThrow();
    await m026Down();
    const custom = await team('Twin', null);
    const builtin = await team('Twin', null, 1);
    const third = await team('Twin', null);
    const projectTeams = [await team('Twin', project.id), await team('Twin', project.id)];
    await m026.up(db);
    const names = new Map((await db.selectFrom('groups').select(['id', 'name']).execute()).map((g) => [g.id, g.name]));
    expect(names.get(builtin.id)).toBe('Twin');
    expect(names.get(custom.id)).toBe(`Twin (${custom.id})`);
    expect(names.get(third.id)).toBe(`Twin (${third.id})`);
    expect(names.get(projectTeams[0].id)).toBe('Twin');
    expect(names.get(projectTeams[1].id)).toBe(`Twin (${projectTeams[1].id})`);
    const error = await team('Twin', null).catch((e: unknown) => e);
    expect(uniqueViolation(error)?.constraint).toBe('groups_name_scope');
    expect(uniqueFieldError(error)?.fieldErrors).toEqual([{ attr: 'name', code: 'unique', detail: 'A team with this name already exists.' }]);
  });

  it('reads the columns of a plain unique constraint', async () => {
    await database.db.insertInto('roles').values({ name: 'Twin role' }).execute();
    const error = await database.db.insertInto('roles').values({ name: 'Twin role' }).execute().catch((e: unknown) => e);
    expect(uniqueViolation(error)).toMatchObject({ table: 'roles', columns: ['name'] });
    expect(uniqueFieldError(error)?.fieldErrors[0]).toMatchObject({ attr: 'name', detail: 'Role with this name already exists.' });
    expect(uniqueViolation(new Error('UNIQUE constraint failed: roles.name'))).toBeNull();
  });

  async function m026Down(): Promise<void> {
    await database.db.schema.dropIndex('groups_name_scope').execute();
  }
});
