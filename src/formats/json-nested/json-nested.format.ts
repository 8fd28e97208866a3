// Nested JSON: every string leaf is a unit keyed by its path ("section.key", arrays as "list[0]").

import type { CreateOptions, FormatUnit, NewUnit, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { JsonDocument } from '../json/json-document.js';
import { EMPTY_JSON_OBJECT } from '../json/json.format.js';
import type { JsonContainer } from '../json/json-source.js';
import { JsonStore, monoUnit, requireRootObject } from '../json/json-store.js';
import { collectLeaves, findSlot, insertAtSlot, type NestedLeaf } from './nested-keys.js';

class NestedJsonStore extends JsonStore<NestedLeaf> {
  private readonly root: JsonContainer;

  constructor(doc: JsonDocument, options: ParseOptions | undefined) {
    super(doc, options);
    this.root = requireRootObject(doc, options?.filename);
  }

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

export const jsonNestedFormat: TranslationFormat = {
  id: 'json-nested',
  name: 'JSON nested structure file',
  extensions: ['json'],
  monolingual: true,
  mimeType: 'application/json',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => new NestedJsonStore(JsonDocument.parse(bytes, options?.filename), options),
  /** A new file has no units: the template's keys are added as they get translated. */
  create: (options: CreateOptions): ParsedStore => new NestedJsonStore(JsonDocument.fromText(EMPTY_JSON_OBJECT), options),
};
