// The options an add-on takes, read from its own validation: the config.ts helpers note each option they check while
// describeOptions() runs the add-on's validate() once, so a form built from them always matches what is accepted.
import type { AnyAddonDefinition } from './types.js';

/** How an option is entered: `list` is several values (comma-separated in a form), sent as an array. */
export type AddonOptionKind = 'text' | 'textarea' | 'number' | 'checkbox' | 'select' | 'list';

export interface AddonOption {
  name: string;
  kind: AddonOptionKind;
  /** The value the add-on uses when the option is not given, as a form shows it. */
  default: string;
  required: boolean;
  choices?: readonly string[];
  min?: number;
  max?: number;
  maxLength?: number;
}

/** Text options longer than this are edited in a multi-line field. */
const TEXTAREA_FROM = 1000;

/** The options noted during one describeOptions() call; null otherwise (validation is synchronous). */
let noted: { known: string[]; typed: Map<string, AddonOption> } | null = null;

/** Notes the option names an add-on accepts (rejectUnknown's list). */
export function noteKnownOptions(names: readonly string[]): void {
  if (noted) for (const n of names) if (!noted.known.includes(n)) noted.known.push(n);
}

/** Notes how one option is checked; the first note of a name wins. */
export function noteOption(option: Omit<AddonOption, 'kind' | 'required'> & { kind: AddonOptionKind | 'string'; required?: boolean }): void {
  if (!noted || noted.typed.has(option.name)) return;
  const kind = option.kind === 'string' ? ((option.maxLength ?? 0) > TEXTAREA_FROM ? 'textarea' : 'text') : option.kind;
  noted.typed.set(option.name, { ...option, kind, required: option.required ?? false });
  if (!noted.known.includes(option.name)) noted.known.push(option.name);
}

/**
 * The options of an add-on in the order it names them. An option its validation checks by hand (without a helper)
 * is a text field: the add-on still checks what is typed.
 */
export function describeOptions(def: AnyAddonDefinition): AddonOption[] {
  const current = { known: [] as string[], typed: new Map<string, AddonOption>() };
  noted = current;
  try {
    def.validate({});
  } catch {
    // Required options are missing from {}: the notes were taken before the refusal.
  } finally {
    noted = null;
  }
  return current.known.map((name) => current.typed.get(name) ?? { name, kind: 'text', default: '', required: false });
}
