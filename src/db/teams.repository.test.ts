// The visible-teams and visible-roles lists: the count and the pages agree with the query they are built on, for every kind of viewer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, DIALECTS } from '../../test/helpers/databases.js';
import { openDatabase, type Database } from './database.js';
import { migrate } from './migrate.js';
import { seedTeams } from './seed.js';
import { ANONYMOUS_TEAMS } from '../auth/permissions.js';
import { countVisibleGroups, countVisibleRoles, insertMember, visibleGroupsPage, visibleGroupsQuery, visibleRolesPage, visibleRolesQuery, type TeamViewer } from './teams.repository.js';
import { insertUserId } from './users.repository.js';

describe.each(DIALECTS)('visible teams and roles on %s', (dialect) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  const viewers: [string, TeamViewer | null][] = [['everything', null]];

  beforeAll(async () => {
    const pgDb = dialect === 'postgres' ? await createPgDatabase() : null;
    drop = pgDb?.drop;
    database = openDatabase(pgDb?.url ?? 'sqlite::memory:');
    await migrate(database);
    await seedTeams(database);
    const { db } = database;
    const userId = await insertUserId(db, { username: 'u', email: 'u@example.com', full_name: 'U', password: null, is_superuser: 0, is_active: 1, is_bot: 0, date_joined: '2024-01-01T00:00:00.000Z' });
    const team = await db.selectFrom('groups').select('id').where('name', '=', 'Users').executeTakeFirstOrThrow();
    await insertMember(db, team.id, userId);
    viewers.push(
      ['anonymous', { userId: null, anonymousTeams: ANONYMOUS_TEAMS }],
      ['a member of Users', { userId, anonymousTeams: ANONYMOUS_TEAMS }],
      ['a member administering every project', { userId, anonymousTeams: ANONYMOUS_TEAMS, administered: null }],
      ['a member administering no project', { userId, anonymousTeams: ANONYMOUS_TEAMS, administered: (eb) => eb.or([]) }],
    );
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('counts and pages the teams each viewer sees', async () => {
    const { db } = database;
    for (const [, viewer] of viewers) {
      const all = await visibleGroupsQuery(db, viewer).selectAll('groups').orderBy('groups.id').execute();
      expect(await countVisibleGroups(db, viewer)).toBe(all.length);
      expect(await visibleGroupsPage(db, viewer, 2, 1)).toEqual(all.slice(1, 3));
    }
    expect(await countVisibleGroups(db, viewers[1][1])).toBe(ANONYMOUS_TEAMS.length);
  });

  it('counts and pages the roles each viewer sees', async () => {
    const { db } = database;
    for (const [, viewer] of viewers) {
      const all = await visibleRolesQuery(db, viewer).selectAll('roles').orderBy('roles.id').execute();
      expect(await countVisibleRoles(db, viewer)).toBe(all.length);
      expect(await visibleRolesPage(db, viewer, 2, 1)).toEqual(all.slice(1, 3));
    }
  });
});
