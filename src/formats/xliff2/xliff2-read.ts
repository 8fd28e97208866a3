// Reads XLIFF 2 units: one FormatUnit per <segment>, notes, translate="no", segment states.

import type { FormatUnit } from '../format.js';
import { childElements, firstChild, getAttribute, localName, makeUnit, readInline, textContent, type XmlElement } from '../xml/scanner.js';

/** XLIFF 2 inline elements kept as markup inside unit texts. */
export const XLIFF2_INLINE: ReadonlySet<string> = new Set(['ph', 'pc', 'sc', 'ec', 'mrk', 'sm', 'em', 'cp']);

export interface Xliff2Segment {
  unitEl: XmlElement;
  segment: XmlElement;
  source: XmlElement | undefined;
  target: XmlElement | undefined;
}

/**
 * Status of a segment. The spec's states: initial (not yet translated or reviewed), translated,
 * reviewed, final. An explicit state="initial" with a text is fuzzy (a draft); final is approved.
 * A missing state is not treated as initial although the spec defaults to it: Symfony writes
 * translated files without states.
 */
export function segmentStatus(state: string | undefined, first: string): { fuzzy: boolean; approved: boolean } {
  return { fuzzy: state === 'initial' && first !== '', approved: state === 'final' };
}

function notesOf(unitEl: XmlElement): { note: string; comment: string; location: string } {
  const notes: string[] = [];
  const comments: string[] = [];
  const locations: string[] = [];
  const container = firstChild(unitEl, 'notes');
  for (const n of container ? childElements(container, 'note') : []) {
    const text = textContent(n);
    if (text === '') continue;
    const category = getAttribute(n, 'category');
    if (category === 'location') locations.push(text);
    else if (category === 'translator' || category === 'comment') comments.push(text);
    else notes.push(text);
  }
  return { note: notes.join('\n'), comment: comments.join('\n'), location: locations.join(', ') };
}

/** Units of a <file> or <group> in document order. */
export function collectSegments(el: XmlElement, out: Xliff2Segment[][]): void {
  for (const child of el.children) {
    if (child.kind !== 'element') continue;
    const name = localName(child.name);
    if (name === 'group') collectSegments(child, out);
    else if (name === 'unit') {
      const segments = childElements(child, 'segment').map((segment) => ({
        unitEl: child,
        segment,
        source: firstChild(segment, 'source'),
        target: firstChild(segment, 'target'),
      }));
      if (segments.length > 0) out.push(segments);
    }
  }
}

/** The FormatUnit of segment `index` of a unit with `count` segments. */
export function readSegment(text: string, seg: Xliff2Segment, index: number, count: number): FormatUnit {
  const id = getAttribute(seg.unitEl, 'id') ?? '';
  const segmentId = getAttribute(seg.segment, 'id');
  const key = count === 1 ? id : `${id}#${segmentId ?? index + 1}`;
  const name = getAttribute(seg.unitEl, 'name');
  const target = seg.target ? readInline(text, seg.target) : '';
  const flags: string[] = [];
  const translate = getAttribute(seg.unitEl, 'translate');
  if (translate === 'no') flags.push('read-only');
  return makeUnit({
    key,
    context: name !== undefined && count === 1 ? name : key,
    source: [seg.source ? readInline(text, seg.source) : ''],
    target: [target],
    ...segmentStatus(getAttribute(seg.segment, 'state'), target),
    ...notesOf(seg.unitEl),
    flags: flags.join(', '),
  });
}
