// Migration 035 on a database made before plural sources counted their separators and one/few/many languages had type 22.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, DIALECTS } from '../../test/helpers/databases.js';
import { openDatabase, type Database } from './database.js';
import { migrate } from './migrate.js';
import * as m035 from './migrations/035-plural-counts.js';

const SEP = '\u001e\u001e';

describe.each(DIALECTS)('plural counts migration on %s', (dialect) => {
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

  it('adds the separators of plural sources to units and translation counters, and gives Czech type 22', async () => {
    const { db } = database;
    // What an older database held: Czech with type 2, a plural unit counted without its separator.
    const language = (code: string, type: number, n: number) =>
      db.insertInto('languages').values({ code, name: code, direction: 'ltr', population: 0, plural_number: n, plural_formula: 'n != 1', plural_type: type, plural_source: 0, aliases: '[]' } as never).returning('id').executeTakeFirstOrThrow();
    const cs = await language('cs', 2, 3);
    await language('ru', 2, 3);
    const de = await language('de', 1, 2);
    const project = await db.insertInto('projects').values({ name: 'P', slug: 'p' } as never).returning('id').executeTakeFirstOrThrow();
    const component = await db.insertInto('components').values({ project_id: project.id, name: 'C', slug: 'c', file_format: 'po', filemask: '*.po', source_language_id: de.id } as never).returning('id').executeTakeFirstOrThrow();
    const translation = await db
      .insertInto('translations')
      .values({ component_id: component.id, language_id: cs.id, filename: 'cs.po', total: 2, total_chars: 17, translated: 1, translated_chars: 14, failing: 1, failing_chars: 14 } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const unit = (source: string, chars: number, state: number, failing: number) =>
      db.insertInto('units').values({ translation_id: translation.id, source, target: '', context: '', num_chars: chars, state, has_failing_check: failing, id_hash: String(Math.random()), position: 0 } as never).returning('id').executeTakeFirstOrThrow();
    const plural = await unit(`One file${SEP}%d files`, 14, 20, 1);
    const single = await unit('Hello', 5, 0, 0);
    await db.updateTable('translations').set({ total_chars: 19 } as never).where('id', '=', translation.id).execute();

    await m035.up(db, dialect);

    const units = new Map((await db.selectFrom('units').select(['id', 'num_chars']).execute()).map((u) => [u.id, Number(u.num_chars)]));
    expect(units.get(plural.id)).toBe(16);
    expect(units.get(single.id)).toBe(5);
    const t = await db.selectFrom('translations').selectAll().where('id', '=', translation.id).executeTakeFirstOrThrow();
    expect([Number(t.total_chars), Number(t.translated_chars), Number(t.failing_chars), Number(t.fuzzy_chars)]).toEqual([21, 16, 16, 0]);
    const types = new Map((await db.selectFrom('languages').select(['code', 'plural_type']).where('code', 'in', ['cs', 'ru', 'de']).execute()).map((l) => [l.code, Number(l.plural_type)]));
    expect(types).toEqual(new Map([['cs', 22], ['ru', 22], ['de', 1]]));
  });
});
