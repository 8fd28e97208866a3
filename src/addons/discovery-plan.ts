// Component discovery, the pure part: a match regex over repository paths → proposed components (filemask, base files, name, slug).
import { compileUserRegex, LinearRegExp } from '../checks/safe-regex.js';

export interface DiscoveryLayout {
  /** Python-style regex with named groups `language` and `component` (or `component_*` parts). */
  match: string;
  /** Django-style `{{ group|filter }}` templates over the regex's groups. */
  name_template: string;
  base_file_template: string;
  new_base_template: string;
  /** Only files whose language code matches are considered; '' means all. */
  language_regex: string;
}

export interface ProposedComponent {
  filemask: string;
  name: string;
  slug: string;
  template: string;
  new_base: string;
  /** Language codes found, sorted. */
  languages: string[];
  files: string[];
}

export interface DiscoveryPlan {
  components: ProposedComponent[];
  /** Why some matches were dropped (same slug as another, empty name, …), for the add-on log. */
  skipped: string[];
}

export class DiscoveryConfigError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const TEMPLATE_TAG = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*((?:\|\s*[a-z_]+\s*)*)\}\}/g;

const FILTERS: Record<string, (s: string) => string> = {
  title: (s) => s.toLowerCase().replace(/(^|[^\p{L}\p{N}'])(\p{L})/gu, (_m, pre: string, c: string) => pre + c.toUpperCase()),
  upper: (s) => s.toUpperCase(),
  lower: (s) => s.toLowerCase(),
  capfirst: (s) => s.charAt(0).toUpperCase() + s.slice(1),
  slugify: (s) => slugify(s),
};

/** Django's slugify as slugs are spelled here: ASCII letters, digits, underscores and hyphens. */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_\s-]+/g, '')
    .trim()
    .replace(/[-\s]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Renders `{{ name }}` / `{{ name|title }}`; unknown names render empty (as Django does). */
export function renderTemplate(template: string, vars: Record<string, string>): string {
  return template.replace(TEMPLATE_TAG, (_whole, name: string, filters: string) => {
    let value = vars[name] ?? '';
    for (const f of filters.split('|').map((x) => x.trim()).filter(Boolean)) value = FILTERS[f]!(value);
    return value;
  });
}

/** Checks a template's syntax: only `{{ name|filter }}` tags with known filters. */
function checkTemplate(field: string, template: string): void {
  for (const m of template.matchAll(TEMPLATE_TAG)) {
    for (const f of m[2]!.split('|').map((x) => x.trim()).filter(Boolean)) {
      if (!FILTERS[f]) throw new DiscoveryConfigError(field, `Unknown template filter "${f}".`);
    }
  }
  if (template.replace(TEMPLATE_TAG, '').includes('{{') || /\{%/.test(template)) throw new DiscoveryConfigError(field, 'Invalid template: only {{ variable|filter }} tags are supported.');
}

function groupNames(regex: RegExp): string[] {
  // A never-matching probe would not list groups; the source does, in order of appearance.
  return [...regex.source.matchAll(/\(\?<([A-Za-z_][A-Za-z0-9_]*)>/g)].map((m) => m[1]!);
}

export interface CompiledLayout {
  match: RegExp;
  language: RegExp | null;
  groups: string[];
  componentParts: string[];
}

/** Compiles and checks the layout; throws DiscoveryConfigError naming the offending option. */
export function compileLayout(layout: DiscoveryLayout): CompiledLayout {
  if (!layout.match) throw new DiscoveryConfigError('match', 'This field is required.');
  const compiled = compileUserRegex(layout.match, 'd');
  if (!compiled.ok) throw new DiscoveryConfigError('match', `Invalid regular expression: ${compiled.error}`);
  const groups = groupNames(compiled.regex);
  if (!groups.includes('language')) throw new DiscoveryConfigError('match', 'The regular expression must have a named group "language".');
  const componentParts = groups.includes('component') ? ['component'] : groups.filter((g) => g.startsWith('component_'));
  if (componentParts.length === 0) throw new DiscoveryConfigError('match', 'The regular expression must have a named group "component".');
  let language: RegExp | null = null;
  if (layout.language_regex) {
    const lang = compileUserRegex(layout.language_regex);
    if (!lang.ok) throw new DiscoveryConfigError('language_regex', `Invalid regular expression: ${lang.error}`);
    language = lang.regex;
  }
  checkTemplate('name_template', layout.name_template);
  checkTemplate('base_file_template', layout.base_file_template);
  checkTemplate('new_base_template', layout.new_base_template);
  for (const [field, t] of [['base_file_template', layout.base_file_template], ['new_base_template', layout.new_base_template]] as const) {
    if (t.startsWith('/') || t.split('/').includes('..')) throw new DiscoveryConfigError(field, 'The file must be a relative path inside the repository.');
  }
  // Sticky: the match starts at the path's beginning (as the reference's re.match); the end is checked per path.
  const sticky = new LinearRegExp(compiled.regex.source, [...new Set(`${compiled.regex.flags}y`)].join(''));
  return { match: sticky, language, groups, componentParts };
}

/**
 * Groups the files the regex matches (whole path) by their filemask: the path with the `language`
 * group (and any `_language_*` group) replaced by "*". One proposed component per filemask.
 */
export function planDiscovery(files: readonly string[], layout: DiscoveryLayout, compiled: CompiledLayout = compileLayout(layout)): DiscoveryPlan {
  const byMask = new Map<string, { vars: Record<string, string>; languages: Set<string>; files: string[] }>();
  for (const file of [...files].sort()) {
    if (file.includes('*')) continue;
    compiled.match.lastIndex = 0;
    const m = compiled.match.exec(file);
    if (!m || m[0].length !== file.length || !m.groups || !m.indices?.groups) continue;
    const code = m.groups.language;
    if (!code || code.includes('/') || code.startsWith('.')) continue;
    if (compiled.language && !compiled.language.test(code)) continue;
    const spans = Object.entries(m.indices.groups)
      .filter(([name, span]) => span && (name === 'language' || name.startsWith('_language_')))
      .map(([, span]) => span!)
      .sort((a, b) => b[0] - a[0]);
    let mask = file;
    let last = Infinity;
    for (const [start, end] of spans) {
      if (end > last) continue; // overlapping groups: the outer one already replaced this text
      mask = `${mask.slice(0, start)}*${mask.slice(end)}`;
      last = start;
    }
    let entry = byMask.get(mask);
    if (!entry) {
      const vars: Record<string, string> = {};
      for (const [name, value] of Object.entries(m.groups)) if (value !== undefined && !name.startsWith('_')) vars[name] = value;
      vars.component = compiled.componentParts.map((g) => m.groups![g] ?? '').filter(Boolean).join('-');
      entry = { vars, languages: new Set(), files: [] };
      byMask.set(mask, entry);
    }
    entry.languages.add(code);
    entry.files.push(file);
  }
  const components: ProposedComponent[] = [];
  const skipped: string[] = [];
  const slugs = new Set<string>();
  for (const [filemask, entry] of [...byMask].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const name = renderTemplate(layout.name_template, entry.vars).trim().slice(0, 100);
    const slug = slugify(name).slice(0, 100);
    if (!name || !slug) {
      skipped.push(`${filemask}: the name template gives an empty name.`);
      continue;
    }
    if (slugs.has(slug)) {
      skipped.push(`${filemask}: another match already gives the slug "${slug}".`);
      continue;
    }
    slugs.add(slug);
    components.push({
      filemask,
      name,
      slug,
      template: renderTemplate(layout.base_file_template, entry.vars),
      new_base: renderTemplate(layout.new_base_template, entry.vars),
      languages: [...entry.languages].sort(),
      files: entry.files,
    });
  }
  return { components, skipped };
}
