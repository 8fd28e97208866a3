// weblate.generate.pseudolocale: fills a target translation with pseudo-localized source strings (for UI testing).
import { joinPlurals, splitPlurals } from '../domain/plurals.js';
import { STATE_READONLY, STATE_TRANSLATED } from '../domain/unit-states.js';
import { translationOfComponent, unitsOfTranslationById } from '../db/addons.repository.js';
import { unorderedUnitsOfTranslation } from '../db/unit-import.repository.js';
import { boolOption, configObject, ConfigErrors, rejectUnknown, stringOption } from './config.js';
import { requireComponent } from './support.js';
import type { AddonDefinition, AddonEventContext } from './types.js';
import { Action } from '../domain/change-actions.js';

export interface PseudolocaleConfig {
  /** Translation id or language code of the source and target translations. */
  source: number | string;
  target: number | string;
  prefix: string;
  suffix: string;
  var_prefix: string;
  var_suffix: string;
  var_multiplier: number;
  include_readonly: boolean;
}

/** prefix + var_prefix×n + text + var_suffix×n + suffix, n = ⌊length × var_multiplier⌋. */
export function pseudolocalize(text: string, c: Pick<PseudolocaleConfig, 'prefix' | 'suffix' | 'var_prefix' | 'var_suffix' | 'var_multiplier'>): string {
  if (text === '') return '';
  const n = Math.floor([...text].length * c.var_multiplier);
  return `${c.prefix}${c.var_prefix.repeat(n)}${text}${c.var_suffix.repeat(n)}${c.suffix}`;
}

function translationRef(obj: Record<string, unknown>, key: string, errors: ConfigErrors): number | string {
  const v = obj[key];
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  if (typeof v === 'string' && /^[A-Za-z][\w@-]*$/.test(v)) return v;
  errors.add(key, v === undefined || v === null || v === '' ? 'This field is required.' : 'Select a valid choice.', v === undefined ? 'required' : 'invalid_choice');
  return 0;
}

async function resolveTranslation(ctx: AddonEventContext<PseudolocaleConfig>, ref: number | string) {
  const refs = requireComponent(ctx);
  return translationOfComponent(ctx.services.db, refs.component.id, ref);
}

async function generate(ctx: AddonEventContext<PseudolocaleConfig>): Promise<void> {
  const refs = requireComponent(ctx);
  const config = ctx.addon.configuration;
  const source = await resolveTranslation(ctx, config.source);
  const target = await resolveTranslation(ctx, config.target);
  if (!source || !target) throw new Error('The source or target translation does not exist in this component.');
  if (source.id === target.id) throw new Error('The source and target translations must differ.');
  const db = ctx.services.db;
  const sourceUnits = new Map((await unorderedUnitsOfTranslation(db, source.id)).map((u) => [u.id_hash, u]));
  const targetUnits = await unitsOfTranslationById(db, target.id);
  let changed = 0;
  await db.transaction().execute(async (tx) => {
    for (const unit of targetUnits) {
      if (unit.state === STATE_READONLY && !config.include_readonly) continue;
      const from = sourceUnits.get(unit.id_hash);
      if (!from) continue;
      // A bilingual source translation holds the text in `source`, a monolingual one in `target`.
      const forms = splitPlurals(source.is_source ? from.source : from.target || from.source);
      const wanted = Array.from({ length: splitPlurals(unit.target).length || forms.length }, (_, i) => pseudolocalize(forms[Math.min(i, forms.length - 1)] ?? '', config));
      if (joinPlurals(wanted) === unit.target) continue;
      const state = unit.state === STATE_READONLY ? STATE_READONLY : STATE_TRANSLATED;
      await ctx.services.updateUnitContent(tx, unit, { translationId: target.id, componentId: refs.component.id, projectId: refs.project.id, languageId: target.language_id }, { target: wanted, state, userId: null, action: Action.AUTOMATICALLY_TRANSLATED });
      changed++;
    }
  });
  ctx.log.info(`Pseudolocalized ${changed} strings.`);
}

export const pseudolocaleAddon: AddonDefinition<PseudolocaleConfig> = {
  name: 'weblate.generate.pseudolocale',
  verbose: 'Pseudolocale generation',
  description: 'Generates a translation by adding a prefix and suffix to source strings automatically.',
  events: ['install', 'post-update', 'daily'],
  scope: ['component'],
  multiple: true,
  validate(raw) {
    const obj = configObject(raw);
    const errors = new ConfigErrors();
    rejectUnknown(obj, ['source', 'target', 'prefix', 'suffix', 'var_prefix', 'var_suffix', 'var_multiplier', 'include_readonly'], errors);
    const mult = obj.var_multiplier;
    const var_multiplier = mult === undefined || mult === null || mult === '' ? 0.1 : Number(mult);
    if (!Number.isFinite(var_multiplier) || var_multiplier < 0 || var_multiplier > 10) errors.add('var_multiplier', 'Enter a number between 0 and 10.');
    const config: PseudolocaleConfig = {
      source: translationRef(obj, 'source', errors),
      target: translationRef(obj, 'target', errors),
      prefix: stringOption(obj, 'prefix', '', errors, { maxLength: 20 }),
      suffix: stringOption(obj, 'suffix', '', errors, { maxLength: 20 }),
      var_prefix: stringOption(obj, 'var_prefix', '', errors, { maxLength: 20 }),
      var_suffix: stringOption(obj, 'var_suffix', '', errors, { maxLength: 20 }),
      var_multiplier: Number.isFinite(var_multiplier) ? var_multiplier : 0.1,
      include_readonly: boolOption(obj, 'include_readonly', false, errors),
    };
    if (config.source !== 0 && config.source === config.target) errors.add('target', 'The source and target translations must differ.');
    errors.throwIfAny();
    return config;
  },
  handlers: { install: generate, 'post-update': generate, daily: generate },
};
