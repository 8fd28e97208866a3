// Translation file uploads: permission checks, merging a file's units by method, the change record, the live event.
import fs from 'node:fs/promises';
import { msgid } from '../../shared/msgid.js';
import path from 'node:path';
import type { Db, Executor } from '../../db/database.js';
import { insertUnitRemoval } from '../../db/pending-units.repository.js';
import { translationsSourceFirst } from '../../db/translation-files.repository.js';
import { deleteUnits, lockedUnitsOfTranslation, markUnitHasSuggestion, unitHashesOfTranslation, unitsWithHashes } from '../../db/unit-import.repository.js';
import { userIdByEmail } from '../../db/upload-records.repository.js';
import { insertSuggestion, suggestionWithTarget } from '../../db/suggestions.repository.js';
import { usernameTaken } from '../../db/users.repository.js';
import type { UnitRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { FormatParseError, type FormatUnit, type ParsedStore, type TranslationFormat } from '../../formats/format.js';
import type { FormatRegistry } from '../../formats/registry.js';
import { nowIso } from '../../shared/clock.js';
import { PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import type { ChangeInput, ChangesService } from '../activity/changes.service.js';
import type { FileSyncService } from './file-sync.service.js';
import { writeFileAtomic } from '../common/component-files.js';
import { insertNewString, targetForms } from '../units/new-string.js';
import { bilingualId, monolingualId } from '../../domain/unit-identity.js';
import { parseOptionsFor } from '../files/parse-options.js';
import { readPluralFormsHeader } from '../../languages/plural-rule.js';
import { joinPlurals, splitPlurals } from '../../domain/plurals.js';
import { addCounters, applyCounterDelta, emptyCounters, unitDelta } from '../common/statistics-counters.js';
import { STATE_APPROVED, STATE_EMPTY, STATE_FUZZY, STATE_READONLY, STATE_TRANSLATED } from '../../domain/unit-states.js';
import type { TranslationWithRefs } from '../../db/places.js';
import { isBlank, pendingStamp, updateUnitContent } from '../units/unit-content.js';
import { UnitChecker } from '../quality/unit-checks.js';
import { rememberUnits } from '../memory/memory.service.js';
import type { Upload } from '../common/upload.js';
import type { UsersService } from '../accounts/users.service.js';
import { bumpUserStat } from '../common/user-stats.js';
import { Action } from '../../domain/change-actions.js';
import type { ComponentScanner } from '../catalog/component-scanner.js';
import { listComponentFiles, reconcileComponent, UPLOAD_ACTIONS } from './rescan.js';
import { ChangedUnits } from '../live/changed-units.js';
import type { LivePublisher } from '../live/live.service.js';

export const UPLOAD_METHODS = ['translate', 'approve', 'suggest', 'fuzzy', 'replace', 'source', 'add'] as const;
export type UploadMethod = (typeof UPLOAD_METHODS)[number];
const CONFLICTS = ['', 'ignore', 'replace-translated', 'replace-approved'] as const;
const FUZZY = ['', 'process', 'approve'] as const;

export interface UploadInput {
  file?: Upload | undefined;
  method?: string | undefined;
  conflicts?: string | undefined;
  /** Older name of `conflicts`. */
  conflict?: string | undefined;
  /** `wlc --overwrite` sends overwrite=yes: replace translated strings. */
  overwrite?: string | undefined;
  fuzzy?: string | undefined;
  author_name?: string | undefined;
  author_email?: string | undefined;
}

export interface UploadResult {
  not_found: number;
  skipped: number;
  accepted: number;
  total: number;
  result: boolean;
  count: number;
}

interface Counts {
  notFound: number;
  skipped: number;
  accepted: number;
  total: number;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): value is T {
  return allowed.includes((value ?? '') as T);
}

/** Fits a file's plural forms to the number the database keeps for the unit. */
function fitForms(target: readonly string[], count: number): string[] {
  const out = target.slice(0, count);
  while (out.length < count) out.push('');
  return out;
}

export class UploadsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    private readonly formats: FormatRegistry,
    private readonly files: FileSyncService,
    private readonly users: UsersService,
    private readonly scanner: ComponentScanner,
    /** Tells the translation's viewers about the strings an upload changed. */
    private readonly live?: LivePublisher,
  ) {}

  async upload(actor: Actor, t: TranslationWithRefs, input: UploadInput): Promise<UploadResult> {
    const { project, component, translation } = t;
    this.access.requireIn(actor, 'upload.perform', project, component, undefined, translation.language_id);
    if (component.locked) throw new PermissionDeniedError(msgid('This translation is currently locked.'));

    let conflicts = input.conflicts ?? input.conflict ?? '';
    if (conflicts === '' && /^(yes|true|1|on)$/i.test(input.overwrite ?? '')) conflicts = 'replace-translated';
    if (!oneOf(conflicts, CONFLICTS)) throw ValidationError.field('conflicts', `"${conflicts}" is not a valid choice.`, 'invalid_choice');
    if (conflicts === 'ignore') conflicts = '';
    if (conflicts !== '' && !this.access.canIn(actor, 'upload.overwrite', project, component, translation.language_id)) throw ValidationError.field('conflicts', msgid('You can not overwrite existing translations.'));
    if (conflicts === 'replace-approved' && !this.access.canIn(actor, 'unit.review', project, component, translation.language_id)) throw ValidationError.field('conflicts', msgid('You can not overwrite approved translations.'));

    const method = input.method || 'translate';
    if (!oneOf(method, UPLOAD_METHODS)) throw ValidationError.field('method', `"${method}" is not a valid choice.`, 'invalid_choice');
    const fuzzy = input.fuzzy ?? '';
    if (!oneOf(fuzzy, FUZZY)) throw ValidationError.field('fuzzy', `"${fuzzy}" is not a valid choice.`, 'invalid_choice');
    const format = this.files.formatOf(component);
    const denied = this.methodDenied(actor, t, method, format);
    if (denied) throw ValidationError.field('method', `This method is not available here. ${denied}`);
    if (!translation.filename && method !== 'source') throw ValidationError.field('method', msgid('No translation file, try using method=source.'));
    if (!input.file) throw ValidationError.field('file', msgid('No file was submitted.'), 'required');

    const { store, uploadedFormat } = await this.parseUpload(t, input.file, format);
    const author = await this.author(actor, t, input);
    const counts: Counts = { notFound: 0, skipped: 0, accepted: 0, total: store.units.length };
    // Filled inside the transactions, published once they committed.
    let changed = new ChangedUnits();

    if (method === 'replace') changed = await this.replace(actor, t, input.file, uploadedFormat, counts);
    else if (method === 'source') changed = await this.updateSource(actor, t, store, counts);
    else if (method === 'add') {
      await this.db.transaction().execute(async (tx) => {
        changed = await this.addStrings(tx, actor, t, store, uploadedFormat, fuzzy, counts);
        await this.recordUpload(tx, actor, t, method, counts);
      });
    } else {
      await this.db.transaction().execute(async (tx) => {
        // Suggestions leave the strings as they are: no live event.
        if (method === 'suggest') await this.suggest(tx, actor, t, store, uploadedFormat, counts);
        else changed = await this.merge(tx, actor, author, t, store, uploadedFormat, method, conflicts, fuzzy, counts);
        await this.recordUpload(tx, actor, t, method, counts);
      });
    }
    await changed.publish(this.live, actor.user, 'upload');
    return { not_found: counts.notFound, skipped: counts.skipped, accepted: counts.accepted, total: counts.total, result: counts.accepted > 0, count: counts.total };
  }

  /** Why the actor may not use `method` on this translation, or null. */
  private methodDenied(actor: Actor, t: TranslationWithRefs, method: UploadMethod, format: TranslationFormat): string | null {
    const { project, component, translation } = t;
    const can = (p: Parameters<AccessControl['can']>[1]) => this.access.canIn(actor, p, project, component, translation.language_id);
    switch (method) {
      case 'translate':
      case 'fuzzy':
        return can('unit.edit') ? null : 'You do not have permission to edit strings.';
      case 'approve':
        return can('unit.review') ? null : 'You do not have permission to approve strings.';
      case 'suggest':
        return can('suggestion.add') ? null : 'You do not have permission to add suggestions.';
      case 'add':
        if (!can('unit.add')) return 'You do not have permission to add strings.';
        return component.manage_units ? null : 'Adding strings is disabled in the component configuration.';
      case 'replace':
        if (!translation.filename) return 'No translation file, try using method=source.';
        // One file holds every language: replacing it from one language would replace all the others.
        if (format.sharedFile && !translation.is_source) return 'This file holds every language of the component: upload it with method=translate, or replace it on the source language (which replaces every language).';
        return can('component.edit') || (can('unit.add') && can('unit.delete') && can('unit.edit')) ? null : 'You do not have permission to replace the translation file.';
      case 'source':
        if (!translation.is_source) return 'Source upload is only supported on the source language.';
        if (format.monolingual || component.template) return 'Source upload is only supported for bilingual translations, you might want to use replace upload instead.';
        return null;
    }
  }

  /** Picks the format by file extension (the component's own format first) and parses; errors are 400 on `file`. */
  private async parseUpload(t: TranslationWithRefs, file: Upload, componentFormat: TranslationFormat): Promise<{ store: ParsedStore; uploadedFormat: TranslationFormat }> {
    const ext = path.extname(file.filename).replace(/^\./, '').toLowerCase();
    const candidates = componentFormat.extensions.includes(ext) || ext === '' ? [componentFormat] : this.formats.list().filter((f) => f.extensions.includes(ext));
    if (candidates.length === 0) throw ValidationError.field('file', `Could not parse uploaded file: unsupported file extension ".${ext}".`, 'parse_error');
    const uploadedFormat = candidates[0]!;
    const template = componentFormat.monolingual && uploadedFormat === componentFormat ? await this.files.loadTemplate(t, t.sourceLanguage).catch(() => undefined) : undefined;
    let store: ParsedStore;
    try {
      store = uploadedFormat.parse(file.data, parseOptionsFor(uploadedFormat, t.language, file.filename, template));
    } catch (e) {
      if (e instanceof FormatParseError) throw ValidationError.field('file', `Could not parse uploaded file: ${uploadedFormat.name}: ${e.message}`, 'parse_error');
      throw ValidationError.field('file', `Could not parse uploaded file: ${(e as Error).message}`, 'parse_error');
    }
    const declared = readPluralFormsHeader(store.header['Plural-Forms']);
    if (declared && 'problem' in declared) {
      throw ValidationError.field('file', `Could not parse uploaded file: invalid Plural-Forms header${headerLine(file.data, 'Plural-Forms')}: ${declared.problem}`, 'parse_error');
    }
    if (declared && declared.number !== t.translation.plural_number) throw ValidationError.field('file', msgid('Plural forms do not match the language.'));
    return { store, uploadedFormat };
  }

  /** Uploads may name another author when the uploader has upload.authorship; that author is found or created by e-mail. */
  private async author(actor: Actor, t: TranslationWithRefs, input: UploadInput): Promise<number | null> {
    const own = actor.user?.id ?? null;
    const email = input.author_email?.trim();
    if (!email || !this.access.canIn(actor, 'upload.authorship', t.project, t.component)) return own;
    const existing = await userIdByEmail(this.db, email);
    if (existing) return existing.id;
    const base = email.split('@')[0]!.replace(/[^\w.+-]/g, '') || 'author';
    let username = base;
    for (let i = 1; await usernameTaken(this.db, username); i++) username = `${base}${i}`;
    const user = await this.users.create({ username, email, full_name: input.author_name?.trim() || username, is_active: false }, undefined, actor);
    return user.id;
  }

  /** The DB id of a file unit: keys for keyed components, (context, source) for bilingual ones. */
  private matcher(t: TranslationWithRefs, uploaded: TranslationFormat): (u: FormatUnit) => string {
    const componentMonolingual = this.files.formatOf(t.component).monolingual;
    if (componentMonolingual) return (u) => monolingualId(uploaded.monolingual ? u.key : u.context || u.source[0] || '');
    return (u) => bilingualId(u);
  }

  /**
   * The translation's units, locked until the upload's transaction ends (PostgreSQL): counter deltas are
   * computed from these rows, which a concurrent edit must not change in between. SQLite's writers are
   * serialized already.
   */
  private async unitsByHash(db: Executor, translationId: number): Promise<Map<string, UnitRow>> {
    const rows = await lockedUnitsOfTranslation(db, translationId);
    return new Map(rows.map((r) => [r.id_hash, r]));
  }

  private place(t: TranslationWithRefs) {
    return { translationId: t.translation.id, componentId: t.component.id, projectId: t.project.id, languageId: t.language.id };
  }

  private async merge(
    tx: Executor,
    actor: Actor,
    authorId: number | null,
    t: TranslationWithRefs,
    store: ParsedStore,
    uploaded: TranslationFormat,
    method: 'translate' | 'fuzzy' | 'approve',
    conflicts: string,
    fuzzy: string,
    counts: Counts,
  ): Promise<ChangedUnits> {
    const changed = new ChangedUnits();
    const byHash = await this.unitsByHash(tx, t.translation.id);
    const idOf = this.matcher(t, uploaded);
    const counters = emptyCounters();
    const changeLog: ChangeInput[] = [];
    const stamp = pendingStamp();
    const place = this.place(t);
    const memoryLog: number[] = [];
    const checker = await UnitChecker.forTranslation(tx, t.translation.id);
    const uploadedPairs = store.units.flatMap((fu) => {
      const unit = isBlank(fu.target) ? undefined : byHash.get(idOf(fu));
      return unit ? [{ source: unit.source, target: joinPlurals(fitForms(fu.target, splitPlurals(unit.target).length)), state: STATE_TRANSLATED }] : [];
    });
    await checker.prepareReused(tx, uploadedPairs);
    for (const fu of store.units) {
      if (isBlank(fu.target)) continue; // untranslated entries only count in the total
      if (fu.fuzzy && fuzzy === '') continue;
      const unit = byHash.get(idOf(fu));
      if (!unit) {
        counts.notFound++;
        continue;
      }
      let state = method === 'approve' ? STATE_APPROVED : method === 'fuzzy' ? STATE_FUZZY : STATE_TRANSLATED;
      if (fu.fuzzy && fuzzy === 'process') state = STATE_FUZZY;
      const forms = fitForms(fu.target, splitPlurals(unit.target).length);
      const skip =
        unit.state === STATE_READONLY ||
        (unit.state >= STATE_TRANSLATED && conflicts === '') ||
        (unit.state === STATE_APPROVED && conflicts !== 'replace-approved') ||
        (joinPlurals(forms) === unit.target && state === unit.state);
      if (skip) {
        counts.skipped++;
        continue;
      }
      const updated = await updateUnitContent(tx, this.changes, unit, place, { target: forms, state, action: Action.TRANSLATION_UPLOADED, userId: actor.user?.id ?? null, authorId, stamp, counters, changeLog, memoryLog, checker });
      byHash.set(unit.id_hash, updated);
      if (updated !== unit) changed.add(t.translation.id, unit.id, updated.target, updated.state);
      counts.accepted++;
    }
    await checker.flush(tx);
    await this.changes.recordMany(tx, changeLog);
    await applyCounterDelta(tx, t.translation.id, counters);
    await rememberUnits(tx, memoryLog, null); // project entries only (see rememberUnits)
    return changed;
  }

  private async suggest(tx: Executor, actor: Actor, t: TranslationWithRefs, store: ParsedStore, uploaded: TranslationFormat, counts: Counts): Promise<void> {
    const byHash = await this.unitsByHash(tx, t.translation.id);
    const idOf = this.matcher(t, uploaded);
    const counters = emptyCounters();
    const now = nowIso();
    let added = 0;
    for (const fu of store.units) {
      if (isBlank(fu.target)) continue;
      const unit = byHash.get(idOf(fu));
      if (!unit) {
        counts.notFound++;
        continue;
      }
      const target = joinPlurals(fitForms(fu.target, splitPlurals(unit.target).length));
      const duplicate = target === unit.target || (await suggestionWithTarget(tx, unit.id, target));
      if (duplicate || unit.state === STATE_READONLY) {
        counts.skipped++;
        continue;
      }
      await insertSuggestion(tx, { unit_id: unit.id, target, user_id: actor.user?.id ?? null, timestamp: now, details: '{}' });
      if (!unit.has_suggestion) {
        await markUnitHasSuggestion(tx, unit.id);
        addCounters(counters, unitDelta(unit, { ...unit, has_suggestion: 1 }));
        byHash.set(unit.id_hash, { ...unit, has_suggestion: 1 });
      }
      await this.changes.record(tx, { action: Action.SUGGESTION_ADDED, userId: actor.user?.id ?? null, ...this.ids(t), unitId: unit.id, target });
      counts.accepted++;
      added++;
    }
    await applyCounterDelta(tx, t.translation.id, counters);
    await bumpUserStat(tx, actor.user?.id, 'stat_suggested', added); // the profile's "suggested" counter
  }

  private ids(t: TranslationWithRefs) {
    return { projectId: t.project.id, componentId: t.component.id, translationId: t.translation.id, languageId: t.language.id };
  }

  /**
   * Replaces the translation file with the upload: pending edits are written first, the new file goes in
   * place and the component's files are read back, so the translation takes the file's strings (new ones
   * added, the ones the file lacks removed) and its statistics follow. The answer counts the translation's
   * strings afterwards as accepted. If reading the files back fails, the old file is back.
   */
  private async replace(actor: Actor, t: TranslationWithRefs, file: Upload, uploaded: TranslationFormat, counts: Counts): Promise<ChangedUnits> {
    const changed = new ChangedUnits();
    if (uploaded !== this.files.formatOf(t.component)) throw ValidationError.field('file', msgid('Could not parse uploaded file: a replacement must be in the component\'s file format.'), 'parse_error');
    await this.files.withComponentLock(t, async () => {
      await this.files.writePendingLocked(t);
      const target = this.files.fileOf(t, t.translation.filename);
      const previous = await fs.readFile(target).catch(() => null);
      await writeFileAtomic(target, file.data);
      try {
        const dir = this.files.componentDir(t);
        const scanned = await this.scanner.scan(dir, await listComponentFiles(dir), t.component, t.sourceLanguage, 'file');
        await this.db.transaction().execute(async (tx) => {
          const userId = actor.user?.id ?? null;
          const { changes } = await reconcileComponent(tx, this.scanner, t.component, t.sourceLanguage, scanned, { userId, actions: UPLOAD_ACTIONS, changed });
          await this.changes.recordMany(tx, changes);
          await this.changes.record(tx, { action: Action.REPLACED_BY_UPLOAD, userId, ...this.ids(t) });
          counts.accepted = (await unitHashesOfTranslation(tx, t.translation.id)).length;
          await this.recordUpload(tx, actor, t, 'replace', counts);
        });
      } catch (e) {
        if (previous) await writeFileAtomic(target, previous);
        throw e;
      }
    });
    return changed;
  }

  /**
   * method=add: strings of the file that the translation does not have yet become new strings, with the
   * file's text as their translation (translated when there is one, read-only when flagged so). On a
   * bilingual component they go to the source and the uploaded translation only: the other languages
   * follow their own files. A keyed string goes to every language. An upload to the source language adds
   * the strings to every translation, untranslated, with their source text as the source's target.
   * Fuzzy entries are left out unless `fuzzy` says to process them.
   */
  private async addStrings(tx: Executor, actor: Actor, t: TranslationWithRefs, store: ParsedStore, uploaded: TranslationFormat, fuzzy: string, counts: Counts): Promise<ChangedUnits> {
    const monolingual = this.files.formatOf(t.component).monolingual;
    const isSource = t.translation.is_source === 1;
    const all = await translationsSourceFirst(tx, t.component.id);
    const translations = monolingual || isSource ? all : all.filter((x) => x.is_source === 1 || x.id === t.translation.id);
    const scope = { project: t.project, component: t.component, translations, postedTo: t.translation, userId: actor.user?.id ?? null, action: Action.STRING_ADDED_IN_UPLOAD };
    for (const fu of store.units) {
      if (fu.fuzzy && fuzzy === '') continue;
      const context = monolingual ? (uploaded.monolingual ? fu.key : fu.context || fu.source[0] || '') : fu.context;
      const source = monolingual ? (isSource ? fu.target : fu.source) : fu.source;
      if (context === '' && source.every((x) => x === '')) continue;
      const target = isSource ? undefined : fitForms(fu.target, targetForms(source, t.translation));
      const readOnly = fu.flags.split(',').some((f) => f.trim() === 'read-only');
      const state = target === undefined ? undefined : readOnly ? STATE_READONLY : isBlank(target) ? STATE_EMPTY : STATE_TRANSLATED;
      const added = await insertNewString(tx, this.changes, scope, { context, source, target, state, location: fu.location, note: fu.note, flags: fu.flags });
      if (added) counts.accepted++;
      else counts.skipped++;
    }
    // New strings have no row in the list views yet: the events count them and leave the list to a reload.
    const changed = new ChangedUnits();
    for (const x of translations) changed.addUnlisted(x.id, counts.accepted);
    return changed;
  }

  /**
   * method=source on a bilingual component: the upload becomes the list of source strings. New
   * strings are added to every translation, strings missing from it are removed everywhere (and
   * from the files), translations of strings that stay are kept.
   */
  private async updateSource(actor: Actor, t: TranslationWithRefs, store: ParsedStore, counts: Counts): Promise<ChangedUnits> {
    const changed = new ChangedUnits();
    await this.files.withComponentLock(t, async () => {
      await this.db.transaction().execute(async (tx) => {
        const translations = await translationsSourceFirst(tx, t.component.id);
        const scope = { project: t.project, component: t.component, translations, postedTo: t.translation, userId: actor.user?.id ?? null, action: Action.UPDATED_BY_SOURCE_UPLOAD };
        const wanted = new Set<string>();
        let added = 0;
        for (const fu of store.units) {
          wanted.add(bilingualId(fu));
          if (await insertNewString(tx, this.changes, scope, { context: fu.context, source: fu.source, location: fu.location, note: [fu.note, fu.comment].filter(Boolean).join('\n'), flags: fu.flags })) added++;
        }
        const sourceUnits = await unitHashesOfTranslation(tx, t.translation.id);
        const gone = sourceUnits.map((u) => u.id_hash).filter((h) => !wanted.has(h));
        // Strings added and removed in every translation: counted, not listed (a reload shows them).
        for (const x of translations) changed.addUnlisted(x.id, added + gone.length);
        for (let i = 0; i < gone.length; i += 400) {
          const batch = gone.slice(i, i + 400);
          const rows = await unitsWithHashes(tx, translations.map((x) => x.id), batch);
          const deltas = new Map<number, ReturnType<typeof emptyCounters>>();
          for (const u of rows) {
            const d = deltas.get(u.translation_id) ?? emptyCounters();
            deltas.set(u.translation_id, addCounters(d, unitDelta(u, null)));
            if (u.translation_id !== t.translation.id) await insertUnitRemoval(tx, u.translation_id, u.id_hash);
          }
          // Translations before the source units they point at.
          await deleteUnits(tx, rows.filter((u) => u.source_unit_id !== u.id).map((u) => u.id).concat([0]));
          await deleteUnits(tx, rows.filter((u) => u.source_unit_id === u.id).map((u) => u.id).concat([0]));
          for (const [id, d] of deltas) await applyCounterDelta(tx, id, d);
        }
        // The answer counts the source strings after the update, as accepted and as total.
        const total = (await unitHashesOfTranslation(tx, t.translation.id)).length;
        counts.accepted = total;
        counts.total = total;
        await this.recordUpload(tx, actor, t, 'source', counts);
      });
      // The upload is the new template for new languages.
      if (t.component.new_base) await writeFileAtomic(this.files.fileOf(t, t.component.new_base), Buffer.from(store.serialize()));
      await this.files.writePendingLocked(t);
    });
    return changed;
  }

  private async recordUpload(tx: Executor, actor: Actor, t: TranslationWithRefs, method: string, counts: Counts): Promise<void> {
    await this.changes.record(tx, {
      action: Action.FILE_UPLOADED,
      userId: actor.user?.id ?? null,
      ...this.ids(t),
      details: { method, not_found: counts.notFound, skipped: counts.skipped, accepted: counts.accepted, total: counts.total },
    });
    await bumpUserStat(tx, actor.user?.id, 'stat_uploaded'); // the profile's "uploaded" counter
  }
}

/** " (line N)" for the first line of `bytes` that starts a `name:` header field, '' when there is none. */
function headerLine(bytes: Uint8Array, name: string): string {
  const text = Buffer.from(bytes.subarray(0, 64 * 1024)).toString('utf8');
  const index = text.search(new RegExp(`^"?${name}\\s*:`, 'im'));
  return index < 0 ? '' : ` (line ${text.slice(0, index).split('\n').length})`;
}
