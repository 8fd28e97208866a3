// Reads TBX term entries (TBX 2008 martif and TBX v3 layouts) into bilingual FormatUnits.

import type { FormatUnit } from '../format.js';
import { getAttribute, localName, makeUnit, textContent, type XmlElement } from '../xml/scanner.js';

const ENTRY = new Set(['termEntry', 'conceptEntry']);
const LANG_SET = new Set(['langSet', 'langSec']);

export interface TbxEntry {
  el: XmlElement;
  langSets: XmlElement[];
  source: XmlElement;
  sourceTerm: XmlElement;
  target: XmlElement | undefined;
  targetTerm: XmlElement | undefined;
}

export function langOf(langSet: XmlElement): string {
  return getAttribute(langSet, 'xml:lang') ?? getAttribute(langSet, 'lang') ?? '';
}

const norm = (lang: string): string => lang.toLowerCase().replace(/_/g, '-');

/** Whether a langSet's language is `wanted` ("pt_BR" matches "pt-br"; "cs" matches "cs-CZ"). */
export function sameLanguage(lang: string, wanted: string): boolean {
  const a = norm(lang);
  const b = norm(wanted);
  return a === b || a.split('-')[0] === b || b.split('-')[0] === a;
}

function elementChildren(el: XmlElement): XmlElement[] {
  return el.children.filter((c): c is XmlElement => c.kind === 'element');
}

/** The first <term> below `el` (tig/term, ntig/termGrp/term, termSec/term). */
export function findTerm(el: XmlElement): XmlElement | undefined {
  for (const child of elementChildren(el)) {
    if (localName(child.name) === 'term') return child;
    const inner = findTerm(child);
    if (inner) return inner;
  }
  return undefined;
}

/** Names of the elements from a langSet down to its term, e.g. ["ntig", "termGrp", "term"]. */
export function termPath(langSet: XmlElement): string[] {
  const term = findTerm(langSet);
  const path: string[] = [];
  for (let el: XmlElement | null | undefined = term; el && el !== langSet; el = el.parent) path.unshift(el.name);
  return path;
}

/** All term entries of the document, wherever they are nested (text/body in both TBX versions). */
export function collectEntries(el: XmlElement, out: XmlElement[]): void {
  for (const child of elementChildren(el)) {
    if (ENTRY.has(localName(child.name))) out.push(child);
    else collectEntries(child, out);
  }
}

export function langSetsOf(entry: XmlElement): XmlElement[] {
  return elementChildren(entry).filter((c) => LANG_SET.has(localName(c.name)));
}

/** Pairs an entry with its source and target language sets; undefined when it has no source term. */
export function entryOf(el: XmlElement, sourceLang: string, targetLang: string | undefined): TbxEntry | undefined {
  const langSets = langSetsOf(el);
  const source = langSets.find((l) => sameLanguage(langOf(l), sourceLang));
  const sourceTerm = source ? findTerm(source) : undefined;
  if (!source || !sourceTerm) return undefined;
  const target = targetLang === undefined ? undefined : langSets.find((l) => l !== source && sameLanguage(langOf(l), targetLang));
  return { el, langSets, source, sourceTerm, target, targetTerm: target ? findTerm(target) : undefined };
}

function collectTexts(el: XmlElement, names: ReadonlySet<string>, skip: XmlElement | undefined, out: XmlElement[]): void {
  for (const child of elementChildren(el)) {
    if (child === skip) continue;
    if (names.has(localName(child.name))) out.push(child);
    else collectTexts(child, names, skip, out);
  }
}

const NOTES = new Set(['descrip', 'note']);

/** The unit of an entry: descrip/note → note (those of the target language → comment), flags from Weblate's attributes. */
export function readEntry(entry: TbxEntry): FormatUnit {
  const key = getAttribute(entry.el, 'id') ?? '';
  const flags: string[] = [];
  const own = getAttribute(entry.el, 'weblate-flags');
  if (own) flags.push(...own.split(',').map((f) => f.trim()).filter((f) => f !== ''));
  const notes: string[] = [];
  const found: XmlElement[] = [];
  collectTexts(entry.el, NOTES, entry.target, found);
  for (const n of found) {
    const text = textContent(n).trim();
    if (getAttribute(n, 'type') === 'Translation needed') {
      if (text.toLowerCase() === 'no' && !flags.includes('read-only')) flags.push('read-only');
    } else if (text !== '') notes.push(text);
  }
  const status: XmlElement[] = [];
  collectTexts(entry.source, new Set(['termNote']), undefined, status);
  if (status.some((s) => getAttribute(s, 'type') === 'administrativeStatus' && /forbidden|deprecated/.test(textContent(s)))) flags.push('forbidden');
  const comments: XmlElement[] = [];
  if (entry.target) collectTexts(entry.target, NOTES, undefined, comments);
  return makeUnit({
    key,
    context: key,
    source: [textContent(entry.sourceTerm)],
    target: [entry.targetTerm ? textContent(entry.targetTerm) : ''],
    note: notes.join('\n'),
    comment: comments.map((c) => textContent(c).trim()).filter((c) => c !== '').join('\n'),
    flags: flags.join(', '),
  });
}
