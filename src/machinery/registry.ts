// The machine translation engines Parla knows, by id and alias.
import type { MachineryEngine } from './engine.js';
import { deeplEngine } from './deepl.engine.js';
import { genericEngine } from './generic.engine.js';
import { libreTranslateEngine } from './libretranslate.engine.js';
import { createMemoryEngine, type MemoryLookup } from './memory.engine.js';
import { createServerTranslationsEngine, type ExistingTranslationsLookup } from './weblate.engine.js';
import { azureOpenAiEngine, ollamaEngine, openAiEngine } from './openai.engine.js';
import { anthropicEngine } from './anthropic.engine.js';
import { googleTranslateEngine } from './google-translate.engine.js';
import { googleTranslateV3Engine } from './google-translate-api-v3.engine.js';
import { microsoftTranslatorEngine } from './microsoft-translator.engine.js';
import { awsEngine } from './aws.engine.js';
import { modernMtEngine } from './modernmt.engine.js';
import { apertiumApyEngine } from './apertium-apy.engine.js';
import { myMemoryEngine } from './mymemory.engine.js';
import { systranEngine } from './systran.engine.js';
import { yandexEngine } from './yandex.engine.js';
import { yandexV2Engine } from './yandex-v2.engine.js';

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
  return new EngineRegistry([
    createMemoryEngine(memory),
    createServerTranslationsEngine(existing),
    libreTranslateEngine,
    deeplEngine,
    genericEngine,
    openAiEngine,
    azureOpenAiEngine,
    ollamaEngine,
    anthropicEngine,
    googleTranslateEngine,
    googleTranslateV3Engine,
    microsoftTranslatorEngine,
    awsEngine,
    modernMtEngine,
    apertiumApyEngine,
    myMemoryEngine,
    systranEngine,
    yandexEngine,
    yandexV2Engine,
  ]);
}
