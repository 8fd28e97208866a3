// weblate.flags.source_edit: Mark new source strings to need editing (after a repository update).
import { Action } from '../domain/change-actions.js';
import { STATE_FUZZY, STATE_READONLY, STATE_TRANSLATED } from '../domain/unit-states.js';
import { noConfiguration } from './config.js';
import { componentUnits, setUnitStates, unitsAddedInRepository } from './flags-support.js';
import type { AddonDefinition, AddonEventContext } from './types.js';

async function markNew(ctx: AddonEventContext<Record<string, never>>): Promise<void> {
  const ids = await unitsAddedInRepository(ctx, Action.SOURCE_STRING_ADDED_IN_REPOSITORY);
  const units = (await componentUnits(ctx, ids)).filter((u) => u.is_source === 1 && u.state >= STATE_TRANSLATED && u.state < STATE_READONLY);
  await setUnitStates(ctx, units, STATE_FUZZY);
}

export const sourceEditAddon: AddonDefinition<Record<string, never>> = {
  name: 'weblate.flags.source_edit',
  verbose: 'Mark new source strings to need editing',
  description: 'Whenever a new source string is imported from the repository, it is marked as needing editing.',
  events: ['install', 'post-update'],
  scope: ['component', 'project'],
  multiple: false,
  validate: noConfiguration,
  // install only remembers where the change log stands: strings imported before stay as they are.
  handlers: { install: async (ctx) => void (await unitsAddedInRepository(ctx, Action.SOURCE_STRING_ADDED_IN_REPOSITORY)), 'post-update': markNew },
};
