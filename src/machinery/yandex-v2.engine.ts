// Yandex Cloud Translate API v2: POST <url>translate with `Authorization: Api-Key <key>` and {sourceLanguageCode, targetLanguageCode, texts: [...]}.
import { TIMEOUT_FIELD, batches, type EngineConfig, type EngineContext, type MachineryEngine, type MachineryResult, type TranslateRequest } from './engine.js';
import { invalidShape, messageOf, postJson } from './http.js';

export const YANDEX_V2_URL = 'https://translate.api.cloud.yandex.net/translate/v2/';
const MAX_TEXTS = 50;
/** Yandex Cloud takes at most 10,000 characters per request. */
const MAX_CHARS = 10_000;
/** The reference's max_score for Yandex. */
const QUALITY = 90;

export const yandexV2Engine: MachineryEngine = {
  id: 'yandex-v2',
  name: 'Yandex v2',
  cacheable: true,
  worksUnconfigured: false,
  fields: [
    { name: 'key', type: 'string', label: 'API key of a service account', required: true, secret: true, maxLength: 200 },
    { name: 'folder_id', type: 'string', label: 'Folder ID (needed with user accounts, not with service account keys)', maxLength: 100 },
    { name: 'url', type: 'url', label: `API URL (default ${YANDEX_V2_URL})` },
    TIMEOUT_FIELD,
  ],
  async translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
    const out: MachineryResult[][] = [];
    const base = String(config.url || YANDEX_V2_URL);
    const language = (code: string) => code.trim().split(/[_\-@]/)[0].toLowerCase();
    for (const batch of batches(request.texts, MAX_TEXTS, MAX_CHARS)) {
      const body = await postJson({
        engine: this.id,
        service: this.name,
        url: `${base.endsWith('/') ? base : `${base}/`}translate`,
        headers: { Authorization: `Api-Key ${config.key}` },
        body: {
          sourceLanguageCode: language(request.sourceLanguage),
          targetLanguageCode: language(request.targetLanguage),
          format: 'PLAIN_TEXT',
          texts: batch.texts,
          ...(config.folder_id ? { folderId: String(config.folder_id) } : {}),
        },
        timeoutSeconds: Number(config.timeout ?? TIMEOUT_FIELD.default),
        signal: request.signal,
        outbound: context.outbound,
        errorMessage: messageOf('message'),
      });
      const translations = (body as { translations?: unknown })?.translations;
      if (!Array.isArray(translations) || translations.length !== batch.texts.length) throw invalidShape(this.id, this.name, `expected "translations" with ${batch.texts.length} entries`);
      translations.forEach((t, i) => {
        const text = (t as { text?: unknown })?.text;
        if (typeof text !== 'string') throw invalidShape(this.id, this.name, `translation ${batch.start + i} has no text`);
        out.push(text ? [{ text, quality: QUALITY, service: this.name, source: batch.texts[i] }] : []);
      });
    }
    return out;
  },
};
