// LibreTranslate engine: POST <url>/translate with {q: [...], source, target, format: "text", api_key}.
import { TIMEOUT_FIELD, batches, type EngineConfig, type MachineryEngine, type MachineryResult, type TranslateRequest, type EngineContext } from './engine.js';
import { libreTranslateLanguage } from './languages.js';
import { invalidShape, messageOf, postJson } from './http.js';

const MAX_TEXTS = 25;
const MAX_CHARS = 10_000;
/** Parla's choice: below DeepL, as the reference ranks general-purpose services. */
const QUALITY = 89;

export const libreTranslateEngine: MachineryEngine = {
  id: 'libretranslate',
  name: 'LibreTranslate',
  cacheable: true,
  worksUnconfigured: false,
  fields: [
    { name: 'url', type: 'url', label: 'Server URL, e.g. https://libretranslate.com/', required: true },
    { name: 'key', type: 'string', label: 'API key (when the server requires one)', secret: true, maxLength: 200 },
    TIMEOUT_FIELD,
  ],
  async translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
    const out: MachineryResult[][] = [];
    const base = String(config.url);
    const url = `${base.endsWith('/') ? base : `${base}/`}translate`;
    for (const batch of batches(request.texts, MAX_TEXTS, MAX_CHARS)) {
      const payload: Record<string, unknown> = {
        q: batch.texts,
        source: libreTranslateLanguage(request.sourceLanguage),
        target: libreTranslateLanguage(request.targetLanguage),
        format: 'text',
      };
      if (config.key) payload.api_key = config.key;
      const body = await postJson({
        engine: this.id,
        service: this.name,
        url,
        body: payload,
        timeoutSeconds: Number(config.timeout ?? TIMEOUT_FIELD.default),
        signal: request.signal,
        outbound: context.outbound,
        errorMessage: messageOf('error'),
      });
      let translated = (body as { translatedText?: unknown })?.translatedText;
      // Servers older than batch support answer a one-element list with a plain string.
      if (typeof translated === 'string' && batch.texts.length === 1) translated = [translated];
      if (!Array.isArray(translated) || translated.length !== batch.texts.length || translated.some((t) => typeof t !== 'string')) {
        throw invalidShape(this.id, this.name, `expected "translatedText" with ${batch.texts.length} strings`);
      }
      (translated as string[]).forEach((text, i) => out.push(text ? [{ text, quality: QUALITY, service: this.name, source: batch.texts[i] }] : []));
    }
    return out;
  },
};
