// ParsedStore over a JsonDocument shared by the JSON formats; each format maps its layout to unit records.

import { FormatParseError, type FormatUnit, type NewUnit, type ParsedStore, type ParseOptions, type UnitChange, unitAt } from '../format.js';
import { JsonDocument } from './json-document.js';
import { lineAt, type JsonContainer, type JsonEntry } from './json-source.js';

export const DEFAULT_PLURAL_CATEGORIES: readonly string[] = Object.freeze(['one', 'other']);
/** CLDR plural category names, in CLDR order. */
export const CLDR_CATEGORIES: readonly string[] = Object.freeze(['zero', 'one', 'two', 'few', 'many', 'other']);

export function categoriesOf(options: { pluralCategories?: readonly string[] | undefined } | undefined): readonly string[] {
  const categories = options?.pluralCategories;
  return categories && categories.length > 0 ? categories : DEFAULT_PLURAL_CATEGORIES;
}

/**
 * Adds the missing plural form `forms[i]` named `name` to `container`, keeping the forms in
 * category order: after the closest earlier form, else before the closest later one, else after
 * `fallback` (or at the end). Returns the new entry.
 */
export function insertForm(
  doc: JsonDocument,
  container: JsonContainer,
  name: string,
  text: string,
  forms: readonly (JsonEntry | undefined)[],
  i: number,
  fallback?: JsonEntry,
): JsonEntry {
  const value = doc.newString(text);
  for (let j = i - 1; j >= 0; j--) if (forms[j]) return doc.insert(container, name, value, forms[j]);
  for (let j = i + 1; j < forms.length; j++) if (forms[j]) return doc.insertBefore(container, name, value, forms[j]!);
  return doc.insert(container, name, value, fallback);
}

/** A monolingual unit: the key identifies it, the file holds the target. */
export function monoUnit(key: string, target: string[], note = ''): FormatUnit {
  return {
    key,
    context: key,
    source: [key],
    target: target.length > 0 ? target : [''],
    fuzzy: false,
    approved: false,
    note,
    comment: '',
    location: '',
    flags: '',
    previousSource: '',
    obsolete: false,
  };
}

/** The key a new unit is stored under. */
export function newUnitKey(unit: NewUnit): string {
  const key = unit.key || unit.context || unit.source[0] || '';
  if (key === '') throw new RangeError('A unit needs a non-empty key');
  return key;
}

/** The document's root object, or a FormatParseError naming what the file has instead. */
export function requireRootObject(doc: JsonDocument, filename: string | undefined, what = 'a JSON object'): JsonContainer {
  const root = doc.rootObject;
  if (!root) throw new FormatParseError(`expected ${what} at the top level`, lineAt(doc.text, doc.root.start), filename);
  return root;
}

/**
 * Shared store logic: lazily built unit views, index checks, serialization. Subclasses hold
 * records pointing at the document's nodes and write through the document's edit operations.
 */
export abstract class JsonStore<R> implements ParsedStore {
  protected readonly categories: readonly string[];
  private recordList: R[] | null = null;
  private views: FormatUnit[] | null = null;

  constructor(
    protected readonly doc: JsonDocument,
    options: ParseOptions | undefined,
  ) {
    this.categories = categoriesOf(options);
  }

  /** Unit records in file order. */
  protected abstract collect(): R[];
  protected abstract view(record: R): FormatUnit;
  protected abstract write(record: R, target: readonly string[]): void;
  protected abstract append(key: string, unit: NewUnit): R;
  protected abstract delete(record: R): void;

  protected get records(): R[] {
    this.recordList ??= this.collect();
    return this.recordList;
  }

  get units(): readonly FormatUnit[] {
    this.views ??= this.records.map((r) => this.view(r));
    return this.views;
  }

  get header(): Readonly<Record<string, string>> {
    return {};
  }

  readonly pluralForms = undefined;

  private record(index: number): R {
    return unitAt(this.records, index);
  }

  /** JSON has no fuzzy or approved marker: only the target is written. */
  updateUnit(index: number, change: UnitChange): void {
    const record = this.record(index);
    if (change.target === undefined) return;
    this.write(record, change.target);
    if (this.views) this.views[index] = this.view(record);
  }

  addUnit(unit: NewUnit): void {
    // Collect first: a lazy collect after the insert would list the new unit twice.
    const records = this.records;
    const record = this.append(newUnitKey(unit), unit);
    records.push(record);
    this.views?.push(this.view(record));
  }

  removeUnit(index: number): void {
    this.delete(this.record(index));
    this.records.splice(index, 1);
    this.views?.splice(index, 1);
  }

  /** Plain JSON files have nowhere to keep header fields; formats with metadata override this. */
  setHeader(_name: string, _value: string): void {}

  serialize(): Buffer {
    return this.doc.serialize();
  }
}

/** A JsonStore over a document whose top level must be an object: `root`, where the units live. */
export abstract class RootObjectStore<R> extends JsonStore<R> {
  protected readonly root: JsonContainer;

  constructor(doc: JsonDocument, options: ParseOptions | undefined) {
    super(doc, options);
    this.root = requireRootObject(doc, options?.filename);
  }
}
