// weblate.cleanup.generic: removes strings that are no longer in the monolingual base file from the translation files.
import { noConfiguration } from './config.js';
import { formatOf, readStore, readTemplate, requireComponent, translationFiles, writeStaged } from './support.js';
import type { AddonDefinition, AddonEventContext } from './types.js';
import type { FormatUnit, ParsedStore } from '../formats/format.js';

/** A unit's identity in a monolingual file. */
export const unitKey = (u: Pick<FormatUnit, 'key' | 'context'>): string => u.key || u.context;

/** Removes (from the end, so indexes stay valid) the units `drop` selects; true when something went. */
export function removeUnits(store: ParsedStore, drop: (u: FormatUnit) => boolean): number {
  let removed = 0;
  for (let i = store.units.length - 1; i >= 0; i--) {
    if (drop(store.units[i]!)) {
      store.removeUnit(i);
      removed++;
    }
  }
  return removed;
}

async function cleanup(ctx: AddonEventContext<Record<string, never>>): Promise<void> {
  const refs = requireComponent(ctx);
  if (!refs.component.template || !formatOf(ctx).monolingual) return;
  const template = await readTemplate(ctx);
  if (!template) return;
  const keys = new Set(template.units.map(unitKey));
  for (const file of await translationFiles(ctx)) {
    const store = await readStore(ctx, file, template);
    if (!store) continue;
    const removed = removeUnits(store, (u) => !keys.has(unitKey(u)));
    if (removed && (await writeStaged(ctx, file.translation.filename, store.serialize()))) ctx.log.info(`Removed ${removed} stale strings from ${file.translation.filename}`);
  }
}

export const cleanupAddon: AddonDefinition<Record<string, never>> = {
  name: 'weblate.cleanup.generic',
  verbose: 'Cleanup translation files',
  description: 'Updates all translation files to match the monolingual base file: strings no longer in the base file are removed.',
  events: ['pre-commit', 'post-update'],
  scope: ['component', 'project'],
  multiple: false,
  incompatible: (refs) => (refs.component.template ? null : 'Only monolingual components have a base file to clean up against.'),
  validate: noConfiguration,
  handlers: { 'pre-commit': cleanup, 'post-update': cleanup },
};
