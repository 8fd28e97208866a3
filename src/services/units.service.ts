// Units: one indexed query per page or per unit, joined with the slugs their links need.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, DialectName, Executor } from '../db/database.js';
import type { Actor } from '../auth/actor.js';
import type { AccessControl } from '../auth/access.js';
import { NotFoundError } from '../shared/errors.js';
import { asSearchError, searchCondition, type CompileContext, type SearchParams } from '../db/unit-search/index.js';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import { withLabels, type LabeledUnit, type LabelRef } from './labels.service.js';
import { unitTrigrams } from './unit-trigrams.js';
import { unitOffsetStart } from './unit-id-blocks.js';
import { ReadCache } from '../db/read-cache.js';

export interface UnitWithRefs {
  unit: LabeledUnit;
  projectSlug: string;
  componentSlug: string;
  languageCode: string;
}

/** The component's API path segment: category path prefix and slug (migration 017). */
const COMPONENT_SEGMENT = sql<string>`components.category_path || components.slug`.as('c_slug');

/** A compiled search (`q`): one WHERE condition that the count and the page queries share; null = no filter. */
export type UnitFilter = Expression<SqlBool> | null;

/** Runs a search query; a regular expression that the database rejects is the caller's 400, too. */
async function searching<T>(run: Promise<T>): Promise<T> {
  try {
    return await run;
  } catch (e) {
    throw asSearchError(e);
  }
}

/** What the search compiler needs to know of a database: its dialect and its units' trigram frequencies. */
export function searchContext(db: Db, dialect: DialectName): CompileContext {
  return { dialect, trigrams: unitTrigrams(db).current };
}

/** Units joined with what a compiled search condition (`q`) refers to: translation, component, project, language. */
export function searchableUnits(db: Executor) {
  return db
    .selectFrom('units')
    .innerJoin('translations', 'translations.id', 'units.translation_id')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .innerJoin('languages', 'languages.id', 'translations.language_id');
}

/** A unit with its links and the access settings of its project, as one read gives them. */
type VisibleUnit = { refs: UnitWithRefs; project: { id: number; access_control: number } };

export class UnitsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly dialect: DialectName = 'sqlite',
    /** Unit detail reads by id, kept until the database changes (read-cache.ts). */
    private readonly byId: ReadCache<number, VisibleUnit | undefined> = ReadCache.none(),
  ) {}

  /** Parses and compiles `q` (or a legacy `filter_type`); throws a 400 on attr `q` for a bad query. */
  filter(params: SearchParams): UnitFilter {
    return searchCondition(params, searchContext(this.db, this.dialect));
  }

  private joined() {
    return searchableUnits(this.db);
  }

  private static split(row: LabeledUnit & { p_slug: string; c_slug: string; l_code: string }): UnitWithRefs {
    const { p_slug, c_slug, l_code, ...unit } = row;
    return { unit, projectSlug: p_slug, componentSlug: c_slug, languageCode: l_code };
  }

  async getVisible(actor: Actor, id: number): Promise<UnitWithRefs> {
    const found = await this.byId.get(id, () => this.loadVisible(id));
    if (!found || !this.access.canView(actor, found.project)) throw new NotFoundError();
    return found.refs;
  }

  private async loadVisible(id: number): Promise<VisibleUnit | undefined> {
    // The labels of the unit's source string come in the same query, as a JSON array: one round trip.
    const jsonArrayFrom = this.dialect === 'postgres' ? pgJsonArrayFrom : sqliteJsonArrayFrom;
    const row = await this.joined()
      .selectAll('units')
      .select(['projects.slug as p_slug', COMPONENT_SEGMENT, 'languages.code as l_code', 'projects.access_control', 'projects.id as project_id'])
      .select((eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('unit_labels')
            .innerJoin('labels', 'labels.id', 'unit_labels.label_id')
            .select(['labels.id', 'labels.name', 'labels.description', 'labels.color'])
            .whereRef('unit_labels.unit_id', '=', eb.fn.coalesce('units.source_unit_id', 'units.id'))
            .orderBy('labels.name')
            .orderBy('labels.id'),
        ).as('labels_json'),
      )
      .where('units.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { access_control, project_id, labels_json, ...rest } = row;
    // PostgreSQL hands json over parsed, SQLite as text.
    const labels = (typeof labels_json === 'string' ? JSON.parse(labels_json) : labels_json) as LabelRef[];
    return { refs: UnitsService.split({ ...rest, labels }), project: { id: project_id, access_control } };
  }

  async countInTranslation(translationId: number, where: UnitFilter = null): Promise<number> {
    if (where) {
      const r = await searching(this.joined().select((eb) => eb.fn.countAll<number>().as('n')).where('units.translation_id', '=', translationId).where(where).executeTakeFirst());
      return Number(r?.n ?? 0);
    }
    // The kept counter, not a count over the units: O(1) however big the translation.
    const r = await this.db.selectFrom('translations').select('total').where('id', '=', translationId).executeTakeFirst();
    return Number(r?.total ?? 0);
  }

  async pageInTranslation(translationId: number, limit: number, offset: number, where: UnitFilter = null): Promise<LabeledUnit[]> {
    if (where) {
      const q = this.joined().selectAll('units').where('units.translation_id', '=', translationId).where(where);
      return withLabels(this.db, await searching(q.orderBy('units.position').orderBy('units.id').limit(limit).offset(offset).execute()));
    }
    return withLabels(this.db, await this.db.selectFrom('units').selectAll().where('translation_id', '=', translationId).orderBy('position').orderBy('id').limit(limit).offset(offset).execute());
  }

  async countVisible(actor: Actor, where: UnitFilter = null): Promise<number> {
    const filter = this.access.visibleProjects(actor);
    if (!where) {
      // Unfiltered lists count from the translations' kept counters (one row per translation, not per unit).
      let t = this.db
        .selectFrom('translations')
        .innerJoin('components', 'components.id', 'translations.component_id')
        .innerJoin('projects', 'projects.id', 'components.project_id')
        .select((eb) => eb.fn.sum<number>('translations.total').as('n'));
      if (filter) t = t.where(filter);
      const r = await t.executeTakeFirst();
      return Number(r?.n ?? 0);
    }
    let q = this.joined().select((eb) => eb.fn.countAll<number>().as('n'));
    if (filter) q = q.where(filter);
    if (where) q = q.where(where);
    const r = await searching(q.executeTakeFirst());
    return Number(r?.n ?? 0);
  }

  async pageVisible(actor: Actor, limit: number, offset: number, where: UnitFilter = null): Promise<UnitWithRefs[]> {
    const filter = this.access.visibleProjects(actor);
    let q = this.joined().selectAll('units').select(['projects.slug as p_slug', COMPONENT_SEGMENT, 'languages.code as l_code']);
    if (filter) q = q.where(filter);
    if (where) q = q.where(where);
    if (!filter && !where && offset > 0) {
      // Deep pages of everything: the block counts give the block of the page's first unit, a walk along
      // the primary key inside that block its id; only the page's rows are joined.
      const start = await unitOffsetStart(this.db, offset);
      if (!start) return [];
      const first = await this.db.selectFrom('units').select('id').where('id', '>=', start.fromId).orderBy('id').limit(1).offset(start.skip).executeTakeFirst();
      if (!first) return [];
      return (await withLabels(this.db, await q.where('units.id', '>=', first.id).orderBy('units.id').limit(limit).execute())).map(UnitsService.split);
    }
    const rows = await searching(q.orderBy('units.id').limit(limit).offset(offset).execute());
    return (await withLabels(this.db, rows)).map(UnitsService.split);
  }
}
