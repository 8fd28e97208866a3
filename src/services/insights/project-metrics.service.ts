// A project's metrics: the counters of each translation, by component path and language code.
import type { Db } from '../../db/database.js';
import type { ProjectRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { translationMetricsOfProject, type TranslationMetricsRow } from '../../db/project-metrics.repository.js';
import { percent } from '../common/statistics-counters.js';

/** Each metric's name, what it counts (OpenMetrics HELP and the OpenAPI description) and how it is read. */
export const PROJECT_METRICS: readonly { name: string; help: string; value: (r: TranslationMetricsRow) => number }[] = [
  { name: 'total', help: 'Number of strings', value: (r) => r.total },
  { name: 'total_words', help: 'Number of source words', value: (r) => r.total_words },
  { name: 'total_chars', help: 'Number of source characters', value: (r) => r.total_chars },
  { name: 'translated', help: 'Number of translated strings', value: (r) => r.translated },
  { name: 'translated_words', help: 'Number of translated words', value: (r) => r.translated_words },
  { name: 'translated_chars', help: 'Number of translated characters', value: (r) => r.translated_chars },
  { name: 'translated_percent', help: 'Percentage of translated strings', value: (r) => percent(r.translated, r.total, true) },
  { name: 'translated_words_percent', help: 'Percentage of translated words', value: (r) => percent(r.translated_words, r.total_words, true) },
  { name: 'translated_chars_percent', help: 'Percentage of translated characters', value: (r) => percent(r.translated_chars, r.total_chars, true) },
  { name: 'fuzzy', help: 'Number of strings needing editing', value: (r) => r.fuzzy },
  { name: 'fuzzy_words', help: 'Number of words needing editing', value: (r) => r.fuzzy_words },
  { name: 'fuzzy_chars', help: 'Number of characters needing editing', value: (r) => r.fuzzy_chars },
  { name: 'failing', help: 'Number of strings with failing checks', value: (r) => r.failing },
  { name: 'failing_words', help: 'Number of words with failing checks', value: (r) => r.failing_words },
  { name: 'failing_chars', help: 'Number of characters with failing checks', value: (r) => r.failing_chars },
  { name: 'approved', help: 'Number of approved strings', value: (r) => r.approved },
  { name: 'approved_words', help: 'Number of approved words', value: (r) => r.approved_words },
  { name: 'approved_chars', help: 'Number of approved characters', value: (r) => r.approved_chars },
  { name: 'approved_percent', help: 'Percentage of approved strings', value: (r) => percent(r.approved, r.total, true) },
  { name: 'approved_words_percent', help: 'Percentage of approved words', value: (r) => percent(r.approved_words, r.total_words, true) },
  { name: 'approved_chars_percent', help: 'Percentage of approved characters', value: (r) => percent(r.approved_chars, r.total_chars, true) },
  { name: 'suggestions', help: 'Number of strings with suggestions', value: (r) => r.suggestions },
  { name: 'comments', help: 'Number of strings with unresolved comments', value: (r) => r.comments },
];

/** One translation's metrics: the language name and every PROJECT_METRICS value. */
export type TranslationMetrics = { name: string } & Record<string, number | string>;

/** component path ("app", "docs/usage") → language code → metrics: the JSON answer. */
export type ProjectMetrics = Record<string, Record<string, TranslationMetrics>>;

/** One translation's metrics with where they belong, and when its statistics last changed (Unix seconds). */
export interface MetricsEntry {
  component: string;
  language: string;
  values: TranslationMetrics;
  updated: number;
}

export class ProjectMetricsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
  ) {}

  /** The metrics of the translations the caller may see in the (visible) project, by component path and language code. */
  async ofProject(actor: Actor, project: ProjectRow): Promise<MetricsEntry[]> {
    const rows = await translationMetricsOfProject(this.db, project.id, this.access.visibleProjects(actor), this.access.visibleComponents(actor));
    return rows.map((raw) => {
      const r = numeric(raw);
      const values: TranslationMetrics = { name: r.language_name };
      for (const m of PROJECT_METRICS) values[m.name] = Number(m.value(r));
      const component = `${r.category_path.split('%2F').filter(Boolean).map((s) => `${s}/`).join('')}${r.component_slug}`;
      return { component, language: r.language_code, values, updated: Date.parse(raw.last_change) / 1000 };
    });
  }
}

/** The JSON answer: component path → language code → metrics. */
export function metricsByComponent(entries: readonly MetricsEntry[]): ProjectMetrics {
  const result: ProjectMetrics = {};
  for (const e of entries) (result[e.component] ??= {})[e.language] = e.values;
  return result;
}

/** The row with its counters as numbers (PostgreSQL may answer bigint counters as strings). */
function numeric(r: TranslationMetricsRow): TranslationMetricsRow {
  const text = new Set(['component_slug', 'category_path', 'language_code', 'language_name', 'last_change']);
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, text.has(k) ? v : Number(v)])) as unknown as TranslationMetricsRow;
}
