// MyMemory: GET <url>?q=<text>&langpair=<src>|<dst>[&de=<email>&user=..&key=..]; every match is a candidate, its quality the match ratio.
import { MachineryError, TIMEOUT_FIELD, type EngineConfig, type EngineContext, type MachineryEngine, type MachineryResult, type TranslateRequest } from './engine.js';
import { bcp47Language } from './languages.js';
import { invalidShape, messageOf, postJson } from './http.js';

export const MYMEMORY_URL = 'https://api.mymemory.translated.net/get';
/** MyMemory refuses queries over 500 bytes; longer texts are not asked. */
const MAX_QUERY = 500;

export const myMemoryEngine: MachineryEngine = {
  id: 'mymemory',
  name: 'MyMemory',
  cacheable: true,
  worksUnconfigured: false,
  fields: [
    { name: 'email', type: 'string', label: 'Contact e-mail (raises the daily limit)', maxLength: 254 },
    { name: 'username', type: 'string', label: 'Username (private memories)', maxLength: 100 },
    { name: 'key', type: 'string', label: 'API key (private memories)', secret: true, maxLength: 200 },
    { name: 'url', type: 'url', label: `API URL (default ${MYMEMORY_URL})` },
    TIMEOUT_FIELD,
  ],
  async translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
    const langpair = `${bcp47Language(request.sourceLanguage)}|${bcp47Language(request.targetLanguage)}`;
    const out: MachineryResult[][] = [];
    for (const text of request.texts) {
      if (Buffer.byteLength(text) > MAX_QUERY) {
        out.push([]);
        continue;
      }
      const query: Record<string, string> = { q: text, langpair };
      if (config.email) query.de = String(config.email);
      if (config.username) query.user = String(config.username);
      if (config.key) query.key = String(config.key);
      const body = (await postJson({
        engine: this.id,
        service: this.name,
        url: String(config.url || MYMEMORY_URL),
        method: 'GET',
        query,
        timeoutSeconds: Number(config.timeout ?? TIMEOUT_FIELD.default),
        signal: request.signal,
        outbound: context.outbound,
        errorMessage: messageOf('responseDetails'),
      })) as { responseStatus?: unknown; responseDetails?: unknown; matches?: unknown };
      // Errors come back with HTTP 200 and the status in the body ("403" for a bad language pair, 429 over the daily limit).
      const status = Number(body?.responseStatus ?? 200);
      if (status !== 200) {
        const kind = status === 429 ? 'quota' : status === 401 ? 'auth' : status >= 500 ? 'server' : 'request';
        throw new MachineryError(this.id, kind, `${this.name} refused the request (${status}): ${String(body?.responseDetails ?? '').slice(0, 200)}`, status);
      }
      if (!Array.isArray(body?.matches)) throw invalidShape(this.id, this.name, 'expected "matches"');
      const candidates: MachineryResult[] = [];
      for (const m of body.matches as { translation?: unknown; match?: unknown; segment?: unknown }[]) {
        if (typeof m?.translation !== 'string' || m.translation === '') continue;
        const match = typeof m.match === 'number' ? m.match : Number(m.match);
        candidates.push({
          text: m.translation,
          // As the reference maps it: the match ratio (0–1) in percent.
          quality: Number.isFinite(match) ? Math.max(0, Math.min(100, Math.round(100 * match))) : 0,
          service: this.name,
          source: typeof m.segment === 'string' ? m.segment : text,
        });
      }
      out.push(candidates);
    }
    return out;
  },
};
