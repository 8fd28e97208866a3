// Reads XLIFF 1.2 trans-units (and gettext plural groups) into FormatUnit fields.

import type { FormatUnit } from '../format.js';
import { childElements, firstChild, getAttribute, localName, readInline, textContent, type XmlElement } from '../xml/scanner.js';
import { makeUnit } from '../xml/scanner.js';

/** XLIFF 1.2 inline elements kept as markup inside unit texts. */
export const XLIFF12_INLINE: ReadonlySet<string> = new Set(['g', 'x', 'bx', 'ex', 'ph', 'bpt', 'ept', 'it', 'sub', 'mrk']);

/** Target states meaning the translation still needs work (read as fuzzy when there is a text). */
export const NEEDS_WORK_STATES: ReadonlySet<string> = new Set([
  'needs-translation',
  'needs-adaptation',
  'needs-l10n',
  'needs-review-translation',
  'needs-review-adaptation',
  'needs-review-l10n',
]);

/** Target states meaning the translation was signed off. */
export const APPROVED_STATES: ReadonlySet<string> = new Set(['final', 'signed-off']);

/** Restype translate-toolkit and Weblate give the group holding the forms of one plural message. */
export const PLURAL_RESTYPE = 'x-gettext-plurals';

/** One trans-unit of a unit (a plural unit has one per form). */
export interface XliffPart {
  el: XmlElement;
  source: XmlElement | undefined;
  target: XmlElement | undefined;
}

export function partOf(el: XmlElement): XliffPart {
  return { el, source: firstChild(el, 'source'), target: firstChild(el, 'target') };
}

function notesOf(el: XmlElement): { note: string; comment: string } {
  const notes: string[] = [];
  const comments: string[] = [];
  for (const n of childElements(el, 'note')) {
    const text = textContent(n);
    if (text === '') continue;
    (getAttribute(n, 'from') === 'translator' ? comments : notes).push(text);
  }
  return { note: notes.join('\n'), comment: comments.join('\n') };
}

function locationsOf(el: XmlElement): string {
  const out: string[] = [];
  for (const group of childElements(el, 'context-group')) {
    const purpose = getAttribute(group, 'purpose');
    if (purpose !== undefined && purpose !== 'location') continue;
    let file = '';
    let line = '';
    for (const ctx of childElements(group, 'context')) {
      const type = getAttribute(ctx, 'context-type');
      if (type === 'sourcefile') file = textContent(ctx).trim();
      else if (type === 'linenumber') line = textContent(ctx).trim();
    }
    if (file !== '') out.push(line !== '' ? `${file}:${line}` : file);
  }
  return out.join(', ');
}

function flagsOf(el: XmlElement): string {
  const flags: string[] = [];
  const maxwidth = getAttribute(el, 'maxwidth');
  const unit = getAttribute(el, 'size-unit');
  if (maxwidth !== undefined && /^\d+$/.test(maxwidth) && (unit === undefined || unit === 'char')) flags.push(`max-length:${maxwidth}`);
  if (getAttribute(el, 'translate') === 'no') flags.push('read-only');
  const extra = getAttribute(el, 'weblate-flags') ?? getAttribute(el, 'x-weblate-flags');
  if (extra) flags.push(...extra.split(',').map((f) => f.trim()).filter((f) => f !== ''));
  return flags.join(', ');
}

/** fuzzy/approved as the target state and approved attribute say, for a unit whose first text is `first`. */
export function statusOf(part: XliffPart, first: string): { fuzzy: boolean; approved: boolean } {
  const state = part.target ? getAttribute(part.target, 'state') : undefined;
  const fuzzy = first !== '' && state !== undefined && NEEDS_WORK_STATES.has(state);
  const approved = !fuzzy && (getAttribute(part.el, 'approved') === 'yes' || (state !== undefined && APPROVED_STATES.has(state)));
  return { fuzzy, approved };
}

/** The unit id of a plural group: its id, or its first trans-unit's id without the "[0]". */
function pluralKey(group: XmlElement, parts: XliffPart[]): string {
  const id = getAttribute(group, 'id');
  if (id !== undefined) return id;
  const first = parts[0] ? (getAttribute(parts[0].el, 'id') ?? '') : '';
  return first.replace(/\[0\]$/, '');
}

/** The FormatUnit of a trans-unit, or of a plural group given with its trans-units. */
export function readUnit(text: string, container: XmlElement, parts: XliffPart[]): FormatUnit {
  const plural = container !== parts[0]!.el;
  const key = plural ? pluralKey(container, parts) : (getAttribute(container, 'id') ?? '');
  const resname = getAttribute(container, 'resname');
  const source = parts.map((p) => (p.source ? readInline(text, p.source) : ''));
  const target = parts.map((p) => (p.target ? readInline(text, p.target) : ''));
  const first = parts[0]!;
  const { note, comment } = notesOf(first.el);
  const containerNotes = plural ? notesOf(container) : { note: '', comment: '' };
  const flags = [flagsOf(container), plural ? flagsOf(first.el) : ''].filter((f) => f !== '').join(', ');
  return makeUnit({
    key,
    context: resname ?? key,
    source,
    target,
    ...statusOf(first, target[0]!),
    note: [containerNotes.note, note].filter((n) => n !== '').join('\n'),
    comment: [containerNotes.comment, comment].filter((n) => n !== '').join('\n'),
    location: locationsOf(first.el),
    flags,
  });
}

/** Units of a <body> or <group> in document order: [container, parts] pairs. */
export function collectUnits(el: XmlElement, out: [XmlElement, XliffPart[]][]): void {
  for (const child of el.children) {
    if (child.kind !== 'element') continue;
    const name = localName(child.name);
    if (name === 'trans-unit') out.push([child, [partOf(child)]]);
    else if (name === 'group') {
      const units = childElements(child, 'trans-unit');
      if (getAttribute(child, 'restype') === PLURAL_RESTYPE && units.length > 0) out.push([child, units.map(partOf)]);
      else collectUnits(child, out);
    }
  }
}
