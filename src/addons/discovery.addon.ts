// weblate.discovery.discovery: creates (and optionally removes) components sharing this component's repository from its file layout.
import { formats } from '../formats/registry.js';
import type { ComponentRow } from '../db/schema.js';
import { addonsOfComponentExcept, componentsOfProject, insertAddonRow } from '../db/addons.repository.js';
import { nowIso } from '../shared/clock.js';
import { AppError } from '../shared/errors.js';
import { matchFilemask } from '../domain/filemask.js';
import { internalUrl, parseInternalUrl } from '../vcs/urls.js';
import { boolOption, ConfigErrors, configObject, rejectUnknown, stringOption } from './config.js';
import { compileLayout, DiscoveryConfigError, planDiscovery, type DiscoveryLayout } from './discovery-plan.js';
import type { AddonDefinition, AddonEventContext } from './types.js';
import { listRepositoryFiles } from '../shared/repository-files.js';

export const DISCOVERY_ADDON = 'weblate.discovery.discovery';

export interface DiscoveryConfig extends DiscoveryLayout {
  file_format: string;
  copy_addons: boolean;
  remove: boolean;
  /** The reference's preview confirmation; the API installs without a preview, so it only round-trips. */
  confirm: boolean;
}

/** A repository with more files than this is not walked further (a safety bound, not a layout limit). */
const MAX_FILES = 50_000;

export function validateDiscoveryConfig(raw: unknown): DiscoveryConfig {
  const obj = configObject(raw);
  const errors = new ConfigErrors();
  rejectUnknown(obj, ['match', 'file_format', 'name_template', 'base_file_template', 'new_base_template', 'language_regex', 'copy_addons', 'remove', 'confirm'], errors);
  const config: DiscoveryConfig = {
    match: stringOption(obj, 'match', '', errors, { required: true, maxLength: 500 }),
    file_format: stringOption(obj, 'file_format', '', errors, { required: true }),
    name_template: stringOption(obj, 'name_template', '{{ component|title }}', errors, { maxLength: 200 }),
    base_file_template: stringOption(obj, 'base_file_template', '', errors, { maxLength: 200 }),
    new_base_template: stringOption(obj, 'new_base_template', '', errors, { maxLength: 200 }),
    language_regex: stringOption(obj, 'language_regex', '^[^.]+$', errors, { maxLength: 500 }),
    copy_addons: boolOption(obj, 'copy_addons', true, errors),
    remove: boolOption(obj, 'remove', false, errors),
    confirm: boolOption(obj, 'confirm', false, errors),
  };
  if (config.name_template.trim() === '') config.name_template = '{{ component|title }}';
  if (config.file_format && !formats.has(config.file_format)) errors.add('file_format', `Select a valid choice. ${config.file_format} is not one of the available choices.`, 'invalid_choice');
  if (config.match) {
    try {
      compileLayout(config);
    } catch (e) {
      if (!(e instanceof DiscoveryConfigError)) throw e;
      errors.add(e.field, e.message);
    }
  }
  errors.throwIfAny();
  return config;
}

export interface DiscoveryResult {
  created: string[];
  removed: string[];
  skipped: string[];
}

/** Scans the working tree, creates the missing components, copies add-ons, removes vanished ones. */
export async function discover(ctx: AddonEventContext<DiscoveryConfig>): Promise<DiscoveryResult> {
  const result: DiscoveryResult = { created: [], removed: [], skipped: [] };
  const refs = ctx.component;
  const { db, paths, components } = ctx.services;
  if (!refs || !components) return result;
  const { component: main, project } = refs;
  const config = ctx.addon.configuration;
  // Components link to the clone's owner, so discovering from a linked component shares the same clone.
  const repo = parseInternalUrl(main.repo) ? main.repo : internalUrl(project.slug, main.slug);
  const dir = ctx.repositoryDir ?? paths.componentDir(main);
  let files: string[];
  try {
    files = await listRepositoryFiles(dir, MAX_FILES);
  } catch (e) {
    ctx.log.warn(`Could not read the repository of ${project.slug}/${main.slug}: ${(e as Error).message}`);
    return result;
  }
  const plan = planDiscovery(files, config);
  result.skipped.push(...plan.skipped);
  const existing = await componentsOfProject(db, project.id);
  const processed = new Set<number>([main.id]);
  const created: ComponentRow[] = [];
  for (const proposed of plan.components) {
    const same = existing.find((c) => c.filemask === proposed.filemask);
    if (same) {
      processed.add(same.id);
      continue;
    }
    if (existing.some((c) => c.slug === proposed.slug || c.name === proposed.name)) {
      result.skipped.push(`${proposed.filemask}: a component named "${proposed.name}" (${proposed.slug}) already exists with another file mask.`);
      continue;
    }
    try {
      // Created by the system (the services port), not by whoever triggered the update.
      const made = await components.create(project, {
        name: proposed.name,
        slug: proposed.slug,
        vcs: 'git',
        repo,
        branch: '',
        file_format: config.file_format,
        filemask: proposed.filemask,
        template: proposed.template,
        new_base: proposed.new_base,
        language_regex: config.language_regex,
        source_language: refs.sourceLanguage.code,
        license: main.license,
        license_url: main.license_url,
      });
      created.push(made.component);
      existing.push(made.component);
      processed.add(made.component.id);
      result.created.push(made.component.slug);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      result.skipped.push(`${proposed.filemask}: ${e.message}`);
    }
  }
  if (config.copy_addons && created.length) {
    const addons = await addonsOfComponentExcept(db, main.id, DISCOVERY_ADDON);
    for (const component of created) {
      for (const addon of addons) {
        await insertAddonRow(db, { name: addon.name, component_id: component.id, project_id: addon.project_id, configuration: addon.configuration, state: '{}', last_run: null, last_error: null, created: nowIso() });
      }
    }
  }
  if (config.remove) {
    for (const c of existing) {
      if (processed.has(c.id) || c.repo !== repo) continue;
      const present = c.template ? files.includes(c.template) : matchFilemask(files, c.filemask).length > 0;
      if (present) continue;
      try {
        await components.remove(c);
        result.removed.push(c.slug);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        result.skipped.push(`${c.slug}: not removed: ${e.message}`);
      }
    }
  }
  for (const line of result.skipped) ctx.log.warn(line);
  if (result.created.length || result.removed.length) ctx.log.info(`Discovery: created ${result.created.join(', ') || 'none'}; removed ${result.removed.join(', ') || 'none'}.`);
  return result;
}

export const discoveryAddon: AddonDefinition<DiscoveryConfig> = {
  name: DISCOVERY_ADDON,
  verbose: 'Component discovery',
  description: 'Automatically adds or removes project components based on file changes in the version control system.',
  events: ['install', 'post-update'],
  scope: ['component'],
  multiple: true,
  incompatible(refs) {
    return refs.component.vcs === 'git' ? null : 'Component discovery needs a component with a repository.';
  },
  validate: validateDiscoveryConfig,
  handlers: {
    async install(ctx) {
      await discover(ctx);
    },
    async 'post-update'(ctx) {
      await discover(ctx);
    },
  },
};
