// Reads Qt Linguist <message> elements into FormatUnit fields.

import type { FormatUnit } from '../format.js';
import { childElements, firstChild, getAttribute, makeUnit, type XmlElement } from '../xml/scanner.js';
import { readTsText } from './ts-text.js';

/** Separates the context name from the disambiguation comment in unit contexts. */
export const DISAMBIGUATION_SEPARATOR = '\u0004';

export interface TsMessage {
  context: XmlElement;
  contextName: string;
  el: XmlElement;
  translation: XmlElement | undefined;
  /** <numerusform> children of the translation (numerus messages only). */
  forms: XmlElement[];
  numerus: boolean;
}

/** vanished/obsolete messages are kept in the file but are not units. */
export function isObsolete(message: XmlElement): boolean {
  const translation = firstChild(message, 'translation');
  const type = translation ? getAttribute(translation, 'type') : undefined;
  return type === 'vanished' || type === 'obsolete';
}

export function messageOf(context: XmlElement, contextName: string, el: XmlElement): TsMessage {
  const translation = firstChild(el, 'translation');
  const numerus = getAttribute(el, 'numerus') === 'yes';
  return { context, contextName, el, translation, forms: numerus && translation ? childElements(translation, 'numerusform') : [], numerus };
}

function childText(text: string, el: XmlElement, name: string): string {
  const child = firstChild(el, name);
  return child ? readTsText(text, child) : '';
}

/** True when the translation counts as unfinished work rather than a translation. */
export function isUnfinishedText(target: readonly string[]): boolean {
  return target.every((t) => t === '');
}

/**
 * The unit of a message. Context = "<name>" or "<name>\u0004<comment>" when the message has a
 * disambiguation comment (so identical sources in one context stay apart); key = the message
 * id attribute when present, else the context. Numerus messages have source [text, text] and
 * one target form per <numerusform> (at least `forms` of them).
 */
export function readMessage(text: string, m: TsMessage, forms: number): FormatUnit {
  const source = childText(text, m.el, 'source');
  const disambiguation = childText(text, m.el, 'comment');
  const context = disambiguation === '' ? m.contextName : m.contextName + DISAMBIGUATION_SEPARATOR + disambiguation;
  let target: string[];
  if (m.numerus) {
    target = m.forms.map((f) => readTsText(text, f));
    while (target.length < Math.max(forms, 1)) target.push('');
  } else {
    target = [m.translation ? readTsText(text, m.translation) : ''];
  }
  const type = m.translation ? getAttribute(m.translation, 'type') : undefined;
  const locations = childElements(m.el, 'location').map((l) => {
    const file = getAttribute(l, 'filename') ?? '';
    const line = getAttribute(l, 'line');
    return line !== undefined ? `${file}:${line}` : file;
  });
  return makeUnit({
    key: getAttribute(m.el, 'id') ?? context,
    context,
    source: m.numerus ? [source, source] : [source],
    target,
    fuzzy: type === 'unfinished' && !isUnfinishedText(target),
    note: childText(text, m.el, 'extracomment'),
    comment: childText(text, m.el, 'translatorcomment'),
    location: locations.join(', '),
    previousSource: childText(text, m.el, 'oldsource'),
  });
}
