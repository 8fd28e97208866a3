// Brings the database in line with a component's files after they changed on disk (pull, reset, file-scan).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Executor } from '../../db/database.js';
import type { ComponentRow, LanguageRow, TranslationRow, UnitRow } from '../../db/schema.js';
import type { ComponentScanner, ScannedTree } from '../catalog/component-scanner.js';
import type { PlannedUnit } from '../files/import-plan.js';
import { joinPlurals } from '../../domain/plurals.js';
import { storedPlural, type PluralRule } from '../../languages/plural-rule.js';
import { recountTranslation } from '../common/statistics-counters.js';
import { STATE_FUZZY, STATE_READONLY, STATE_TRANSLATED } from '../../domain/unit-states.js';
import { insertTranslation, unitRow } from '../units/units-writer.js';
import { UnitChecker } from '../quality/unit-checks.js';
import { nowIso } from '../../shared/clock.js';
import type { ChangeInput } from '../activity/changes.service.js';
import { Action } from '../../domain/change-actions.js';
import { deleteTranslatedUnitsWithHashes, deleteUnits, insertUnits, linkNewSourceUnits, sourceUnitIds, unorderedUnitsOfTranslation, updateUnitFromFile } from '../../db/unit-import.repository.js';
import { lockTranslationRow, setTranslationFile, translationsOfComponent } from '../../db/translation-files.repository.js';
import { deleteTranslation } from '../../db/translations.repository.js';
import { setTranslationCounters } from '../../db/statistics.repository.js';
import type { ChangedUnits } from '../live/changed-units.js';

const BATCH = 400;

export interface RescanResult {
  added: number;
  removed: number;
  updated: number;
  languagesAdded: number;
  languagesRemoved: number;
}

function sameContent(u: UnitRow, p: PlannedUnit): boolean {
  return (
    u.target === joinPlurals(p.target) &&
    u.state === p.state &&
    u.source === joinPlurals(p.source) &&
    u.location === p.location &&
    u.note === p.note &&
    u.flags === p.flags &&
    u.position === p.position
  );
}

async function deleteIds(tx: Executor, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH) await deleteUnits(tx, ids.slice(i, i + BATCH));
}

/**
 * Reconciles one translation's units with its planned units: new ones are inserted, missing ones
 * deleted, changed ones updated (and no longer pending: the file holds them now).
 */
async function reconcileUnits(tx: Executor, translation: TranslationRow, planned: PlannedUnit[], sourceIds: Map<string, number> | null, result: RescanResult, log: ChangeLog | null): Promise<void> {
  const existing = await unorderedUnitsOfTranslation(tx, translation.id);
  const byHash = new Map(existing.map((u) => [u.id_hash, u]));
  const wanted = new Set(planned.map((p) => p.id_hash));
  const now = nowIso();
  const gone = existing.filter((u) => !wanted.has(u.id_hash)).map((u) => u.id);
  // Units pointing at removed source units go first.
  if (sourceIds === null && gone.length > 0) {
    const goneSet = new Set(gone);
    const hashes = existing.filter((u) => goneSet.has(u.id)).map((u) => u.id_hash);
    for (let i = 0; i < hashes.length; i += BATCH) {
      await deleteTranslatedUnitsWithHashes(tx, translation.component_id, translation.id, hashes.slice(i, i + BATCH));
    }
  }
  await deleteIds(tx, gone);
  result.removed += gone.length;
  log?.live?.addUnlisted(translation.id, gone.length);
  // Quality checks of new and changed units, in JS; their rows are written in batches at the end.
  const checker = await UnitChecker.forTranslation(tx, translation.id);
  const changed = planned.filter((p) => {
    const u = byHash.get(p.id_hash);
    return !u || !sameContent(u, p) || u.pending !== 0;
  });
  await checker.prepareReused(tx, changed.map((p) => ({ source: joinPlurals(p.source), target: joinPlurals(p.target), state: p.state })));
  const inserts = [];
  for (const p of planned) {
    const u = byHash.get(p.id_hash);
    const sourceUnitId = sourceIds?.get(p.id_hash) ?? null;
    if (!u) {
      const row = unitRow(translation.id, p, sourceUnitId, now);
      const outcome = checker.evaluate({ source: row.source, target: row.target, state: row.state, flags: row.flags, source_unit_id: sourceUnitId });
      row.state = outcome.state;
      row.has_failing_check = outcome.has_failing_check;
      checker.recordNew(p.id_hash, outcome);
      inserts.push(row);
      continue;
    }
    if (sameContent(u, p) && u.pending === 0) continue;
    let state = p.state;
    let previous = p.previous_source;
    // A changed source text (keyed formats) asks translators to look at the translation again.
    if (sourceIds !== null && u.source !== joinPlurals(p.source) && state >= STATE_TRANSLATED && state !== STATE_READONLY) {
      state = STATE_FUZZY;
      previous = u.source;
    }
    const outcome = checker.check({ id: u.id, source: joinPlurals(p.source), target: joinPlurals(p.target), state, flags: p.flags, source_unit_id: u.source_unit_id });
    state = outcome.state;
    await updateUnitFromFile(tx, u.id, { has_failing_check: outcome.has_failing_check, target: joinPlurals(p.target), state, source: joinPlurals(p.source), previous_source: previous, location: p.location, note: p.note, flags: p.flags, position: p.position, num_words: p.num_words, num_chars: p.num_chars, content_hash: p.content_hash, pending: 0, last_updated: now });
    result.updated++;
    // Only what the files changed: a pending edit the file already holds is no news.
    if (log && !sameContent(u, p)) {
      const text = sourceIds === null ? joinPlurals(p.source) : joinPlurals(p.target);
      log.push(translation, { action: log.actions.updated, unitId: u.id, target: text, old: sourceIds === null ? u.source : u.target });
      log.live?.add(translation.id, u.id, p.target, state);
    }
  }
  for (let i = 0; i < inserts.length; i += BATCH) {
    const rows = await insertUnits(tx, inserts.slice(i, i + BATCH));
    if (log) {
      for (const r of rows) {
        const source = sourceIds === null;
        log.push(translation, { action: source ? log.actions.sourceAdded : log.actions.added, unitId: r.id, target: source ? r.source : r.target });
      }
    }
  }
  await checker.flush(tx);
  result.added += inserts.length;
  // New strings have no row in the list views yet: counted, not listed.
  log?.live?.addUnlisted(translation.id, inserts.length);
  if (sourceIds === null && inserts.length > 0) {
    // New source units point at themselves.
    await linkNewSourceUnits(tx, translation.id);
  }
}

/** Keeps a translation's file name and plural rule as its file now says. */
async function updateTranslationFile(tx: Executor, translation: TranslationRow, filename: string, plural: PluralRule): Promise<void> {
  const stored = storedPlural(plural);
  const same =
    translation.filename === filename &&
    translation.plural_source === stored.plural_source &&
    translation.plural_number === stored.plural_number &&
    translation.plural_formula === stored.plural_formula &&
    translation.plural_categories === stored.plural_categories;
  if (!same) await setTranslationFile(tx, translation.id, { filename, ...stored });
}

/** The actions a rescan records for the strings it adds or updates. */
export interface RescanActions {
  added: number;
  sourceAdded: number;
  updated: number;
}

/** Strings the repository brought (pull, reset, file-scan). */
const REPOSITORY_ACTIONS: RescanActions = { added: Action.STRING_ADDED_IN_REPOSITORY, sourceAdded: Action.SOURCE_STRING_ADDED_IN_REPOSITORY, updated: Action.STRING_UPDATED_IN_REPOSITORY };

/** Strings an uploaded file brought (method=replace). */
export const UPLOAD_ACTIONS: RescanActions = { added: Action.STRING_ADDED_IN_UPLOAD, sourceAdded: Action.SOURCE_STRING_ADDED_IN_UPLOAD, updated: Action.STRING_UPDATED_IN_UPLOAD };

/** Every file below `root`, relative to it, without git's own directory. */
export async function listComponentFiles(root: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(path.join(root, rel), { withFileTypes: true })) {
    if (entry.name === '.git') continue;
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listComponentFiles(root, child)));
    else if (entry.isFile()) out.push(child);
  }
  return out;
}

/** Collects the changes a rescan finds in existing translations (strings added or updated in the repository or an upload). */
class ChangeLog {
  readonly changes: ChangeInput[] = [];
  constructor(
    private readonly component: ComponentRow,
    private readonly userId: number | null,
    readonly actions: RescanActions = REPOSITORY_ACTIONS,
    /** Collects the changed units of existing translations for the live events. */
    readonly live?: ChangedUnits,
  ) {}
  push(translation: TranslationRow, change: Pick<ChangeInput, 'action' | 'unitId' | 'target' | 'old'>): void {
    this.changes.push({
      ...change,
      userId: this.userId,
      projectId: this.component.project_id,
      componentId: this.component.id,
      translationId: translation.id,
      languageId: translation.language_id,
    });
  }
}

/**
 * Applies a fresh scan of the component's files to the database inside `tx`. With `record`, the
 * strings added or updated in existing translations are returned as changes (59, 71, 90, or the
 * upload's 72, 73, 89 with `record.actions`) for the caller to record in the same transaction; `record.changed`
 * collects the strings of existing translations that changed, for the live events the caller publishes after the commit.
 */
export async function reconcileComponent(
  tx: Executor,
  scanner: ComponentScanner,
  component: ComponentRow,
  source: LanguageRow,
  scanned: ScannedTree,
  record?: { userId: number | null; actions?: RescanActions; changed?: ChangedUnits },
): Promise<RescanResult & { changes: ChangeInput[] }> {
  const log = record ? new ChangeLog(component, record.userId, record.actions, record.changed) : null;
  const result: RescanResult = { added: 0, removed: 0, updated: 0, languagesAdded: 0, languagesRemoved: 0 };
  const plan = await scanner.plan(tx, component, source, scanned);
  const translations = await translationsOfComponent(tx, component.id);
  const meta = (plural: PluralRule) => ({ componentId: component.id, plural });

  let sourceT = translations.find((t) => t.is_source === 1);
  if (!sourceT) {
    sourceT = (await insertTranslation(tx, plan.source, meta(plan.source.plural), null)).translation;
    result.languagesAdded++;
  } else {
    await reconcileUnits(tx, sourceT, plan.source.units, null, result, log);
    await updateTranslationFile(tx, sourceT, plan.source.filename, plan.source.plural);
  }
  const sourceRows = await sourceUnitIds(tx, sourceT.id);
  const sourceIds = new Map(sourceRows.map((r) => [r.id_hash, r.id]));

  const seen = new Set<number>([sourceT.id]);
  for (const p of plan.translations) {
    const existing = translations.find((t) => t.language_id === p.languageId && t.is_source === 0);
    if (!existing) {
      const { translation } = await insertTranslation(tx, p, meta(p.plural), sourceIds);
      seen.add(translation.id);
      result.languagesAdded++;
      continue;
    }
    seen.add(existing.id);
    await reconcileUnits(tx, existing, p.units, sourceIds, result, log);
    await updateTranslationFile(tx, existing, p.filename, p.plural);
  }
  for (const t of translations) {
    if (seen.has(t.id)) continue;
    await deleteTranslation(tx, t.id);
    result.languagesRemoved++;
  }
  // After a bulk reconcile a recount is the exact, simple answer. The translation row is locked first: an
  // edit that changed a unit holds that lock until it commits (its counter update), so the recount sees
  // either all of the edit or none of it, and the edit's own delta then lands on the recounted row.
  for (const id of seen) {
    await lockTranslationRow(tx, id);
    await setTranslationCounters(tx, id, await recountTranslation(tx, id));
  }
  return { ...result, changes: log?.changes ?? [] };
}
