// The context of a string in the editor: nearby strings, the string in other languages, its history and what a revert writes.
import type { Db } from '../../db/database.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import type { TranslationWithRefs } from '../../db/places.js';
import { neighbourUnits, otherLanguageUnits, unitChangeRow, unitChangeRows, type ContextUnitRow, type LanguageUnitRow } from '../../db/unit-context.repository.js';
import { profileLanguages } from '../../db/user-profiles.repository.js';
import { TRANSLATION_ACTIONS } from '../../domain/change-actions.js';
import { joinPlurals, splitPlurals } from '../../domain/plurals.js';
import { STATE_APPROVED, STATE_EMPTY, STATE_TRANSLATED } from '../../domain/unit-states.js';
import { NotFoundError } from '../../shared/errors.js';
import type { LabeledUnit } from '../units/labels.service.js';
import { targetForms } from '../units/new-string.js';
import { isBlank } from '../units/unit-content.js';
import type { UnitsService } from '../units/units.service.js';

/** How many strings before and after the current one the nearby list shows. */
export const NEARBY = 5;
/** How many change records the history shows, newest first. */
export const HISTORY_LIMIT = 50;

export interface NearbyStrings {
  before: ContextUnitRow[];
  unit: ContextUnitRow;
  after: ContextUnitRow[];
}

export interface OtherLanguage extends LanguageUnitRow {
  /** One of the viewer's secondary languages (listed first). */
  secondary: boolean;
}

/** A change record of the string as the history shows it. */
export interface HistoryEntry {
  id: number;
  action: number;
  timestamp: string;
  username: string | null;
  fullName: string | null;
  /** The translation the change wrote (translation changes only; null for other records such as comments). */
  text: string | null;
  /** The translation before the change, offered too when this is the oldest translation change listed. */
  before: string | null;
}

/** Which text of a change record a revert writes back. */
export type RevertTo = 'target' | 'old';

export class UnitContextService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly units: Pick<UnitsService, 'getVisible'>,
  ) {}

  /** The unit `unitId` when the actor may see it and it belongs to translation `translationId`; otherwise 404. */
  async unitIn(actor: Actor, translationId: number, unitId: number): Promise<LabeledUnit> {
    const { unit } = await this.units.getVisible(actor, unitId);
    if (unit.translation_id !== translationId) throw new NotFoundError();
    return unit;
  }

  /** The strings around the unit in file order, NEARBY on each side. */
  async nearby(actor: Actor, translationId: number, unitId: number): Promise<NearbyStrings> {
    const unit = await this.unitIn(actor, translationId, unitId);
    const { before, after } = await neighbourUnits(this.db, unit, NEARBY);
    return { before, unit, after };
  }

  /** The same string in the component's other languages: the viewer's secondary languages first, then by language name. */
  async otherLanguages(actor: Actor, translationId: number, unitId: number): Promise<OtherLanguage[]> {
    const unit = await this.unitIn(actor, translationId, unitId);
    if (unit.source_unit_id === null) return [];
    const [rows, languages] = await Promise.all([
      otherLanguageUnits(this.db, unit.source_unit_id, unit.id),
      actor.user ? profileLanguages(this.db, [actor.user.id]) : Promise.resolve([]),
    ]);
    const secondary = languages.filter((l) => l.secondary === 1).map((l) => l.code);
    const rank = (code: string) => {
      const i = secondary.indexOf(code);
      return i < 0 ? secondary.length : i;
    };
    // A stable sort keeps the query's order (language name) within each group.
    return rows.map((r) => ({ ...r, secondary: secondary.includes(r.code) })).sort((a, b) => rank(a.code) - rank(b.code));
  }

  /** The unit and its newest change records, newest first. */
  async history(actor: Actor, translationId: number, unitId: number): Promise<{ unit: LabeledUnit; entries: HistoryEntry[] }> {
    const unit = await this.unitIn(actor, translationId, unitId);
    const rows = await unitChangeRows(this.db, unit.id, HISTORY_LIMIT);
    const entries: HistoryEntry[] = rows.map((r) => ({
      id: r.id,
      action: r.action,
      timestamp: r.timestamp,
      username: r.username,
      fullName: r.full_name,
      text: TRANSLATION_ACTIONS.has(r.action) ? r.target : null,
      before: null,
    }));
    // The text from before the oldest listed translation change (a file's translation, say) can be brought back too.
    const oldest = [...entries].reverse().find((e) => e.text !== null);
    const row = oldest && rows.find((r) => r.id === oldest.id);
    if (oldest && row && row.old !== '' && row.old !== row.target) oldest.before = row.old;
    return { unit, entries };
  }

  /**
   * The edit that writes a text of one of the unit's change records back as its translation, for the unit edit
   * service's patch (the same call as saving in the editor: the same permission checks, quality checks and
   * change record); null when the string already reads so. An approved string stays approved for those who
   * may approve; an empty text makes the string untranslated.
   */
  async revertEdit(actor: Actor, t: TranslationWithRefs, unitId: number, changeId: number, to: RevertTo): Promise<{ target: string[]; state: number } | null> {
    const unit = await this.unitIn(actor, t.translation.id, unitId);
    const change = await unitChangeRow(this.db, unit.id, changeId);
    if (!change || !TRANSLATION_ACTIONS.has(change.action)) throw new NotFoundError();
    const text = to === 'old' ? change.old : change.target;
    // As many forms as the translation has: a text saved under another plural rule is cut or padded.
    const count = targetForms(splitPlurals(unit.source), t.translation);
    const stored = splitPlurals(text);
    const target = Array.from({ length: count }, (_, i) => stored[i] ?? '');
    const review = (t.translation.is_source ? t.project.source_review : t.project.translation_review) === 1;
    const keepApproved = unit.state === STATE_APPROVED && review && this.access.canIn(actor, 'unit.review', t.project, t.component, t.translation.language_id);
    const state = isBlank(target) ? STATE_EMPTY : keepApproved ? STATE_APPROVED : STATE_TRANSLATED;
    if (joinPlurals(target) === unit.target && state === unit.state) return null;
    return { target, state };
  }
}
