// Amazon Translate through the AWS SDK's TranslateClient (SigV4 signing by the SDK); its HTTP requests go through Parla's outbound guard.
import { Readable } from 'node:stream';
import { OutboundBlockedError, OutboundGuard, OutboundRedirectError } from '../shared/outbound-guard.js';
import { recordOutgoing } from '../shared/metrics.js';
import { MachineryError, TIMEOUT_FIELD, type EngineConfig, type EngineContext, type MachineryEngine, type MachineryResult, type TranslateRequest } from './engine.js';
import { awsLanguage } from './languages.js';
import { encodeParams } from './http.js';

/** The reference's max_score for Amazon Translate. */
const QUALITY = 88;
/** TranslateText takes one text per call: a few calls at a time. */
const PARALLEL = 4;

interface SdkRequest {
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  query?: Record<string, string | string[] | null>;
  method: string;
  headers: Record<string, string>;
  body?: unknown;
}

/**
 * The SDK's request handler replaced by one that sends through the outbound guard (the SDK's own would connect
 * anywhere): same address checks, same connection pinning, no redirects.
 */
function guardedHandler(guard: OutboundGuard) {
  return {
    metadata: { handlerProtocol: 'http/1.1' },
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
    destroy: () => undefined,
    async handle(request: SdkRequest, options?: { abortSignal?: AbortSignal }) {
      const query = Object.fromEntries(Object.entries(request.query ?? {}).filter((e): e is [string, string | string[]] => e[1] !== null));
      const search = Object.keys(query).length ? `?${encodeParams(query)}` : '';
      const host = request.hostname.includes(':') ? `[${request.hostname}]` : request.hostname;
      const url = `${request.protocol}//${host}${request.port ? `:${request.port}` : ''}${request.path}${search}`;
      // A view on the bytes: Buffer.from(<Uint8Array subclass>) would go through the SDK body's valueOf().
      const raw = request.body;
      const body = typeof raw === 'string' ? raw : raw instanceof Uint8Array ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength) : undefined;
      const response = await guard.fetch(url, { method: request.method, headers: request.headers, body, signal: options?.abortSignal });
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      return {
        response: {
          statusCode: response.status,
          reason: response.statusText,
          headers,
          body: response.body ? Readable.fromWeb(response.body as import('node:stream/web').ReadableStream) : Readable.from([]),
        },
      };
    },
  };
}

/** The SDK's error names (the service's exception types) mapped to Parla's kinds. */
function awsError(engine: string, service: string, e: unknown, timeoutSeconds: number, timedOut: boolean, signal?: AbortSignal): MachineryError {
  if (e instanceof MachineryError) return e;
  if (e instanceof OutboundBlockedError) return new MachineryError(engine, 'network', `Refused to connect to ${service}: ${e.message}`);
  if (e instanceof OutboundRedirectError) return new MachineryError(engine, 'network', `Could not connect to ${service}: ${e.message}`);
  const err = e as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = err?.$metadata?.httpStatusCode ?? null;
  if (timedOut) return new MachineryError(engine, 'timeout', `${service} did not answer within ${timeoutSeconds} s.`);
  if (signal?.aborted) return new MachineryError(engine, 'aborted', `The request to ${service} was cancelled.`);
  const name = err?.name ?? '';
  const why = err?.message ? `: ${err.message.replace(/\s+/g, ' ').slice(0, 200)}` : '.';
  if (/UnrecognizedClient|InvalidSignature|AccessDenied|InvalidClientTokenId|SignatureDoesNotMatch|ExpiredToken|MissingAuthenticationToken/.test(name) || status === 401 || status === 403) {
    return new MachineryError(engine, 'auth', `${service} rejected the credentials (check the access key and secret)${why}`, status);
  }
  if (/TooManyRequests|Throttling/.test(name) || status === 429) return new MachineryError(engine, 'rate_limit', `${service} reports too many requests; try again later${why}`, status);
  if (/LimitExceeded/.test(name) && !/TextSize/.test(name)) return new MachineryError(engine, 'quota', `${service} reports that a limit is reached${why}`, status);
  if (status !== null && status >= 500) return new MachineryError(engine, 'server', `${service} failed with a server error (HTTP ${status})${why}`, status);
  if (status !== null) return new MachineryError(engine, 'request', `${service} refused the request (HTTP ${status}, ${name})${why}`, status);
  return new MachineryError(engine, 'network', `Could not connect to ${service}: ${err?.code ?? err?.message ?? 'unknown error'}.`);
}

export const awsEngine: MachineryEngine = {
  id: 'aws',
  name: 'Amazon Translate',
  cacheable: true,
  worksUnconfigured: false,
  fields: [
    { name: 'key', type: 'string', label: 'Access key ID', required: true, maxLength: 128 },
    { name: 'secret', type: 'string', label: 'Secret access key', required: true, secret: true, maxLength: 256 },
    { name: 'region', type: 'string', label: 'Region, e.g. eu-west-1', required: true, maxLength: 50 },
    { name: 'url', type: 'url', label: 'Endpoint URL (default: the region\'s, https://translate.<region>.amazonaws.com)' },
    { name: 'formality', type: 'string', label: 'Formality (FORMAL or INFORMAL, for the languages that have it)', maxLength: 10 },
    TIMEOUT_FIELD,
  ],
  async translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
    const timeoutSeconds = Number(config.timeout ?? TIMEOUT_FIELD.default);
    if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(String(config.region))) {
      throw new MachineryError(this.id, 'not_configured', `${this.name}: "${String(config.region)}" is not an AWS region such as eu-west-1.`);
    }
    // Loaded on first use: the SDK is large and most installations never configure this engine.
    const { TranslateClient, TranslateTextCommand } = await import('@aws-sdk/client-translate');
    const client = new TranslateClient({
      region: String(config.region),
      credentials: { accessKeyId: String(config.key), secretAccessKey: String(config.secret) },
      ...(config.url ? { endpoint: String(config.url) } : {}),
      requestHandler: guardedHandler(context.outbound ?? new OutboundGuard()),
      // Parla reports a refusal at once instead of retrying for the user.
      maxAttempts: 1,
    });
    const formality = String(config.formality ?? '').toUpperCase();
    const settings = formality === 'FORMAL' || formality === 'INFORMAL' ? { Settings: { Formality: formality as 'FORMAL' | 'INFORMAL' } } : {};
    const one = async (text: string): Promise<MachineryResult[]> => {
      const timeout = AbortSignal.timeout(timeoutSeconds * 1000);
      const started = process.hrtime.bigint();
      try {
        const answer = await client.send(
          new TranslateTextCommand({ Text: text, SourceLanguageCode: awsLanguage(request.sourceLanguage), TargetLanguageCode: awsLanguage(request.targetLanguage), ...settings }),
          { abortSignal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout },
        );
        recordOutgoing('machinery', started, false);
        if (typeof answer.TranslatedText !== 'string') throw new MachineryError(this.id, 'invalid_response', `${this.name} sent an unexpected response: no TranslatedText.`);
        return answer.TranslatedText ? [{ text: answer.TranslatedText, quality: QUALITY, service: this.name, source: text }] : [];
      } catch (e) {
        recordOutgoing('machinery', started, true);
        throw awsError(this.id, this.name, e, timeoutSeconds, timeout.aborted, request.signal);
      }
    };
    const out: MachineryResult[][] = new Array(request.texts.length);
    let next = 0;
    const worker = async () => {
      while (next < request.texts.length) {
        const i = next++;
        out[i] = await one(request.texts[i]);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(PARALLEL, request.texts.length) }, worker));
    } finally {
      client.destroy();
    }
    return out;
  },
};
