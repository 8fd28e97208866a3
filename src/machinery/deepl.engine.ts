// DeepL API v2 engine: POST /v2/translate with `Authorization: DeepL-Auth-Key`, up to 50 texts per request.
import { TIMEOUT_FIELD, batches, type EngineConfig, type MachineryEngine, type MachineryResult, type TranslateRequest, type EngineContext } from './engine.js';
import { deeplSourceLanguage, deeplTargetLanguage } from './languages.js';
import { invalidShape, messageOf, postJson } from './http.js';

export const DEEPL_PRO_URL = 'https://api.deepl.com/v2/';
export const DEEPL_FREE_URL = 'https://api-free.deepl.com/v2/';
/** DeepL accepts up to 50 texts and 128 KiB per request; characters are counted low to stay under the bytes. */
const MAX_TEXTS = 50;
const MAX_CHARS = 30_000;
/** The reference ranks DeepL a little above other services (its max_score 91). */
const QUALITY = 91;

/** API Free keys end in ":fx" and are served from another host. */
export function deeplBaseUrl(config: EngineConfig): string {
  const url = typeof config.url === 'string' && config.url ? config.url : String(config.key).endsWith(':fx') ? DEEPL_FREE_URL : DEEPL_PRO_URL;
  return url.endsWith('/') ? url : `${url}/`;
}

export const deeplEngine: MachineryEngine = {
  id: 'deepl',
  name: 'DeepL',
  cacheable: true,
  worksUnconfigured: false,
  fields: [
    { name: 'key', type: 'string', label: 'API key', required: true, secret: true, maxLength: 200 },
    { name: 'url', type: 'url', label: `API URL (default ${DEEPL_PRO_URL}, or ${DEEPL_FREE_URL} for keys ending in ":fx")` },
    TIMEOUT_FIELD,
  ],
  async translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
    const out: MachineryResult[][] = [];
    const url = `${deeplBaseUrl(config)}translate`;
    for (const batch of batches(request.texts, MAX_TEXTS, MAX_CHARS)) {
      const body = await postJson({
        engine: this.id,
        service: this.name,
        url,
        headers: { Authorization: `DeepL-Auth-Key ${config.key}` },
        body: { text: batch.texts, source_lang: deeplSourceLanguage(request.sourceLanguage), target_lang: deeplTargetLanguage(request.targetLanguage) },
        timeoutSeconds: Number(config.timeout ?? TIMEOUT_FIELD.default),
        signal: request.signal,
        outbound: context.outbound,
        errorMessage: messageOf('message'),
        statusKinds: { 403: 'auth', 456: 'quota', 429: 'rate_limit' },
      });
      const translations = (body as { translations?: unknown })?.translations;
      if (!Array.isArray(translations) || translations.length !== batch.texts.length) {
        throw invalidShape(this.id, this.name, `expected "translations" with ${batch.texts.length} entries`);
      }
      translations.forEach((t, i) => {
        const text = (t as { text?: unknown })?.text;
        if (typeof text !== 'string') throw invalidShape(this.id, this.name, `translation ${batch.start + i} has no text`);
        out.push(text ? [{ text, quality: QUALITY, service: this.name, source: batch.texts[i] }] : []);
      });
    }
    return out;
  },
};
