// Editable INI file: an edit replaces one value, new keys go to the end of their section, the rest stays byte for byte.

import type { NewUnit } from '../format.js';
import { KeyedTextStore, spliceText, withUtf8Bom, type KeyedRec, type TextPatch } from '../text/keyed-text-store.js';
import { DEFAULT_SECTION, joomlaEncode, renderIniValue, type IniDialect, type IniEntry, type IniText } from './ini-parser.js';

interface IniRec extends KeyedRec {
  entry: IniEntry | null;
}

export interface IniStoreInit {
  text: string;
  parsed: IniText;
  dialect: IniDialect;
  bom: boolean;
  original: Uint8Array | null;
}

/** `[section]key` → its section and bare key; keys without the prefix belong to no section. */
function splitKey(key: string): { section: string | null; name: string } {
  const m = /^\[([^\]]*)\](.+)$/s.exec(key);
  return m ? { section: m[1]!, name: m[2]! } : { section: null, name: key };
}

export class IniStore extends KeyedTextStore<IniRec> {
  private readonly removed: IniEntry[] = [];
  private readonly parsed: IniText;
  private readonly dialect: IniDialect;

  constructor(init: IniStoreInit) {
    super(init.text, init.original, { label: 'INI', keyFromSource: true, encode: (text) => withUtf8Bom(Buffer.from(text, 'utf8'), init.bom) });
    this.parsed = init.parsed;
    this.dialect = init.dialect;
    for (const entry of init.parsed.entries) this.pushRec({ key: entry.key, note: entry.note, forms: [{ original: entry.value, current: entry.value }], entry });
  }

  protected createRec(key: string, unit: NewUnit): IniRec {
    if (/[\r\n]/.test(key) || key.trim() !== key || (this.dialect === 'joomla' ? key.includes('=') : /[=:]/.test(splitKey(key).name))) {
      throw new RangeError(`"${key}" cannot be an INI key`);
    }
    return { key, note: unit.note ?? '', forms: [{ original: '', current: unit.target?.[0] ?? '' }], entry: null };
  }

  protected forgetRec(rec: IniRec): void {
    if (rec.entry) this.removed.push(rec.entry);
  }

  private render(value: string, entry: IniEntry | null): string {
    if (this.dialect === 'joomla') return `"${joomlaEncode(value, this.parsed.backslashQuotes)}"`;
    return renderIniValue(value, entry?.quote ?? '');
  }

  private lines(name: string, note: string, value: string): string {
    const eol = this.parsed.eol;
    const separator = this.parsed.separator ?? (this.dialect === 'joomla' ? '=' : ' = ');
    const comments = note === '' ? '' : note.split(/\r\n|\r|\n/).map((line) => `; ${line}${eol}`).join('');
    return `${comments}${name}${separator}${this.render(value, null)}${eol}`;
  }

  protected buildText(): string {
    const eol = this.parsed.eol;
    const patches: TextPatch[] = this.removed.map((entry) => ({ start: entry.removeStart, end: entry.removeEnd, text: '' }));
    const appended = new Map<string | null, string[]>();
    const endsLine = (at: number) => at === 0 || this.text[at - 1] === '\n';
    for (const rec of this.recs) {
      const form = rec.forms[0]!;
      if (rec.entry) {
        if (form.current !== form.original) patches.push({ start: rec.entry.valueStart, end: rec.entry.valueEnd, text: this.render(form.current, rec.entry) });
        continue;
      }
      const { section, name } = this.dialect === 'joomla' ? { section: null, name: rec.key } : splitKey(rec.key);
      const lines = this.lines(name, rec.note, form.current);
      // A key outside any section goes to [DEFAULT] (go-ini's name for it) once the file has sections.
      const target = section === null && this.dialect === 'ini' && this.parsed.sections.size > 0 ? DEFAULT_SECTION : section;
      const home = target === null ? null : this.parsed.sections.get(target);
      if (home) patches.push({ start: home.insertAt, end: home.insertAt, text: (endsLine(home.insertAt) ? '' : eol) + lines });
      else appended.set(target, [...(appended.get(target) ?? []), lines]);
    }
    let text = spliceText(this.text, patches);
    // Keys outside any section first: after a new [section] header they would belong to it.
    for (const [section, lines] of [...appended].sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : 0))) {
      if (text !== '' && !text.endsWith('\n')) text += eol;
      if (section !== null) text += `${text === '' ? '' : eol}[${section}]${eol}`;
      text += lines.join('');
    }
    return text;
  }
}
