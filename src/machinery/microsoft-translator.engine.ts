// Microsoft Translator v3: POST <base>/translate?api-version=3.0&from=..&to=.. with [{Text}] and the Ocp-Apim-Subscription-Key (and -Region) headers.
import { TIMEOUT_FIELD, batches, type EngineConfig, type EngineContext, type MachineryEngine, type MachineryError, type MachineryResult, type TranslateRequest } from './engine.js';
import { microsoftLanguage } from './languages.js';
import { invalidShape, messageAt, postJson } from './http.js';

export const MICROSOFT_URL = 'https://api.cognitive.microsofttranslator.com/';
/** v3 takes up to 1,000 array elements and 50,000 characters per request. */
const MAX_TEXTS = 1000;
const MAX_CHARS = 50_000;
/** The reference's max_score for Microsoft Translator. */
const QUALITY = 90;

/** Microsoft's six-digit error codes start with the HTTP status; 403001 and 429001–3 tell quota from rate limits. */
function microsoftKind(_status: number, body: unknown): MachineryError['kind'] | undefined {
  const code = (body as { error?: { code?: unknown } })?.error?.code;
  if (code === 403001) return 'quota';
  if (code === 429000 || code === 429001 || code === 429002) return 'rate_limit';
  return undefined;
}

export const microsoftTranslatorEngine: MachineryEngine = {
  id: 'microsoft-translator',
  name: 'Microsoft Translator',
  cacheable: true,
  worksUnconfigured: false,
  fields: [
    { name: 'key', type: 'string', label: 'Resource key', required: true, secret: true, maxLength: 200 },
    { name: 'region', type: 'string', label: 'Resource region (for regional and multi-service resources), e.g. westeurope', maxLength: 50 },
    { name: 'base_url', type: 'url', label: `API URL (default ${MICROSOFT_URL}; regional: https://api-eur.cognitive.microsofttranslator.com/ …)` },
    { name: 'category', type: 'string', label: 'Category (Custom Translator model; default general)', maxLength: 100 },
    TIMEOUT_FIELD,
  ],
  async translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
    const out: MachineryResult[][] = [];
    const base = String(config.base_url || MICROSOFT_URL);
    const headers: Record<string, string> = { 'Ocp-Apim-Subscription-Key': String(config.key) };
    if (config.region) headers['Ocp-Apim-Subscription-Region'] = String(config.region);
    for (const batch of batches(request.texts, MAX_TEXTS, MAX_CHARS)) {
      const body = await postJson({
        engine: this.id,
        service: this.name,
        url: `${base.endsWith('/') ? base : `${base}/`}translate`,
        query: { 'api-version': '3.0', from: microsoftLanguage(request.sourceLanguage), to: microsoftLanguage(request.targetLanguage), category: String(config.category || 'general') },
        headers,
        body: batch.texts.map((Text) => ({ Text })),
        timeoutSeconds: Number(config.timeout ?? TIMEOUT_FIELD.default),
        signal: request.signal,
        outbound: context.outbound,
        errorMessage: messageAt('error', 'message'),
        errorKind: microsoftKind,
      });
      if (!Array.isArray(body) || body.length !== batch.texts.length) throw invalidShape(this.id, this.name, `expected ${batch.texts.length} results`);
      body.forEach((entry, i) => {
        const text = (entry as { translations?: { text?: unknown }[] })?.translations?.[0]?.text;
        if (typeof text !== 'string') throw invalidShape(this.id, this.name, `result ${batch.start + i} has no translation`);
        out.push(text ? [{ text, quality: QUALITY, service: this.name, source: batch.texts[i] }] : []);
      });
    }
    return out;
  },
};
