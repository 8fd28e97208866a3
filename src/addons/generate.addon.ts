// weblate.generate.generate: writes a file with each translation's statistics, from a template, into every commit.
import { configObject, ConfigErrors, rejectUnknown, stringOption } from './config.js';
import { componentDir, inside, requireComponent, translationFiles, writeStaged, type TranslationFile } from './support.js';
import type { AddonDefinition } from './types.js';

export interface GenerateConfig {
  /** Where to write, relative to the repository; `{{ language_code }}` and the other variables apply. */
  filename: string;
  /** The file's content, e.g. `{"translated": {{ stats.translated_percent }}}`. */
  template: string;
}

/** Percent as the statistics show it: one decimal, truncated; never 0.0 for a non-zero part nor 100.0 for an incomplete total. */
function percent(part: number, total: number): number {
  if (total === 0) return 0;
  const value = Math.floor((1000 * part) / total) / 10;
  if (part > 0 && value === 0) return 0.1;
  if (part < total && value === 100) return 99.9;
  return value;
}

/** What the templates can name: the translation, its language, component and project, and `stats.*`. */
export function generateVariables(file: TranslationFile, refs: { project: { name: string; slug: string }; component: { name: string; slug: string } }): Record<string, unknown> {
  const t = file.translation;
  return {
    language_code: file.language.code,
    language_name: file.language.name,
    component_name: refs.component.name,
    component_slug: refs.component.slug,
    project_name: refs.project.name,
    project_slug: refs.project.slug,
    filename: t.filename,
    stats: {
      all: t.total,
      all_words: t.total_words,
      all_chars: t.total_chars,
      translated: t.translated,
      translated_words: t.translated_words,
      translated_chars: t.translated_chars,
      translated_percent: percent(t.translated, t.total),
      translated_words_percent: percent(t.translated_words, t.total_words),
      fuzzy: t.fuzzy,
      fuzzy_percent: percent(t.fuzzy, t.total),
      approved: t.approved,
      approved_percent: percent(t.approved, t.total),
      readonly: t.readonly,
      allchecks: t.failing,
      allchecks_percent: percent(t.failing, t.total),
      untranslated: t.total - t.translated,
    },
  };
}

/** Renders `{{ name }}` and `{{ dotted.name }}` placeholders; unknown names render empty. */
export function renderTemplate(template: string, vars: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g, (_whole, name: string) => {
    let value: unknown = vars;
    for (const part of name.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    return value === undefined || value === null ? '' : String(value);
  });
}

export const generateAddon: AddonDefinition<GenerateConfig> = {
  name: 'weblate.generate.generate',
  verbose: 'Statistics generator',
  description: 'Generates a file containing detailed info about the translation status.',
  events: ['pre-commit'],
  scope: ['component', 'project'],
  multiple: true,
  validate(raw) {
    const obj = configObject(raw);
    const errors = new ConfigErrors();
    rejectUnknown(obj, ['filename', 'template'], errors);
    const config = { filename: stringOption(obj, 'filename', '', errors, { required: true, maxLength: 400 }), template: stringOption(obj, 'template', '', errors, { required: true, maxLength: 100_000 }) };
    errors.throwIfAny();
    return config;
  },
  handlers: {
    'pre-commit': async (ctx) => {
      const refs = requireComponent(ctx);
      for (const file of await translationFiles(ctx)) {
        const vars = generateVariables(file, refs);
        const rel = renderTemplate(ctx.addon.configuration.filename, vars).trim();
        if (!rel || !inside(componentDir(ctx), rel)) {
          ctx.log.warn(`Skipping a statistics file outside the repository: ${rel || '(empty name)'}`);
          continue;
        }
        if (await writeStaged(ctx, rel, renderTemplate(ctx.addon.configuration.template, vars))) ctx.log.info(`Generated ${rel}`);
      }
    },
  },
};
