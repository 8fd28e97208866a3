// The "weblate" engine: translations of the same source string elsewhere on this server (alias parla).
import { MachineryError, type EngineContext, type MachineryEngine, type MachineryResult, type TranslateRequest } from './engine.js';

/** One translated string with the looked-up source text, found in another component. */
export interface ExistingTranslation {
  source: string;
  target: string;
  /** "<project>/<component>" it comes from. */
  origin: string;
}

/** What the engine needs from the server: translated strings of other components with these source texts. */
export interface ExistingTranslationsLookup {
  lookup(texts: readonly string[], sourceLang: string, targetLang: string, projectId: number | null): Promise<ExistingTranslation[]>;
}

export const SERVER_ENGINE_ID = 'weblate';

export function createServerTranslationsEngine(lookup: ExistingTranslationsLookup | null): MachineryEngine {
  return {
    id: SERVER_ENGINE_ID,
    aliases: ['parla'],
    name: 'Parla',
    cacheable: false,
    worksUnconfigured: true,
    fields: [],
    async translate(_config, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
      if (!lookup) throw new MachineryError(SERVER_ENGINE_ID, 'unavailable', 'The translations of this server are not available.');
      if (request.signal?.aborted) throw new MachineryError(SERVER_ENGINE_ID, 'aborted', 'The lookup was cancelled.');
      const found = await lookup.lookup(request.texts, request.sourceLanguage, request.targetLanguage, context.projectId);
      const name = this.name;
      return request.texts.map((text) => {
        const seen = new Set<string>();
        return found
          .filter((f) => f.source === text && f.target !== '' && !seen.has(f.target) && seen.add(f.target))
          .map((f) => ({ text: f.target, quality: 100, service: name, source: f.source }));
      });
    },
  };
}
