// Reads a component's files: the filemask's matches parsed with their languages' plural rules, and their first import.
import fs from 'node:fs/promises';
import { msgid } from '../../shared/msgid.js';
import path from 'node:path';
import type { Executor } from '../../db/database.js';
import type { ComponentRow, LanguageRow } from '../../db/schema.js';
import { insertLanguage, languageByCode } from '../../db/languages.repository.js';
import { FormatParseError, type ParsedStore, type SharedFileLanguages } from '../../formats/format.js';
import type { FormatRegistry } from '../../formats/registry.js';
import { ValidationError } from '../../shared/errors.js';
import { matchFilemask, type MaskMatch } from '../../domain/filemask.js';
import { planImport, type ImportPlan, type ScannedFile } from '../files/import-plan.js';
import type { LanguagesService } from '../languages/languages.service.js';
import { parseOptionsFor, pluralRuleOf } from '../files/parse-options.js';
import { insertTranslation } from '../units/units-writer.js';

/** The layout fields scanning needs (a component row or a creation request). */
export interface ScanLayout {
  file_format?: string | undefined;
  filemask?: string | undefined;
  template?: string | undefined;
  new_base?: string | undefined;
  intermediate?: string | undefined;
}

export type ScannedTree = Awaited<ReturnType<ComponentScanner['scan']>>;

export class ComponentScanner {
  constructor(
    private readonly formats: FormatRegistry,
    private readonly languages: LanguagesService,
  ) {}

  /** Parses every file the filemask matches; any problem is a 400 on the upload field and nothing is written. */
  async scan(root: string, files: string[], input: ScanLayout, source: LanguageRow, field: string) {
    const format = this.formats.get(input.file_format!)!;
    const parse = async (rel: string, attr: string, language: LanguageRow | null, template?: ParsedStore): Promise<ParsedStore> => {
      let bytes: Buffer;
      try {
        bytes = await fs.readFile(path.join(root, rel));
      } catch {
        throw ValidationError.field(attr, `Failed to find the file ${rel} in the upload.`);
      }
      try {
        return format.parse(bytes, parseOptionsFor(format, language, rel, template));
      } catch (e) {
        if (e instanceof FormatParseError) throw ValidationError.field(field, `Could not parse ${rel}: ${e.reason}${e.line ? ` (line ${e.line})` : ''}`, 'parse_error');
        throw e;
      }
    };
    const shared = format.sharedFile;
    const matches = shared ? await this.sharedFileMatches(root, files, input.filemask!, shared, field) : matchFilemask(files, input.filemask!);
    if (matches.length === 0 && !input.template) throw ValidationError.field('filemask', msgid('The file mask did not match any files.'));
    if (format.monolingual && !input.template) throw ValidationError.field('template', msgid('You need to provide a monolingual base file for this format.'), 'required');
    const template = input.template ? { path: input.template, store: await parse(input.template, 'template', source) } : undefined;
    const newBase = !format.monolingual && input.new_base ? { store: await parse(input.new_base, 'new_base', source) } : undefined;
    const intermediate = format.monolingual && input.intermediate ? { store: await parse(input.intermediate, 'intermediate', source, template?.store) } : undefined;
    const scanned: { path: string; code: string; store: ParsedStore; language: LanguageRow | null }[] = [];
    for (const m of matches) {
      const language = (await this.languages.resolve(m.code)) ?? null;
      // A file holding every language is the template only in the source language's view.
      const store = m.path === template?.path && (!shared || language?.id === source.id) ? template.store : await parse(m.path, field, language, template?.store);
      scanned.push({ path: m.path, code: m.code, store, language });
    }
    return { template, newBase, intermediate, files: scanned, format, monolingual: format.monolingual, sourceCode: source.code };
  }

  /** The units a scan's files give, each file with its language (created when unknown) and plural rule. */
  async plan(tx: Executor, component: ComponentRow, source: LanguageRow, scanned: ScannedTree): Promise<ImportPlan> {
    const files: ScannedFile[] = [];
    for (const f of scanned.files) {
      const language = f.language ?? (await this.createLanguageFor(tx, f.code, f.store));
      if (files.some((x) => x.languageId === language.id)) continue; // two files for one language: the first wins
      files.push({ path: f.path, code: f.code, languageId: language.id, store: f.store, plural: pluralRuleOf(scanned.format, language, f.store) });
    }
    return planImport({
      monolingual: scanned.monolingual,
      sharedFile: !!scanned.format.sharedFile,
      sourceLanguageId: source.id,
      sourceLanguageCode: source.code,
      sourcePlural: pluralRuleOf(scanned.format, source),
      template: scanned.template,
      newBase: scanned.newBase,
      intermediate: scanned.intermediate,
      editTemplate: component.edit_template !== 0,
      files,
    });
  }

  async importScanned(tx: Executor, component: ComponentRow, source: LanguageRow, scanned: ScannedTree): Promise<void> {
    const plan = await this.plan(tx, component, source, scanned);
    const { unitIds } = await insertTranslation(tx, plan.source, { componentId: component.id, plural: plan.source.plural }, null);
    for (const t of plan.translations) await insertTranslation(tx, t, { componentId: component.id, plural: t.plural }, unitIds);
  }

  /** The languages of a file that holds them all (the file mask names it): one match per language, all in that file. */
  private async sharedFileMatches(root: string, files: readonly string[], filemask: string, shared: SharedFileLanguages, field: string): Promise<MaskMatch[]> {
    if (!files.includes(filemask)) return [];
    try {
      return shared.languages(await fs.readFile(path.join(root, filemask)), filemask).map((code) => ({ path: filemask, code }));
    } catch (e) {
      if (e instanceof FormatParseError) throw ValidationError.field(field, `Could not parse ${filemask}: ${e.reason}${e.line ? ` (line ${e.line})` : ''}`, 'parse_error');
      throw e;
    }
  }

  /** Unknown codes in file names become languages, with the file's own plural rule when it has one. */
  async createLanguageFor(tx: Executor, code: string, store: ParsedStore): Promise<LanguageRow> {
    if (!/^[A-Za-z0-9_@.-]{1,50}$/.test(code)) throw ValidationError.field('filemask', `"${code}" is not a valid language code.`);
    const existing = await languageByCode(tx, code);
    if (existing) return existing;
    return insertLanguage(tx, { code, name: code, direction: 'ltr', population: 0, plural_number: store.pluralForms?.number ?? 2, plural_formula: store.pluralForms?.formula ?? 'n != 1', plural_type: 666, plural_source: 1, aliases: '[]' });
  }

}
