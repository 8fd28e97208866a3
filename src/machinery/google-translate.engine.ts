// Google Cloud Translation Basic (v2): POST …/language/translate/v2?key=<key> with {q: [...], source, target, format: "text"}.
import { TIMEOUT_FIELD, batches, type EngineConfig, type EngineContext, type MachineryEngine, type MachineryError, type MachineryResult, type TranslateRequest } from './engine.js';
import { googleLanguage } from './languages.js';
import { invalidShape, messageAt, postJson } from './http.js';

export const GOOGLE_V2_URL = 'https://translation.googleapis.com/language/translate/v2';
/** Google accepts up to 128 segments per request and recommends less than 30,000 code points in all. */
const MAX_TEXTS = 128;
const MAX_CHARS = 30_000;
/** The reference's max_score for Google Translate. */
export const GOOGLE_QUALITY = 90;

/** Google's error bodies name the cause in `error.errors[].reason` and `error.status` (an invalid key is a 400). */
export function googleErrorKind(_status: number, body: unknown): MachineryError['kind'] | undefined {
  const error = (body as { error?: { status?: string; errors?: { reason?: string }[]; details?: { reason?: string }[] } })?.error;
  const reasons = [...(error?.errors ?? []), ...(error?.details ?? [])].map((e) => e?.reason ?? '');
  if (reasons.some((r) => /keyInvalid|API_KEY_INVALID|forbidden|accessNotConfigured/i.test(r)) || error?.status === 'UNAUTHENTICATED' || error?.status === 'PERMISSION_DENIED') return 'auth';
  if (reasons.some((r) => /dailyLimitExceeded|quotaExceeded|dailyLimitExceededUnreg/.test(r))) return 'quota';
  if (reasons.some((r) => /rateLimitExceeded|userRateLimitExceeded|RATE_LIMIT_EXCEEDED/.test(r)) || error?.status === 'RESOURCE_EXHAUSTED') return 'rate_limit';
  return undefined;
}

/** The decoded `translatedText`s of a Google answer (v2 nests them in `data`, v3 does not). */
export function googleTranslations(engine: string, service: string, list: unknown, count: number): string[] {
  if (!Array.isArray(list) || list.length !== count) throw invalidShape(engine, service, `expected ${count} translations`);
  return list.map((t, i) => {
    const text = (t as { translatedText?: unknown })?.translatedText;
    if (typeof text !== 'string') throw invalidShape(engine, service, `translation ${i} has no translatedText`);
    return text;
  });
}

export const googleTranslateEngine: MachineryEngine = {
  id: 'google-translate',
  name: 'Google Translate',
  cacheable: true,
  worksUnconfigured: false,
  fields: [
    { name: 'key', type: 'string', label: 'API key', required: true, secret: true, maxLength: 200 },
    { name: 'url', type: 'url', label: `API URL (default ${GOOGLE_V2_URL})` },
    TIMEOUT_FIELD,
  ],
  async translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
    const out: MachineryResult[][] = [];
    for (const batch of batches(request.texts, MAX_TEXTS, MAX_CHARS)) {
      const body = await postJson({
        engine: this.id,
        service: this.name,
        url: String(config.url || GOOGLE_V2_URL),
        query: { key: String(config.key) },
        body: { q: batch.texts, source: googleLanguage(request.sourceLanguage), target: googleLanguage(request.targetLanguage), format: 'text' },
        timeoutSeconds: Number(config.timeout ?? TIMEOUT_FIELD.default),
        signal: request.signal,
        outbound: context.outbound,
        errorMessage: messageAt('error', 'message'),
        errorKind: googleErrorKind,
      });
      const texts = googleTranslations(this.id, this.name, (body as { data?: { translations?: unknown } })?.data?.translations, batch.texts.length);
      texts.forEach((text, i) => out.push(text ? [{ text, quality: GOOGLE_QUALITY, service: this.name, source: batch.texts[i] }] : []));
    }
    return out;
  },
};
