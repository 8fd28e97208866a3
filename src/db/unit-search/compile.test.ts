// The compiler's SQL: index-friendly substring forms per engine, escaping, change events, the field registry.
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../schema.js';
import { CHANGE_COMPILERS, FIELD_COMPILERS, ftsPhrase, HAS_COMPILERS, IS_COMPILERS } from './compile.js';
import { FIELDS, HAS_VALUES, IS_VALUES, type FieldKind } from '../../search/fields.js';
import { legacyFilterQuery } from '../../search/legacy.js';
import { hasRegex, JOINED_FIELDS, onUnitsAlone, searchCondition } from './index.js';
import { TrigramFrequencies } from '../../search/trigram-sample.js';

const engines = {
  sqlite: new Kysely<Database>({ dialect: { createAdapter: () => new SqliteAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new SqliteIntrospector(db), createQueryCompiler: () => new SqliteQueryCompiler() } }),
  postgres: new Kysely<Database>({ dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new PostgresIntrospector(db), createQueryCompiler: () => new PostgresQueryCompiler() } }),
};

function compiled(q: string, dialect: 'sqlite' | 'postgres' = 'sqlite') {
  const where = searchCondition({ q }, { dialect });
  const c = engines[dialect].selectFrom('units').select('units.id').where(where!).compile();
  return { sql: c.sql.replace(/^select "units"\."id" from "units" where /, ''), parameters: c.parameters };
}

describe('search compiler', () => {
  it('with a trigram sample, long substrings and regex literals ask the index for the rarest trigrams only', () => {
    // Every row says "goodbye": its trigrams are the common ones.
    const freq = new TrigramFrequencies([...Array.from({ length: 99 }, (_, i) => `goodbye ${i}`), 'world']);
    const compile = (q: string, dialect: 'sqlite' | 'postgres') => {
      const where = searchCondition({ q }, { dialect, trigrams: () => freq, everyUnitLinked: true })!;
      return engines[dialect].selectFrom('units').select('units.id').where(where).compile();
    };
    const common = ['goo', 'ood', 'odb', 'dby', 'bye'];
    const sqlite = compile('source:"Goodbye world"', 'sqlite');
    const asked = String(sqlite.parameters[0]).split(' AND ');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThanOrEqual(3);
    for (const term of asked) expect(common.some((t) => term.includes(`"${t}"`)), term).toBe(false);
    expect(sqlite.sql).toContain('parla_contains("units"."source", ?)');
    const regex = compile('source:r"Goodbye w[aeiou]rld"', 'sqlite');
    expect(regex.sql).toContain('REGEXP');
    for (const term of String(regex.parameters[0]).split(' AND ')) expect(common.some((t) => term.includes(`"${t}"`)), term).toBe(false);
    // pg_trgm looks up word trigrams only ("e w" is none); trigrams in most rows are not worth reading.
    expect(compile('source:r"Goodbye w[aeiou]rld"', 'postgres').parameters).toEqual(['%rld%', 'Goodbye w[aeiou]rld']);
    expect(compile('source:"Goodbye world"', 'postgres').parameters).toEqual(['%Goodbye world%']);
  });

  it('PostgreSQL: a word-start trigram (" 12") is an index key of pg_trgm and narrows a regex whose words are all common', () => {
    // Every row has "number N about"; only a few have a number starting with 12.
    const freq = new TrigramFrequencies(Array.from({ length: 200 }, (_, i) => `Source string number ${i * 37} about it`));
    const where = searchCondition({ q: 'source:r"number 12[0-9]{2} about"' }, { dialect: 'postgres', trigrams: () => freq, everyUnitLinked: true })!;
    const { parameters } = engines.postgres.selectFrom('units').select('units.id').where(where).compile();
    expect(parameters).toEqual(['% 12%', 'number 12[0-9]{2} about']);
  });

  it('PostgreSQL: a word-start trigram is not asked when words starting with its letter are common (pg_trgm reads "  w" too)', () => {
    // Every row has a word starting with "w"; " w1" and "w12" are both rare, and only "w12" is cheap to look up.
    const freq = new TrigramFrequencies([...Array.from({ length: 2000 }, (_, i) => `string about w${5000 + i} and more words`), 'about w120 and', 'about w121 and']);
    const where = searchCondition({ q: 'source:r"about w12[0-9] and"' }, { dialect: 'postgres', trigrams: () => freq, everyUnitLinked: true })!;
    const { parameters } = engines.postgres.selectFrom('units').select('units.id').where(where).compile();
    expect(parameters).toEqual(['%w12%', 'about w12[0-9] and']);
  });

  it('PostgreSQL: a source regex is matched on the source strings and reaches their translations through the link', () => {
    const sql = (everyUnitLinked: boolean) => {
      const where = searchCondition({ q: 'source:r"about w12[0-9] and"' }, { dialect: 'postgres', everyUnitLinked })!;
      return engines.postgres.selectFrom('units').select('units.id').where(where).compile();
    };
    // The source strings' own predicate is the partial index's (migration 041).
    const sourceStrings = `SELECT su.id FROM units su WHERE su.source_unit_id = su.id AND (lower("su"."source") LIKE lower(CAST($1 AS text)) ESCAPE '\\' AND coalesce("su"."source" ~ $2, false))`;
    expect(sql(true).sql).toBe(`select "units"."id" from "units" where units.source_unit_id IN (${sourceStrings})`);
    // Units without a link (a restored backup's) are matched on their own text.
    const unknown = sql(false);
    expect(unknown.sql).toContain(`units.id IN (SELECT lu.id FROM units lu WHERE lu.source_unit_id IN (${sourceStrings}) UNION ALL SELECT nu.id FROM units nu WHERE nu.source_unit_id IS NULL AND (lower("nu"."source")`);
    expect(unknown.parameters).toEqual(['%about w12%', 'about w12[0-9] and', '%about w12%', 'about w12[0-9] and']);
    // Without a literal, and on other fields or SQLite, the regex is tested on each unit.
    expect(compiled('source:r"^a+$"', 'postgres').sql).toBe(`coalesce("units"."source" ~ $1, false)`);
    expect(compiled('target:r"about w12[0-9]"', 'postgres').sql).not.toContain('source_unit_id');
    expect(compiled('source:r"about w12[0-9]"', 'sqlite').sql).not.toContain('source_unit_id');
  });

  it('every field, has: and is: value has a compiler (adding a table = replacing one entry)', () => {
    for (const field of Object.keys(FIELDS)) expect(FIELD_COMPILERS[field] ?? CHANGE_COMPILERS[field], field).toBeDefined();
    for (const name of new Set(Object.values(HAS_VALUES))) expect(HAS_COMPILERS[name], `has:${name}`).toBeDefined();
    for (const name of new Set(Object.values(IS_VALUES))) expect(IS_COMPILERS[name], `is:${name}`).toBeDefined();
  });

  it('SQLite: substrings of 3+ characters use the FTS5 trigram index, shorter ones LIKE with escapes', () => {
    // The index answers for units it holds; the few queued in units_fts_stale (changed since the last bulk flush) are checked directly.
    const fts = `((units.id IN (SELECT rowid FROM units_fts WHERE units_fts MATCH ?) AND units.id NOT IN (SELECT id FROM units_fts_stale)) OR (units.id IN (SELECT id FROM units_fts_stale) AND `;
    expect(compiled('source:hello')).toEqual({ sql: `${fts}"units"."source" LIKE ? ESCAPE '\\'))`, parameters: ['{source} : "hello"', '%hello%'] });
    expect(compiled('hello').sql.startsWith(fts)).toBe(true);
    expect(compiled('hello').parameters).toEqual(['"hello"', '%hello%', '%hello%', '%hello%']);
    expect(compiled(`say 'a"b'`).parameters.filter((p) => !String(p).includes('%'))).toEqual(['"say"', '"a""b"']);
    expect(compiled('target:"a b"').parameters).toEqual(['{target} : "a b"', '%a b%']);
    expect(compiled('target:ab')).toEqual({ sql: `"units"."target" LIKE ? ESCAPE '\\'`, parameters: ['%ab%'] });
    expect(compiled('note:50%_\\x')).toEqual({ sql: `"units"."note" LIKE ? ESCAPE '\\'`, parameters: ['%50\\%\\_\\\\x%'] });
    expect(compiled('%').sql).toBe(`("units"."source" LIKE ? ESCAPE '\\' OR "units"."target" LIKE ? ESCAPE '\\' OR "units"."context" LIKE ? ESCAPE '\\')`);
    // Trigrams count characters, not UTF-16 units: "😀😀" has 2.
    expect(compiled('source:😀😀').sql).toContain('LIKE');
    expect(compiled('source:😀😀😀').sql).toContain('MATCH');
  });

  it('PostgreSQL: lower(col) LIKE lower(…) with ESCAPE, which the gin_trgm_ops indexes on lower(col) serve', () => {
    expect(compiled('source:Hello', 'postgres')).toEqual({ sql: `lower("units"."source") LIKE lower(CAST($1 AS text)) ESCAPE '\\'`, parameters: ['%Hello%'] });
    expect(compiled('x_y', 'postgres').parameters).toEqual(['%x\\_y%', '%x\\_y%', '%x\\_y%']);
    expect(compiled('source:r"^a+$"', 'postgres')).toEqual({ sql: `coalesce("units"."source" ~ $1, false)`, parameters: ['^a+$'] });
  });

  it('regular expressions use REGEXP on SQLite; exact matches are equality', () => {
    expect(compiled('target:r"^A"')).toEqual({ sql: `"units"."target" REGEXP ?`, parameters: ['^A'] });
    expect(compiled('source:=Hello')).toEqual({ sql: `"units"."source" = ?`, parameters: ['Hello'] });
  });

  it('change terms of one AND group share one change row; under OR or NOT they do not', () => {
    const same = compiled('changed_by:admin changed:>=2020-01-01 change_action:translation-changed').sql;
    expect(same.match(/EXISTS \(SELECT 1 FROM changes ch/g)).toHaveLength(1);
    expect(same).toContain('usr.username');
    expect(same).toContain('"ch"."timestamp"');
    expect(compiled('changed_by:admin OR changed:2020').sql.match(/FROM changes ch/g)).toHaveLength(2);
    expect(compiled('changed_by:admin NOT change_action:5').sql.match(/FROM changes ch/g)).toHaveLength(2);
  });

  it('features without a table compile to what is true when there are no rows', () => {
    expect(compiled('has:variant').sql).toBe('1 = 0');
    expect(compiled('has:comment').sql).toContain('FROM comments cm WHERE cm.unit_id = units.id AND cm.resolved = 0');
    expect(compiled('NOT has:glossary').sql).toBe('NOT (1 = 0)');
    expect(compiled('check:same').sql).toContain('FROM checks ck WHERE ck.unit_id = units.id AND ck.dismissed = 0');
    expect(compiled('has:dismissed-check').sql).toContain('ck.dismissed = 1');
  });

  it('labels and screenshots are looked up on the source string, by name (substring, exact, regex) and by count', () => {
    const onSource = 'ul.unit_id = coalesce(units.source_unit_id, units.id)';
    expect(compiled('label:urgent')).toEqual({
      sql: `EXISTS (SELECT 1 FROM unit_labels ul INNER JOIN labels lb ON lb.id = ul.label_id WHERE ${onSource} AND "lb"."name" LIKE ? ESCAPE '\\')`,
      parameters: ['%urgent%'],
    });
    expect(compiled('label:=Urgent', 'postgres')).toEqual({ sql: expect.stringContaining(`${onSource} AND "lb"."name" = $1)`), parameters: ['Urgent'] });
    expect(compiled('label:urgent', 'postgres').sql).toContain(`lower("lb"."name") LIKE lower(CAST($1 AS text))`);
    expect(compiled('label:r"^ur"').sql).toContain('"lb"."name" REGEXP ?');
    expect(compiled('has:label').sql).toBe(`EXISTS (SELECT 1 FROM unit_labels ul INNER JOIN labels lb ON lb.id = ul.label_id WHERE ${onSource} AND 1 = 1)`);
    expect(compiled('NOT has:label').sql.startsWith('NOT (EXISTS (SELECT 1 FROM unit_labels ul')).toBe(true);
    expect(compiled('labels_count:>1')).toEqual({ sql: `(SELECT count(*) FROM unit_labels ul WHERE ${onSource}) > ?`, parameters: [1] });
    expect(compiled('screenshot:login')).toEqual({
      sql: `EXISTS (SELECT 1 FROM screenshot_units ssu INNER JOIN screenshots ss ON ss.id = ssu.screenshot_id WHERE ssu.unit_id = coalesce(units.source_unit_id, units.id) AND "ss"."name" LIKE ? ESCAPE '\\')`,
      parameters: ['%login%'],
    });
    expect(compiled('has:screenshot').sql).toContain('FROM screenshot_units ssu');
  });

  it('numbers, id lists, states, paths', () => {
    expect(compiled('id:3,4')).toEqual({ sql: '"units"."id" IN (?, ?)', parameters: [3, 4] });
    expect(compiled('state:<translated')).toEqual({ sql: '"units"."state" < ?', parameters: [20] });
    expect(compiled('position:[2 to 4]')).toEqual({ sql: '"units"."position" BETWEEN ? AND ?', parameters: [2, 4] });
    expect(compiled('source_state:translated').sql).toContain('FROM units su WHERE su.id = units.source_unit_id');
    expect(compiled('path:a/b/c/d/e/f/g').sql).toBe('1 = 0');
    expect(compiled('path:a/-/b/c').sql).toBe('1 = 0');
    // Categorized components: the full path, a category (prefix), each with or without a language.
    const categorized = compiled('path:a/Web/app/cs', 'postgres');
    expect(categorized.sql).toContain(`replace(components.category_path, '%2F', '/') || components.slug`);
    expect(categorized.parameters).toEqual(['a', 'web/app/cs', 'web/app/cs/', 'web/app', 'cs', 'web/app/', 'cs']);
    expect(compiled('component:=web/app').parameters).toEqual(['web/app', 'web/app', 'web/app']);
    expect(compiled('path:a/-/cs').parameters).toEqual(['a', 'cs']);
  });

  it('FTS phrases double their quotes', () => {
    expect(ftsPhrase('a"b')).toBe('"a""b"');
    expect(ftsPhrase('x', ['target'])).toBe('{target} : "x"');
  });

  it('legacy filter_type ids map to queries', () => {
    expect(legacyFilterQuery('todo')).toBe('state:<translated');
    expect(legacyFilterQuery('label:My "x"')).toBe('label:"My \\"x\\""');
    expect(() => legacyFilterQuery('nope')).toThrow();
    expect(searchCondition({ filter_type: 'all' }, { dialect: 'sqlite' })).toBeNull();
    expect(searchCondition({ q: '  ' }, { dialect: 'sqlite' })).toBeNull();
  });

  it('marks the conditions that name no joined table, and no other field names one', () => {
    const joined = /\b(translations|components|projects|languages)\b/i;
    const samples: Record<FieldKind, string[]> = {
      text: ['abc', '="abc"', 'r"a.c"'],
      user: ['admin', '""'],
      code: ['cs'],
      number: ['>3', '[1 TO 5]'],
      id: ['1,2'],
      state: ['translated', '<translated'],
      bool: ['true', 'false'],
      date: ['>=2020-01-01'],
      action: ['1'],
      path: ['a/b/cs'],
      has: Object.keys(HAS_COMPILERS),
      is: Object.keys(IS_COMPILERS),
    };
    let checked = 0;
    for (const [field, kind] of Object.entries(FIELDS)) {
      for (const value of samples[kind]) {
        for (const dialect of ['sqlite', 'postgres'] as const) {
          const q = `${field}:${value}`;
          const where = searchCondition({ q }, { dialect })!;
          const { sql } = compiled(q, dialect);
          expect(onUnitsAlone(where), q).toBe(!JOINED_FIELDS.has(field));
          if (!JOINED_FIELDS.has(field)) expect(sql, q).not.toMatch(joined);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(onUnitsAlone(searchCondition({ q: 'hello' }, { dialect: 'postgres' })!)).toBe(true);
    expect(onUnitsAlone(searchCondition({ q: 'source:r"x" AND NOT (state:translated OR language:cs)' }, { dialect: 'postgres' })!)).toBe(false);
  });

  it('marks the conditions that test a regular expression, wherever it sits in the query', () => {
    const marked = (q: string) => hasRegex(searchCondition({ q }, { dialect: 'postgres' })!);
    expect(marked('source:r"^a+$"')).toBe(true);
    expect(marked('state:translated AND (NOT target:r"x{2}" OR source:hello)')).toBe(true);
    expect(marked('source:hello AND state:translated')).toBe(false);
  });
});
