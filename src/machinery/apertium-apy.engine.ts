// Apertium APy: GET <url>/translate?langpair=<src>|<dst>&q=<text>&markUnknown=no, one text per request; answers {responseData: {translatedText}, responseStatus}.
import { MachineryError, TIMEOUT_FIELD, type EngineConfig, type EngineContext, type MachineryEngine, type MachineryResult, type TranslateRequest } from './engine.js';
import { apertiumLanguage } from './languages.js';
import { invalidShape, messageOf, postJson } from './http.js';

/** The reference's max_score for Apertium. */
const QUALITY = 90;

export const apertiumApyEngine: MachineryEngine = {
  id: 'apertium-apy',
  name: 'Apertium APy',
  cacheable: true,
  worksUnconfigured: false,
  fields: [
    { name: 'url', type: 'url', label: 'APy server URL, e.g. https://apertium.org/apy/', required: true },
    TIMEOUT_FIELD,
  ],
  async translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
    const base = String(config.url);
    const url = `${base.endsWith('/') ? base : `${base}/`}translate`;
    const langpair = `${apertiumLanguage(request.sourceLanguage)}|${apertiumLanguage(request.targetLanguage)}`;
    const out: MachineryResult[][] = [];
    for (const text of request.texts) {
      const body = (await postJson({
        engine: this.id,
        service: this.name,
        url,
        method: 'GET',
        query: { langpair, q: text, markUnknown: 'no' },
        timeoutSeconds: Number(config.timeout ?? TIMEOUT_FIELD.default),
        signal: request.signal,
        outbound: context.outbound,
        errorMessage: messageOf('responseDetails'),
      })) as { responseData?: { translatedText?: unknown }; responseStatus?: unknown; responseDetails?: unknown };
      if (body?.responseStatus !== undefined && Number(body.responseStatus) !== 200) {
        throw new MachineryError(this.id, 'request', `${this.name} refused the request (${String(body.responseStatus)}): ${String(body.responseDetails ?? '')}`);
      }
      const translated = body?.responseData?.translatedText;
      if (typeof translated !== 'string') throw invalidShape(this.id, this.name, 'expected "responseData.translatedText"');
      out.push(translated ? [{ text: translated, quality: QUALITY, service: this.name, source: text }] : []);
    }
    return out;
  },
};
