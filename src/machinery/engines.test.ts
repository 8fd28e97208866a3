// Engines against local HTTP servers speaking each service's protocol: requests, auth, batching, errors, timeouts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MachineryError, SECRET_MASK, batches, maskConfig, validateConfig, type MachineryEngine, type MachineryResult } from './engine.js';
import { DEEPL_FREE_URL, DEEPL_PRO_URL, deeplBaseUrl, deeplEngine } from './deepl.engine.js';
import { libreTranslateEngine } from './libretranslate.engine.js';
import { genericEngine } from './generic.engine.js';
import { createMemoryEngine, type MemoryLookup } from './memory.engine.js';
import { deeplSourceLanguage, deeplTargetLanguage, libreTranslateLanguage } from './languages.js';
import { ResultCache } from './cache.js';
import { createEngineRegistry } from './registry.js';
import { OutboundGuard } from '../shared/outbound-guard.js';

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}
interface Reply {
  status?: number;
  body?: unknown;
  raw?: string;
  delayMs?: number;
}

/** One local server per suite; each test sets `handler` and reads `requests`. */
class FakeService {
  requests: Recorded[] = [];
  handler: (req: Recorded) => Reply = () => ({ status: 404, body: {} });
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* recorded as text */
      }
      const rec = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      this.requests.push(rec);
      const reply = this.handler(rec);
      const send = () => {
        if (res.destroyed) return;
        const payload = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
        res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json' });
        res.end(payload);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
  reset(): void {
    this.requests = [];
  }
}

const service = new FakeService();
beforeAll(() => service.start());
afterAll(() => service.stop());
afterEach(() => service.reset());

// The stand-in services listen on loopback, which the SSRF guard refuses unless allowed.
const CTX = { projectId: null, outbound: new OutboundGuard({ allowedHosts: ['127.0.0.1'] }) };
async function failure(promise: Promise<unknown>): Promise<MachineryError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(MachineryError);
    return e as MachineryError;
  }
  throw new Error('expected a MachineryError');
}
const texts = (r: MachineryResult[][]) => r.map((c) => c.map((x) => x.text));

describe('language codes', () => {
  it('maps to DeepL source and target codes', () => {
    expect(['en', 'en_GB', 'en_US', 'pt', 'pt_BR', 'zh_Hans', 'zh_Hant', 'zh_TW', 'de_AT', 'es_419', 'nb_NO', 'cs'].map(deeplTargetLanguage)).toEqual([
      'EN-US', 'EN-GB', 'EN-US', 'PT-PT', 'PT-BR', 'ZH-HANS', 'ZH-HANT', 'ZH-HANT', 'DE', 'ES-419', 'NB', 'CS',
    ]);
    expect(['en_GB', 'pt-BR', 'zh_Hant', 'sr@latin', 'no'].map(deeplSourceLanguage)).toEqual(['EN', 'PT', 'ZH', 'SR', 'NB']);
  });
  it('maps to LibreTranslate codes', () => {
    expect(['en', 'en_GB', 'pt', 'pt_BR', 'zh_Hans', 'zh_Hant', 'nb_NO', 'DE'].map(libreTranslateLanguage)).toEqual(['en', 'en', 'pt', 'pb', 'zh', 'zt', 'nb', 'de']);
  });
});

describe('configuration', () => {
  it('reports every invalid field with its own attr', () => {
    try {
      validateConfig(deeplEngine.fields, { url: 'ftp://x', timeout: 0, colour: 'red' });
      throw new Error('not thrown');
    } catch (e: any) {
      expect(e.code).toBe('invalid');
      expect(e.fieldErrors).toEqual(
        expect.arrayContaining([
          { code: 'unknown_field', detail: 'Unknown field.', attr: 'configuration.colour' },
          { code: 'required', detail: 'This field is required.', attr: 'configuration.key' },
          { code: 'invalid', detail: 'Enter a valid http(s) URL.', attr: 'configuration.url' },
          { code: 'min_value', detail: 'Ensure this value is greater than or equal to 1.', attr: 'configuration.timeout' },
        ]),
      );
      expect(e.fieldErrors).toHaveLength(4);
    }
    expect(() => validateConfig(genericEngine.fields, { url: 'http://x/', header: 'Bad Header:' })).toThrow(/header/);
    expect(() => validateConfig(genericEngine.fields, { url: 'http://user:pw@x/' })).toThrow(/url/);
    expect(() => validateConfig(deeplEngine.fields, { key: SECRET_MASK })).toThrow(/mask/);
    expect(() => validateConfig(deeplEngine.fields, 'key')).toThrow(/object/);
  });
  it('fills defaults, accepts numeric strings and masks secrets', () => {
    const config = validateConfig(genericEngine.fields, { url: ' http://x/mt ', key: 's3cret', timeout: '5' });
    expect(config).toEqual({ url: 'http://x/mt', key: 's3cret', quality: 90, batch_size: 50, timeout: 5 });
    expect(maskConfig(genericEngine.fields, config)).toEqual({ url: 'http://x/mt', key: SECRET_MASK, quality: 90, batch_size: 50, timeout: 5 });
    expect(maskConfig(libreTranslateEngine.fields, { url: 'http://x/', timeout: 10 })).toEqual({ url: 'http://x/', timeout: 10 });
  });
  it('splits batches by count and size', () => {
    expect(batches(['a', 'b', 'c', 'd', 'e'], 2).map((b) => [b.start, b.texts])).toEqual([[0, ['a', 'b']], [2, ['c', 'd']], [4, ['e']]]);
    expect(batches(['aaaa', 'bbbb', 'c'], 10, 5).map((b) => b.texts)).toEqual([['aaaa'], ['bbbb', 'c']]);
  });
  it('knows engines by id and alias', () => {
    const registry = createEngineRegistry(null);
    expect(registry.get('weblate-translation-memory')?.id).toBe('parla-translation-memory');
    expect(registry.get('parla-translation-memory')?.id).toBe('parla-translation-memory');
    expect(registry.get('deepl')?.name).toBe('DeepL');
    expect(registry.get('google')).toBeUndefined();
  });
});

describe('DeepL', () => {
  const config = () => ({ key: 'f63c02c5-f056:fx', url: `${service.url}/v2/`, timeout: 10 });
  const deepl = (handler: (r: Recorded) => Reply) => (service.handler = handler);

  it('sends the documented request and reads the translations', async () => {
    deepl((r) => ({ body: { translations: (r.body.text as string[]).map((t) => ({ detected_source_language: 'EN', text: `PT:${t}` })) } }));
    const result = await deeplEngine.translate(config(), { texts: ['Hello, world!', 'Open'], sourceLanguage: 'en', targetLanguage: 'pt_BR' }, CTX);
    expect(result).toEqual([
      [{ text: 'PT:Hello, world!', quality: 91, service: 'DeepL', source: 'Hello, world!' }],
      [{ text: 'PT:Open', quality: 91, service: 'DeepL', source: 'Open' }],
    ]);
    expect(service.requests).toHaveLength(1);
    const [req] = service.requests;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v2/translate');
    expect(req.headers.authorization).toBe('DeepL-Auth-Key f63c02c5-f056:fx');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({ text: ['Hello, world!', 'Open'], source_lang: 'EN', target_lang: 'PT-BR' });
  });

  it('sends at most 50 texts per request and keeps the order', async () => {
    deepl((r) => ({ body: { translations: (r.body.text as string[]).map((t) => ({ detected_source_language: 'EN', text: t.toUpperCase() })) } }));
    const input = Array.from({ length: 120 }, (_, i) => `text ${i}`);
    const result = await deeplEngine.translate(config(), { texts: input, sourceLanguage: 'en', targetLanguage: 'zh_Hans' }, CTX);
    expect(service.requests.map((r) => r.body.text.length)).toEqual([50, 50, 20]);
    expect(service.requests[0].body.target_lang).toBe('ZH-HANS');
    expect(texts(result)).toEqual(input.map((t) => [t.toUpperCase()]));
  });

  it('chooses the Free API host for ":fx" keys', () => {
    expect(deeplBaseUrl({ key: 'abc:fx' })).toBe(DEEPL_FREE_URL);
    expect(deeplBaseUrl({ key: 'abc' })).toBe(DEEPL_PRO_URL);
    expect(deeplBaseUrl({ key: 'abc', url: 'http://127.0.0.1:1/v2' })).toBe('http://127.0.0.1:1/v2/');
  });

  it('maps error statuses to typed errors with clear messages', async () => {
    const cases: [Reply, MachineryError['kind'], RegExp][] = [
      [{ status: 403, raw: '' }, 'auth', /DeepL rejected the credentials \(check the API key\) \(HTTP 403\)\./],
      [{ status: 456, body: { message: 'Quota Exceeded' } }, 'quota', /character quota is used up \(HTTP 456\): Quota Exceeded/],
      [{ status: 429, body: { message: 'Too many requests' } }, 'rate_limit', /too many requests.*HTTP 429/],
      [{ status: 400, body: { message: "Value for 'target_lang' not supported." } }, 'request', /HTTP 400\): Value for 'target_lang' not supported\./],
      [{ status: 500, raw: '<html>Internal error</html>' }, 'server', /server error \(HTTP 500\)\.$/],
      [{ status: 200, raw: '<html>not json' }, 'invalid_response', /not valid JSON/],
      [{ status: 200, body: { translations: [] } }, 'invalid_response', /expected "translations" with 1 entries/],
      [{ status: 200, body: { translations: [{ detected_source_language: 'EN' }] } }, 'invalid_response', /has no text/],
    ];
    for (const [reply, kind, message] of cases) {
      deepl(() => reply);
      const e = await failure(deeplEngine.translate(config(), { texts: ['Hello'], sourceLanguage: 'en', targetLanguage: 'de' }, CTX));
      expect(e.kind, JSON.stringify(reply)).toBe(kind);
      expect(e.message).toMatch(message);
      expect(e.engine).toBe('deepl');
      expect(e.message).not.toContain('f63c02c5');
    }
  });

  it('gives up after the configured timeout', async () => {
    deepl(() => ({ delayMs: 5000, body: { translations: [{ text: 'late' }] } }));
    const started = Date.now();
    const e = await failure(deeplEngine.translate({ ...config(), timeout: 1 }, { texts: ['Hello'], sourceLanguage: 'en', targetLanguage: 'de' }, CTX));
    expect(e.kind).toBe('timeout');
    expect(e.message).toBe('DeepL did not answer within 1 s.');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops when the caller aborts', async () => {
    deepl(() => ({ delayMs: 5000, body: { translations: [{ text: 'late' }] } }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const e = await failure(deeplEngine.translate(config(), { texts: ['Hello'], sourceLanguage: 'en', targetLanguage: 'de', signal: controller.signal }, CTX));
    expect(e.kind).toBe('aborted');
  });

  it('reports a server that is not there', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const e = await failure(deeplEngine.translate({ key: 'k', url: `http://127.0.0.1:${port}/v2/` }, { texts: ['Hello'], sourceLanguage: 'en', targetLanguage: 'de' }, CTX));
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(/^Could not connect to DeepL: ECONNREFUSED\.$/);
  });

  it('refuses an internal address at request time unless allowed, without sending anything', async () => {
    const e = await failure(deeplEngine.translate(config(), { texts: ['Hello'], sourceLanguage: 'en', targetLanguage: 'de' }, { projectId: null }));
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(/^Refused to connect to DeepL: 127\.0\.0\.1 is a loopback address; requests to internal addresses are refused unless PARLA_ALLOWED_HOSTS allows them\.$/);
    expect(service.requests).toHaveLength(0);
  });
});

describe('LibreTranslate', () => {
  const libre = (handler: (r: Recorded) => Reply) => (service.handler = handler);

  it('sends q as a list with source, target, format and api_key', async () => {
    libre((r) => ({ body: { translatedText: (r.body.q as string[]).map((t) => `¡${t}!`) } }));
    const result = await libreTranslateEngine.translate({ url: `${service.url}/lt`, key: 'lt-key', timeout: 10 }, { texts: ['Hello', 'World'], sourceLanguage: 'en_US', targetLanguage: 'pt_BR' }, CTX);
    expect(result).toEqual([
      [{ text: '¡Hello!', quality: 89, service: 'LibreTranslate', source: 'Hello' }],
      [{ text: '¡World!', quality: 89, service: 'LibreTranslate', source: 'World' }],
    ]);
    const [req] = service.requests;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/lt/translate');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body).toEqual({ q: ['Hello', 'World'], source: 'en', target: 'pb', format: 'text', api_key: 'lt-key' });
  });

  it('leaves api_key out without a key and accepts a plain string for one text', async () => {
    libre(() => ({ body: { translatedText: 'Hola' } }));
    const result = await libreTranslateEngine.translate({ url: `${service.url}/` }, { texts: ['Hello'], sourceLanguage: 'en', targetLanguage: 'es' }, CTX);
    expect(texts(result)).toEqual([['Hola']]);
    expect(service.requests[0].url).toBe('/translate');
    expect(service.requests[0].body).toEqual({ q: ['Hello'], source: 'en', target: 'es', format: 'text' });
  });

  it('batches long lists', async () => {
    libre((r) => ({ body: { translatedText: r.body.q } }));
    const input = Array.from({ length: 60 }, (_, i) => `t${i}`);
    const result = await libreTranslateEngine.translate({ url: service.url }, { texts: input, sourceLanguage: 'en', targetLanguage: 'de' }, CTX);
    expect(service.requests.map((r) => r.body.q.length)).toEqual([25, 25, 10]);
    expect(texts(result)).toEqual(input.map((t) => [t]));
  });

  it('maps the {"error": ...} answers', async () => {
    const cases: [Reply, MachineryError['kind'], RegExp][] = [
      [{ status: 403, body: { error: 'Invalid API key' } }, 'auth', /LibreTranslate rejected the credentials.*\(HTTP 403\): Invalid API key$/],
      [{ status: 400, body: { error: 'zz is not supported' } }, 'request', /refused the request \(HTTP 400\): zz is not supported$/],
      [{ status: 429, body: { error: 'Too many request limits violations' } }, 'rate_limit', /HTTP 429/],
      [{ status: 500, body: { error: 'translation failed' } }, 'server', /server error \(HTTP 500\): translation failed$/],
      [{ status: 200, raw: '{"translatedText": ["a"' }, 'invalid_response', /not valid JSON/],
      [{ status: 200, body: { translatedText: ['only one'] } }, 'invalid_response', /expected "translatedText" with 2 strings/],
    ];
    for (const [reply, kind, message] of cases) {
      libre(() => reply);
      const e = await failure(libreTranslateEngine.translate({ url: service.url, key: 'secret-key' }, { texts: ['a', 'b'], sourceLanguage: 'en', targetLanguage: 'de' }, CTX));
      expect(e.kind, JSON.stringify(reply)).toBe(kind);
      expect(e.message).toMatch(message);
      expect(e.message).not.toContain('secret-key');
    }
  });

  it('times out', async () => {
    libre(() => ({ delayMs: 5000, body: { translatedText: ['x'] } }));
    const e = await failure(libreTranslateEngine.translate({ url: service.url, timeout: 1 }, { texts: ['x'], sourceLanguage: 'en', targetLanguage: 'de' }, CTX));
    expect(e.kind).toBe('timeout');
    expect(e.message).toBe('LibreTranslate did not answer within 1 s.');
  });
});

describe('generic engine', () => {
  it('posts the documented JSON with the configured header and reads translations', async () => {
    service.handler = (r) => ({
      body: { translations: (r.body.texts as string[]).map((t, i) => (i === 0 ? { text: `[${t}]`, quality: 73.6 } : { text: `[${t}]` })) },
    });
    const config = validateConfig(genericEngine.fields, { url: `${service.url}/mt/translate?v=1`, header: 'X-Api-Key', key: 'g-key', batch_size: 2, quality: 85 });
    const result = await genericEngine.translate(config, { texts: ['a', 'b', 'c', 'd', 'e'], sourceLanguage: 'en', targetLanguage: 'pt_BR' }, CTX);
    expect(service.requests.map((r) => r.url)).toEqual(['/mt/translate?v=1', '/mt/translate?v=1', '/mt/translate?v=1']);
    expect(service.requests[0].headers['x-api-key']).toBe('g-key');
    expect(service.requests[0].body).toEqual({ source_language: 'en', target_language: 'pt_BR', texts: ['a', 'b'] });
    expect(service.requests.map((r) => r.body.texts)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(result.map((c) => c[0].quality)).toEqual([74, 85, 74, 85, 74]);
    expect(result[1]).toEqual([{ text: '[b]', quality: 85, service: 'Generic machine translation', source: 'b' }]);
  });

  it('sends the key as Authorization without a header name, nothing without a key, and skips empty answers', async () => {
    service.handler = () => ({ body: { translations: [{ text: '' }, null] } });
    const result = await genericEngine.translate({ url: service.url, key: 'Bearer t' }, { texts: ['a', 'b'], sourceLanguage: 'en', targetLanguage: 'de' }, CTX);
    expect(result).toEqual([[], []]);
    expect(service.requests[0].headers.authorization).toBe('Bearer t');
    await genericEngine.translate({ url: service.url }, { texts: ['a', 'b'], sourceLanguage: 'en', targetLanguage: 'de' }, CTX);
    expect(service.requests[1].headers.authorization).toBeUndefined();
  });

  it('rejects malformed answers', async () => {
    for (const body of [{}, { translations: 'x' }, { translations: [{ text: 1 }] }, { translations: [{ text: 'a', quality: 'high' }] }]) {
      service.handler = () => ({ body });
      const e = await failure(genericEngine.translate({ url: service.url }, { texts: ['a'], sourceLanguage: 'en', targetLanguage: 'de' }, CTX));
      expect(e.kind).toBe('invalid_response');
      expect(e.message).toMatch(/^Generic machine translation sent an unexpected response: /);
    }
    service.handler = () => ({ status: 401, body: { detail: 'No token' } });
    const e = await failure(genericEngine.translate({ url: service.url }, { texts: ['a'], sourceLanguage: 'en', targetLanguage: 'de' }, CTX));
    expect(e.kind).toBe('auth');
    expect(e.message).toMatch(/\(HTTP 401\): No token$/);
  });
});

describe('translation memory engine', () => {
  it('asks the memory for each text, scoped to the project, best first', async () => {
    const calls: unknown[] = [];
    const memory: MemoryLookup = {
      async lookup(text, source, target, options) {
        calls.push([text, source, target, options]);
        if (text === 'none') return [];
        return [
          { source: `${text}!`, target: `${text} (fuzzy)`, score: 72.4 },
          { source: text, target: `${text} (exact)`, score: 100, origin: 'app' },
          { source: text, target: '', score: 100 },
        ];
      },
    };
    const engine: MachineryEngine = createMemoryEngine(memory);
    const result = await engine.translate({}, { texts: ['Open', 'none'], sourceLanguage: 'en', targetLanguage: 'cs' }, { projectId: 7 });
    expect(result).toEqual([
      [
        { text: 'Open (exact)', quality: 100, service: 'Parla translation memory', source: 'Open' },
        { text: 'Open (fuzzy)', quality: 72, service: 'Parla translation memory', source: 'Open!' },
      ],
      [],
    ]);
    expect(calls).toEqual([
      ['Open', 'en', 'cs', { projectId: 7, limit: 5 }],
      ['none', 'en', 'cs', { projectId: 7, limit: 5 }],
    ]);
    await engine.translate({}, { texts: ['x'], sourceLanguage: 'en', targetLanguage: 'cs' }, { projectId: null });
    expect(calls.at(-1)).toEqual(['x', 'en', 'cs', { limit: 5 }]);
  });

  it('is unavailable until a memory is wired', async () => {
    const e = await failure(createMemoryEngine(null).translate({}, { texts: ['x'], sourceLanguage: 'en', targetLanguage: 'cs' }, CTX));
    expect(e.kind).toBe('unavailable');
  });
});

describe('result cache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new ResultCache(2);
    const r = (text: string) => [{ text, quality: 90, service: 's', source: text }];
    const k = (t: string) => ResultCache.key('deepl', { key: 'a', timeout: 10 }, 'en', 'de', t);
    cache.set(k('a'), r('A'));
    cache.set(k('b'), r('B'));
    expect(cache.get(k('a'))).toEqual(r('A'));
    cache.set(k('c'), r('C'));
    expect(cache.size).toBe(2);
    expect(cache.get(k('b'))).toBeUndefined();
    expect(cache.get(k('a'))).toEqual(r('A'));
    expect(ResultCache.key('deepl', { timeout: 10, key: 'a' }, 'en', 'de', 'a')).toBe(k('a'));
    expect(ResultCache.key('deepl', { key: 'b', timeout: 10 }, 'en', 'de', 'a')).not.toBe(k('a'));
    expect(ResultCache.key('deepl', { key: 'a', timeout: 10 }, 'en', 'fr', 'a')).not.toBe(k('a'));
  });
});
