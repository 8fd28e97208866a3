// Machine translation engines against local servers that speak each service's documented protocol (request shape,
// authentication, batching, error codes, rate limits), behind the outbound-address guard; then, on every database,
// an engine configured through the API: prompt with glossary and context, cache, and errors shown in the editor.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart } from '../helpers/fixtures.js';
import { buildZip } from '../helpers/zip.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { signIn } from '../helpers/ui-session.js';
import { OutboundGuard } from '../../src/shared/outbound-guard.js';
import { MachineryError, type EngineConfig, type EngineContext, type MachineryEngine, type TranslateRequest } from '../../src/machinery/engine.js';
import { createEngineRegistry } from '../../src/machinery/registry.js';

interface Seen {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}
interface Reply {
  status?: number;
  json?: unknown;
  headers?: Record<string, string>;
  /** Never answer (for timeouts). */
  hang?: boolean;
  /** Start the body with a UTF-8 byte order mark. */
  bomFirst?: boolean;
}

/** A local HTTP server whose answers `handle` decides; it records every request. */
async function fakeService(handle: (req: Seen) => Reply | Promise<Reply>): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const entry: Seen = { method: req.method ?? '', url: req.url ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(entry);
      void Promise.resolve(handle(entry)).then((reply) => {
        if (reply.hang) return;
        res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json', ...reply.headers });
        res.end(`${reply.bomFirst ? '\uFEFF' : ''}${reply.json === undefined ? '' : JSON.stringify(reply.json)}`);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const registry = createEngineRegistry(null);
const engine = (id: string): MachineryEngine => registry.get(id)!;
const local: EngineContext = { projectId: null, outbound: new OutboundGuard({ allowedHosts: ['127.0.0.1'] }) };
const strict: EngineContext = { projectId: null, outbound: new OutboundGuard() };
const req = (texts: string[], extra: Partial<TranslateRequest> = {}): TranslateRequest => ({ texts, sourceLanguage: 'en', targetLanguage: 'de', ...extra });

async function failure(promise: Promise<unknown>): Promise<MachineryError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(MachineryError);
    return e as MachineryError;
  }
  throw new Error('expected a MachineryError');
}

/** The user message of a chat request: Parla's JSON input. */
function chatInput(seen: Seen, at: 'openai' | 'anthropic'): { glossary: { source: string; target: string; keep?: boolean }[]; strings: { source: string; context?: string; placeholders?: string[] }[]; target_language: string } {
  const body = JSON.parse(seen.body) as { messages: { role: string; content: string }[] };
  const user = body.messages[at === 'openai' ? 1 : 0];
  expect(user.role).toBe('user');
  return JSON.parse(user.content);
}

/** Answers a chat request with the translations `translate` makes of its strings, as OpenAI's Chat Completions do. */
const openAiAnswer = (seen: Seen, translate: (s: string) => string, fenced = false): Reply => {
  const strings = chatInput(seen, 'openai').strings.map((s) => translate(s.source));
  const content = fenced ? `\`\`\`json\n${JSON.stringify(strings)}\n\`\`\`` : JSON.stringify(strings);
  return { json: { id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] } };
};

describe('OpenAI-compatible engines', () => {
  it('sends the glossary, the context and the placeholders to keep, batches, and drops a translation that lost a placeholder', async () => {
    const svc = await fakeService((seen) =>
      openAiAnswer(seen, (s) => (s === 'Delete %s?' ? 'Löschen?' : `DE:${s}`), true),
    );
    try {
      const config: EngineConfig = { key: 'sk-test', base_url: `${svc.url}/v1`, model: 'gpt-test', batch_size: 2, persona: 'You translate a file manager', style: 'Use informal address' };
      const result = await engine('openai').translate(
        config,
        req(['Open the <b>repository</b>', 'Delete %s?', 'Hello {name}'], {
          glossary: [{ source: 'repository', target: 'Depot' }, { source: 'Parla', target: 'Parla', readOnly: true }, { source: 'unrelated', target: 'egal' }],
          hints: [{ context: 'menu item' }, undefined, { placeholders: ['{name}'] }],
        }),
        local,
      );
      expect(result.map((r) => r.map((c) => c.text))).toEqual([['DE:Open the <b>repository</b>'], [], ['DE:Hello {name}']]);
      expect(result[0][0]).toEqual({ text: 'DE:Open the <b>repository</b>', quality: 90, service: 'OpenAI', source: 'Open the <b>repository</b>' });
      expect(svc.seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /v1/chat/completions', 'POST /v1/chat/completions']);
      const first = svc.seen[0];
      expect(first.headers.authorization).toBe('Bearer sk-test');
      const body = JSON.parse(first.body);
      expect(body.model).toBe('gpt-test');
      expect(body.messages[0].role).toBe('system');
      expect(body.messages[0].content).toContain('You translate a file manager.');
      expect(body.messages[0].content).toContain('Use informal address.');
      expect(body.messages[0].content).toMatch(/placeholder/i);
      const input = chatInput(first, 'openai');
      expect(input.target_language).toBe('de');
      expect(input.glossary).toEqual([{ source: 'repository', target: 'Depot' }]);
      expect(input.strings).toEqual([
        { source: 'Open the <b>repository</b>', context: 'menu item', placeholders: ['<b>', '</b>'] },
        { source: 'Delete %s?', placeholders: ['%s'] },
      ]);
      expect(chatInput(svc.seen[1], 'openai').strings).toEqual([{ source: 'Hello {name}', placeholders: ['{name}'] }]);
    } finally {
      await svc.close();
    }
  });

  it('maps OpenAI errors: bad key, used-up quota, rate limit with Retry-After, server errors, malformed answers', async () => {
    let reply: Reply = {};
    const svc = await fakeService(() => reply);
    const config = { key: 'sk-bad', base_url: `${svc.url}/v1/` };
    try {
      reply = { status: 401, json: { error: { message: 'Incorrect API key provided: sk-bad.', type: 'invalid_request_error', code: 'invalid_api_key' } } };
      let e = await failure(engine('openai').translate(config, req(['Hi']), local));
      expect([e.kind, e.status, e.message]).toEqual(['auth', 401, 'OpenAI rejected the credentials (check the API key) (HTTP 401): Incorrect API key provided: sk-bad.']);
      reply = { status: 429, json: { error: { message: 'You exceeded your current quota.', type: 'insufficient_quota', code: 'insufficient_quota' } } };
      e = await failure(engine('openai').translate(config, req(['Hi']), local));
      expect(e.kind).toBe('quota');
      reply = { status: 429, headers: { 'Retry-After': '7' }, json: { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } } };
      e = await failure(engine('openai').translate(config, req(['Hi']), local));
      expect(e.kind).toBe('rate_limit');
      expect(e.message).toContain('Rate limit reached for requests. Retry after 7 s.');
      reply = { status: 503, json: { error: { message: 'The engine is currently overloaded.' } } };
      expect((await failure(engine('openai').translate(config, req(['Hi']), local))).kind).toBe('server');
      reply = { json: { choices: [{ message: { content: '["eins"]' } }] } };
      e = await failure(engine('openai').translate(config, req(['one', 'two']), local));
      expect([e.kind, e.message]).toEqual(['invalid_response', 'OpenAI sent an unexpected response: expected a JSON array of 2 translations.']);
      reply = { json: { choices: [] } };
      expect((await failure(engine('openai').translate(config, req(['one']), local))).kind).toBe('invalid_response');
      reply = { json: { choices: [{ message: { role: 'assistant', content: null, refusal: 'I cannot help with that.' } }] } };
      e = await failure(engine('openai').translate(config, req(['one']), local));
      expect([e.kind, e.message]).toEqual(['request', 'OpenAI refused to translate: I cannot help with that.']);
    } finally {
      await svc.close();
    }
  });

  it('speaks Azure OpenAI (deployment in the path, api-key header) and Ollama (no key, /v1/ under the server URL)', async () => {
    const svc = await fakeService((seen) => openAiAnswer(seen, (s) => `X:${s}`));
    try {
      const azure = await engine('azure-openai').translate({ key: 'az-key', azure_endpoint: `${svc.url}/`, deployment: 'my-gpt' }, req(['Save']), local);
      expect(azure).toEqual([[{ text: 'X:Save', quality: 90, service: 'Azure OpenAI', source: 'Save' }]]);
      expect(svc.seen[0].url).toBe('/openai/deployments/my-gpt/chat/completions?api-version=2024-10-21');
      expect(svc.seen[0].headers['api-key']).toBe('az-key');
      expect(svc.seen[0].headers.authorization).toBeUndefined();
      expect(JSON.parse(svc.seen[0].body).model).toBeUndefined();

      const ollama = await engine('ollama').translate({ base_url: svc.url, model: 'llama3.1' }, req(['Save']), local);
      expect(ollama[0][0].text).toBe('X:Save');
      expect(svc.seen[1].path).toBe('/v1/chat/completions');
      expect(svc.seen[1].headers.authorization).toBeUndefined();
      expect(JSON.parse(svc.seen[1].body).model).toBe('llama3.1');
    } finally {
      await svc.close();
    }
  });
});

describe('OpenAI reasoning models', () => {
  it('asks again without a temperature when the model accepts only its default', async () => {
    const svc = await fakeService((seen) =>
      'temperature' in JSON.parse(seen.body)
        ? { status: 400, json: { error: { message: "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.", type: 'invalid_request_error', param: 'temperature', code: 'unsupported_value' } } }
        : openAiAnswer(seen, (s) => `R:${s}`),
    );
    try {
      expect(await engine('openai').translate({ key: 'k', base_url: svc.url, model: 'o-reasoning' }, req(['Save']), local)).toEqual([[{ text: 'R:Save', quality: 90, service: 'OpenAI', source: 'Save' }]]);
      expect(svc.seen.map((s) => 'temperature' in JSON.parse(s.body))).toEqual([true, false]);
    } finally {
      await svc.close();
    }
  });
});

describe('Anthropic engine', () => {
  it('posts to /v1/messages with x-api-key and anthropic-version, and reads the text blocks', async () => {
    let reply: ((seen: Seen) => Reply) | null = null;
    const svc = await fakeService((seen) => reply!(seen));
    try {
      reply = (seen) => {
        const strings = chatInput(seen, 'anthropic').strings.map((s) => `Ü:${s.source}`);
        return { json: { id: 'msg_1', type: 'message', role: 'assistant', content: [{ type: 'text', text: JSON.stringify(strings) }], stop_reason: 'end_turn' } };
      };
      const config = { key: 'ant-key', base_url: svc.url, model: 'claude-test' };
      const result = await engine('anthropic').translate(config, req(['Copy %(count)d files'], { glossary: [{ source: 'files', target: 'Dateien' }] }), local);
      expect(result).toEqual([[{ text: 'Ü:Copy %(count)d files', quality: 90, service: 'Anthropic', source: 'Copy %(count)d files' }]]);
      const seen = svc.seen[0];
      expect(`${seen.method} ${seen.path}`).toBe('POST /v1/messages');
      expect(seen.headers['x-api-key']).toBe('ant-key');
      expect(seen.headers['anthropic-version']).toBe('2023-06-01');
      const body = JSON.parse(seen.body);
      expect(body).toMatchObject({ model: 'claude-test', max_tokens: 4096 });
      expect(typeof body.system).toBe('string');
      expect(chatInput(seen, 'anthropic')).toMatchObject({ glossary: [{ source: 'files', target: 'Dateien' }], strings: [{ source: 'Copy %(count)d files', placeholders: ['%(count)d'] }] });

      // A translation without the placeholder is no candidate.
      reply = () => ({ json: { content: [{ type: 'text', text: '["Kopiere Dateien"]' }], stop_reason: 'end_turn' } });
      expect(await engine('anthropic').translate(config, req(['Copy %(count)d files']), local)).toEqual([[]]);

      reply = () => ({ status: 401, json: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } } });
      let e = await failure(engine('anthropic').translate(config, req(['Hi']), local));
      expect([e.kind, e.message]).toEqual(['auth', 'Anthropic rejected the credentials (check the API key) (HTTP 401): invalid x-api-key']);
      reply = () => ({ status: 429, headers: { 'retry-after': '30' }, json: { type: 'error', error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' } } });
      e = await failure(engine('anthropic').translate(config, req(['Hi']), local));
      expect(e.kind).toBe('rate_limit');
      expect(e.message).toContain('Retry after 30 s.');
      reply = () => ({ status: 529, json: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } });
      expect((await failure(engine('anthropic').translate(config, req(['Hi']), local))).kind).toBe('rate_limit');
      reply = () => ({ json: { content: [{ type: 'text', text: '["Hal' }], stop_reason: 'max_tokens' } });
      expect((await failure(engine('anthropic').translate(config, req(['Hi']), local))).message).toContain('max_tokens');
    } finally {
      await svc.close();
    }
  });
});

describe('Google Cloud Translation', () => {
  it('v2: POST with the key in the query, up to 128 texts a request, Google language codes and error reasons', async () => {
    let reply: ((seen: Seen) => Reply) | null = null;
    const svc = await fakeService((seen) => reply!(seen));
    try {
      reply = (seen) => {
        const body = JSON.parse(seen.body) as { q: string[]; target: string };
        return { json: { data: { translations: body.q.map((q) => ({ translatedText: `${body.target}:${q}`, detectedSourceLanguage: 'en' })) } } };
      };
      const texts = Array.from({ length: 130 }, (_, i) => `text ${i}`);
      const config = { key: 'g-key', url: `${svc.url}/language/translate/v2` };
      const result = await engine('google-translate').translate(config, req(texts, { targetLanguage: 'zh_Hans' }), local);
      expect(result).toHaveLength(130);
      expect(result[129]).toEqual([{ text: 'zh-CN:text 129', quality: 90, service: 'Google Translate', source: 'text 129' }]);
      expect(svc.seen.map((s) => JSON.parse(s.body).q.length)).toEqual([128, 2]);
      expect(svc.seen[0].path).toBe('/language/translate/v2');
      expect(svc.seen[0].query.get('key')).toBe('g-key');
      expect(JSON.parse(svc.seen[0].body)).toMatchObject({ source: 'en', target: 'zh-CN', format: 'text' });

      reply = () => ({ status: 400, json: { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', errors: [{ message: 'API key not valid.', domain: 'global', reason: 'badRequest' }], status: 'INVALID_ARGUMENT', details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }] } } });
      let e = await failure(engine('google-translate').translate(config, req(['Hi']), local));
      expect([e.kind, e.message]).toEqual(['auth', 'Google Translate rejected the credentials (check the API key) (HTTP 400): API key not valid. Please pass a valid API key.']);
      reply = () => ({ status: 403, json: { error: { code: 403, message: 'Daily Limit Exceeded', errors: [{ reason: 'dailyLimitExceeded' }] } } });
      expect((await failure(engine('google-translate').translate(config, req(['Hi']), local))).kind).toBe('quota');
      reply = () => ({ status: 403, json: { error: { code: 403, message: 'User Rate Limit Exceeded', errors: [{ reason: 'userRateLimitExceeded' }] } } });
      expect((await failure(engine('google-translate').translate(config, req(['Hi']), local))).kind).toBe('rate_limit');
      reply = () => ({ status: 400, json: { error: { code: 400, message: 'Bad language pair: en|xx', errors: [{ reason: 'invalid' }] } } });
      e = await failure(engine('google-translate').translate(config, req(['Hi']), local));
      expect([e.kind, e.message]).toEqual(['request', 'Google Translate refused the request (HTTP 400): Bad language pair: en|xx']);
    } finally {
      await svc.close();
    }
  });

  it('v3: exchanges a JWT signed with the service account key for a token, then translates with it', async () => {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    let translateReply: Reply | null = null;
    const svc = await fakeService((seen) => {
      if (seen.path === '/token') {
        const form = new URLSearchParams(seen.body);
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return { status: 400, json: { error: 'unsupported_grant_type' } };
        const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
        const valid = crypto.verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'));
        const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { iss: string; aud: string; scope: string };
        if (!valid || c.iss !== 'parla@test.iam.gserviceaccount.com' || !c.aud.endsWith('/token') || !c.scope.includes('cloud-translation')) {
          return { status: 400, json: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
        }
        return { json: { access_token: 'ya29.token', expires_in: 3599, token_type: 'Bearer' } };
      }
      if (translateReply) return translateReply;
      if (seen.headers.authorization !== 'Bearer ya29.token') return { status: 401, json: { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } } };
      const body = JSON.parse(seen.body) as { contents: string[]; targetLanguageCode: string };
      return { json: { translations: body.contents.map((t) => ({ translatedText: `${body.targetLanguageCode}:${t}` })) } };
    });
    try {
      const credentials = JSON.stringify({
        type: 'service_account',
        project_id: 'parla-test',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
        client_email: 'parla@test.iam.gserviceaccount.com',
        token_uri: `${svc.url}/token`,
      });
      const config = { credentials, project: 'parla-test', location: 'global', url: `${svc.url}/v3/` };
      const result = await engine('google-translate-api-v3').translate(config, req(['Open', 'Close'], { targetLanguage: 'pt_BR' }), local);
      expect(result.map((r) => r[0].text)).toEqual(['pt-BR:Open', 'pt-BR:Close']);
      expect(result[0][0]).toMatchObject({ quality: 90, service: 'Google Cloud Translation Advanced' });
      expect(svc.seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /token', 'POST /v3/projects/parla-test/locations/global:translateText']);
      expect(JSON.parse(svc.seen[1].body)).toEqual({ contents: ['Open', 'Close'], mimeType: 'text/plain', sourceLanguageCode: 'en', targetLanguageCode: 'pt-BR' });
      // The token is kept until it expires.
      await engine('google-translate-api-v3').translate(config, req(['Again']), local);
      expect(svc.seen.filter((s) => s.path === '/token')).toHaveLength(1);

      translateReply = { status: 429, json: { error: { code: 429, message: 'Quota exceeded for quota metric', status: 'RESOURCE_EXHAUSTED' } } };
      expect((await failure(engine('google-translate-api-v3').translate(config, req(['Hi']), local))).kind).toBe('rate_limit');
      // A token the API no longer accepts is dropped: the next request gets a new one.
      translateReply = { status: 401, json: { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } } };
      expect((await failure(engine('google-translate-api-v3').translate(config, req(['Hi']), local))).kind).toBe('auth');
      translateReply = null;
      expect((await engine('google-translate-api-v3').translate(config, req(['Hi']), local))[0][0].text).toBe('de:Hi');
      expect(svc.seen.filter((s) => s.path === '/token')).toHaveLength(2);

      const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
      const wrongKey = { ...config, credentials: JSON.stringify({ ...JSON.parse(credentials), private_key: other }) };
      const e = await failure(engine('google-translate-api-v3').translate(wrongKey, req(['Hi']), local));
      expect([e.kind, e.message]).toEqual(['auth', 'Google Cloud Translation Advanced (token) rejected the credentials (check the API key) (HTTP 400): Invalid JWT Signature.']);
      expect((await failure(engine('google-translate-api-v3').translate({ ...config, credentials: '{"not": "a key"}' }, req(['Hi']), local))).kind).toBe('not_configured');
    } finally {
      await svc.close();
    }
  });
});

describe('Microsoft Translator v3', () => {
  it('posts [{Text}] with the subscription key and region, in batches, and maps its error codes', async () => {
    let reply: ((seen: Seen) => Reply) | null = null;
    const svc = await fakeService((seen) => reply!(seen));
    try {
      reply = (seen) => ({ json: (JSON.parse(seen.body) as { Text: string }[]).map((t) => ({ translations: [{ text: `${seen.query.get('to')}:${t.Text}`, to: seen.query.get('to') }] })) });
      const config = { key: 'ms-key', region: 'westeurope', base_url: svc.url };
      const result = await engine('microsoft-translator').translate(config, req(['Open', 'Close'], { targetLanguage: 'zh_Hant' }), local);
      expect(result).toEqual([
        [{ text: 'zh-Hant:Open', quality: 90, service: 'Microsoft Translator', source: 'Open' }],
        [{ text: 'zh-Hant:Close', quality: 90, service: 'Microsoft Translator', source: 'Close' }],
      ]);
      const seen = svc.seen[0];
      expect(seen.path).toBe('/translate');
      expect(Object.fromEntries(seen.query)).toEqual({ 'api-version': '3.0', from: 'en', to: 'zh-Hant', category: 'general' });
      expect(seen.headers['ocp-apim-subscription-key']).toBe('ms-key');
      expect(seen.headers['ocp-apim-subscription-region']).toBe('westeurope');
      expect(JSON.parse(seen.body)).toEqual([{ Text: 'Open' }, { Text: 'Close' }]);

      // Microsoft may start its JSON with a byte order mark.
      const bom = await fakeService(() => ({ headers: { 'Content-Type': 'application/json; charset=utf-8' }, json: [{ translations: [{ text: 'Öffnen', to: 'de' }] }], bomFirst: true }));
      try {
        expect((await engine('microsoft-translator').translate({ key: 'k', base_url: bom.url }, req(['Open']), local))[0][0].text).toBe('Öffnen');
      } finally {
        await bom.close();
      }
      reply = () => ({ status: 401, json: { error: { code: 401000, message: 'The request is not authorized because credentials are missing or invalid.' } } });
      expect((await failure(engine('microsoft-translator').translate(config, req(['Hi']), local))).kind).toBe('auth');
      reply = () => ({ status: 403, json: { error: { code: 403001, message: 'The operation is not allowed because the subscription has exceeded its free quota.' } } });
      expect((await failure(engine('microsoft-translator').translate(config, req(['Hi']), local))).kind).toBe('quota');
      reply = () => ({ status: 429, json: { error: { code: 429001, message: 'The server rejected the request because the client has exceeded request limits.' } } });
      const e = await failure(engine('microsoft-translator').translate(config, req(['Hi']), local));
      expect([e.kind, e.message]).toEqual(['rate_limit', 'Microsoft Translator reports too many requests; try again later (HTTP 429): The server rejected the request because the client has exceeded request limits.']);
    } finally {
      await svc.close();
    }
  });
});

describe('Amazon Translate', () => {
  it('signs TranslateText with SigV4 through the AWS SDK, sent through the outbound guard', async () => {
    let reply: ((seen: Seen) => Reply) | null = null;
    const svc = await fakeService((seen) => reply!(seen));
    try {
      reply = (seen) => {
        const body = JSON.parse(seen.body) as { Text: string; SourceLanguageCode: string; TargetLanguageCode: string };
        return { headers: { 'Content-Type': 'application/x-amz-json-1.1' }, json: { TranslatedText: `${body.TargetLanguageCode}:${body.Text}`, SourceLanguageCode: body.SourceLanguageCode, TargetLanguageCode: body.TargetLanguageCode } };
      };
      const config = { key: 'AKIDEXAMPLE', secret: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'eu-west-1', url: svc.url };
      const result = await engine('aws').translate(config, req(['Open', 'Close'], { targetLanguage: 'zh_Hant' }), local);
      expect(result).toEqual([
        [{ text: 'zh-TW:Open', quality: 88, service: 'Amazon Translate', source: 'Open' }],
        [{ text: 'zh-TW:Close', quality: 88, service: 'Amazon Translate', source: 'Close' }],
      ]);
      expect(svc.seen).toHaveLength(2);
      const seen = svc.seen[0];
      expect(seen.method).toBe('POST');
      expect(seen.headers['x-amz-target']).toBe('AWSShineFrontendService_20170701.TranslateText');
      expect(seen.headers['content-type']).toBe('application/x-amz-json-1.1');
      expect(seen.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/translate\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/);
      expect(seen.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);

      reply = () => ({ status: 400, json: { __type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' } });
      let e = await failure(engine('aws').translate(config, req(['Hi']), local));
      expect([e.kind, e.message]).toEqual(['auth', 'Amazon Translate rejected the credentials (check the access key and secret): The security token included in the request is invalid.']);
      reply = () => ({ status: 429, json: { __type: 'TooManyRequestsException', message: 'Rate exceeded' } });
      expect((await failure(engine('aws').translate(config, req(['Hi']), local))).kind).toBe('rate_limit');
      reply = () => ({ status: 400, json: { __type: 'UnsupportedLanguagePairException', message: 'Unsupported language pair: en to xx.' } });
      e = await failure(engine('aws').translate(config, req(['Hi']), local));
      expect(e.kind).toBe('request');
      expect(e.message).toContain('Unsupported language pair: en to xx.');

      // The SDK's requests go through the guard: a loopback endpoint is refused without PARLA_ALLOWED_HOSTS.
      const before = svc.seen.length;
      e = await failure(engine('aws').translate(config, req(['Hi']), strict));
      expect(e.kind).toBe('network');
      expect(e.message).toMatch(/^Refused to connect to Amazon Translate: 127\.0\.0\.1 is a loopback address/);
      expect(svc.seen).toHaveLength(before);
      expect((await failure(engine('aws').translate({ ...config, region: 'evil.example#' }, req(['Hi']), local))).kind).toBe('not_configured');
    } finally {
      await svc.close();
    }
  });
});

describe('ModernMT, Apertium APy, MyMemory, SYSTRAN and Yandex', () => {
  it('ModernMT: POST with X-HTTP-Method-Override and MMT-ApiKey, q as a list', async () => {
    let reply: ((seen: Seen) => Reply) | null = null;
    const svc = await fakeService((seen) => reply!(seen));
    try {
      reply = (seen) => ({ json: { status: 200, data: (JSON.parse(seen.body) as { q: string[] }).q.map((q) => ({ translation: `mmt:${q}`, contextVector: '', characters: q.length, billedCharacters: q.length })) } });
      const config = { key: 'mmt-key', url: `${svc.url}/` };
      expect(await engine('modernmt').translate(config, req(['Open', 'Close']), local)).toEqual([
        [{ text: 'mmt:Open', quality: 90, service: 'ModernMT', source: 'Open' }],
        [{ text: 'mmt:Close', quality: 90, service: 'ModernMT', source: 'Close' }],
      ]);
      expect(svc.seen[0].path).toBe('/translate');
      expect(svc.seen[0].headers['mmt-apikey']).toBe('mmt-key');
      expect(svc.seen[0].headers['x-http-method-override']).toBe('GET');
      expect(JSON.parse(svc.seen[0].body)).toEqual({ source: 'en', target: 'de', q: ['Open', 'Close'] });
      reply = () => ({ status: 401, json: { status: 401, error: { type: 'AuthenticationException', message: 'Invalid API key' } } });
      const e = await failure(engine('modernmt').translate(config, req(['Hi']), local));
      expect([e.kind, e.message]).toEqual(['auth', 'ModernMT rejected the credentials (check the API key) (HTTP 401): Invalid API key']);
      reply = () => ({ status: 429, json: { status: 429, error: { type: 'TooManyRequestsException', message: 'Too many requests' } } });
      expect((await failure(engine('modernmt').translate(config, req(['Hi']), local))).kind).toBe('rate_limit');
    } finally {
      await svc.close();
    }
  });

  it('Apertium APy: GET /translate with a three-letter langpair, one text per request', async () => {
    let reply: ((seen: Seen) => Reply) | null = null;
    const svc = await fakeService((seen) => reply!(seen));
    try {
      reply = (seen) => ({ json: { responseData: { translatedText: `apy:${seen.query.get('q')}` }, responseDetails: null, responseStatus: 200 } });
      const config = { url: `${svc.url}/apy` };
      expect(await engine('apertium-apy').translate(config, req(['Open', 'Close'], { targetLanguage: 'es' }), local)).toEqual([
        [{ text: 'apy:Open', quality: 90, service: 'Apertium APy', source: 'Open' }],
        [{ text: 'apy:Close', quality: 90, service: 'Apertium APy', source: 'Close' }],
      ]);
      expect(svc.seen.map((s) => s.method)).toEqual(['GET', 'GET']);
      expect(svc.seen[0].path).toBe('/apy/translate');
      expect(Object.fromEntries(svc.seen[0].query)).toEqual({ langpair: 'eng|spa', q: 'Open', markUnknown: 'no' });
      reply = () => ({ status: 400, json: { responseData: null, responseDetails: 'That pair is not installed', responseStatus: 400 } });
      const e = await failure(engine('apertium-apy').translate(config, req(['Hi'], { targetLanguage: 'ja' }), local));
      expect([e.kind, e.message]).toEqual(['request', 'Apertium APy refused the request (HTTP 400): That pair is not installed']);
    } finally {
      await svc.close();
    }
  });

  it('MyMemory: GET with langpair and contact, every match a candidate with its match ratio as quality', async () => {
    let reply: ((seen: Seen) => Reply) | null = null;
    const svc = await fakeService((seen) => reply!(seen));
    try {
      reply = (seen) => ({
        json: {
          responseData: { translatedText: 'Öffnen', match: 1 },
          responseStatus: 200,
          responseDetails: '',
          matches: [
            { id: '1', segment: seen.query.get('q'), translation: 'Öffnen', quality: '74', match: 1, 'last-updated-by': 'MT!', reference: '' },
            { id: '2', segment: 'Open it', translation: 'Öffne es', quality: '70', match: 0.85, 'last-updated-by': '', reference: '' },
          ],
        },
      });
      const config = { email: 'tm@example.com', url: `${svc.url}/get` };
      const result = await engine('mymemory').translate(config, req(['Open']), local);
      expect(result).toEqual([[
        { text: 'Öffnen', quality: 100, service: 'MyMemory', source: 'Open' },
        { text: 'Öffne es', quality: 85, service: 'MyMemory', source: 'Open it' },
      ]]);
      expect(Object.fromEntries(svc.seen[0].query)).toEqual({ q: 'Open', langpair: 'en|de', de: 'tm@example.com' });
      reply = () => ({ json: { responseData: { translatedText: 'MYMEMORY WARNING: YOU USED ALL AVAILABLE FREE TRANSLATIONS FOR TODAY.' }, responseStatus: 429, responseDetails: 'MYMEMORY WARNING: YOU USED ALL AVAILABLE FREE TRANSLATIONS FOR TODAY.', matches: [] } });
      expect((await failure(engine('mymemory').translate(config, req(['Close']), local))).kind).toBe('quota');
      reply = () => ({ json: { responseData: { translatedText: "'XX' IS AN INVALID TARGET LANGUAGE" }, responseStatus: '403', responseDetails: "'XX' IS AN INVALID TARGET LANGUAGE", matches: '' } });
      const e = await failure(engine('mymemory').translate(config, req(['Close']), local));
      expect([e.kind, e.message]).toEqual(['request', "MyMemory refused the request (403): 'XX' IS AN INVALID TARGET LANGUAGE"]);
    } finally {
      await svc.close();
    }
  });

  it('SYSTRAN: form POST with one input per text and Authorization: Key', async () => {
    let reply: ((seen: Seen) => Reply) | null = null;
    const svc = await fakeService((seen) => reply!(seen));
    try {
      reply = (seen) => ({ json: { outputs: new URLSearchParams(seen.body).getAll('input').map((i) => ({ output: `sys:${i}` })) } });
      const config = { key: 'sys-key', url: svc.url };
      expect(await engine('systran').translate(config, req(['Open', 'Close']), local)).toEqual([
        [{ text: 'sys:Open', quality: 90, service: 'SYSTRAN', source: 'Open' }],
        [{ text: 'sys:Close', quality: 90, service: 'SYSTRAN', source: 'Close' }],
      ]);
      const seen = svc.seen[0];
      expect(`${seen.method} ${seen.path}`).toBe('POST /translation/text/translate');
      expect(seen.headers.authorization).toBe('Key sys-key');
      expect(seen.headers['content-type']).toBe('application/x-www-form-urlencoded');
      const form = new URLSearchParams(seen.body);
      expect([form.get('source'), form.get('target'), form.getAll('input')]).toEqual(['en', 'de', ['Open', 'Close']]);
      reply = () => ({ status: 400, json: { error: { message: 'No Queue defined for Route: en_xx', statusCode: 400 } } });
      const e = await failure(engine('systran').translate(config, req(['Hi']), local));
      expect([e.kind, e.message]).toEqual(['request', 'SYSTRAN refused the request (HTTP 400): No Queue defined for Route: en_xx']);
      reply = () => ({ status: 429, json: { error: { message: 'Too many requests', statusCode: 429 } } });
      expect((await failure(engine('systran').translate(config, req(['Hi']), local))).kind).toBe('rate_limit');
    } finally {
      await svc.close();
    }
  });

  it('Yandex: form POST of key, lang and the texts; its result codes mapped', async () => {
    let reply: ((seen: Seen) => Reply) | null = null;
    const svc = await fakeService((seen) => reply!(seen));
    try {
      reply = (seen) => ({ json: { code: 200, lang: 'en-de', text: new URLSearchParams(seen.body).getAll('text').map((t) => `ya:${t}`) } });
      const config = { key: 'trnsl.1.1.key', url: `${svc.url}/api/v1.5/tr.json/` };
      expect(await engine('yandex').translate(config, req(['Open', 'Close'], { targetLanguage: 'de_AT' }), local)).toEqual([
        [{ text: 'ya:Open', quality: 90, service: 'Yandex', source: 'Open' }],
        [{ text: 'ya:Close', quality: 90, service: 'Yandex', source: 'Close' }],
      ]);
      expect(svc.seen[0].path).toBe('/api/v1.5/tr.json/translate');
      const form = new URLSearchParams(svc.seen[0].body);
      expect([form.get('key'), form.get('lang'), form.getAll('text')]).toEqual(['trnsl.1.1.key', 'en-de', ['Open', 'Close']]);
      reply = () => ({ status: 403, json: { code: 401, message: 'API key is invalid' } });
      expect((await failure(engine('yandex').translate(config, req(['Hi']), local))).kind).toBe('auth');
      reply = () => ({ status: 404, json: { code: 404, message: 'Exceeded the daily limit on the amount of translated text' } });
      const e = await failure(engine('yandex').translate(config, req(['Hi']), local));
      expect([e.kind, e.message]).toEqual(['quota', 'Yandex reports that the character quota is used up (HTTP 404): Exceeded the daily limit on the amount of translated text']);
    } finally {
      await svc.close();
    }
  });
});

describe('Yandex Cloud (v2)', () => {
  it('posts texts with Authorization: Api-Key and the folder, and maps its errors', async () => {
    let reply: ((seen: Seen) => Reply) | null = null;
    const svc = await fakeService((seen) => reply!(seen));
    try {
      reply = (seen) => ({ json: { translations: (JSON.parse(seen.body) as { texts: string[] }).texts.map((t) => ({ text: `y2:${t}` })) } });
      const config = { key: 'AQVN-key', folder_id: 'b1g-folder', url: `${svc.url}/translate/v2/` };
      expect(await engine('yandex-v2').translate(config, req(['Open', 'Close'], { targetLanguage: 'ru' }), local)).toEqual([
        [{ text: 'y2:Open', quality: 90, service: 'Yandex v2', source: 'Open' }],
        [{ text: 'y2:Close', quality: 90, service: 'Yandex v2', source: 'Close' }],
      ]);
      expect(svc.seen[0].path).toBe('/translate/v2/translate');
      expect(svc.seen[0].headers.authorization).toBe('Api-Key AQVN-key');
      expect(JSON.parse(svc.seen[0].body)).toEqual({ sourceLanguageCode: 'en', targetLanguageCode: 'ru', format: 'PLAIN_TEXT', texts: ['Open', 'Close'], folderId: 'b1g-folder' });
      reply = () => ({ status: 401, json: { code: 16, message: 'Unknown api key', details: [] } });
      const e = await failure(engine('yandex-v2').translate(config, req(['Hi']), local));
      expect([e.kind, e.message]).toEqual(['auth', 'Yandex v2 rejected the credentials (check the API key) (HTTP 401): Unknown api key']);
      reply = () => ({ status: 429, json: { code: 8, message: 'limit on requests was exceeded', details: [] } });
      expect((await failure(engine('yandex-v2').translate(config, req(['Hi']), local))).kind).toBe('rate_limit');
    } finally {
      await svc.close();
    }
  });
});

describe('every engine behind the outbound guard', () => {
  it('refuses a loopback service without PARLA_ALLOWED_HOSTS, before any request, and times out a silent one', async () => {
    const svc = await fakeService(() => ({ hang: true }));
    try {
      const configs: Record<string, EngineConfig> = {
        openai: { key: 'k', base_url: svc.url },
        'azure-openai': { key: 'k', azure_endpoint: svc.url, deployment: 'd' },
        ollama: { base_url: svc.url, model: 'm' },
        anthropic: { key: 'k', base_url: svc.url },
        'google-translate': { key: 'k', url: svc.url },
        'microsoft-translator': { key: 'k', base_url: svc.url },
        modernmt: { key: 'k', url: svc.url },
        'apertium-apy': { url: svc.url },
        mymemory: { url: svc.url },
        systran: { key: 'k', url: svc.url },
        yandex: { key: 'k', url: svc.url },
        'yandex-v2': { key: 'k', url: svc.url },
      };
      for (const [id, config] of Object.entries(configs)) {
        const e = await failure(engine(id).translate(config, req(['Hi']), strict));
        expect([id, e.kind]).toEqual([id, 'network']);
        expect(e.message).toMatch(/^Refused to connect to .*127\.0\.0\.1 is a loopback address/);
      }
      expect(svc.seen).toEqual([]);
      const e = await failure(engine('google-translate').translate({ ...configs['google-translate'], timeout: 1 }, req(['Hi']), local));
      expect([e.kind, e.message]).toEqual(['timeout', 'Google Translate did not answer within 1 s.']);
    } finally {
      await svc.close();
    }
  });
});

describe.each(DIALECTS)('language-model engines through Parla on %s', (dialect) => {
  let s: TestServer;
  let svc: Awaited<ReturnType<typeof fakeService>>;
  let mode: 'ok' | 'fail' | 'hang' = 'ok';
  let projectId: number;

  beforeAll(async () => {
    svc = await fakeService((seen) => {
      if (mode === 'fail') return { status: 500, json: { error: { message: 'The server had an error while processing your request.' } } };
      if (mode === 'hang') return { hang: true };
      const input = chatInput(seen, 'openai');
      const glossary = new Map(input.glossary.map((t) => [t.source.toLowerCase(), t.target]));
      return openAiAnswer(seen, (source) => source.split(' ').map((w) => glossary.get(w.toLowerCase()) ?? w.toUpperCase()).join(' '));
    });
    s = await startServer(dialect);
    expect((await createProject(s, 'llm')).status).toBe(201);
    expect((await createPoComponent(s, 'llm')).status).toBe(201);
    projectId = (await (await s.api('/api/projects/llm/')).json()).id;
  });
  afterAll(async () => {
    await s.close();
    await svc.close();
  });

  it('is configured through the API and translates with the glossary and context, cached by both', async () => {
    const res = await s.api('/api/projects/llm/machinery/', { method: 'POST', json: { engine: 'openai', configuration: { key: 'sk-secret', base_url: `${svc.url}/v1/`, model: 'local-model' } } });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).configuration).toEqual({ key: '********', base_url: `${svc.url}/v1/`, model: 'local-model', batch_size: 20, timeout: 60 });

    const glossary = [{ source: 'repository', target: 'Depot' }];
    const langs = { source: 'en', target: 'de' };
    const first = await s.container.machinery.translateWith(projectId, ['openai'], ['Open repository', 'Open %s'], langs, { glossary, hints: [{ context: 'menu' }, undefined] });
    expect(first.errors).toEqual([]);
    // "OPEN %S" lost the placeholder %s: no candidate.
    expect(first.results.map((r) => r.map((c) => c.text))).toEqual([['OPEN Depot'], []]);
    expect(svc.seen).toHaveLength(1);
    expect(chatInput(svc.seen[0], 'openai').strings).toEqual([{ source: 'Open repository', context: 'menu' }, { source: 'Open %s', placeholders: ['%s'] }]);

    // The same texts with the same context and glossary come from the cache; another context is asked again.
    await s.container.machinery.translateWith(projectId, ['openai'], ['Open repository'], langs, { glossary, hints: [{ context: 'menu' }] });
    expect(svc.seen).toHaveLength(1);
    const again = await s.container.machinery.translateWith(projectId, ['openai'], ['Open repository'], langs, { glossary, hints: [{ context: 'toolbar' }] });
    expect(again.results[0][0].text).toBe('OPEN Depot');
    expect(svc.seen).toHaveLength(2);
  });

  it('tells the models a translation\'s glossary terms, each string\'s context and its flagged placeholders', async () => {
    const term = (id: string, en: string, de: string, extra = '') =>
      `<termEntry id="${id}">${extra}<langSet xml:lang="en"><tig><term>${en}</term></tig></langSet>${de ? `<langSet xml:lang="de"><tig><term>${de}</term></tig></langSet>` : ''}</termEntry>`;
    const tbx = `<?xml version="1.0" encoding="UTF-8"?>\n<martif type="TBX" xml:lang="en"><martifHeader><fileDesc><sourceDesc><p>G</p></sourceDesc></fileDesc></martifHeader><text><body>${
      term('t1', 'repository', 'Depot') + term('t2', 'branch', 'Zweig') + term('t3', 'commit', '')
    }</body></text></martif>\n`;
    const res = await s.api('/api/projects/llm/components/', {
      method: 'POST',
      body: multipart({ name: 'Terms', slug: 'terms', file_format: 'tbx', filemask: 'tbx/*.tbx', is_glossary: 'true' }, { zipfile: { name: 'g.zip', data: buildZip([{ name: 'tbx/de.tbx', data: tbx }]) } }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const languages = await s.container.database.db.withTables<{ languages: { id: number; code: string } }>().selectFrom('languages').select(['id', 'code']).where('code', 'in', ['en', 'de']).execute();
    const id = (code: string) => languages.find((l) => l.code === code)!.id;
    const extra = await s.container.machinery.stringHints(projectId, { sourceId: id('en'), targetId: id('de') }, [
      { text: 'Push the branch to the repository', context: 'toolbar', explanation: 'A button' },
      { text: 'Commit $COUNT$ files', flags: 'placeholders:$COUNT$' },
    ]);
    expect(extra).toEqual({
      // "commit" has no German term yet: not sent.
      glossary: [{ source: 'branch', target: 'Zweig' }, { source: 'repository', target: 'Depot' }],
      hints: [{ context: 'toolbar. A button' }, { placeholders: ['$COUNT$'] }],
    });
    const before = svc.seen.length;
    const outcome = await s.container.machinery.translateWith(projectId, ['openai'], ['Push the branch to the repository', 'Commit $COUNT$ files'], { source: 'en', target: 'de' }, extra);
    // "COMMIT $COUNT$ FILES" keeps $COUNT$; the glossary's "Zweig" and "Depot" are used.
    expect(outcome.results.map((r) => r[0]?.text)).toEqual(['PUSH THE Zweig TO THE Depot', 'COMMIT $COUNT$ FILES']);
    const input = chatInput(svc.seen[before], 'openai');
    expect(input.strings).toEqual([{ source: 'Push the branch to the repository', context: 'toolbar. A button' }, { source: 'Commit $COUNT$ files', placeholders: ['$COUNT$'] }]);
    expect(input.glossary.map((t) => t.source).sort()).toEqual(['branch', 'repository']);
  });

  it('lists every engine Parla has, configured or not, with its fields', async () => {
    const site = await (await s.api('/api/machinery/')).json();
    const ids = (site.engines as { id: string }[]).map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([
      'openai', 'azure-openai', 'ollama', 'anthropic', 'google-translate', 'google-translate-api-v3', 'microsoft-translator',
      'aws', 'modernmt', 'apertium-apy', 'mymemory', 'systran', 'yandex', 'yandex-v2', 'deepl', 'libretranslate', 'generic', 'parla-translation-memory',
    ]));
    expect(site.engines.find((e: { id: string }) => e.id === 'aws')).toEqual({
      id: 'aws',
      name: 'Amazon Translate',
      aliases: [],
      configured: false,
      works_unconfigured: false,
      fields: expect.arrayContaining([
        { name: 'key', type: 'string', label: 'Access key ID', required: true, secret: false },
        { name: 'secret', type: 'string', label: 'Secret access key', required: true, secret: true },
        { name: 'timeout', type: 'integer', label: 'Timeout in seconds', required: false, secret: false, default: 10, min: 1, max: 120 },
      ]),
    });
    const project = await (await s.api('/api/projects/llm/machinery/')).json();
    expect(project.engines.find((e: { id: string }) => e.id === 'openai').configured).toBe(true);
    expect(project.engines.find((e: { id: string }) => e.id === 'anthropic').configured).toBe(false);
  });

  it('shows an engine\'s error and timeout as a message in the editor, never a 500', async () => {
    const units = (await (await s.api('/api/translations/llm/app/cs/units/?page_size=100')).json()).results as { id: number; source: string[] }[];
    const unit = units.find((u) => u.source[0] === 'Goodbye world')!;
    mode = 'fail';
    let res = await s.api(`/translate/llm/app/cs/machinery/?id=${unit.id}`);
    expect(res.status).toBe(200);
    expect((await res.json()).errors).toContainEqual({ service: 'openai', detail: 'OpenAI failed with a server error (HTTP 500): The server had an error while processing your request.' });

    expect((await s.api('/api/projects/llm/machinery/openai/', { method: 'PATCH', json: { configuration: { timeout: 1 } } })).status).toBe(200);
    mode = 'hang';
    res = await s.api(`/translate/llm/app/cs/machinery/?id=${unit.id}`);
    expect(res.status).toBe(200);
    expect((await res.json()).errors).toContainEqual({ service: 'openai', detail: 'OpenAI did not answer within 1 s.' });
    mode = 'ok';
  });

  it('sends the glossary terms of the strings the editor and automatic translation ask about', async () => {
    const term = (id: string, en: string, cs: string) => `<termEntry id="${id}"><langSet xml:lang="en"><tig><term>${en}</term></tig></langSet><langSet xml:lang="cs"><tig><term>${cs}</term></tig></langSet></termEntry>`;
    const tbx = `<?xml version="1.0" encoding="UTF-8"?>\n<martif type="TBX" xml:lang="en"><text><body>${term('w', 'world', 'svět')}${term('h', 'hello', 'nazdar')}</body></text></martif>\n`;
    const res = await s.api('/api/projects/llm/components/', {
      method: 'POST',
      body: multipart({ name: 'Czech terms', slug: 'czech-terms', file_format: 'tbx', filemask: 'tbx/*.tbx', is_glossary: 'true' }, { zipfile: { name: 'g.zip', data: buildZip([{ name: 'tbx/cs.tbx', data: tbx }]) } }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    mode = 'ok';

    // Automatic translation of the strings that need it ("Goodbye world" needs editing in Czech).
    let before = svc.seen.length;
    const auto = await s.api('/api/translations/llm/app/cs/autotranslate/', { method: 'POST', json: { mode: 'suggest', filter_type: 'todo', auto_source: 'mt', engines: ['openai'], threshold: 10 } });
    expect(auto.status, await auto.clone().text()).toBe(200);
    const asked = svc.seen.slice(before).map((seen) => chatInput(seen, 'openai'));
    expect(asked.find((a) => a.strings.some((x) => x.source === 'Goodbye world'))?.glossary).toEqual([{ source: 'world', target: 'svět' }]);

    // The editor's suggestions for "Hello".
    const hello = (await (await s.api('/api/translations/llm/app/cs/units/?q=source:hello')).json()).results as { id: number }[];
    before = svc.seen.length;
    const page = await (await signIn(s, 'admin')).get(`/translate/llm/app/cs/machinery/?id=${hello[0]!.id}`);
    expect(page.status).toBe(200);
    expect(JSON.parse(page.html).results.map((r: { text: string }) => r.text)).toContain('nazdar');
    const input = chatInput(svc.seen[before]!, 'openai');
    expect(input.glossary).toEqual([{ source: 'hello', target: 'nazdar' }]);
    expect(input.strings.map((x) => x.source)).toEqual(['Hello']);
  });
});
