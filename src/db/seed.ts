// Seeds built-in data after migrations: the language database generated from CLDR, built-in roles and teams, the anonymous user.
import type { Database } from './database.js';
import { BUILTIN_LANGUAGES } from '../languages/catalog.js';
import { ANONYMOUS_EMAIL, ANONYMOUS_FULL_NAME, ANONYMOUS_USERNAME } from '../domain/system-users.js';
import { nowIso } from '../shared/clock.js';
import { seedDefaultTeams, seedRoles } from '../services/accounts/team-setup.js';

export async function seedLanguages(database: Database): Promise<number> {
  const existing = new Set((await database.db.selectFrom('languages').select('code').execute()).map((r) => r.code));
  const missing = BUILTIN_LANGUAGES.filter((l) => !existing.has(l.code));
  if (missing.length === 0) return 0;
  await database.db.transaction().execute(async (tx) => {
    for (let i = 0; i < missing.length; i += 200) {
      await tx
        .insertInto('languages')
        .values(
          missing.slice(i, i + 200).map((l) => ({
            code: l.code,
            name: l.name,
            direction: l.direction,
            population: l.population,
            plural_number: l.plural.number,
            plural_formula: l.plural.formula,
            plural_type: l.plural.type,
            plural_source: 4,
            aliases: JSON.stringify(l.aliases),
          })),
        )
        .execute();
    }
  });
  return missing.length;
}

/** Built-in roles and default site-wide teams; creates only what is missing. */
export async function seedTeams(database: Database): Promise<number> {
  return database.db.transaction().execute(async (tx) => (await seedRoles(tx)) + (await seedDefaultTeams(tx)));
}

/**
 * The anonymous user's row, created once (after the teams, so that no team takes it in automatically):
 * inactive, without password or token, it stands for visitors who are not signed in. Returns 1 when it was created.
 */
export async function seedAnonymousUser(database: Database): Promise<number> {
  const { db } = database;
  if (await db.selectFrom('users').select('id').where('username', '=', ANONYMOUS_USERNAME).executeTakeFirst()) return 0;
  const inserted = await db
    .insertInto('users')
    .values({ username: ANONYMOUS_USERNAME, full_name: ANONYMOUS_FULL_NAME, email: ANONYMOUS_EMAIL, password: null, is_superuser: 0, is_active: 0, is_bot: 0, date_joined: nowIso() })
    // Processes starting together: one of them creates it.
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? 1 : 0;
}
