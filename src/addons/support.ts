// Helpers shared by the built-in add-ons: the component's translations and files inside the repository.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LanguageRow, TranslationRow } from '../db/schema.js';
import { translationsOfComponent } from '../db/addons.repository.js';
import { languagesByIds } from '../db/languages.repository.js';
import type { ParsedStore, TranslationFormat } from '../formats/format.js';
import type { ComponentWithRefs } from '../db/places.js';
import type { AddonEventContext } from './types.js';

export interface TranslationFile {
  translation: TranslationRow;
  language: LanguageRow;
}

export function requireComponent<C>(ctx: AddonEventContext<C>): ComponentWithRefs {
  if (!ctx.component) throw new Error('This add-on needs a component.');
  return ctx.component;
}

/** The directory holding the component's files: the repository during repository events, else its data dir. */
export function componentDir<C>(ctx: AddonEventContext<C>): string {
  const refs = requireComponent(ctx);
  return ctx.repositoryDir ?? ctx.services.paths.componentDir(refs.component);
}

/** A path inside `dir`, or null when `rel` would leave it. */
export function inside(dir: string, rel: string): string | null {
  const full = path.resolve(dir, rel);
  return full.startsWith(path.resolve(dir) + path.sep) ? full : null;
}

/** The component's translations (without the source one unless asked), or only `ctx.translationId`. */
export async function translationFiles<C>(ctx: AddonEventContext<C>, opts: { includeSource?: boolean; all?: boolean } = {}): Promise<TranslationFile[]> {
  const refs = requireComponent(ctx);
  const rows = await translationsOfComponent(ctx.services.db, refs.component.id, {
    includeSource: opts.includeSource ?? false,
    ...(ctx.translationId !== undefined && !opts.all ? { translationId: ctx.translationId } : {}),
  });
  const languageIds = [...new Set(rows.map((r) => r.language_id))];
  const languages = await languagesByIds(ctx.services.db, languageIds);
  const byId = new Map(languages.map((l) => [l.id, l]));
  return rows.map(({ l_code: _c, l_name: _n, ...translation }) => ({ translation: translation as TranslationRow, language: byId.get(translation.language_id)! }));
}

export function formatOf<C>(ctx: AddonEventContext<C>): TranslationFormat {
  const refs = requireComponent(ctx);
  const format = ctx.services.formats.get(refs.component.file_format);
  if (!format) throw new Error(`Unknown file format ${refs.component.file_format}.`);
  return format;
}

/** Parses a translation file; null when it does not exist (yet). */
export async function readStore<C>(ctx: AddonEventContext<C>, file: TranslationFile, template?: ParsedStore): Promise<ParsedStore | null> {
  const full = inside(componentDir(ctx), file.translation.filename);
  if (!full) return null;
  const bytes = await fs.readFile(full).catch(() => null);
  if (!bytes) return null;
  return formatOf(ctx).parse(bytes, ctx.services.parseOptions(formatOf(ctx), file.language, file.translation.filename, template));
}

/** Parses the component's template (monolingual base or POT), or null. */
export async function readTemplate<C>(ctx: AddonEventContext<C>): Promise<ParsedStore | null> {
  const refs = requireComponent(ctx);
  const base = refs.component.template || refs.component.new_base;
  if (!base) return null;
  const full = inside(componentDir(ctx), base);
  if (!full) return null;
  const bytes = await fs.readFile(full).catch(() => null);
  if (!bytes) return null;
  return formatOf(ctx).parse(bytes, ctx.services.parseOptions(formatOf(ctx), refs.sourceLanguage, base));
}

/** Writes a file inside the component directory and stages it when its content changed. */
export async function writeStaged<C>(ctx: AddonEventContext<C>, rel: string, content: Buffer | string): Promise<boolean> {
  const full = inside(componentDir(ctx), rel);
  if (!full) throw new Error(`Refusing to write outside the repository: ${rel}`);
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const before = await fs.readFile(full).catch(() => null);
  if (before && before.equals(bytes)) return false;
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, bytes);
  ctx.stage(path.relative(componentDir(ctx), full).split(path.sep).join('/'));
  return true;
}
