// A new component made from an existing one (from_component): its configuration, its files and its translations as stored.
import fs from 'node:fs/promises';
import { msgid } from '../../shared/msgid.js';
import path from 'node:path';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import type { Executor } from '../../db/database.js';
import type { ComponentRow } from '../../db/schema.js';
import type { ComponentWithRefs } from '../../db/places.js';
import { componentById, componentByPath } from '../../db/components.repository.js';
import { projectById } from '../../db/projects.repository.js';
import { languageOfRow } from '../../db/languages.repository.js';
import { componentsWithLanguage, copyComponentAddons, pairedTranslations, setCopiedUnit, unitStates, unitsWithKeys } from '../../db/component-copy.repository.js';
import { setTranslationCounters } from '../../db/statistics.repository.js';
import { translationsOfComponent } from '../../db/addons.repository.js';
import { PATH_SEPARATOR } from '../../domain/component-paths.js';
import { nowIso } from '../../shared/clock.js';
import { ValidationError, type FieldError } from '../../shared/errors.js';
import { recountTranslation } from '../common/statistics-counters.js';
import { recheckComponent } from '../quality/unit-checks.js';
import { INHERIT_FLAGS } from '../settings/inherited-settings.js';
import { linkOwner } from './internal-links.js';
import { LOCAL_REPO } from './local-components.js';
import { parseInternalUrl } from '../../vcs/urls.js';

/** Fields that describe the copied files: they come from the source component. */
export const COPY_LAYOUT_FIELDS = ['source_language', 'filemask', 'template', 'edit_template', 'intermediate', 'new_base', 'file_format', 'file_format_params', 'language_code_style', 'language_regex', 'key_filter', 'variant_regex', 'manage_units'];
/** The copy has a local repository of its own: repository fields do not apply. */
export const COPY_REPOSITORY_FIELDS = ['repo', 'vcs', 'branch', 'push', 'push_branch'];

/** Settings the copy takes from the source component unless the body gives them. */
const COPIED_TEXT = ['filemask', 'template', 'intermediate', 'new_base', 'file_format', 'screenshot_filemask', 'repoweb', 'merge_style', 'language_regex', 'key_filter', 'variant_regex', 'glossary_color', 'license', 'license_url', 'agreement', 'report_source_bugs', 'check_flags', 'new_lang', 'language_code_style', 'commit_message', 'add_message', 'delete_message', 'merge_message', 'addon_message', 'pull_message'] as const;
const COPIED_BOOL = ['edit_template', 'manage_units', 'auto_lock_error', 'is_glossary', 'hide_glossary_matches', 'allow_translation_propagation', 'contribute_project_tm', 'enable_suggestions', 'suggestion_voting', 'push_on_commit', ...INHERIT_FLAGS] as const;
const COPIED_INT = ['suggestion_autoaccept', 'commit_pending_age', 'priority'] as const;

export interface CopyPlan {
  source: ComponentWithRefs;
  /** The creation body with the source's configuration filled in. */
  input: Record<string, unknown>;
}

/** The component a `from_component` value names (an id or its project/category/component path), if the actor may see it. */
async function resolve(db: Executor, access: AccessControl, actor: Actor, value: unknown): Promise<ComponentWithRefs | undefined> {
  let found: ComponentWithRefs | undefined;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) {
    const component = await componentById(db, Number(value));
    const project = component && (await projectById(db, component.project_id));
    if (component && project) found = { component, project, sourceLanguage: await languageOfRow(db, component.source_language_id) };
  } else if (typeof value === 'string') {
    const parts = value.split('/').filter((p) => p !== '');
    if (parts.length >= 2) found = await componentByPath(db, parts[0]!, parts.slice(1, -1).map((p) => p + PATH_SEPARATOR).join(''), parts[parts.length - 1]!);
  }
  return found && access.canViewComponent(actor, found.project, found.component) ? found : undefined;
}

/**
 * Checks a creation body with `from_component` and fills in the source component's configuration: layout
 * fields may not be overridden and repository fields may not be given (a 400 per field), uploads may not come
 * with it, the caller must be allowed to edit the source. The copy gets a local repository and, within the same
 * project, the source's category unless the body names one.
 */
export async function planCopy(db: Executor, access: AccessControl, actor: Actor, projectId: number, input: Record<string, unknown>, withUpload: boolean): Promise<CopyPlan> {
  if (withUpload) throw ValidationError.field('from_component', msgid('This field can not be combined with zipfile or docfile.'));
  const source = await resolve(db, access, actor, input.from_component);
  if (!source) throw ValidationError.field('from_component', msgid('Component not found.'));
  if (!access.canIn(actor, 'component.edit', source.project, source.component)) throw ValidationError.field('from_component', msgid('You do not have permission to use this component.'));
  const layout = COPY_LAYOUT_FIELDS.filter((f) => input[f] !== undefined).sort();
  if (layout.length) throw new ValidationError(layout.map((attr): FieldError => ({ code: 'invalid', detail: msgid('This field can not be overridden when using from_component.'), attr })));
  const repository = COPY_REPOSITORY_FIELDS.filter((f) => input[f] !== undefined).sort();
  if (repository.length) throw new ValidationError(repository.map((attr): FieldError => ({ code: 'invalid', detail: msgid('This field can not be used when using from_component.'), attr })));
  const c = source.component;
  const copied: Record<string, unknown> = { source_language: source.sourceLanguage.code, file_format_params: JSON.parse(c.file_format_params), enforced_checks: JSON.parse(c.enforced_checks), vcs_params: JSON.parse(c.vcs_params) };
  for (const f of COPIED_TEXT) copied[f] = c[f];
  for (const f of COPIED_BOOL) copied[f] = c[f] !== 0;
  for (const f of COPIED_INT) copied[f] = c[f];
  if (c.secondary_language_id !== null) copied.secondary_language = c.secondary_language_id;
  if (input.category === undefined && c.project_id === projectId && c.category_id !== null) copied.category = c.category_id;
  const { from_component: _ignored, ...given } = input;
  return { source, input: { ...copied, ...given, repo: LOCAL_REPO, vcs: 'local', branch: 'main' } };
}

/** The directory holding the source component's files (the shared clone for a component that links to one). */
export async function sourceDirectory(db: Executor, componentDir: (c: ComponentRow) => string, source: ComponentRow): Promise<string> {
  const link = parseInternalUrl(source.repo);
  const owner = link ? await linkOwner(db, link) : undefined;
  return componentDir(owner ?? source);
}

/** Copies the files of a tree (not git's own, not links) into `to`; answers their paths relative to it. */
export async function copyTree(from: string, to: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  let entries;
  try {
    entries = await fs.readdir(path.join(from, rel), { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' && rel === '') throw ValidationError.field('from_component', msgid('Source component repository is not available.'));
    throw e;
  }
  for (const entry of entries) {
    if (entry.name === '.git') continue;
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await copyTree(from, to, child)));
    else if (entry.isFile()) {
      await fs.mkdir(path.dirname(path.join(to, child)), { recursive: true });
      await fs.copyFile(path.join(from, child), path.join(to, child));
      out.push(child);
    }
  }
  return out;
}

/**
 * Gives the copy the source's translations as stored now (edits not yet in the source's files included): units
 * that differ take the source's target and state and become pending; checks and counters follow. Add-ons are
 * copied within the same project only (their configuration may hold secrets of the project).
 */
export async function seedCopy(tx: Executor, component: ComponentRow, source: ComponentRow): Promise<void> {
  for (const pair of await pairedTranslations(tx, component.id, source.id)) {
    const theirs = await unitStates(tx, pair.sourceId);
    for (const unit of await unitsWithKeys(tx, pair.id)) {
      const s = theirs.get(String(unit.id_hash));
      if (s && (s.target !== unit.target || s.state !== unit.state)) await setCopiedUnit(tx, unit.id, s.target, s.state);
    }
  }
  await recheckComponent(tx, component.id);
  for (const t of await translationsOfComponent(tx, component.id, { includeSource: true })) await setTranslationCounters(tx, t.id, await recountTranslation(tx, t.id));
  if (component.project_id === source.project_id) await copyComponentAddons(tx, source.id, component.id, nowIso());
}

/**
 * The components a new translation is filled from (`from_component` of a translation creation), in the given
 * order: components of the same project the caller may edit, or of projects that share their translations
 * (`contribute_shared_tm`) the caller may see. Each must share the source language; those without the new
 * language are left out, and none left is a 400. Every problem is a 400 on `from_component`.
 */
export async function translationSources(db: Executor, access: AccessControl, actor: Actor, target: ComponentWithRefs, languageId: number | undefined, value: unknown): Promise<number[]> {
  const list = Array.isArray(value) ? value : [value];
  const refused = (detail: string) => ValidationError.field('from_component', detail);
  const ids: number[] = [];
  for (const ref of list) {
    const source = await resolve(db, access, actor, ref);
    const sameProject = source?.project.id === target.project.id;
    if (!source || (!sameProject && source.project.contribute_shared_tm !== 1)) throw refused('Component not found.');
    if (sameProject && !access.canIn(actor, 'component.edit', source.project, source.component)) throw refused('You do not have permission to use this component.');
    if (source.component.source_language_id !== target.component.source_language_id) throw refused('Source component needs to have same source language as target one.');
    if (!ids.includes(source.component.id)) ids.push(source.component.id);
  }
  if (ids.length === 0 || languageId === undefined) return ids;
  const withLanguage = await componentsWithLanguage(db, ids, languageId);
  const kept = ids.filter((id) => withLanguage.has(id));
  if (kept.length === 0) throw refused('None of the referenced components contain the requested language.');
  return kept;
}
