// The machine translation engines Parla knows, by id and alias.
import type { MachineryEngine } from './engine.js';
import { deeplEngine } from './deepl.engine.js';
import { genericEngine } from './generic.engine.js';
import { libreTranslateEngine } from './libretranslate.engine.js';
import { createMemoryEngine, type MemoryLookup } from './memory.engine.js';
import { createServerTranslationsEngine, type ExistingTranslationsLookup } from './weblate.engine.js';

export class EngineRegistry {
  private readonly byId = new Map<string, MachineryEngine>();

  constructor(readonly engines: readonly MachineryEngine[]) {
    for (const e of engines) {
      this.byId.set(e.id, e);
      for (const alias of e.aliases ?? []) this.byId.set(alias, e);
    }
  }

  /** The engine for an id or alias, or undefined. */
  get(id: string): MachineryEngine | undefined {
    return this.byId.get(id);
  }
}

export function createEngineRegistry(memory: MemoryLookup | null, existing: ExistingTranslationsLookup | null = null): EngineRegistry {
  return new EngineRegistry([createMemoryEngine(memory), createServerTranslationsEngine(existing), libreTranslateEngine, deeplEngine, genericEngine]);
}
