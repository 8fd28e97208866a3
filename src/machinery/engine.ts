// Machine translation engine contract: ids, configuration schema and validation, results and the typed MachineryError.
import { AppError, ValidationError, type FieldError } from '../shared/errors.js';
import type { OutboundGuard } from '../shared/outbound-guard.js';

/** One candidate translation of one source text. */
export interface MachineryResult {
  text: string;
  /** 0-100; compared against autotranslate's threshold. */
  quality: number;
  /** Display name of the service that produced it ("DeepL", "Parla translation memory" ...). */
  service: string;
  /** The source text the candidate translates (for memory matches: the stored, similar source). */
  source: string;
}

export interface TranslateRequest {
  texts: string[];
  /** Parla language codes (`en`, `pt_BR`, `zh_Hans`); each engine maps them to its own codes. */
  sourceLanguage: string;
  targetLanguage: string;
  signal?: AbortSignal;
  /** Glossary terms of the texts (engines that take instructions, the LLMs, put them in their prompt). */
  glossary?: readonly GlossaryTerm[];
  /** What is known about each text (`hints[i]` belongs to `texts[i]`); engines that cannot use it ignore it. */
  hints?: readonly (TextHints | undefined)[];
}

export interface GlossaryTerm {
  source: string;
  target: string;
  /** What the term means or how it is used. */
  explanation?: string;
  /** A term that must not be translated. */
  readOnly?: boolean;
}

export interface TextHints {
  /** The string's context or key (gettext msgctxt, a monolingual key) and its explanation. */
  context?: string;
  /** Placeholders of the string's format flags that must come back unchanged, besides those Parla finds itself. */
  placeholders?: readonly string[];
}

/** What an engine may know about where it is used (the memory engine scopes lookups by project). */
export interface EngineContext {
  projectId: number | null;
  /** The SSRF guard HTTP engines send through (PARLA_ALLOWED_HOSTS); absent: internal addresses are refused. */
  outbound?: OutboundGuard;
}

export type FieldType = 'string' | 'url' | 'integer';

/** One configuration field; `secret` fields are stored as given and masked in every API response. */
export interface ConfigField {
  name: string;
  type: FieldType;
  label: string;
  required?: boolean;
  secret?: boolean;
  default?: string | number;
  min?: number;
  max?: number;
  maxLength?: number;
}

export type EngineConfig = Record<string, string | number>;

export interface MachineryEngine {
  /** Stable id shared with the API (`deepl`, `libretranslate`, ...). */
  readonly id: string;
  /** Other ids accepted for this engine (the reference's names). */
  readonly aliases?: readonly string[];
  readonly name: string;
  readonly fields: readonly ConfigField[];
  /** Whether results may be cached (false for engines whose answers change with Parla's own data). */
  readonly cacheable: boolean;
  /** Whether the engine works without any stored configuration. */
  readonly worksUnconfigured: boolean;
  /**
   * Candidates per input text, in input order (`result[i]` belongs to `texts[i]`); batches requests
   * where the API allows. Throws MachineryError for every failure of the remote service.
   */
  translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]>;
}

export type MachineryErrorKind =
  | 'auth' // the service refused the credentials
  | 'quota' // character quota used up
  | 'rate_limit' // too many requests
  | 'timeout'
  | 'aborted'
  | 'network' // could not connect
  | 'server' // 5xx
  | 'request' // other 4xx: the service did not accept what was sent (unsupported language ...)
  | 'invalid_response' // malformed JSON or an unexpected shape
  | 'not_configured'
  | 'unavailable';

/** A failure of a machine translation service, with a message that names the service and the cause. */
export class MachineryError extends AppError {
  constructor(
    readonly engine: string,
    readonly kind: MachineryErrorKind,
    message: string,
    readonly status: number | null = null,
  ) {
    super('machinery_error', message);
    this.name = 'MachineryError';
  }
}

export const SECRET_MASK = '********';

export const TIMEOUT_FIELD: ConfigField = { name: 'timeout', type: 'integer', label: 'Timeout in seconds', default: 10, min: 1, max: 120 };
/** Language models answer a batch slowly: a longer default. */
export const LLM_TIMEOUT_FIELD: ConfigField = { ...TIMEOUT_FIELD, default: 60, max: 600 };

/**
 * Checks a configuration object against the fields: unknown keys, required values, types, ranges;
 * every problem becomes one field error with attr `configuration.<field>`. Returns the configuration
 * with defaults filled in.
 */
export function validateConfig(fields: readonly ConfigField[], raw: unknown, attrPrefix = 'configuration'): EngineConfig {
  const at = (name: string) => `${attrPrefix}.${name}`;
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw ValidationError.field(attrPrefix, 'Expected an object.');
  const input = raw as Record<string, unknown>;
  const errors: FieldError[] = [];
  const out: EngineConfig = {};
  const known = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(input)) if (!known.has(key)) errors.push({ code: 'unknown_field', detail: 'Unknown field.', attr: at(key) });
  for (const f of fields) {
    let value = input[f.name];
    if (typeof value === 'string') value = value.trim();
    if (value === undefined || value === null || value === '') {
      if (f.required) errors.push({ code: 'required', detail: 'This field is required.', attr: at(f.name) });
      else if (f.default !== undefined) out[f.name] = f.default;
      continue;
    }
    if (f.type === 'integer') {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(n)) {
        errors.push({ code: 'invalid', detail: 'A valid integer is required.', attr: at(f.name) });
      } else if (f.min !== undefined && n < f.min) {
        errors.push({ code: 'min_value', detail: `Ensure this value is greater than or equal to ${f.min}.`, attr: at(f.name) });
      } else if (f.max !== undefined && n > f.max) {
        errors.push({ code: 'max_value', detail: `Ensure this value is less than or equal to ${f.max}.`, attr: at(f.name) });
      } else {
        out[f.name] = n;
      }
      continue;
    }
    if (typeof value !== 'string') {
      errors.push({ code: 'invalid', detail: 'Not a valid string.', attr: at(f.name) });
      continue;
    }
    const maxLength = f.maxLength ?? 2000;
    if (value.length > maxLength) {
      errors.push({ code: 'max_length', detail: `Ensure this field has no more than ${maxLength} characters.`, attr: at(f.name) });
      continue;
    }
    if (f.secret && value === SECRET_MASK) {
      errors.push({ code: 'invalid', detail: 'Enter the secret itself, not its mask.', attr: at(f.name) });
      continue;
    }
    if (f.type === 'url' && !isHttpUrl(value)) {
      errors.push({ code: 'invalid', detail: 'Enter a valid http(s) URL.', attr: at(f.name) });
      continue;
    }
    if (f.name === 'header' && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value)) {
      errors.push({ code: 'invalid', detail: 'Enter a valid HTTP header name.', attr: at(f.name) });
      continue;
    }
    out[f.name] = value;
  }
  if (errors.length) throw new ValidationError(errors);
  return out;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The configuration as the API shows it: secrets replaced by the mask (when set). */
export function maskConfig(fields: readonly ConfigField[], config: EngineConfig): EngineConfig {
  const out: EngineConfig = {};
  for (const f of fields) {
    if (config[f.name] === undefined) continue;
    out[f.name] = f.secret ? SECRET_MASK : config[f.name];
  }
  return out;
}

/** Splits texts into batches of at most `size` texts and `maxChars` characters (a single longer text goes alone). */
export function batches(texts: string[], size: number, maxChars = Infinity): { start: number; texts: string[] }[] {
  const out: { start: number; texts: string[] }[] = [];
  let current: string[] = [];
  let chars = 0;
  let start = 0;
  texts.forEach((text, i) => {
    if (current.length > 0 && (current.length >= size || chars + text.length > maxChars)) {
      out.push({ start, texts: current });
      current = [];
      chars = 0;
      start = i;
    }
    current.push(text);
    chars += text.length;
  });
  if (current.length) out.push({ start, texts: current });
  return out;
}
