// Nested JSON: every string leaf is a unit keyed by its path ("section.key", arrays as "list[0]").

import type { FormatUnit, NewUnit, TranslationFormat } from '../format.js';
import { jsonStoreFormat } from '../json/json.format.js';
import { monoUnit, RootObjectStore } from '../json/json-store.js';
import { collectLeaves, findSlot, insertAtSlot, type NestedLeaf } from './nested-keys.js';

class NestedJsonStore extends RootObjectStore<NestedLeaf> {
  protected collect(): NestedLeaf[] {
    return collectLeaves(this.root);
  }

  protected view(leaf: NestedLeaf): FormatUnit {
    return monoUnit(leaf.key, [leaf.node.value]);
  }

  protected write(leaf: NestedLeaf, target: readonly string[]): void {
    this.doc.setString(leaf.node, target[0] ?? '');
  }

  /** "a.b.c" goes into the existing objects a and a.b, creating those that are missing. */
  protected append(key: string, unit: NewUnit): NestedLeaf {
    const node = this.doc.newString(unit.target?.[0] ?? '');
    const slot = findSlot(this.doc, this.root, key.split('.'));
    const { container, entry } = insertAtSlot(this.doc, slot, node);
    return { key, name: entry.key!.value, container, entry, node };
  }

  /** Objects left empty by the removal go too; array items after a removed one shift down. */
  protected delete(leaf: NestedLeaf): void {
    this.doc.removePruning(leaf.container, leaf.entry);
  }
}

export const jsonNestedFormat: TranslationFormat = jsonStoreFormat('json-nested', 'JSON nested structure file', (doc, options) => new NestedJsonStore(doc, options));
