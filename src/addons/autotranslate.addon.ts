// weblate.autotranslate.autotranslate: automatic translation of every translation after repository updates and daily.
import { legacyFilterQuery, searchCondition, SearchQueryError } from '../db/unit-search/index.js';
import type { AutoMode, AutoSource } from '../domain/automatic-translation.js';
import { choiceOption, configObject, ConfigErrors, intOption, rejectUnknown, stringListOption, stringOption } from './config.js';
import { translationFiles } from './support.js';
import type { AddonDefinition, AddonEventContext } from './types.js';

export interface AutotranslateConfig {
  mode: AutoMode;
  /** Search query selecting the strings (a legacy filter_type is turned into one). */
  q: string;
  auto_source: AutoSource;
  /** auto_source "others": the component id to copy from, null = every component of the project. */
  component: number | null;
  engines: string[];
  threshold: number;
}

const MODES: readonly AutoMode[] = ['suggest', 'translate', 'fuzzy'];
const SOURCES: readonly AutoSource[] = ['others', 'mt'];

async function run(ctx: AddonEventContext<AutotranslateConfig>): Promise<void> {
  const service = ctx.services.autotranslate;
  if (!service) throw new Error('Automatic translation is not available.');
  const c = ctx.addon.configuration;
  let total = 0;
  for (const file of await translationFiles(ctx, { all: true })) {
    total += await service.execute({ translationId: file.translation.id, userId: null, mode: c.mode, q: c.q, autoSource: c.auto_source, componentId: c.component, engines: c.engines, threshold: c.threshold, touchApproved: false });
  }
  ctx.log.info(`Automatic translation updated ${total} strings.`);
}

export const autotranslateAddon: AddonDefinition<AutotranslateConfig> = {
  name: 'weblate.autotranslate.autotranslate',
  verbose: 'Automatic translation',
  description: 'Automatically translates strings using machine translation or other components.',
  events: ['post-update', 'daily'],
  scope: ['component', 'project'],
  multiple: true,
  validate(raw) {
    const obj = configObject(raw);
    const errors = new ConfigErrors();
    rejectUnknown(obj, ['mode', 'filter_type', 'q', 'auto_source', 'component', 'engines', 'threshold'], errors);
    let q = stringOption(obj, 'q', '', errors);
    const filterType = stringOption(obj, 'filter_type', 'todo', errors) || 'todo';
    try {
      if (!q.trim()) q = legacyFilterQuery(filterType);
      searchCondition({ q }, { dialect: 'sqlite' });
    } catch (e) {
      if (e instanceof SearchQueryError) errors.add(obj.q ? 'q' : 'filter_type', e.message);
      else throw e;
    }
    const componentRaw = obj.component;
    let component: number | null = null;
    if (componentRaw !== undefined && componentRaw !== null && componentRaw !== '') {
      const n = Number(componentRaw);
      if (Number.isInteger(n) && n > 0) component = n;
      else errors.add('component', 'Select a valid choice.', 'invalid_choice');
    }
    const config: AutotranslateConfig = {
      mode: choiceOption(obj, 'mode', MODES, 'suggest', errors),
      q,
      auto_source: choiceOption(obj, 'auto_source', SOURCES, 'others', errors),
      component,
      engines: stringListOption(obj, 'engines', errors),
      threshold: intOption(obj, 'threshold', 80, errors, 1, 100),
    };
    if (config.auto_source === 'mt' && config.engines.length === 0) errors.add('engines', 'This field is required.', 'required');
    errors.throwIfAny();
    return config;
  },
  handlers: { 'post-update': run, daily: run },
};
