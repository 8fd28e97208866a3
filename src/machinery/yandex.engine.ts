// Yandex.Translate API v1.5: POST <url>translate with form fields key, lang=<src>-<dst> and one text per string; answers {code: 200, text: [...]}.
import { MachineryError, TIMEOUT_FIELD, batches, type EngineConfig, type EngineContext, type MachineryEngine, type MachineryResult, type TranslateRequest } from './engine.js';
import { invalidShape, messageOf, postJson } from './http.js';

export const YANDEX_URL = 'https://translate.yandex.net/api/v1.5/tr.json/';
const MAX_TEXTS = 50;
/** Yandex refuses requests over 10,000 characters. */
const MAX_CHARS = 10_000;
/** The reference's max_score for Yandex. */
const QUALITY = 90;

/** Yandex's documented result codes: 401 invalid key, 402 blocked key, 404 daily limit reached, 413 too long, 422 not translatable, 501 unsupported direction. */
const KINDS: Record<number, MachineryError['kind']> = { 401: 'auth', 402: 'auth', 404: 'quota', 413: 'request', 422: 'request', 501: 'request' };

function yandexLanguage(code: string): string {
  return code.trim().split(/[_\-@]/)[0].toLowerCase();
}

export const yandexEngine: MachineryEngine = {
  id: 'yandex',
  name: 'Yandex',
  cacheable: true,
  worksUnconfigured: false,
  fields: [
    { name: 'key', type: 'string', label: 'API key', required: true, secret: true, maxLength: 200 },
    { name: 'url', type: 'url', label: `API URL (default ${YANDEX_URL})` },
    TIMEOUT_FIELD,
  ],
  async translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
    const out: MachineryResult[][] = [];
    const base = String(config.url || YANDEX_URL);
    for (const batch of batches(request.texts, MAX_TEXTS, MAX_CHARS)) {
      const body = (await postJson({
        engine: this.id,
        service: this.name,
        url: `${base.endsWith('/') ? base : `${base}/`}translate`,
        form: { key: String(config.key), lang: `${yandexLanguage(request.sourceLanguage)}-${yandexLanguage(request.targetLanguage)}`, format: 'plain', text: batch.texts },
        timeoutSeconds: Number(config.timeout ?? TIMEOUT_FIELD.default),
        signal: request.signal,
        outbound: context.outbound,
        errorMessage: messageOf('message'),
        statusKinds: KINDS,
      })) as { code?: unknown; message?: unknown; text?: unknown };
      if (body?.code !== undefined && body.code !== 200) {
        const code = Number(body.code);
        throw new MachineryError(this.id, KINDS[code] ?? 'request', `${this.name} refused the request (${code}): ${String(body.message ?? '')}`, code);
      }
      if (!Array.isArray(body?.text) || body.text.length !== batch.texts.length || body.text.some((t) => typeof t !== 'string')) {
        throw invalidShape(this.id, this.name, `expected "text" with ${batch.texts.length} strings`);
      }
      (body.text as string[]).forEach((text, i) => out.push(text ? [{ text, quality: QUALITY, service: this.name, source: batch.texts[i] }] : []));
    }
    return out;
  },
};
