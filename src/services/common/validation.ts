// Field validation shared by services: slugs, names, URLs and choices, collected as per-field errors.
import { parseFlags } from '../../checks/flags.js';
import { msgid } from '../../shared/msgid.js';
import { validateCheckFlags } from '../../checks/registry.js';
import { ValidationError, type FieldError } from '../../shared/errors.js';

/** The type name the reference's messages use for a JSON value ("Expected a list of items but got type \"str\"."). */
export function pyType(v: unknown): string {
  if (v === null) return 'NoneType';
  if (Array.isArray(v)) return 'list';
  if (typeof v === 'string') return 'str';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  return 'dict';
}

export const SLUG_PATTERN = /^[-a-zA-Z0-9_]+$/;
/** A lone "-" reads as "none" in the UI's paths. */
const RESERVED_SLUGS = new Set(['-']);

export class FieldErrors {
  readonly list: FieldError[] = [];

  add(attr: string | null, detail: string, code = 'invalid'): void {
    this.list.push({ code, detail, attr });
  }
  required(attr: string): void {
    this.add(attr, 'This field is required.', 'required');
  }
  has(attr: string): boolean {
    return this.list.some((e) => e.attr === attr);
  }
  get empty(): boolean {
    return this.list.length === 0;
  }

  /** Checks a required-or-optional text field against a maximum length; returns whether it is usable. */
  text(attr: string, value: string | undefined, opts: { required?: boolean; max?: number }): boolean {
    if (value === undefined || value === '') {
      if (opts.required && value === undefined) this.required(attr);
      else if (opts.required) this.add(attr, 'This field may not be blank.', 'blank');
      return false;
    }
    if (opts.max !== undefined && value.length > opts.max) {
      this.add(attr, `Ensure this field has no more than ${opts.max} characters.`, 'max_length');
      return false;
    }
    return true;
  }

  /**
   * Slugs address objects in URLs and internal repository links: given at all (even on an update,
   * where a body's null arrives as ""), they must be a non-empty Django slug.
   */
  slug(attr: string, value: string | undefined, required: boolean, max = 100): void {
    if (value === '' || (typeof value === 'string' && value.trim() === '')) {
      this.add(attr, 'This field may not be blank.', 'blank');
      return;
    }
    if (!this.text(attr, value, { required, max })) return;
    if (!SLUG_PATTERN.test(value!) || RESERVED_SLUGS.has(value!)) {
      this.add(attr, 'Enter a valid “slug” consisting of letters, numbers, underscores or hyphens.');
    }
  }

  /** An object's display name: required on creation, never blank or whitespace only once given. */
  name(attr: string, value: string | undefined, required: boolean, max: number): void {
    if (typeof value === 'string' && value.trim() === '') {
      this.add(attr, 'This field may not be blank.', 'blank');
      return;
    }
    this.text(attr, value, { required, max });
  }

  /** Check flags whose patterns or numbers the checks could not use (a bad regex would silently check nothing). */
  checkFlags(attr: string, value: string | undefined): void {
    if (!value) return;
    for (const problem of validateCheckFlags(parseFlags(value))) this.add(attr, problem);
  }

  url(attr: string, value: string | undefined): void {
    if (!value) return;
    try {
      const u = new URL(value);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
    } catch {
      this.add(attr, 'Enter a valid URL.');
    }
  }

  choice<T>(attr: string, value: T | undefined, allowed: readonly T[]): void {
    if (value !== undefined && !allowed.includes(value)) {
      this.add(attr, `"${String(value)}" is not a valid choice.`, 'invalid_choice');
    }
  }
}

/** A DRF CharField: strings as they are, numbers as text. */
export function charField(errors: FieldErrors, attr: string, value: unknown, opts: { required: boolean; max: number; blank: boolean }): string | undefined {
  if (value === undefined) {
    if (opts.required) errors.required(attr);
    return undefined;
  }
  if (value === null) {
    errors.add(attr, 'This field may not be null.', 'null');
    return undefined;
  }
  if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) {
    errors.add(attr, 'Not a valid string.');
    return undefined;
  }
  const s = String(value).trim();
  if (s === '' && !opts.blank) errors.add(attr, 'This field may not be blank.', 'blank');
  else if (s.length > opts.max) errors.add(attr, `Ensure this field has no more than ${opts.max} characters.`, 'max_length');
  else return s;
  return undefined;
}

/** Form fields sent twice arrive as lists: scalar fields take the last value, as in Django's QueryDict. */
export function lastValue(v: unknown): unknown {
  return Array.isArray(v) ? v[v.length - 1] : v;
}

const TRUE_VALUES = new Set(['true', 't', 'y', 'yes', 'on', '1']);
const FALSE_VALUES = new Set(['false', 'f', 'n', 'no', 'off', '0']);

/**
 * A DRF BooleanField value (a JSON boolean, 0/1, or a word such as "true", "no", "on", in any case);
 * undefined when absent or empty, a 400 on `attr` ("Must be a valid boolean.") for anything else.
 */
export function booleanParameter(attr: string, value: unknown): boolean | undefined {
  const v = lastValue(value);
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === 'string') {
    const word = v.trim().toLowerCase();
    if (TRUE_VALUES.has(word)) return true;
    if (FALSE_VALUES.has(word)) return false;
  }
  throw ValidationError.field(attr, 'Must be a valid boolean.');
}

/**
 * `delete_memory` of a removal, from the query string or the body: both may carry it, but they must
 * agree (a 400 on `delete_memory` otherwise). False when neither does.
 */
export function deleteMemoryOption(query: unknown, body: unknown): boolean {
  const field = (source: unknown) => (source && typeof source === 'object' && !Array.isArray(source) ? (source as Record<string, unknown>).delete_memory : undefined);
  const fromQuery = booleanParameter('delete_memory', field(query));
  const fromBody = booleanParameter('delete_memory', field(body));
  if (fromQuery !== undefined && fromBody !== undefined && fromQuery !== fromBody) {
    throw ValidationError.field('delete_memory', msgid('The delete_memory query parameter and the request body disagree.'));
  }
  return fromQuery ?? fromBody ?? false;
}

/** What a removal request carries besides its path: its query string and body, as received. */
export interface RemovalOptions {
  query?: unknown;
  body?: unknown;
}
