// File downloads: a translation's file as stored or converted, and streamed ZIPs of many files.
import fs from 'node:fs';
import { msgid } from '../../shared/msgid.js';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { Db, DialectName } from '../../db/database.js';
import { componentsOfProject } from '../../db/component-files.repository.js';
import { languageOfRow } from '../../db/languages.repository.js';
import { translationsForZip } from '../../db/translation-files.repository.js';
import { searchedUnitsOfTranslation, unitsOfTranslationInOrder } from '../../db/unit-lists.repository.js';
import type { ComponentRow, LanguageRow, ProjectRow, TranslationRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import { asSearchError, searchCondition, type Sql } from '../../db/unit-search/index.js';
import { ZipWriter } from '../../shared/zip-writer.js';
import { ruleOfTranslation } from '../../languages/plural-rule.js';
import type { ComponentWithRefs } from '../../db/places.js';
import type { Conversion, ConversionMeta } from '../files/conversions.js';
import type { FileSyncService } from './file-sync.service.js';
import type { TranslationWithRefs } from '../../db/places.js';
import { searchContext } from '../units/units.service.js';

export interface FileDownload {
  body: Buffer | Readable;
  mimeType: string;
  /** Content-Disposition value. */
  disposition: string;
  lastModified?: Date;
}

export interface TranslationFileQuery {
  format?: string | undefined;
  q?: string | undefined;
  ifModifiedSince?: string | undefined;
  /** The conversion came from a URL suffix (file.<ext>): unknown ones are 404, not 400. */
  fromSuffix?: boolean;
}

const ZIP_MIME = 'application/zip';

function httpDateSeconds(value: string | undefined): number | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : Math.floor(t / 1000);
}

export class DownloadsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly files: FileSyncService,
    private readonly conversions: Map<string, Conversion>,
    private readonly dialect: DialectName = 'sqlite',
  ) {}

  private meta(refs: ComponentWithRefs, t: TranslationRow, language: LanguageRow): ConversionMeta {
    const format = this.files.formatOf(refs.component);
    return {
      project: refs.project.slug,
      component: refs.component.slug,
      sourceLanguage: refs.sourceLanguage.code,
      language: language.code,
      pluralForms: { number: t.plural_number, formula: t.plural_formula },
      pluralCategories: ruleOfTranslation(t, language.code).categories,
      monolingual: format.monolingual,
      componentFormat: refs.component.file_format,
    };
  }

  private conversion(id: string, fromSuffix: boolean): Conversion {
    const conversion = this.conversions.get(id);
    if (conversion) return conversion;
    if (fromSuffix) throw new NotFoundError(`Conversion to ${id} is not supported`);
    throw ValidationError.field('format', `Conversion to ${id} is not supported`, 'invalid');
  }

  /** The units of a translation in file order; with a search (`q`) only the matching ones, in the same single query. */
  private async units(translationId: number, where: Sql | null = null) {
    if (!where) return unitsOfTranslationInOrder(this.db, translationId);
    try {
      return await searchedUnitsOfTranslation(this.db, translationId, where);
    } catch (e) {
      throw asSearchError(e);
    }
  }

  /** GET translations/<p>/<c>/<lang>/file/: null means "not modified since" (304). */
  async translationFile(actor: Actor, t: TranslationWithRefs, query: TranslationFileQuery): Promise<FileDownload | null> {
    this.access.requireIn(actor, 'translation.download', t.project, t.component, undefined, t.translation.language_id);
    const { project, component, translation, language } = t;
    if (query.q !== undefined && query.q !== '' && !query.format) throw ValidationError.field('q', msgid('Query string is ignored without format'), 'invalid');
    const conversion = query.format ? this.conversion(query.format, query.fromSuffix ?? false) : null;
    const where = conversion && query.q ? searchCondition({ q: query.q }, searchContext(this.db, this.dialect)) : null;
    const meta = this.meta(t, translation, language);
    const why = conversion?.incompatible(meta);
    if (why) throw ValidationError.field('format', why, 'invalid');

    const lastModified = translation.last_change ? new Date(translation.last_change) : new Date();
    const since = httpDateSeconds(query.ifModifiedSince);
    if (since !== null && Math.floor(lastModified.getTime() / 1000) <= since) return null;

    const base = `${project.slug}-${component.slug}-${language.code}`;
    if (conversion) {
      const body = conversion.convert(await this.units(translation.id, where), meta);
      return { body, mimeType: `${conversion.mimeType}; charset=utf-8`, disposition: `attachment; filename=${base}.${conversion.extension}`, lastModified };
    }
    if (!translation.filename) throw new NotFoundError(msgid('This translation has no file.'));
    await this.files.writePending(t, translation.id);
    const format = this.files.formatOf(component);
    const file = this.files.fileOf(t, translation.filename);
    const body = await fsp.readFile(file).catch(() => {
      throw new NotFoundError(msgid('The translation file is missing.'));
    });
    const ext = path.extname(translation.filename).replace(/^\./, '') || format.extensions[0] || 'txt';
    return { body, mimeType: format.mimeType, disposition: `attachment; filename=${base}.${ext}`, lastModified };
  }

  /** components/<p>/<c>/monolingual_base/ and new_template/. */
  async baseFile(actor: Actor, refs: ComponentWithRefs, which: 'template' | 'new_base'): Promise<FileDownload> {
    this.access.requireIn(actor, 'translation.download', refs.project, refs.component);
    const name = refs.component[which];
    if (!name) throw new NotFoundError(which === 'template' ? 'This component has no monolingual base file.' : 'This component has no template for new translations.');
    await this.files.writePending(refs);
    const body = await fsp.readFile(this.files.fileOf(refs, name)).catch(() => {
      throw new NotFoundError(msgid('The file is missing.'));
    });
    return { body, mimeType: this.files.formatOf(refs.component).mimeType, disposition: `attachment; filename="${path.basename(name)}"` };
  }

  /**
   * ZIP of components' files (format "zip") or of their conversions ("zip:<id>"). A project's ZIP holds
   * the restricted components only for those who may download from them.
   */
  async zip(actor: Actor, scope: { project: ProjectRow; component?: ComponentWithRefs; language?: LanguageRow }, format: string | undefined, q?: string): Promise<FileDownload> {
    if (scope.component) this.access.requireIn(actor, 'translation.download', scope.project, scope.component.component);
    else this.access.require(actor, 'translation.download', scope.project);
    const wanted = format || 'zip';
    let conversion: Conversion | null = null;
    if (wanted !== 'zip') {
      const m = /^zip:(.+)$/.exec(wanted);
      conversion = m ? (this.conversions.get(m[1]!) ?? null) : null;
      if (!conversion) throw new NotFoundError(`Conversion to ${m ? m[1] : wanted} is not supported`);
    }
    // As for one file: a query filters converted files only (the original files are what the repository holds).
    if (q && !conversion) throw ValidationError.field('q', msgid('Query string is ignored without format'), 'invalid');
    const where = conversion && q ? searchCondition({ q }, searchContext(this.db, this.dialect)) : null;
    const components: ComponentWithRefs[] = [];
    if (scope.component) components.push(scope.component);
    else {
      const rows = await componentsOfProject(this.db, scope.project.id);
      for (const component of rows) {
        if (component.restricted && !this.access.canIn(actor, 'translation.download', scope.project, component)) continue;
        components.push(await this.refsOf(component, scope.project));
      }
    }
    // Pending edits reach the files before they are read (each component under its own lock).
    if (!conversion) for (const refs of components) await this.files.writePending(refs);

    // A categorized component's name carries its category slugs, joined by dashes as the reference does.
    const c = scope.component?.component;
    const name = [scope.project.slug, c && c.category_path.split('%2F').join('-') + c.slug, scope.language?.code].filter(Boolean).join('-');
    const out = new PassThrough();
    const zip = new ZipWriter(out);
    void this.fillZip(zip, components, scope.language, conversion, where).then(
      () => zip.finish(),
      (e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))),
    );
    return { body: out, mimeType: ZIP_MIME, disposition: `attachment; filename="${name}.zip"` };
  }

  private async refsOf(component: ComponentRow, project: ProjectRow): Promise<ComponentWithRefs> {
    const sourceLanguage = await languageOfRow(this.db, component.source_language_id);
    return { component, project, sourceLanguage };
  }

  private async fillZip(zip: ZipWriter, components: ComponentWithRefs[], language: LanguageRow | undefined, conversion: Conversion | null, where: Sql | null): Promise<void> {
    for (const refs of components) {
      // Category slugs become folders, so equal slugs in different categories never share one.
      const prefix = `${refs.project.slug}/${refs.component.category_path.split('%2F').join('/')}${refs.component.slug}/`;
      const translations = await translationsForZip(this.db, refs.component.id, language?.id);
      const names = new Set<string>();
      if (!conversion) {
        const extras = language ? [] : [refs.component.template, refs.component.new_base, refs.component.intermediate];
        for (const rel of [...translations.map((t) => t.filename), ...extras]) {
          if (!rel || names.has(rel)) continue;
          names.add(rel);
          const file = this.files.fileOf(refs, rel);
          const stat = await fsp.stat(file).catch(() => null);
          if (!stat?.isFile()) continue;
          await zip.addFile(prefix + rel, fs.createReadStream(file), { mtime: stat.mtime });
        }
        continue;
      }
      for (const t of translations) {
        const lang = { code: t.l_code, plural_number: t.l_number, plural_formula: t.l_formula } as LanguageRow;
        const rel = (t.filename || `${t.l_code}`).replace(/\.[^./]*$/, '');
        const meta = this.meta(refs, t, lang);
        const why = conversion.incompatible(meta);
        if (why) {
          await zip.addFile(`${prefix}${rel}.skipped`, Buffer.from(`${why}\n`));
          continue;
        }
        await zip.addFile(`${prefix}${rel}.${conversion.extension}`, conversion.convert(await this.units(t.id, where), meta));
      }
    }
  }
}
