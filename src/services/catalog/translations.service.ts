// Translations: lookup by project/component/language, adding a language (with its file), removal.
import fs from 'node:fs/promises';
import { msgid } from '../../shared/msgid.js';
import { componentEffectiveSettings } from '../settings/inherited-settings.js';
import { translationSources } from './component-copy.js';
import { projectHasLanguage } from '../../db/setting-levels.repository.js';
import path from 'node:path';
import { ReadCache } from '../../db/read-cache.js';
import type { Db } from '../../db/database.js';
import type { LanguageRow, TranslationRow, UnitRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { FormatParseError, type ParsedStore, type SharedFileLanguages, type TranslationFormat } from '../../formats/format.js';
import type { FormatRegistry } from '../../formats/registry.js';
import { NotFoundError, PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import { Action } from '../../domain/change-actions.js';
import type { AddonsService } from '../addons/addons.service.js';
import type { ChangesService } from '../activity/changes.service.js';
import type { ComponentWithRefs } from '../../db/places.js';
import { isWithin, type DataPaths } from '../common/data-paths.js';
import { filenameFor } from '../../domain/filemask.js';
import { parseOptionsFor, pluralRuleOf } from '../files/parse-options.js';
import { fitTarget, stateOf, type PlannedUnit } from '../files/import-plan.js';
import { withComponentFiles, writeFileAtomic } from '../common/component-files.js';
import type { PluralRule } from '../../languages/plural-rule.js';
import type { LanguagesService } from '../languages/languages.service.js';
import { splitPlurals } from '../../domain/plurals.js';
import { STATE_EMPTY } from '../../domain/unit-states.js';
import { insertTranslation } from '../units/units-writer.js';
import { componentHasLanguage, deleteTranslation, sourceTranslationOf, countListedTranslations, listedTranslationsPage, translationByLanguageCode, translationLinks, visibleTranslationsIntoLanguage, visibleTranslationsOfComponent } from '../../db/translations.repository.js';
import { unitsOfTranslationInOrder } from '../../db/unit-lists.repository.js';
import type { TranslationWithRefs } from '../../db/places.js';

export class TranslationsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    private readonly languages: LanguagesService,
    private readonly formats: FormatRegistry,
    private readonly paths: DataPaths,
    private readonly addons?: Pick<AddonsService, 'dispatch'>,
    /** Translations by component and language code, read once per database change (read-cache.ts). */
    private readonly byCode: ReadCache<string, Pick<TranslationWithRefs, 'translation' | 'language'> | undefined> = ReadCache.none(),
  ) {}

  async getVisible(actor: Actor, refs: ComponentWithRefs, languageCode: string): Promise<TranslationWithRefs> {
    const found = await this.byCode.get(`${refs.component.id}\0${languageCode}`, () => translationByLanguageCode(this.db, refs.component.id, languageCode));
    if (!found) throw new NotFoundError();
    return { ...refs, ...found };
  }

  /**
   * Translations with their component, project, languages and last author, loaded with one query
   * per kind for the whole page (list endpoints would otherwise query per row).
   */
  async expand(rows: readonly TranslationRow[]): Promise<(TranslationWithRefs & { authorName: string | null })[]> {
    if (rows.length === 0) return [];
    const { components, projects, languages, authors } = await translationLinks(this.db, rows);
    const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
    const componentById = byId(components);
    const projectById = byId(projects);
    const languageById = byId(languages);
    const authorById = byId(authors);
    return rows.map((translation) => {
      const component = componentById.get(translation.component_id)!;
      const author = translation.last_author_id ? authorById.get(translation.last_author_id) : undefined;
      return {
        component,
        project: projectById.get(component.project_id)!,
        sourceLanguage: languageById.get(component.source_language_id)!,
        translation,
        language: languageById.get(translation.language_id)!,
        authorName: author ? author.full_name || author.username : null,
      };
    });
  }

  /** How many translations the actor may see. */
  count(actor: Actor): Promise<number> {
    return countListedTranslations(this.db, { projects: this.access.visibleProjects(actor), components: this.access.visibleComponents(actor) });
  }

  /** A page of the translations the actor may see, in id order. */
  page(actor: Actor, limit: number, offset: number): Promise<TranslationRow[]> {
    return listedTranslationsPage(this.db, { projects: this.access.visibleProjects(actor), components: this.access.visibleComponents(actor) }, limit, offset);
  }

  /** The translations of a component the actor may see, by language name. */
  visibleOfComponent(actor: Actor, componentId: number): Promise<TranslationRow[]> {
    return visibleTranslationsOfComponent(this.db, this.access.visibleProjects(actor), this.access.visibleComponents(actor), componentId);
  }

  /** The first `limit` translations into a language the actor may see, by project and component name. */
  visibleIntoLanguage(actor: Actor, languageId: number, limit: number): Promise<TranslationRow[]> {
    return visibleTranslationsIntoLanguage(this.db, this.access.visibleProjects(actor), this.access.visibleComponents(actor), languageId, limit);
  }

  /**
   * The components a new translation into `languageCode` is filled from (`from_component`), checked before it is
   * created: a 400 on `from_component` for any that may not be used.
   */
  async copySources(actor: Actor, refs: ComponentWithRefs, languageCode: string | undefined, value: unknown): Promise<number[]> {
    const language = languageCode ? await this.languages.resolve(languageCode) : undefined;
    return translationSources(this.db, this.access, actor, refs, language?.id, value);
  }

  /** Adds a language: writes its file from the component's base and creates untranslated units. */
  async create(actor: Actor, refs: ComponentWithRefs, languageCode: string | undefined): Promise<TranslationWithRefs> {
    const { component, project } = refs;
    this.access.requireIn(actor, 'translation.add', project, component);
    // "existing" lets translators add the languages the project already has; editors may add any.
    const newLang = componentEffectiveSettings(refs).new_lang;
    const restricted = newLang !== 'add' && !this.access.canIn(actor, 'component.edit', project, component);
    const refused = () => new PermissionDeniedError(msgid('You do not have permissions to add new translation file.'));
    if (restricted && newLang !== 'existing') throw refused();
    if (!languageCode) throw ValidationError.field('language_code', msgid('This field is required.'), 'required');
    const language = await this.languages.resolve(languageCode);
    if (!language) throw ValidationError.field('language_code', `Could not add '${languageCode}'!`);
    if (restricted && !(await projectHasLanguage(this.db, project.id, language.id))) throw refused();
    // A team limited to some languages may add only those.
    this.access.requireIn(actor, 'translation.add', project, component, undefined, language.id);
    if (await componentHasLanguage(this.db, component.id, language.id)) throw ValidationError.field('language_code', `Could not add '${languageCode}'!`);
    const format = this.formats.get(component.file_format);
    if (!format) throw ValidationError.field(null, `The file format ${component.file_format} is not available.`);

    const source = await sourceTranslationOf(this.db, component.id);
    const sourceUnits = await unitsOfTranslationInOrder(this.db, source.id);
    if (format.sharedFile) return this.createInSharedFile(actor, refs, language, languageCode, format, format.sharedFile, sourceUnits);
    const filename = filenameFor(component.filemask, language.code);
    const dir = this.paths.componentDir(component);
    const file = path.join(dir, filename);
    if (!isWithin(dir, file) || path.resolve(file) === path.resolve(dir)) throw ValidationError.field('language_code', `Could not add '${languageCode}'!`);

    let template: ParsedStore | undefined;
    const base = component.new_base || (format.monolingual ? component.template : '');
    if (base) {
      try {
        template = format.parse(await fs.readFile(path.join(dir, base)), parseOptionsFor(format, refs.sourceLanguage, base));
      } catch {
        throw new PermissionDeniedError(msgid('Could not add new translation file.'));
      }
    }
    const plural = pluralRuleOf(format, language);
    const store = format.create({ language: language.code, pluralForms: { number: plural.number, formula: plural.formula }, template, pluralCategories: plural.categories });
    if (!template && !format.monolingual) {
      for (const u of sourceUnits) store.addUnit({ source: splitPlurals(u.source), context: u.context, key: u.context, location: u.location, note: u.note, flags: u.flags });
    }
    const units: PlannedUnit[] = sourceUnits.map((u) => ({
      id_hash: u.id_hash,
      content_hash: u.content_hash,
      context: u.context,
      source: splitPlurals(u.source),
      target: fitTarget(splitPlurals(u.source), [], plural.number),
      previous_source: '',
      location: u.location,
      note: u.note,
      flags: u.flags,
      state: STATE_EMPTY,
      position: u.position,
      num_words: u.num_words,
      num_chars: u.num_chars,
    }));
    const sourceIds = new Map(sourceUnits.map((u) => [u.id_hash, u.id]));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, store.serialize(), { flag: 'wx' }).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'EEXIST') throw ValidationError.field('language_code', `Could not add '${languageCode}'! The file ${filename} already exists.`);
      throw e;
    });
    try {
      return await this.insertAdded(actor, refs, language, filename, plural, units, sourceIds);
    } catch (e) {
      await fs.rm(file, { force: true });
      throw e;
    }
  }

  /** The new translation's rows and its "language added" change; post-add add-ons are queued after. */
  private async insertAdded(actor: Actor, refs: ComponentWithRefs, language: LanguageRow, filename: string, plural: PluralRule, units: PlannedUnit[], sourceIds: Map<string, number>): Promise<TranslationWithRefs> {
    const { component, project } = refs;
    const translation = await this.db.transaction().execute(async (tx) => {
      const { translation } = await insertTranslation(
        tx,
        { languageId: language.id, languageCode: language.code, filename, isSource: false, plural, units },
        { componentId: component.id, plural },
        sourceIds,
      );
      await this.changes.record(tx, { action: Action.LANGUAGE_ADDED, userId: actor.user?.id, projectId: project.id, componentId: component.id, translationId: translation.id, languageId: language.id, target: language.code });
      return translation;
    });
    // post-add add-ons (LINGUAS …) run in the background; queueing must not undo the new translation.
    await this.addons?.dispatch('post-add', component, { translationId: translation.id }).catch(() => undefined);
    return { ...refs, translation, language };
  }

  /**
   * Adds a language to the one file that holds every language (String Catalog): the language goes into
   * that file, under the component's file lock so that no other write of the file runs meanwhile, and its
   * strings are what the file's view of the language holds (strings marked new there read as needing edits).
   */
  private async createInSharedFile(actor: Actor, refs: ComponentWithRefs, language: LanguageRow, languageCode: string, format: TranslationFormat, shared: SharedFileLanguages, sourceUnits: UnitRow[]): Promise<TranslationWithRefs> {
    const { component } = refs;
    const filename = component.template || component.filemask;
    const file = this.paths.inside(this.paths.componentDir(component), filename);
    const plural = pluralRuleOf(format, language);
    return withComponentFiles(this.paths, component.id, async () => {
      const before = await fs.readFile(file).catch(() => null);
      if (!before) throw new PermissionDeniedError('Could not add new translation file.');
      const options = parseOptionsFor(format, language, filename);
      let after: Uint8Array;
      let view: ParsedStore;
      try {
        after = shared.addLanguage(before, { ...options, language: language.code });
        view = format.parse(after, options);
      } catch (e) {
        if (e instanceof FormatParseError) throw ValidationError.field('language_code', `Could not add '${languageCode}'! ${e.message}`);
        throw e;
      }
      const byKey = new Map(view.units.map((u) => [u.key, u]));
      const units: PlannedUnit[] = sourceUnits.map((u) => {
        const source = splitPlurals(u.source);
        const fu = byKey.get(u.context);
        const target = fitTarget(source, fu?.target ?? [], plural.number);
        return { id_hash: u.id_hash, content_hash: u.content_hash, context: u.context, source, target, previous_source: '', location: u.location, note: u.note, flags: u.flags, state: fu ? stateOf(fu, target) : STATE_EMPTY, position: u.position, num_words: u.num_words, num_chars: u.num_chars };
      });
      if (after !== before) await writeFileAtomic(file, after);
      try {
        return await this.insertAdded(actor, refs, language, filename, plural, units, new Map(sourceUnits.map((u) => [u.id_hash, u.id])));
      } catch (e) {
        await writeFileAtomic(file, before);
        throw e;
      }
    });
  }

  async remove(actor: Actor, t: TranslationWithRefs): Promise<void> {
    this.access.requireIn(actor, 'translation.delete', t.project, t.component, undefined, t.translation.language_id);
    if (t.translation.is_source) throw new PermissionDeniedError(msgid('The source translation can not be removed.'));
    await this.db.transaction().execute(async (tx) => {
      await deleteTranslation(tx, t.translation.id);
      await this.changes.record(tx, { action: Action.TRANSLATION_REMOVED, userId: actor.user?.id, projectId: t.project.id, componentId: t.component.id, languageId: t.language.id, target: t.translation.filename });
    });
    if (!t.translation.filename) return;
    const file = this.paths.inside(this.paths.componentDir(t.component), t.translation.filename);
    const shared = this.formats.get(t.component.file_format)?.sharedFile;
    if (!shared) {
      await fs.rm(file, { force: true });
      return;
    }
    // The file holds the other languages too: only this language's strings leave it.
    await withComponentFiles(this.paths, t.component.id, async () => {
      const before = await fs.readFile(file).catch(() => null);
      if (!before) return;
      const after = shared.removeLanguage(before, t.language.code, t.translation.filename);
      if (after !== before) await writeFileAtomic(file, after);
    });
  }
}
