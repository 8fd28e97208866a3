// ModernMT: POST <url>/translate with X-HTTP-Method-Override: GET, the MMT-ApiKey header and {source, target, q: [...]}.
import { TIMEOUT_FIELD, batches, type EngineConfig, type EngineContext, type MachineryEngine, type MachineryResult, type TranslateRequest } from './engine.js';
import { bcp47Language } from './languages.js';
import { invalidShape, messageAt, postJson } from './http.js';

export const MODERNMT_URL = 'https://api.modernmt.com/';
/** ModernMT takes up to 128 texts per request. */
const MAX_TEXTS = 128;
const MAX_CHARS = 10_000;
/** The reference's max_score for ModernMT. */
const QUALITY = 90;

export const modernMtEngine: MachineryEngine = {
  id: 'modernmt',
  name: 'ModernMT',
  cacheable: true,
  worksUnconfigured: false,
  fields: [
    { name: 'key', type: 'string', label: 'API key', required: true, secret: true, maxLength: 200 },
    { name: 'url', type: 'url', label: `API URL (default ${MODERNMT_URL})` },
    TIMEOUT_FIELD,
  ],
  async translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
    const out: MachineryResult[][] = [];
    const base = String(config.url || MODERNMT_URL);
    for (const batch of batches(request.texts, MAX_TEXTS, MAX_CHARS)) {
      const body = await postJson({
        engine: this.id,
        service: this.name,
        url: `${base.endsWith('/') ? base : `${base}/`}translate`,
        // ModernMT documents POST with the method declared in this header (a GET with a body).
        headers: { 'MMT-ApiKey': String(config.key), 'MMT-Platform': 'Parla', 'X-HTTP-Method-Override': 'GET' },
        body: { source: bcp47Language(request.sourceLanguage), target: bcp47Language(request.targetLanguage), q: batch.texts },
        timeoutSeconds: Number(config.timeout ?? TIMEOUT_FIELD.default),
        signal: request.signal,
        outbound: context.outbound,
        errorMessage: messageAt('error', 'message'),
        // 402 Payment Required: the account may translate no more.
        statusKinds: { 402: 'quota' },
      });
      const data = (body as { data?: unknown })?.data;
      if (!Array.isArray(data) || data.length !== batch.texts.length) throw invalidShape(this.id, this.name, `expected "data" with ${batch.texts.length} translations`);
      data.forEach((entry, i) => {
        const text = (entry as { translation?: unknown })?.translation;
        if (typeof text !== 'string') throw invalidShape(this.id, this.name, `translation ${batch.start + i} is missing`);
        out.push(text ? [{ text, quality: QUALITY, service: this.name, source: batch.texts[i] }] : []);
      });
    }
    return out;
  },
};
