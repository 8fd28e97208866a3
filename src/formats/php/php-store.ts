// Editable PHP translation file: an edit rewrites one string literal, new keys go into the array (or assignments) they belong to.

import type { NewUnit } from '../format.js';
import { KeyedTextStore, spliceText, type KeyedRec, type TextPatch } from '../text/keyed-text-store.js';
import { phpLiteral } from './php-escape.js';
import type { PhpArray, PhpEntry, PhpSource } from './php-source.js';

interface PhpRec extends KeyedRec {
  entry: PhpEntry | null;
  path: string[];
}

export interface PhpStoreInit {
  text: string;
  source: PhpSource;
  original: Uint8Array | null;
  /** Laravel: a value with `|` holds plural forms, shown as at least `pluralForms` forms. */
  laravelPlurals: boolean;
  pluralForms: number;
}

/** Tree of keys added under one array: a value, or further keys. */
type AddedTree = Map<string, AddedTree | string>;

export class PhpStore extends KeyedTextStore<PhpRec> {
  private readonly removed: PhpEntry[] = [];
  private readonly source: PhpSource;
  private readonly laravel: boolean;
  private readonly formCount: number;
  private variable: string | null;

  constructor(init: PhpStoreInit) {
    super(init.text, init.original, { label: 'PHP', keyFromSource: true, encode: (text) => Buffer.from(text, 'utf8') });
    this.source = init.source;
    this.laravel = init.laravelPlurals;
    this.formCount = init.pluralForms;
    this.variable = init.source.style.kind === 'assign' ? init.source.style.variable : null;
    for (const entry of init.source.entries) {
      const values = this.formsOf(entry.value);
      this.pushRec({ key: entry.path.join('.'), note: entry.note, forms: values.map((v) => ({ original: v, current: v })), entry, path: entry.path });
    }
  }

  /** The variable a file of `$var['key'] = '…'` assignments uses, for files created after it. */
  get assignedVariable(): string | null {
    return this.variable;
  }

  /** New keys are written as assignments to `$variable` (a file created after an assignment-style template). */
  useVariable(variable: string): void {
    this.variable = variable;
  }

  private formsOf(value: string): string[] {
    if (!this.laravel || !value.includes('|')) return [value];
    const forms = value.split('|');
    while (forms.length < this.formCount) forms.push('');
    return forms;
  }

  /** Laravel joins the forms with `|`; forms left empty at the end are not written. */
  private joinedValue(rec: PhpRec): string {
    const forms = rec.forms.map((f) => f.current);
    while (forms.length > 1 && forms[forms.length - 1] === '') forms.pop();
    return forms.join('|');
  }

  protected createRec(key: string, unit: NewUnit): PhpRec {
    const target = unit.target ?? [''];
    const forms = (target.length > 0 ? target : ['']).map((v) => ({ original: '', current: v }));
    if (!this.laravel) forms.splice(1);
    return { key, note: unit.note ?? '', forms, entry: null, path: key.split('.') };
  }

  protected forgetRec(rec: PhpRec): void {
    if (rec.entry) this.removed.push(rec.entry);
  }

  protected buildText(): string {
    const patches: TextPatch[] = this.removed.map((entry) => ({ start: entry.removeStart, end: entry.removeEnd, text: '' }));
    const added = new Map<PhpArray, AddedTree>();
    const statements: string[] = [];
    for (const rec of this.recs) {
      if (rec.entry) {
        if (rec.forms.some((f) => f.current !== f.original)) {
          patches.push({ start: rec.entry.valueStart, end: rec.entry.valueEnd, text: phpLiteral(this.joinedValue(rec), rec.entry.quote) });
        }
        continue;
      }
      const value = this.joinedValue(rec);
      const home = this.variable ? null : this.arrayFor(rec.path);
      if (home) {
        let tree = added.get(home) ?? new Map<string, AddedTree | string>();
        added.set(home, tree);
        const rest = rec.path.slice(home.path.length);
        for (const segment of rest.slice(0, -1)) {
          const sub = tree.get(segment);
          const next: AddedTree = sub instanceof Map ? sub : new Map();
          tree.set(segment, next);
          tree = next;
        }
        tree.set(rest[rest.length - 1]!, value);
      } else {
        const variable = this.variable ?? 'LANG';
        statements.push(`$${variable}${rec.path.map((s) => `[${phpLiteral(s, "'")}]`).join('')} = ${phpLiteral(value, "'")};`);
      }
    }
    for (const [home, tree] of added) {
      const body = [...tree].map(([k, v]) => renderPair(k, v));
      const text = body.map((pair) => home.before + pair + home.after).join(home.joiner);
      patches.push({ start: home.insertAt, end: home.insertAt, text });
    }
    let text = spliceText(this.text, patches);
    if (statements.length > 0) {
      const eol = this.source.eol;
      if (text.trim() === '') text = `<?php${eol}`;
      const close = /\?>\s*$/.exec(text);
      const head = close ? text.slice(0, close.index) : text;
      const tail = close ? text.slice(close.index) : '';
      text = (head.endsWith('\n') ? head : head + eol) + statements.map((s) => s + eol).join('') + tail;
    }
    return text;
  }

  /** The deepest array of the file whose path starts `path` (leaving at least the last segment). */
  private arrayFor(path: string[]): PhpArray | null {
    for (let n = path.length - 1; n >= 0; n--) {
      const found = this.source.arrays.get(path.slice(0, n).join('.'));
      if (found && found.path.length === n) return found;
    }
    return null;
  }
}

function renderPair(key: string, value: AddedTree | string): string {
  const k = phpLiteral(key, "'");
  if (typeof value === 'string') return `${k} => ${phpLiteral(value, "'")}`;
  return `${k} => [${[...value].map(([kk, vv]) => renderPair(kk, vv)).join(', ')}]`;
}
