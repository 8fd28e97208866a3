// weblate.gettext.mo: compiles a MO file next to each PO file before it is committed.
import path from 'node:path';
import { compileMo } from '../formats/exporters/mo.exporter.js';
import { boolOption, configObject, ConfigErrors, rejectUnknown, stringOption } from './config.js';
import { componentDir, inside, readStore, requireComponent, translationFiles, writeStaged } from './support.js';
import type { AddonDefinition } from './types.js';

export interface MoConfig {
  /** Where to write the MO file; `{{ filename|stripext }}` and `{{ language_code }}` are replaced. */
  path: string;
  /** Include strings needing editing. */
  fuzzy: boolean;
}

export const DEFAULT_MO_PATH = '{{ filename|stripext }}.mo';

/** The MO path for a PO file, relative to the repository. */
export function moPathFor(template: string, poFile: string, languageCode: string): string {
  const stripped = poFile.replace(/\.[^./]*$/, '');
  return (template || DEFAULT_MO_PATH)
    .replace(/\{\{\s*filename\s*\|\s*stripext\s*\}\}/g, stripped)
    .replace(/\{\{\s*filename\s*\}\}/g, poFile)
    .replace(/\{\{\s*language_code\s*\}\}/g, languageCode)
    .replace(/\{\{\s*dirname\s*\}\}/g, path.posix.dirname(poFile));
}

export const moAddon: AddonDefinition<MoConfig> = {
  name: 'weblate.gettext.mo',
  verbose: 'Generate MO files',
  description: 'Automatically generates a MO file for every changed PO file.',
  events: ['pre-commit'],
  scope: ['component', 'project'],
  multiple: false,
  incompatible: (refs) => (refs.component.file_format === 'po' || refs.component.file_format === 'po-mono' ? null : 'Only gettext PO files can be compiled.'),
  validate(raw) {
    const obj = configObject(raw);
    const errors = new ConfigErrors();
    rejectUnknown(obj, ['path', 'fuzzy'], errors);
    const out = { path: stringOption(obj, 'path', DEFAULT_MO_PATH, errors, { maxLength: 300 }) || DEFAULT_MO_PATH, fuzzy: boolOption(obj, 'fuzzy', false, errors) };
    if (!/\.mo$/.test(out.path.trim())) errors.add('path', 'The path has to end with ".mo".');
    errors.throwIfAny();
    return out;
  },
  handlers: {
    'pre-commit': async (ctx) => {
      const refs = requireComponent(ctx);
      if (refs.component.file_format !== 'po' && refs.component.file_format !== 'po-mono') return;
      for (const file of await translationFiles(ctx)) {
        const store = await readStore(ctx, file);
        if (!store) continue;
        const rel = moPathFor(ctx.addon.configuration.path, file.translation.filename, file.language.code);
        if (!inside(componentDir(ctx), rel)) {
          ctx.log.warn(`Skipping MO path outside the repository: ${rel}`);
          continue;
        }
        const units = ctx.addon.configuration.fuzzy ? store.units.map((u) => ({ ...u, fuzzy: false })) : store.units;
        const meta = {
          sourceLanguage: refs.sourceLanguage.code,
          language: file.language.code,
          pluralForms: store.pluralForms ?? { number: file.translation.plural_number, formula: file.translation.plural_formula },
          project: refs.project.name,
          component: refs.component.name,
        };
        if (await writeStaged(ctx, rel, compileMo(units, meta))) ctx.log.info(`Compiled ${rel}`);
      }
    },
  },
};
