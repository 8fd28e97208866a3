// The add-on registry: identifier → definition; `parla.*` is accepted as an alias of `weblate.*`.
import type { AnyAddonDefinition } from './types.js';
import { webhookAddon } from './webhook.addon.js';
import { discoveryAddon } from './discovery.addon.js';
import { moAddon } from './mo.addon.js';
import { linguasAddon } from './linguas.addon.js';
import { sourceEditAddon } from './source-edit.addon.js';
import { targetEditAddon } from './target-edit.addon.js';
import { sameEditAddon } from './same-edit.addon.js';
import { bulkAddon } from './bulk.addon.js';
import { pseudolocaleAddon } from './pseudolocale.addon.js';
import { squashAddon } from './squash.addon.js';
import { cleanupAddon } from './cleanup.addon.js';
import { blankAddon } from './blank.addon.js';
import { msgmergeAddon } from './msgmerge.addon.js';
import { autotranslateAddon } from './autotranslate.addon.js';
import { consistencyAddon } from './consistency.addon.js';
import { generateAddon } from './generate.addon.js';

const definitions: AnyAddonDefinition[] = [webhookAddon, discoveryAddon, moAddon, linguasAddon, sourceEditAddon, targetEditAddon, sameEditAddon, bulkAddon, pseudolocaleAddon, squashAddon, cleanupAddon, blankAddon, msgmergeAddon, autotranslateAddon, consistencyAddon, generateAddon];

const registry = new Map<string, AnyAddonDefinition>();

/** Adds a definition; built-in add-ons register here, tests may add their own. */
export function registerAddon(definition: AnyAddonDefinition): void {
  registry.set(definition.name, definition);
}

for (const definition of definitions) registerAddon(definition);

/** The canonical `weblate.*` identifier for a name given on input. */
export function canonicalAddonName(name: string): string {
  return name.startsWith('parla.') ? `weblate.${name.slice('parla.'.length)}` : name;
}

export function getAddon(name: string): AnyAddonDefinition | undefined {
  return registry.get(canonicalAddonName(name));
}

export function listAddons(): AnyAddonDefinition[] {
  return [...registry.values()];
}
