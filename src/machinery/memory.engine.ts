// Parla's own translation memory as an engine (id parla-translation-memory, alias weblate-translation-memory).
import { MachineryError, type EngineContext, type MachineryEngine, type MachineryResult, type TranslateRequest } from './engine.js';

/** One memory entry similar to the looked-up text. */
export interface MemoryMatch {
  source: string;
  target: string;
  /** Similarity 0-100 (100 = identical source). */
  score: number;
  origin?: string;
}

/** What the memory engine needs from the translation memory service (src/services/memory.service.ts). */
export interface MemoryLookup {
  lookup(sourceText: string, sourceLang: string, targetLang: string, options: { projectId?: number; limit: number }): Promise<MemoryMatch[]>;
}

export const MEMORY_ENGINE_ID = 'parla-translation-memory';
const LIMIT = 5;

export function createMemoryEngine(memory: MemoryLookup | null): MachineryEngine {
  return {
    id: MEMORY_ENGINE_ID,
    aliases: ['weblate-translation-memory'],
    name: 'Parla translation memory',
    cacheable: false,
    worksUnconfigured: true,
    fields: [],
    async translate(_config, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
      if (!memory) throw new MachineryError(MEMORY_ENGINE_ID, 'unavailable', 'The translation memory is not available.');
      const name = this.name;
      const results = await Promise.all(
        request.texts.map(async (text) => {
          if (request.signal?.aborted) throw new MachineryError(MEMORY_ENGINE_ID, 'aborted', 'The translation memory lookup was cancelled.');
          const options: { projectId?: number; limit: number } = { limit: LIMIT };
          if (context.projectId !== null) options.projectId = context.projectId;
          const matches = await memory.lookup(text, request.sourceLanguage, request.targetLanguage, options);
          return matches
            .filter((m) => typeof m.target === 'string' && m.target !== '')
            .map((m) => ({ text: m.target, quality: Math.round(Math.min(100, Math.max(0, m.score))), service: name, source: m.source }))
            .sort((a, b) => b.quality - a.quality);
        }),
      );
      return results;
    },
  };
}
