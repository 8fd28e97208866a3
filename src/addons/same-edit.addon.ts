// weblate.flags.same_edit: strings whose translation equals the source are marked as needing editing.
import { Action } from '../domain/change-actions.js';
import { STATE_FUZZY, STATE_READONLY, STATE_TRANSLATED } from '../domain/unit-states.js';
import { noConfiguration } from './config.js';
import { componentUnits, setUnitStates, unitsAddedInRepository, type UnitWithTranslation } from './flags-support.js';
import type { AddonDefinition } from './types.js';

const same = (u: UnitWithTranslation) => u.is_source === 0 && u.state >= STATE_TRANSLATED && u.state < STATE_READONLY && u.target !== '' && u.target === u.source;

export const sameEditAddon: AddonDefinition<Record<string, never>> = {
  name: 'weblate.flags.same_edit',
  verbose: 'Mark unchanged translations as "Needs editing"',
  description: 'Whenever a new translatable string is imported from the repository or saved, and it is the same as the source, it is marked as needing editing.',
  events: ['install', 'unit-saved', 'post-update'],
  scope: ['component', 'project'],
  multiple: false,
  validate: noConfiguration,
  handlers: {
    install: async (ctx) => void (await unitsAddedInRepository(ctx, Action.STRING_ADDED_IN_REPOSITORY)),
    'unit-saved': async (ctx) => void (await setUnitStates(ctx, (await componentUnits(ctx)).filter(same), STATE_FUZZY)),
    'post-update': async (ctx) => {
      const ids = await unitsAddedInRepository(ctx, Action.STRING_ADDED_IN_REPOSITORY);
      await setUnitStates(ctx, (await componentUnits(ctx, ids)).filter(same), STATE_FUZZY);
    },
  },
};
