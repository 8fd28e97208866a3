// Turns parsed translation files into the units to store: source units, per-language units and states.
import type { FormatUnit, ParsedStore } from '../../formats/format.js';
import type { PluralRule } from '../../languages/plural-rule.js';
import { bilingualId, contentHash, monolingualId } from '../../domain/unit-identity.js';
import { STATE_EMPTY, STATE_FUZZY, STATE_READONLY, STATE_TRANSLATED } from '../../domain/unit-states.js';
import { countChars, countWords } from '../../domain/text-metrics.js';

export interface ScannedFile {
  path: string;
  code: string; // as found in the file name
  languageId: number;
  store: ParsedStore;
  /** The plural rule the file follows in its language. */
  plural: PluralRule;
}

export interface PlannedUnit {
  id_hash: string;
  content_hash: string;
  context: string;
  source: string[];
  target: string[];
  previous_source: string;
  location: string;
  note: string;
  flags: string;
  state: number;
  position: number;
  num_words: number;
  num_chars: number;
}

export interface PlannedTranslation {
  languageId: number;
  languageCode: string;
  filename: string;
  isSource: boolean;
  /** The rule of a translation's file; the source follows its language's rule. */
  plural: PluralRule;
  units: PlannedUnit[];
}

export interface ImportPlan {
  source: PlannedTranslation;
  translations: PlannedTranslation[];
}

export interface PlanOptions {
  monolingual: boolean;
  sourceLanguageId: number;
  sourceLanguageCode: string;
  /** The plural rule of the source language in this component's format. */
  sourcePlural: PluralRule;
  /** Monolingual base file (required for monolingual formats). */
  template?: { path: string; store: ParsedStore };
  /** Bilingual base (e.g. a POT) that fixes the order and set of source strings. */
  newBase?: { store: ParsedStore } | undefined;
  /** Every language lives in the template file itself (String Catalogs): files are told apart by language only. */
  sharedFile?: boolean;
  /** Monolingual: whether source strings may be edited (component edit_template); read-only otherwise. */
  editTemplate?: boolean;
  /** Monolingual intermediate file: its texts are shown as the source instead of the template's. */
  intermediate?: { store: ParsedStore } | undefined;
  files: ScannedFile[];
}

function isReadOnly(flags: string): boolean {
  return flags.split(',').some((f) => f.trim() === 'read-only');
}

/**
 * A string counts as translated when the file holds text for it: a plural with some forms still empty
 * is translated, and the plurals check names the empty forms (as the reference counts it).
 */
function isTranslated(target: readonly string[]): boolean {
  return target.some((t) => t !== '');
}

/**
 * One form per plural form of the rule for a plural string (empty ones where the file has none), a
 * single form otherwise. Forms beyond the rule are kept: a form the file holds is never hidden.
 */
export function fitTarget(source: readonly string[], target: readonly string[], forms: number): string[] {
  const wanted = source.length > 1 ? forms : 1;
  const out = target.length > 0 ? [...target] : [''];
  while (out.length < wanted) out.push('');
  return out;
}

/** The state a file's unit gives its string: read-only when flagged, else by its text and fuzzy mark. */
export function stateOf(unit: FormatUnit, target: string[]): number {
  if (isReadOnly(unit.flags)) return STATE_READONLY;
  if (!isTranslated(target)) return STATE_EMPTY;
  return unit.fuzzy ? STATE_FUZZY : STATE_TRANSLATED;
}

function planned(unit: FormatUnit, idHash: string, source: string[], target: string[], state: number, position: number, meta?: FormatUnit): PlannedUnit {
  const m = meta ?? unit;
  return {
    id_hash: idHash,
    content_hash: contentHash(source, unit.context),
    context: unit.context,
    source,
    target,
    previous_source: unit.previousSource ?? '',
    location: m.location ?? '',
    note: [m.note, m.comment].filter(Boolean).join('\n'),
    flags: m.flags ?? '',
    state,
    position,
    num_words: countWords(source),
    num_chars: countChars(source),
  };
}

function planBilingual(opts: PlanOptions): ImportPlan {
  const sourceUnits = new Map<string, PlannedUnit>();
  const addSource = (u: FormatUnit) => {
    const id = bilingualId(u);
    if (!sourceUnits.has(id)) sourceUnits.set(id, planned(u, id, u.source, u.source, STATE_READONLY, sourceUnits.size + 1));
  };
  for (const u of opts.newBase?.store.units ?? []) addSource(u);
  const translations: PlannedTranslation[] = [];
  let sourceFile: ScannedFile | undefined;
  for (const file of opts.files) {
    if (file.languageId === opts.sourceLanguageId) {
      sourceFile = file;
      for (const u of file.store.units) addSource(u);
      continue;
    }
    const seen = new Set<string>();
    const units: PlannedUnit[] = [];
    for (const u of file.store.units) {
      const id = bilingualId(u);
      if (seen.has(id)) continue; // a duplicate entry keeps its first occurrence
      seen.add(id);
      addSource(u);
      const target = fitTarget(u.source, u.target, file.plural.number);
      units.push(planned(u, id, u.source, target, stateOf(u, target), units.length + 1));
    }
    translations.push({ languageId: file.languageId, languageCode: file.code, filename: file.path, isSource: false, plural: file.plural, units });
  }
  const source: PlannedTranslation = {
    languageId: opts.sourceLanguageId,
    languageCode: sourceFile?.code ?? opts.sourceLanguageCode,
    filename: sourceFile?.path ?? '',
    isSource: true,
    plural: opts.sourcePlural,
    units: [...sourceUnits.values()],
  };
  return { source, translations };
}

function planMonolingual(opts: PlanOptions): ImportPlan {
  const template = opts.template!;
  const keys: { id: string; unit: FormatUnit }[] = [];
  const seen = new Set<string>();
  for (const u of template.store.units) {
    const id = monolingualId(u.key);
    if (seen.has(id)) continue;
    seen.add(id);
    keys.push({ id, unit: u });
  }
  const intermediate = new Map<string, FormatUnit>();
  for (const u of opts.intermediate?.store.units ?? []) if (!intermediate.has(u.key)) intermediate.set(u.key, u);
  const own = (u: FormatUnit) => (u.target.length && u.target.some((t) => t !== '') ? u.target : u.source);
  const sourceForms = (u: FormatUnit) => {
    const mid = intermediate.get(u.key);
    return mid && mid.target.some((t) => t !== '') ? mid.target : own(u);
  };
  const sourceUnits = keys.map(({ id, unit }, i) => {
    const src = sourceForms(unit);
    return planned(unit, id, src, src, isReadOnly(unit.flags) || opts.editTemplate === false ? STATE_READONLY : STATE_TRANSLATED, i + 1);
  });
  const translations: PlannedTranslation[] = [];
  for (const file of opts.files) {
    if (file.languageId === opts.sourceLanguageId || (file.path === template.path && !opts.sharedFile)) continue;
    const byKey = new Map<string, FormatUnit>();
    for (const u of file.store.units) if (!byKey.has(u.key)) byKey.set(u.key, u);
    const units = keys.map(({ id, unit }, i) => {
      const tu = byKey.get(unit.key);
      const src = sourceForms(unit);
      const target = fitTarget(src, tu?.target ?? [], file.plural.number);
      return planned(tu ?? unit, id, src, target, tu ? stateOf(tu, target) : STATE_EMPTY, i + 1, unit);
    });
    translations.push({ languageId: file.languageId, languageCode: file.code, filename: file.path, isSource: false, plural: file.plural, units });
  }
  const source: PlannedTranslation = {
    languageId: opts.sourceLanguageId,
    languageCode: opts.files.find((f) => f.path === template.path && (!opts.sharedFile || f.languageId === opts.sourceLanguageId))?.code ?? opts.sourceLanguageCode,
    filename: template.path,
    isSource: true,
    plural: opts.sourcePlural,
    units: sourceUnits,
  };
  return { source, translations };
}

export function planImport(opts: PlanOptions): ImportPlan {
  return opts.monolingual ? planMonolingual(opts) : planBilingual(opts);
}
