// Databases made before plural types and character counts followed the reference: the one/few/many languages get type 22, plural sources count their separators.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/** Languages whose three forms are one, few and many (their last form is also zero's), as the language data now says. */
const ONE_FEW_MANY = ['be', 'bs', 'bs_Cyrl', 'cs', 'hr', 'lt', 'pl', 'ru', 'sh', 'sk', 'sr', 'sr_Latn', 'sr_ME', 'uk'];

/** The separator between plural forms in a stored source (two characters). */
const SEPARATOR = '\u001e\u001e';

/*
 * A plural source's characters now include the separator between its forms. Each unit gains the
 * separators of its own source, and each translation's character counters gain those of its units in
 * the same states the counters count (translated 20 and up, needing editing 10 to 19, approved 30,
 * read-only 100, failing checks), so that stored and newly read strings add up alike.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.updateTable('languages').set({ plural_type: 22 }).where('code', 'in', ONE_FEW_MANY).where('plural_type', '=', 2).where('plural_number', '=', 3).execute();
  const extra = sql<number>`(length(u.source) - length(replace(u.source, ${SEPARATOR}, '')))`;
  const sum = (condition: ReturnType<typeof sql>) => sql`coalesce((SELECT sum(${extra}) FROM units u WHERE u.translation_id = translations.id AND u.source LIKE ${`%${SEPARATOR}%`} AND ${condition}), 0)`;
  await sql`UPDATE translations SET
      total_chars = total_chars + ${sum(sql`1 = 1`)},
      translated_chars = translated_chars + ${sum(sql`u.state >= 20`)},
      fuzzy_chars = fuzzy_chars + ${sum(sql`u.state >= 10 AND u.state < 20`)},
      approved_chars = approved_chars + ${sum(sql`u.state = 30`)},
      readonly_chars = readonly_chars + ${sum(sql`u.state = 100`)},
      failing_chars = failing_chars + ${sum(sql`u.has_failing_check = 1`)}
    WHERE EXISTS (SELECT 1 FROM units u WHERE u.translation_id = translations.id AND u.source LIKE ${`%${SEPARATOR}%`})`.execute(db);
  await sql`UPDATE units SET num_chars = num_chars + (length(source) - length(replace(source, ${SEPARATOR}, ''))) WHERE source LIKE ${`%${SEPARATOR}%`}`.execute(db);
}
