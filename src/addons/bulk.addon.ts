// weblate.flags.bulk: bulk edit of the strings matching a search query (state, flags, labels), on install and after updates.
import { searchCondition, SearchQueryError } from '../db/unit-search/index.js';
import { STATE_APPROVED, STATE_EMPTY, STATE_FUZZY, STATE_READONLY, STATE_TRANSLATED } from '../domain/unit-states.js';
import { setUnitExtraFlags, unitIdsMatching } from '../db/addons.repository.js';
import { addUnitLabel, labelsOfProject, removeUnitLabels } from '../db/labels.repository.js';
import { choiceOption, configObject, ConfigErrors, rejectUnknown, stringListOption, stringOption } from './config.js';
import { componentUnits, editFlags, setUnitStates } from './flags-support.js';
import { requireComponent } from './support.js';
import type { AddonDefinition, AddonEventContext } from './types.js';
import { Action } from '../domain/change-actions.js';

export interface BulkConfig {
  q: string;
  /** -1: keep the state. */
  state: number;
  add_flags: string[];
  remove_flags: string[];
  add_labels: string[];
  remove_labels: string[];
}

const STATES = ['-1', String(STATE_EMPTY), String(STATE_FUZZY), String(STATE_TRANSLATED), String(STATE_APPROVED), String(STATE_READONLY)] as const;

async function apply(ctx: AddonEventContext<BulkConfig>): Promise<void> {
  const refs = requireComponent(ctx);
  const config = ctx.addon.configuration;
  const where = searchCondition({ q: config.q }, ctx.services.unitSearch());
  const ids = await unitIdsMatching(ctx.services.db, refs.component.id, where);
  const units = await componentUnits(ctx, ids);
  if (config.state !== -1) {
    // Source strings keep their state unless made read-only; empty strings cannot become translated.
    const targets = units.filter((u) => (u.is_source === 0 || config.state === STATE_READONLY) && (u.target !== '' || config.state <= STATE_FUZZY));
    await setUnitStates(ctx, targets, config.state);
  }
  if (!config.add_flags.length && !config.remove_flags.length && !config.add_labels.length && !config.remove_labels.length) return;
  const sourceIds = [...new Set(units.map((u) => u.source_unit_id ?? u.id))];
  const sources = await componentUnits(ctx, sourceIds);
  const db = ctx.services.db;
  const labels = await labelsOfProject(db, refs.project.id);
  const labelId = (name: string) => labels.find((l) => l.name === name)?.id;
  for (const name of [...config.add_labels, ...config.remove_labels]) if (labelId(name) === undefined) ctx.log.warn(`No label "${name}" in the project.`);
  await db.transaction().execute(async (tx) => {
    for (const s of sources) {
      const flags = editFlags(s.extra_flags, config.add_flags, config.remove_flags);
      if (flags !== s.extra_flags) {
        await setUnitExtraFlags(tx, s.id, flags);
        await ctx.services.recordChange(tx, { action: Action.EXTRA_FLAGS_UPDATED, projectId: refs.project.id, componentId: refs.component.id, translationId: s.translation_id, unitId: s.id, target: flags, old: s.extra_flags });
        await ctx.services.recheckTranslations(tx, s.id);
      }
      for (const name of config.add_labels) {
        const id = labelId(name);
        if (id === undefined) continue;
        await addUnitLabel(tx, s.id, id);
      }
      const remove = config.remove_labels.map(labelId).filter((id): id is number => id !== undefined);
      if (remove.length) await removeUnitLabels(tx, s.id, remove);
    }
  });
}

export const bulkAddon: AddonDefinition<BulkConfig> = {
  name: 'weblate.flags.bulk',
  verbose: 'Bulk edit',
  description: 'Bulk edit flags, labels, or states of strings.',
  events: ['install', 'post-update'],
  scope: ['component', 'project'],
  multiple: true,
  validate(raw) {
    const given = configObject(raw);
    const obj = { ...given, state: typeof given.state === 'number' ? String(given.state) : given.state };
    const errors = new ConfigErrors();
    rejectUnknown(obj, ['q', 'state', 'add_flags', 'remove_flags', 'add_labels', 'remove_labels'], errors);
    const q = stringOption(obj, 'q', '', errors, { required: true });
    if (q.trim()) {
      try {
        searchCondition({ q }, { dialect: 'sqlite' });
      } catch (e) {
        if (e instanceof SearchQueryError) errors.add('q', e.message);
        else throw e;
      }
    }
    const state = Number(choiceOption(obj, 'state', STATES, '-1', errors) ?? '-1');
    const config = { q, state, add_flags: stringListOption(obj, 'add_flags', errors), remove_flags: stringListOption(obj, 'remove_flags', errors), add_labels: stringListOption(obj, 'add_labels', errors), remove_labels: stringListOption(obj, 'remove_labels', errors) };
    if (config.state === -1 && !config.add_flags.length && !config.remove_flags.length && !config.add_labels.length && !config.remove_labels.length) errors.add('state', 'Nothing to change: choose a state, flags or labels.');
    errors.throwIfAny();
    return config;
  },
  handlers: { install: apply, 'post-update': apply },
};
