// Generic engine: POST {source_language, target_language, texts} as JSON to a configured URL (protocol in README.md).
import { TIMEOUT_FIELD, batches, type EngineConfig, type MachineryEngine, type MachineryResult, type TranslateRequest, type EngineContext } from './engine.js';
import { invalidShape, messageOf, postJson } from './http.js';

export const genericEngine: MachineryEngine = {
  id: 'generic',
  name: 'Generic machine translation',
  cacheable: true,
  worksUnconfigured: false,
  fields: [
    { name: 'url', type: 'url', label: 'URL that receives the POST request', required: true },
    { name: 'header', type: 'string', label: 'Name of the header that carries the key (default Authorization)', maxLength: 100 },
    { name: 'key', type: 'string', label: 'Value of that header', secret: true, maxLength: 2000 },
    { name: 'quality', type: 'integer', label: 'Quality of answers that carry none', default: 90, min: 1, max: 100 },
    { name: 'batch_size', type: 'integer', label: 'Texts per request', default: 50, min: 1, max: 1000 },
    TIMEOUT_FIELD,
  ],
  async translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
    const out: MachineryResult[][] = [];
    const headers: Record<string, string> = {};
    if (config.key) headers[String(config.header || 'Authorization')] = String(config.key);
    const fallbackQuality = Number(config.quality ?? 90);
    for (const batch of batches(request.texts, Number(config.batch_size ?? 50))) {
      const body = await postJson({
        engine: this.id,
        service: this.name,
        url: String(config.url),
        headers,
        body: { source_language: request.sourceLanguage, target_language: request.targetLanguage, texts: batch.texts },
        timeoutSeconds: Number(config.timeout ?? TIMEOUT_FIELD.default),
        signal: request.signal,
        outbound: context.outbound,
        errorMessage: (b) => messageOf('error')(b) ?? messageOf('detail')(b) ?? messageOf('message')(b),
      });
      const translations = (body as { translations?: unknown })?.translations;
      if (!Array.isArray(translations) || translations.length !== batch.texts.length) {
        throw invalidShape(this.id, this.name, `expected "translations" with ${batch.texts.length} entries`);
      }
      translations.forEach((t, i) => {
        const entry = t as { text?: unknown; quality?: unknown } | null;
        if (entry === null) return void out.push([]);
        if (typeof entry !== 'object' || typeof entry.text !== 'string') throw invalidShape(this.id, this.name, `translation ${batch.start + i} has no text`);
        if (entry.quality !== undefined && (typeof entry.quality !== 'number' || !Number.isFinite(entry.quality))) {
          throw invalidShape(this.id, this.name, `translation ${batch.start + i} has a quality that is not a number`);
        }
        const quality = Math.round(Math.min(100, Math.max(0, entry.quality === undefined ? fallbackQuality : (entry.quality as number))));
        out.push(entry.text ? [{ text: entry.text, quality, service: this.name, source: batch.texts[i] }] : []);
      });
    }
    return out;
  },
};
