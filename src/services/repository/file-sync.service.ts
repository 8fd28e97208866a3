// Writes what changed in the database (pending edits, added and removed units) into the translation files.
import fs from 'node:fs/promises';
import type { Db } from '../../db/database.js';
import { clearPendingStamps, deleteRemovals, dirtyTranslationIds, lockPendingUnits, removalsOfTranslation } from '../../db/pending-units.repository.js';
import { translationsToWrite } from '../../db/translation-files.repository.js';
import { unitsOfTranslationInOrder } from '../../db/unit-lists.repository.js';
import type { ComponentRow, LanguageRow, TranslationRow, UnitRow } from '../../db/schema.js';
import type { ParsedStore, TranslationFormat } from '../../formats/format.js';
import type { FormatRegistry } from '../../formats/registry.js';
import { ruleOfTranslation } from '../../languages/plural-rule.js';
import type { DataPaths } from '../common/data-paths.js';
import { withComponentFiles, writeFileAtomic } from '../common/component-files.js';
import { unitIdHash } from '../../domain/unit-identity.js';
import { parseOptionsFor } from '../files/parse-options.js';
import { splitPlurals } from '../../domain/plurals.js';
import { STATE_APPROVED, STATE_FUZZY, STATE_READONLY } from '../../domain/unit-states.js';
import { heldBackByPolicy } from '../../domain/commit-policy.js';
import { markUnitsPending } from '../../db/pending-counts.repository.js';

/** A translation file the writer changed, for the commit that follows. */
export interface WrittenFile {
  translationId: number;
  filename: string;
  languageCode: string;
}

export interface ComponentPlace {
  component: ComponentRow;
  /** With its commit policy and review setting when known: edits the policy holds back stay pending. */
  project: { slug: string; commit_policy?: number; translation_review?: number };
}

const BATCH = 400;

export class FileSyncService {

  constructor(
    private readonly db: Db,
    private readonly formats: FormatRegistry,
    private readonly paths: DataPaths,
  ) {}

  componentDir(place: ComponentPlace): string {
    return this.paths.componentDir(place.component);
  }

  /** A file of the component (a name from its row or a scan): refused when it would leave the component's directory. */
  fileOf(place: ComponentPlace, rel: string): string {
    return this.paths.inside(this.componentDir(place), rel);
  }

  /** Runs `fn` while no other file operation of this component runs in this process. */
  withComponentLock<T>(place: ComponentPlace, fn: () => Promise<T>): Promise<T> {
    return withComponentFiles(this.paths, place.component.id, fn);
  }

  formatOf(component: ComponentRow): TranslationFormat {
    const format = this.formats.get(component.file_format);
    if (!format) throw new Error(`File format ${component.file_format} is not available`);
    return format;
  }

  /** Parses the component's monolingual base file, if it has one. */
  async loadTemplate(place: ComponentPlace, sourceLanguage?: LanguageRow | null): Promise<ParsedStore | undefined> {
    const { component } = place;
    if (!component.template) return undefined;
    const bytes = await fs.readFile(this.fileOf(place, component.template));
    const format = this.formatOf(component);
    return format.parse(bytes, parseOptionsFor(format, sourceLanguage ?? null, component.template));
  }

  /** Parses one translation's file with its language's plural names (and the template for documents). */
  async loadStore(place: ComponentPlace, translation: TranslationRow, language: LanguageRow, template?: ParsedStore): Promise<ParsedStore> {
    const format = this.formatOf(place.component);
    const file = this.fileOf(place, translation.filename);
    const bytes = await fs.readFile(file);
    const isTemplate = translation.filename === place.component.template && (translation.is_source === 1 || !format.sharedFile);
    return format.parse(bytes, parseOptionsFor(format, language, translation.filename, isTemplate ? undefined : template));
  }

  /**
   * Writes the pending changes of one translation, or of every translation of the component. Translations
   * are written one after the other, each reading its file anew: translations sharing one file (String
   * Catalogs) each add their language's edits to what the one before wrote.
   */
  async writePending(place: ComponentPlace, translationId?: number): Promise<WrittenFile[]> {
    return this.withComponentLock(place, () => this.writePendingLocked(place, translationId));
  }

  /** As writePending, for callers that already hold the component lock. */
  async writePendingLocked(place: ComponentPlace, translationId?: number): Promise<WrittenFile[]> {
    const ids = await dirtyTranslationIds(this.db, place.component.id, translationId);
    if (ids.length === 0) return [];
    // The base file first: documents render from it.
    const translations = await translationsToWrite(this.db, ids);
    const written: WrittenFile[] = [];
    let template: ParsedStore | undefined;
    for (const t of translations) {
      const language = { code: t.l_code, plural_number: t.l_number, plural_formula: t.l_formula } as LanguageRow;
      if (!t.is_source && place.component.template && template === undefined) template = await this.loadTemplate(place);
      if (await this.writeTranslation(place, t, language, template)) written.push({ translationId: t.id, filename: t.filename, languageCode: t.l_code });
    }
    return written;
  }

  private async writeTranslation(place: ComponentPlace, t: TranslationRow, language: LanguageRow, template: ParsedStore | undefined): Promise<boolean> {
    const { component } = place;
    const format = this.formatOf(component);
    const units = await unitsOfTranslationInOrder(this.db, t.id);
    const removals = await removalsOfTranslation(this.db, t.id);
    const policy = place.project.commit_policy ?? 0;
    const held = units.filter((u) => u.pending !== 0 && heldBackByPolicy(u.state, t.is_source === 1, policy, place.project.translation_review === 1));
    const pending = units.filter((u) => u.pending !== 0 && !held.includes(u));
    const clear = async () => {
      await this.db.transaction().execute(async (tx) => {
        const stamps = [...new Set(pending.map((u) => u.pending))];
        // PostgreSQL: take the row locks in id order first, as an upload does (its rows FOR UPDATE by id),
        // so that the batched updates below never hold one row while waiting for another (a deadlock).
        await lockPendingUnits(tx, t.id);
        for (let i = 0; i < stamps.length; i += BATCH) await clearPendingStamps(tx, t.id, stamps.slice(i, i + BATCH));
        // Edits the commit policy holds back share stamps with others: they stay pending.
        await markUnitsPending(tx, held.map((u) => u.id));
        const removalIds = removals.map((r) => r.id);
        for (let i = 0; i < removalIds.length; i += BATCH) await deleteRemovals(tx, removalIds.slice(i, i + BATCH));
      });
    };
    if (!t.filename) {
      await clear(); // nothing to write to (a bilingual source without a file)
      return false;
    }
    const file = this.fileOf(place, t.filename);
    // A file holding every language (String Catalog) is the template only in its source language's view.
    const isTemplate = t.filename === component.template && (t.is_source === 1 || !format.sharedFile);
    let store: ParsedStore;
    try {
      store = await this.loadStore(place, t, language, template);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      store = format.create({ language: language.code, pluralForms: { number: t.plural_number, formula: t.plural_formula }, pluralCategories: ruleOfTranslation(t, language.code).categories, ...(isTemplate || !template ? {} : { template }) });
    }
    const index = new Map<string, number>();
    store.units.forEach((u, i) => {
      const hash = unitIdHash(u, format.monolingual);
      if (!index.has(hash)) index.set(hash, i);
    });
    let changed = false;
    // Bilingual source strings are read-only in their file: only additions and removals reach it.
    const editable = format.monolingual || !t.is_source;
    for (const u of pending) {
      const at = index.get(u.id_hash);
      if (at !== undefined) {
        if (!editable || u.state === STATE_READONLY) continue;
        store.updateUnit(at, { target: this.fileTarget(u, format, t), fuzzy: u.state === STATE_FUZZY, approved: u.state === STATE_APPROVED });
        changed = true;
      } else {
        const target = this.fileTarget(u, format, t);
        // A monolingual translation file lists only what is translated.
        if (format.monolingual && !isTemplate && target.every((x) => x === '')) continue;
        store.addUnit({
          key: u.context,
          context: u.context,
          source: splitPlurals(u.source),
          target,
          note: u.note,
          location: u.location,
          flags: u.flags,
          fuzzy: u.state === STATE_FUZZY,
          approved: u.state === STATE_APPROVED,
        });
        changed = true;
      }
    }
    if (removals.length > 0) {
      const gone = new Set(removals.map((r) => r.id_hash));
      const indexes = store.units.map((u, i) => (gone.has(unitIdHash(u, format.monolingual)) ? i : -1)).filter((i) => i >= 0);
      for (const i of indexes.reverse()) store.removeUnit(i);
      if (indexes.length > 0) changed = true;
    }
    if (changed) await writeFileAtomic(file, store.serialize());
    await clear();
    return changed;
  }

  /** The target forms to store in the file: the template's own text for a monolingual base. */
  private fileTarget(u: UnitRow, format: TranslationFormat, t: TranslationRow): string[] {
    if (format.monolingual && t.is_source) return splitPlurals(u.target || u.source);
    return splitPlurals(u.target);
  }
}
