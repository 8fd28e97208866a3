// Seeds built-in data after migrations: the language database generated from CLDR, built-in roles and teams.
import type { Database } from './database.js';
import { BUILTIN_LANGUAGES } from '../languages/catalog.js';
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
