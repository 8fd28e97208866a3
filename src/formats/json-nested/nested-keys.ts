// Nested JSON keys: flattening objects to "a.b.c" (arrays as "list[0]") and creating the objects a new key needs.

import { isString, type JsonDocument } from '../json/json-document.js';
import type { JsonContainer, JsonEntry, JsonNode, JsonString } from '../json/json-source.js';

export interface NestedLeaf {
  /** Full flattened key. */
  key: string;
  /** The entry's own name ('' for array items). */
  name: string;
  container: JsonContainer;
  entry: JsonEntry;
  node: JsonString;
}

export const joinKey = (prefix: string, name: string): string => (prefix === '' ? name : `${prefix}.${name}`);

/** Every string leaf in file order with its flattened key. */
export function collectLeaves(root: JsonContainer): NestedLeaf[] {
  const leaves: NestedLeaf[] = [];
  const go = (container: JsonContainer, prefix: string): void => {
    container.entries.forEach((entry, i) => {
      const isObject = container.kind === 'object';
      const name = isObject ? entry.key!.value : '';
      const key = isObject ? joinKey(prefix, name) : `${prefix}[${i}]`;
      const value: JsonNode = entry.value;
      if (isString(value)) leaves.push({ key, name, container, entry, node: value });
      else if (value.kind === 'object' || value.kind === 'array') go(value, key);
    });
  };
  go(root, '');
  return leaves;
}

/** Where a new leaf goes: the object to insert into and the member name to use there. */
export interface NestedSlot {
  container: JsonContainer;
  /** Names of the objects still to create inside `container`, outermost first, then the leaf's name. */
  path: string[];
}

/**
 * Descends through the existing objects named by `segments`. When a name is taken by a
 * non-object member the remaining segments stay one dotted name, which reads back as the same key.
 */
export function findSlot(doc: JsonDocument, root: JsonContainer, segments: readonly string[]): NestedSlot {
  let container = root;
  let i = 0;
  for (; i < segments.length - 1; i++) {
    const next = doc.member(container, segments[i]!)?.value;
    if (next?.kind !== 'object') break;
    container = next;
  }
  const rest = segments.slice(i);
  const clash = rest.length > 1 && doc.member(container, rest[0]!) !== undefined;
  return { container, path: clash ? [rest.join('.')] : rest };
}

/**
 * Inserts `value` under `slot`, creating the missing objects. Returns the entry holding `value`
 * and the object containing it.
 */
export function insertAtSlot(doc: JsonDocument, slot: NestedSlot, value: JsonNode, after?: JsonEntry): { container: JsonContainer; entry: JsonEntry } {
  let container = slot.container;
  const path = slot.path;
  for (let i = 0; i < path.length - 1; i++) {
    const child = doc.newContainer('object');
    doc.insert(container, path[i]!, child, i === 0 ? after : undefined);
    container = child;
  }
  const entry = doc.insert(container, path[path.length - 1]!, value, path.length === 1 ? after : undefined);
  return { container, entry };
}
