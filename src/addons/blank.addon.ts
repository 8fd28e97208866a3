// weblate.cleanup.blank: strings without a translation are removed from the translation files.
import { isTranslated } from '../formats/exporters/exporter.js';
import { removeUnits } from './cleanup.addon.js';
import { noConfiguration } from './config.js';
import { formatOf, readStore, readTemplate, translationFiles, writeStaged } from './support.js';
import type { AddonDefinition, AddonEventContext } from './types.js';

async function blank(ctx: AddonEventContext<Record<string, never>>): Promise<void> {
  const template = formatOf(ctx).monolingual ? await readTemplate(ctx) : null;
  for (const file of await translationFiles(ctx)) {
    const store = await readStore(ctx, file, template ?? undefined);
    if (!store) continue;
    const removed = removeUnits(store, (u) => !isTranslated(u) && !u.fuzzy && u.target.every((t) => t === ''));
    if (removed && (await writeStaged(ctx, file.translation.filename, store.serialize()))) ctx.log.info(`Removed ${removed} blank strings from ${file.translation.filename}`);
  }
}

export const blankAddon: AddonDefinition<Record<string, never>> = {
  name: 'weblate.cleanup.blank',
  verbose: 'Remove blank strings',
  description: 'Removes strings without a translation from translation files.',
  events: ['pre-commit', 'post-update'],
  scope: ['component', 'project'],
  multiple: false,
  validate: noConfiguration,
  handlers: { 'pre-commit': blank, 'post-update': blank },
};
