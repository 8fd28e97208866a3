// Units: one indexed query per page or per unit, joined with the slugs their links need.
import type { Db, DialectName } from '../../db/database.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { NotFoundError } from '../../shared/errors.js';
import { asSearchError, hasRegex, searchCondition, type CompileContext, type SearchParams } from '../../db/unit-search/index.js';
import {
  checksOfUnitByName,
  countSearchedUnits,
  countSearchedUnitsInTranslation,
  countUnitsFromCounters,
  searchedUnitsPageInTranslation,
  translationTotal,
  screenshotsOfUnits,
  unitsPageInTranslation,
  searchedUnitIds,
  translationRefs,
  unitsAfter,
  unitsByIds,
  unitsWithSlugsPage,
  unitWithLinksById,
  type LabeledUnitRow,
  type TranslationRefs,
  type UnitFilter,
  type UnitWithSlugsRow,
} from '../../db/unit-lists.repository.js';
import { withLabels, type LabeledUnit } from './labels.service.js';
import { unitTrigrams } from './unit-trigrams.js';
import { unitBlockSums, unitOffsetStart, type BlockSums } from '../../db/unit-id-blocks.js';
import { ReadCache } from '../../db/read-cache.js';
import { anyUnlinkedUnit } from '../../db/units.repository.js';
import type { ProjectsFilter } from '../../db/projects.repository.js';
import type { ComponentsFilter } from '../../db/components.repository.js';

export interface UnitWithRefs {
  unit: LabeledUnit;
  projectSlug: string;
  componentSlug: string;
  languageCode: string;
}

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

/** What `load` gives for `key`, started once while the key lives (a request's compiled condition). */
function onceFor<T>(memo: WeakMap<object, Promise<T>>, key: object, load: () => Promise<T>): Promise<T> {
  let value = memo.get(key);
  if (!value) memo.set(key, (value = load()));
  return value;
}

/** The key of `counts` that says whether every unit links to a source unit (1) or not (0). */
const EVERY_UNIT_LINKED = 'every-unit-linked';

/** A unit with its links, the access settings of its project and its component's restriction, as one read gives them. */
type VisibleUnit = { refs: UnitWithRefs; project: { id: number; access_control: number }; component: { id: number; restricted: number } };

/** What the editor shows next to a unit besides the unit itself: its stored check results and its screenshots. */
export interface UnitExtras {
  checks: { name: string; dismissed: boolean }[];
  screenshots: { id: number; name: string }[];
}

export class UnitsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly dialect: DialectName = 'sqlite',
    /** Unit detail reads by id, kept until the database changes (read-cache.ts). */
    private readonly byId: ReadCache<number, VisibleUnit | undefined> = ReadCache.none(),
    /**
     * Counts of visible units, the per-block unit counts and the links of translations' units (`refs:<id>`),
     * kept until the database changes.
     */
    private readonly counts: ReadCache<string, number | BlockSums | TranslationRefs> = ReadCache.none(),
  ) {}

  /** A regex search's matching ids while its request lasts (see onePass). */
  private readonly regexMatches = new WeakMap<object, Promise<number[]>>();
  /** Other searches' counts while their request lasts (see searchCount). */
  private readonly searchCounts = new WeakMap<object, Promise<number>>();

  /** Parses and compiles `q` (or a legacy `filter_type`); throws a 400 on attr `q` for a bad query. */
  filter(params: SearchParams): UnitFilter {
    return searchCondition(params, { ...searchContext(this.db, this.dialect), everyUnitLinked: this.everyUnitLinked() });
  }

  /**
   * Whether every unit links to a source unit, as last read under the database's current stamp; false (the
   * answer that stays exact either way) until that read is in, which the first asking starts.
   */
  private everyUnitLinked(): boolean {
    // Only PostgreSQL's search reads it; without read caches every search takes the exact path that needs no answer.
    if (this.dialect !== 'postgres' || !this.counts.caching()) return false;
    const known = this.counts.peek(EVERY_UNIT_LINKED);
    if (known === undefined) void this.counts.get(EVERY_UNIT_LINKED, async () => ((await anyUnlinkedUnit(this.db)) ? 0 : 1)).catch(() => undefined);
    return known === 1;
  }

  private static split(row: LabeledUnit & Pick<UnitWithSlugsRow, 'p_slug' | 'c_slug' | 'l_code'>): UnitWithRefs {
    const { p_slug, c_slug, l_code, ...unit } = row;
    return { unit, projectSlug: p_slug, componentSlug: c_slug, languageCode: l_code };
  }

  /**
   * A page's rows with the links of their translations, from the cache where it has them (one query for the
   * others). The rows are not copied. A unit whose translation went away since the page was read is left out.
   */
  private async withRefs(rows: LabeledUnitRow[]): Promise<UnitWithRefs[]> {
    const refs = new Map<number, TranslationRefs>();
    const missing = new Set<number>();
    for (const { translation_id: id } of rows) {
      if (refs.has(id) || missing.has(id)) continue;
      const hit = this.counts.peek(`refs:${id}`) as TranslationRefs | undefined;
      if (hit) refs.set(id, hit);
      else missing.add(id);
    }
    if (missing.size) {
      for (const [id, loaded] of await translationRefs(this.db, [...missing])) {
        refs.set(id, loaded);
        await this.counts.get(`refs:${id}`, () => Promise.resolve(loaded));
      }
    }
    const out: UnitWithRefs[] = [];
    for (const unit of rows) {
      const r = refs.get(unit.translation_id);
      if (r) out.push({ unit, projectSlug: r.p_slug, componentSlug: r.c_slug, languageCode: r.l_code });
    }
    return out;
  }

  async getVisible(actor: Actor, id: number): Promise<UnitWithRefs> {
    const found = await this.byId.get(id, () => this.loadVisible(id));
    if (!found || !this.access.canViewComponent(actor, found.project, found.component)) throw new NotFoundError();
    return found.refs;
  }

  private async loadVisible(id: number): Promise<VisibleUnit | undefined> {
    const row = await unitWithLinksById(this.db, id);
    if (!row) return undefined;
    const { access_control, project_id, component_id, restricted, ...rest } = row;
    return { refs: UnitsService.split(rest), project: { id: project_id, access_control }, component: { id: component_id, restricted: Number(restricted) } };
  }

  async countInTranslation(translationId: number, where: UnitFilter = null): Promise<number> {
    if (where) return searching(countSearchedUnitsInTranslation(this.db, translationId, where));
    // The kept counter, not a count over the units: O(1) however big the translation.
    return translationTotal(this.db, translationId);
  }

  async pageInTranslation(translationId: number, limit: number, offset: number, where: UnitFilter = null): Promise<LabeledUnit[]> {
    // Labels after the page: in the page's query they would be built for every skipped row too.
    if (where) return withLabels(this.db, await searching(searchedUnitsPageInTranslation(this.db, translationId, where, limit, offset)));
    return withLabels(this.db, await unitsPageInTranslation(this.db, translationId, limit, offset));
  }

  async countVisible(actor: Actor, where: UnitFilter = null): Promise<number> {
    const filter = this.access.visibleProjects(actor);
    const components = this.access.visibleComponents(actor);
    // Unfiltered lists count from the translations' kept counters (one row per translation, not per unit).
    if (!where) return this.counts.get(`visible:${this.access.visibilityKey(actor)}`, () => countUnitsFromCounters(this.db, filter, components)) as Promise<number>;
    const ids = this.onePass(filter, components, where);
    if (ids) return (await ids).length;
    return this.searchCount(filter, components, where);
  }

  /** A search's exact count, read once for the request's count and its page (keyed by the compiled condition). */
  private searchCount(projects: ProjectsFilter, components: ComponentsFilter, where: NonNullable<UnitFilter>): Promise<number> {
    return onceFor(this.searchCounts, where, () => searching(countSearchedUnits(this.db, projects, components, where)));
  }

  /**
   * Whether a search's page is cut from all its matches rather than by walking the primary key (see
   * unitsWithSlugsPage), on PostgreSQL, from the exact count: the walk reads about (offset + limit) × units
   * / matches rows, sorting the matches reads the matches, so the walk wins when matches² > (offset + limit) ×
   * units. Waiting for the count costs the page's time after it; the walk taken for a rare text cost ten times that.
   */
  private async matchesFirst(actor: Actor, projects: ProjectsFilter, components: ComponentsFilter, where: NonNullable<UnitFilter>, limit: number, offset: number): Promise<boolean> {
    if (this.dialect !== 'postgres') return false;
    const matches = await this.searchCount(projects, components, where);
    const units = await this.countVisible(actor);
    return matches * matches <= (offset + limit) * units;
  }

  /**
   * The ids a regex search finds, read once for the count and the page of one request (keyed by the
   * request's compiled condition); null without a regex. A count and a page would each read every match
   * and run the regex on every candidate row, which is most of such a search's cost: SQLite would run the
   * two one after the other, and PostgreSQL runs them at once on two connections, which on a busy machine
   * costs about as much as running them in turn.
   */
  private onePass(projects: ProjectsFilter, components: ComponentsFilter, where: NonNullable<UnitFilter>): Promise<number[]> | null {
    if (!hasRegex(where)) return null;
    return onceFor(this.regexMatches, where, () => searching(searchedUnitIds(this.db, projects, components, where)));
  }

  async pageVisible(actor: Actor, limit: number, offset: number, where: UnitFilter = null): Promise<UnitWithRefs[]> {
    const filter = this.access.visibleProjects(actor);
    const components = this.access.visibleComponents(actor);
    if (!filter && !components && !where && offset > 0) {
      // Deep pages of everything: the block counts give the block of the page's first unit, a walk along
      // the primary key inside that block its id; the links come from the page's translations.
      const sums = (await this.counts.get('blocks', () => unitBlockSums(this.db))) as BlockSums;
      const start = unitOffsetStart(sums, offset);
      if (!start) return [];
      return this.withRefs(await unitsAfter(this.db, start.fromId, start.skip, limit));
    }
    const ids = where && this.onePass(filter, components, where);
    if (ids) return this.withRefs(await unitsByIds(this.db, (await ids).slice(offset, offset + limit)));
    const matchesFirst = where ? await this.matchesFirst(actor, filter, components, where, limit, offset) : false;
    return (await withLabels(this.db, await searching(unitsWithSlugsPage(this.db, filter, components, where, limit, offset, matchesFirst)))).map(UnitsService.split);
  }

  /** The unit's stored check results and the screenshots linked to it or to its source string (two indexed queries). */
  async extras(unit: { id: number; source_unit_id: number | null }): Promise<UnitExtras> {
    const ids = unit.source_unit_id !== null && unit.source_unit_id !== unit.id ? [unit.id, unit.source_unit_id] : [unit.id];
    const [checks, shots] = await Promise.all([checksOfUnitByName(this.db, unit.id), screenshotsOfUnits(this.db, ids)]);
    const seen = new Set<number>();
    return {
      checks: checks.map((c) => ({ name: c.name, dismissed: Number(c.dismissed) === 1 })),
      screenshots: shots.filter((s) => (seen.has(s.id) ? false : (seen.add(s.id), true))),
    };
  }
}
