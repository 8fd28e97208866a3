// Data of the exports outside /api/: the RSS feeds of recent changes and the legacy
// per-translation statistics export. Rendering (XML, JSON, CSV) is the route's business.
import type { Db } from '../../db/database.js';
import { changeCountsInRanges, counterSumsPerLanguage, translationStatsOfComponent } from '../../db/export-stats.repository.js';
import { languageByCode } from '../../db/languages.repository.js';
import type { ChangeRow, LanguageRow, ProjectRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { NotFoundError } from '../../shared/errors.js';
import type { ChangeRefs, ChangeScope, ChangesService } from './changes.service.js';
import type { ComponentWithRefs } from '../../db/places.js';
import { CONTENT_ACTIONS } from '../../domain/change-actions.js';
import { COUNTER_COLUMNS, countersFrom, type Counters } from '../common/statistics-counters.js';

/** Items of a feed: the reference shows the ten most recent changes. */
export const FEED_ITEMS = 10;
const RECENT_WINDOW_MS = 6 * 3600 * 1000; // as the statistics endpoints: content changes in the six hours before the last one
const BATCH = 200;

export interface FeedData {
  rows: ChangeRow[];
  refs: ChangeRefs;
}

export interface TranslationStatsRow {
  languageCode: string;
  languageName: string;
  counters: Counters;
  lastChange: string | null;
  lastAuthor: string | null;
  recentChanges: number;
}

export interface LanguageStatsRow {
  languageCode: string;
  languageName: string;
  counters: Counters;
}

export class ExportsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
  ) {}

  /** The ten most recent changes of a scope the actor may see, newest first, with what they refer to. */
  async feed(actor: Actor, scope: ChangeScope): Promise<FeedData> {
    const rows = await this.changes.page(actor, scope, {}, FEED_ITEMS, 0);
    return { rows, refs: await this.changes.refs(rows) };
  }

  /** A language by code, for its feed: any language the server knows (404 otherwise). */
  async language(code: string): Promise<LanguageRow> {
    const row = await languageByCode(this.db, code);
    if (!row) throw new NotFoundError();
    return row;
  }

  /** Per-translation statistics of a component, ordered by language code. */
  async componentStats(actor: Actor, refs: ComponentWithRefs): Promise<TranslationStatsRow[]> {
    if (!this.access.canViewComponent(actor, refs.project, refs.component)) throw new NotFoundError();
    const rows = await translationStatsOfComponent(this.db, refs.component.id);
    const recent = await this.recentChanges(rows.map((r) => ({ id: r.id, lastChange: r.last_change })));
    return rows.map((r) => ({
      languageCode: r.l_code,
      languageName: r.l_name,
      counters: countersFrom(r),
      lastChange: r.last_change,
      lastAuthor: r.u_username ? r.u_full_name || r.u_username : null,
      recentChanges: recent.get(r.id) ?? 0,
    }));
  }

  /** Per-language sums over the project's components the actor sees, ordered by language code (the older project export). */
  async projectStats(actor: Actor, project: ProjectRow): Promise<LanguageStatsRow[]> {
    if (!this.access.canView(actor, project)) throw new NotFoundError();
    const rows = await counterSumsPerLanguage(this.db, project.id, this.access.visibleComponents(actor), COUNTER_COLUMNS);
    return rows.map((r) => ({ languageCode: r.code, languageName: r.name, counters: countersFrom(r) }));
  }

  /**
   * Content changes in the six hours before each translation's last change, in one grouped query per
   * batch of translations (the window differs per translation, so each gets its own range term).
   */
  private async recentChanges(translations: { id: number; lastChange: string | null }[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    const wanted = translations.filter((t): t is { id: number; lastChange: string } => t.lastChange !== null);
    for (let i = 0; i < wanted.length; i += BATCH) {
      const batch = wanted.slice(i, i + BATCH).map((t) => ({ translationId: t.id, from: new Date(Date.parse(t.lastChange) - RECENT_WINDOW_MS).toISOString(), to: t.lastChange }));
      const rows = await changeCountsInRanges(this.db, [...CONTENT_ACTIONS], batch);
      for (const r of rows) if (r.translation_id !== null) out.set(r.translation_id, Number(r.n));
    }
    return out;
  }
}
