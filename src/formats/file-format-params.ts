// A component's file_format_params: the known parameters, the formats each applies to, their values and defaults.

type ParamType = { kind: 'bool' } | { kind: 'int'; min?: number; max?: number } | { kind: 'choice'; choices: readonly (string | number)[] } | { kind: 'text'; minLength?: number };

interface ParamDefinition {
  name: string;
  /** Format ids the parameter applies to; '*' for every format. */
  formats: readonly string[];
  type: ParamType;
  default: boolean | number | string;
}

const JSON_FORMATS = ['json', 'json-nested', 'webextension', 'i18next', 'i18nextv4', 'arb', 'go-i18n-json', 'go-i18n-json-v2', 'formatjs', 'gotext'];
const PO = ['po', 'po-mono'];
const YAML = ['yaml', 'ruby-yaml'];
const DOCUMENTS = ['markdown', 'mdx', 'html', 'txt', 'dokuwiki', 'mediawiki', 'asciidoc'];
const bool = { kind: 'bool' } as const;

export const FILE_FORMAT_PARAMS: readonly ParamDefinition[] = [
  { name: 'json_sort_keys', formats: JSON_FORMATS, type: { kind: 'choice', choices: ['none', 'case_sensitive', 'case_insensitive'] }, default: 'none' },
  { name: 'json_indent', formats: JSON_FORMATS, type: { kind: 'int', min: 0 }, default: 4 },
  { name: 'json_indent_style', formats: JSON_FORMATS, type: { kind: 'choice', choices: ['spaces', 'tabs'] }, default: 'spaces' },
  { name: 'json_use_compact_separators', formats: JSON_FORMATS, type: bool, default: false },
  { name: 'po_line_wrap', formats: PO, type: { kind: 'choice', choices: [77, 65535, -1] }, default: 77 },
  { name: 'po_keep_previous', formats: ['po'], type: bool, default: true },
  { name: 'po_remove_obsolete', formats: PO, type: bool, default: false },
  { name: 'po_no_location', formats: ['po'], type: bool, default: false },
  { name: 'po_fuzzy_matching', formats: ['po'], type: bool, default: true },
  { name: 'po_set_language_team', formats: PO, type: bool, default: true },
  { name: 'po_set_last_translator', formats: PO, type: bool, default: true },
  { name: 'po_set_x_generator', formats: PO, type: bool, default: true },
  { name: 'po_report_msgid_bugs_to', formats: PO, type: bool, default: true },
  /** "gettext": every commit lists the translators of the file in its header comments, as xgettext's convention. */
  { name: 'po_contributor_comments', formats: PO, type: { kind: 'choice', choices: ['none', 'gettext'] }, default: 'none' },
  { name: 'yaml_indent', formats: YAML, type: { kind: 'int', min: 1, max: 10 }, default: 2 },
  { name: 'yaml_line_wrap', formats: YAML, type: { kind: 'choice', choices: [80, 100, 120, 180, 65535] }, default: 80 },
  { name: 'yaml_line_break', formats: YAML, type: { kind: 'choice', choices: ['dos', 'unix', 'mac'] }, default: 'unix' },
  { name: 'xml_closing_tags', formats: ['xliff', 'xliff11', 'xliff2', 'ts', 'tbx', 'resx', 'aresource'], type: bool, default: false },
  { name: 'flatxml_root_name', formats: ['flatxml'], type: { kind: 'text', minLength: 1 }, default: 'root' },
  { name: 'flatxml_value_name', formats: ['flatxml'], type: { kind: 'text', minLength: 1 }, default: 'str' },
  { name: 'flatxml_key_name', formats: ['flatxml'], type: { kind: 'text', minLength: 1 }, default: 'key' },
  { name: 'merge_duplicates', formats: DOCUMENTS, type: bool, default: false },
  { name: 'strings_encoding', formats: ['strings'], type: { kind: 'choice', choices: ['utf-8', 'utf-16'] }, default: 'utf-8' },
  { name: 'properties_encoding', formats: ['properties'], type: { kind: 'choice', choices: ['iso-8859-1', 'utf-8', 'utf-16'] }, default: 'iso-8859-1' },
  { name: 'csv_encoding', formats: ['csv', 'csv-multi'], type: { kind: 'choice', choices: ['auto', 'utf-8'] }, default: 'auto' },
  { name: 'csv_simple_encoding', formats: ['csv-simple'], type: { kind: 'choice', choices: ['auto', 'utf-8', 'iso-8859-1'] }, default: 'auto' },
  { name: 'csv_escape_formulas', formats: ['csv', 'csv-multi', 'csv-simple'], type: bool, default: false },
  { name: 'gwt_encoding', formats: ['gwt'], type: { kind: 'choice', choices: ['utf-8', 'iso-8859-1'] }, default: 'utf-8' },
  { name: 'dos_eol', formats: ['*'], type: bool, default: false },
  { name: 'line_max_length', formats: ['markdown', 'mdx'], type: { kind: 'int', min: 20, max: 1000 }, default: 80 },
  { name: 'md_extract_code_blocks', formats: ['markdown', 'mdx'], type: bool, default: true },
  { name: 'md_extract_frontmatter', formats: ['markdown', 'mdx'], type: bool, default: true },
  { name: 'md_frontmatter_translate_values', formats: ['markdown', 'mdx'], type: bool, default: false },
  { name: 'md_no_placeholders', formats: ['markdown', 'mdx'], type: bool, default: false },
];

const BY_NAME = new Map(FILE_FORMAT_PARAMS.map((p) => [p.name, p]));

const appliesTo = (param: ParamDefinition, format: string) => param.formats.includes('*') || param.formats.includes(format);

/** A value as its parameter stores it (form bodies send "true", "77"), or undefined when it does not fit. */
function coerce(param: ParamDefinition, value: unknown): boolean | number | string | undefined {
  const t = param.type;
  switch (t.kind) {
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === '1' || value === 1) return true;
      if (value === 'false' || value === '0' || value === 0) return false;
      return undefined;
    case 'int': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(n) || (t.min !== undefined && n < t.min) || (t.max !== undefined && n > t.max)) return undefined;
      return n;
    }
    case 'choice': {
      const match = t.choices.find((c) => c === value || String(c) === String(value));
      return match;
    }
    case 'text':
      return typeof value === 'string' && value.length >= (t.minLength ?? 0) ? value : undefined;
  }
}

/**
 * Checks a component's file_format_params for its format: an object of known parameters that apply to the
 * format, each with a value of its kind. Answers the normalized object, or the problems found.
 */
export function checkFileFormatParams(format: string, value: unknown): { params: Record<string, boolean | number | string> } | { problems: string[] } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { problems: [`Expected a dictionary of items but got type "${Array.isArray(value) ? 'list' : typeof value === 'string' ? 'str' : typeof value}".`] };
  const params: Record<string, boolean | number | string> = {};
  const problems: string[] = [];
  for (const [name, raw] of Object.entries(value as Record<string, unknown>)) {
    const param = BY_NAME.get(name);
    if (!param) {
      problems.push(`Unknown file format parameter: ${name}.`);
      continue;
    }
    if (!appliesTo(param, format)) {
      problems.push(`The file format parameter ${name} does not apply to the "${format}" format.`);
      continue;
    }
    const v = coerce(param, raw);
    if (v === undefined) problems.push(`Invalid value for the file format parameter ${name}: ${JSON.stringify(raw)}.`);
    else params[name] = v;
  }
  return problems.length ? { problems } : { params };
}

/** A parameter's value for a component: its own when set, else the default. */
export function fileFormatParam<T extends boolean | number | string>(params: string | Record<string, unknown>, name: string): T {
  const values = typeof params === 'string' ? (JSON.parse(params || '{}') as Record<string, unknown>) : params;
  const param = BY_NAME.get(name);
  if (!param) throw new Error(`Unknown file format parameter ${name}`);
  const v = values[name] === undefined ? undefined : coerce(param, values[name]);
  return (v ?? param.default) as T;
}
