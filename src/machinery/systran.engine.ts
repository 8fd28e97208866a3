// SYSTRAN Translate: POST <url>/translation/text/translate with `Authorization: Key <key>` and form fields source, target and one input per text; answers {outputs: [{output}]}.
import { TIMEOUT_FIELD, batches, type EngineConfig, type EngineContext, type MachineryEngine, type MachineryResult, type TranslateRequest } from './engine.js';
import { bcp47Language } from './languages.js';
import { invalidShape, messageAt, postJson } from './http.js';

export const SYSTRAN_URL = 'https://api-translate.systran.net/';
const MAX_TEXTS = 50;
const MAX_CHARS = 10_000;
/** The reference's max_score for SYSTRAN. */
const QUALITY = 90;

export const systranEngine: MachineryEngine = {
  id: 'systran',
  name: 'SYSTRAN',
  cacheable: true,
  worksUnconfigured: false,
  fields: [
    { name: 'key', type: 'string', label: 'API key', required: true, secret: true, maxLength: 200 },
    { name: 'url', type: 'url', label: `API URL (default ${SYSTRAN_URL}; a SYSTRAN server's own)` },
    TIMEOUT_FIELD,
  ],
  async translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
    const out: MachineryResult[][] = [];
    const base = String(config.url || SYSTRAN_URL);
    for (const batch of batches(request.texts, MAX_TEXTS, MAX_CHARS)) {
      const body = await postJson({
        engine: this.id,
        service: this.name,
        url: `${base.endsWith('/') ? base : `${base}/`}translation/text/translate`,
        headers: { Authorization: `Key ${config.key}` },
        form: { source: bcp47Language(request.sourceLanguage), target: bcp47Language(request.targetLanguage), format: 'text', input: batch.texts },
        timeoutSeconds: Number(config.timeout ?? TIMEOUT_FIELD.default),
        signal: request.signal,
        outbound: context.outbound,
        errorMessage: (b) => messageAt('error', 'message')(b) ?? messageAt('error')(b),
      });
      const outputs = (body as { outputs?: unknown })?.outputs;
      if (!Array.isArray(outputs) || outputs.length !== batch.texts.length) throw invalidShape(this.id, this.name, `expected "outputs" with ${batch.texts.length} entries`);
      outputs.forEach((entry, i) => {
        const e = entry as { output?: unknown; error?: unknown };
        // An input SYSTRAN could not translate carries its own error and no output: no candidate for it.
        if (typeof e?.output !== 'string') {
          if (e?.error !== undefined) return void out.push([]);
          throw invalidShape(this.id, this.name, `output ${batch.start + i} is missing`);
        }
        out.push(e.output ? [{ text: e.output, quality: QUALITY, service: this.name, source: batch.texts[i] }] : []);
      });
    }
    return out;
  },
};
