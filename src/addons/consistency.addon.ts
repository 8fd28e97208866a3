// weblate.consistency.languages: every component of the project gets the languages any of them has.
import { componentsWithLanguages, languageOfTranslation, projectLanguageIds } from '../db/language-consistency.repository.js';
import { languagesByIds } from '../db/languages.repository.js';
import { projectById } from '../db/projects.repository.js';
import { noConfiguration } from './config.js';
import type { AddonDefinition, AddonEventContext } from './types.js';

/**
 * Adds `languageIds` (all the project's languages when undefined) to every component of the project that
 * lacks them, except a component's own source language. A component that cannot add a language (no base
 * file, new languages turned off by its file layout) is skipped and logged.
 */
async function makeConsistent(ctx: AddonEventContext<Record<string, never>>, only?: number[]): Promise<void> {
  const projectId = ctx.component?.project.id ?? ctx.project?.id;
  const add = ctx.services.addTranslation;
  if (projectId === undefined || !add) return;
  const db = ctx.services.db;
  const wanted = only ?? (await projectLanguageIds(db, projectId));
  const components = await componentsWithLanguages(db, projectId);
  const languages = new Map((await languagesByIds(db, [...new Set([...wanted, ...components.map((c) => c.component.source_language_id)])])).map((l) => [l.id, l]));
  const project = ctx.component?.project ?? (await projectById(db, projectId));
  if (!project) return;
  for (const { component, languageIds } of components) {
    const missing = wanted.filter((id) => !languageIds.has(id) && id !== component.source_language_id);
    for (const id of missing) {
      const language = languages.get(id);
      if (!language) continue;
      try {
        await add({ component, project, sourceLanguage: languages.get(component.source_language_id)! }, language.code);
        ctx.log.info(`Added ${language.code} to ${component.slug}`);
      } catch (e) {
        ctx.log.warn(`Could not add ${language.code} to ${component.slug}: ${(e as Error).message}`);
      }
    }
  }
}

export const consistencyAddon: AddonDefinition<Record<string, never>> = {
  name: 'weblate.consistency.languages',
  verbose: 'Add missing languages',
  description: 'Ensures a consistent set of languages is used for all components within a project.',
  events: ['install', 'daily', 'post-add'],
  scope: ['component', 'project'],
  multiple: false,
  validate: noConfiguration,
  handlers: {
    install: (ctx) => makeConsistent(ctx),
    daily: (ctx) => makeConsistent(ctx),
    // The new translation's language when the event names it, else every language of the project.
    'post-add': async (ctx) => {
      const language = ctx.translationId === undefined ? undefined : await languageOfTranslation(ctx.services.db, ctx.translationId);
      await makeConsistent(ctx, language === undefined ? undefined : [language]);
    },
  },
};
