// Configuration validation helpers: every failure is a 400 with attr `configuration`.
import { ValidationError, type FieldError } from '../shared/errors.js';
import { noteKnownOptions, noteOption } from './options.js';

/** Collects configuration errors as `field: message` entries under attr `configuration`. */
export class ConfigErrors {
  private readonly errors: FieldError[] = [];
  add(field: string, detail: string, code = 'invalid'): void {
    this.errors.push({ code, detail: `${field}: ${detail}`, attr: 'configuration' });
  }
  throwIfAny(): void {
    if (this.errors.length) throw new ValidationError(this.errors);
  }
}

/** The raw configuration as a plain object; null/undefined → {}. */
export function configObject(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw ValidationError.field('configuration', 'Expected a dictionary of items.', 'not_a_dict');
  return raw as Record<string, unknown>;
}

/** Rejects keys the add-on does not know. */
export function rejectUnknown(obj: Record<string, unknown>, known: readonly string[], errors: ConfigErrors): void {
  noteKnownOptions(known);
  for (const key of Object.keys(obj)) if (!known.includes(key)) errors.add(key, 'Unknown configuration option.', 'unknown');
}

export function stringOption(obj: Record<string, unknown>, key: string, fallback: string, errors: ConfigErrors, opts: { required?: boolean; maxLength?: number } = {}): string {
  noteOption({ name: key, kind: 'string', default: fallback, required: opts.required, maxLength: opts.maxLength });
  const value = obj[key];
  if (value === undefined || value === null) {
    if (opts.required) errors.add(key, 'This field is required.', 'required');
    return fallback;
  }
  if (typeof value !== 'string') {
    errors.add(key, 'Not a valid string.');
    return fallback;
  }
  if (opts.required && value.trim() === '') errors.add(key, 'This field is required.', 'required');
  if (opts.maxLength !== undefined && value.length > opts.maxLength) errors.add(key, `Ensure this value has at most ${opts.maxLength} characters.`, 'max_length');
  return value;
}

export function choiceOption<T extends string>(obj: Record<string, unknown>, key: string, choices: readonly T[], fallback: T, errors: ConfigErrors): T {
  noteOption({ name: key, kind: 'select', default: fallback, choices });
  const value = obj[key];
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    errors.add(key, `Select a valid choice. ${String(value)} is not one of the available choices.`, 'invalid_choice');
    return fallback;
  }
  return value as T;
}

export function boolOption(obj: Record<string, unknown>, key: string, fallback: boolean, errors: ConfigErrors): boolean {
  noteOption({ name: key, kind: 'checkbox', default: fallback ? 'true' : '' });
  const value = obj[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'on' || value === 1) return true;
  if (value === 'false' || value === 'off' || value === 0 || value === '') return false;
  errors.add(key, 'Must be a valid boolean.');
  return fallback;
}

export function intOption(obj: Record<string, unknown>, key: string, fallback: number, errors: ConfigErrors, min = -Infinity, max = Infinity): number {
  noteOption({ name: key, kind: 'number', default: String(fallback), ...(Number.isFinite(min) ? { min } : {}), ...(Number.isFinite(max) ? { max } : {}) });
  const value = obj[key];
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n)) {
    errors.add(key, 'Enter a whole number.');
    return fallback;
  }
  if (n < min) errors.add(key, `Ensure this value is greater than or equal to ${min}.`, 'min_value');
  if (n > max) errors.add(key, `Ensure this value is less than or equal to ${max}.`, 'max_value');
  return n;
}

export function stringListOption(obj: Record<string, unknown>, key: string, errors: ConfigErrors): string[] {
  noteOption({ name: key, kind: 'list', default: '' });
  const value = obj[key];
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter(Boolean);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.map(String);
  errors.add(key, 'Enter a list of values.', 'invalid_list');
  return [];
}

/** For add-ons without options: accepts only an empty configuration. */
export function noConfiguration(raw: unknown): Record<string, never> {
  const obj = configObject(raw);
  const errors = new ConfigErrors();
  rejectUnknown(obj, [], errors);
  errors.throwIfAny();
  return {};
}
