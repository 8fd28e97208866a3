// Sends a request (JSON, form or query string) to a machine translation service with a timeout, reads its JSON answer, and turns every failure into a MachineryError.
import { OutboundBlockedError, OutboundGuard, OutboundRedirectError } from '../shared/outbound-guard.js';
import { MachineryError } from './engine.js';
import { recordOutgoing } from '../shared/metrics.js';

export interface PostJsonOptions {
  engine: string;
  /** Display name used in error messages. */
  service: string;
  url: string;
  /** Sent as JSON (unless `form` is given). */
  body?: unknown;
  /** GET (no body) or POST (the default). */
  method?: 'GET' | 'POST';
  /** Query string parameters added to `url`; an array repeats the parameter. */
  query?: Record<string, string | readonly string[]>;
  /** Sent as application/x-www-form-urlencoded instead of JSON; an array repeats the parameter. */
  form?: Record<string, string | readonly string[]>;
  headers?: Record<string, string>;
  timeoutSeconds: number;
  signal?: AbortSignal;
  /** The service's error message in an error body (DeepL `message`, LibreTranslate `error`). */
  errorMessage?: (body: unknown) => string | undefined;
  /** Statuses with a service-specific meaning, checked before the generic mapping. */
  statusKinds?: Record<number, MachineryError['kind']>;
  /** A kind read from the error body (Google's `reason`, OpenAI's `code`), checked before `statusKinds`. */
  errorKind?: (status: number, body: unknown) => MachineryError['kind'] | undefined;
  /** The SSRF guard (PARLA_ALLOWED_HOSTS); without one, internal addresses are refused. */
  outbound?: OutboundGuard;
}

const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
const USER_AGENT = 'Parla machinery';
const STRICT_GUARD = new OutboundGuard();
const MAX_REDIRECTS = 5;

function describeStatus(kind: MachineryError['kind']): string {
  switch (kind) {
    case 'auth':
      return 'rejected the credentials (check the API key)';
    case 'quota':
      return 'reports that the character quota is used up';
    case 'rate_limit':
      return 'reports too many requests; try again later';
    case 'server':
      return 'failed with a server error';
    default:
      return 'refused the request';
  }
}

function statusKind(status: number, extra: Record<number, MachineryError['kind']> | undefined): MachineryError['kind'] {
  if (extra?.[status]) return extra[status];
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server';
  return 'request';
}

function oneLine(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Reads the body up to MAX_RESPONSE_BYTES; a longer one is an invalid response. */
async function readText(response: Response, opts: PostJsonOptions): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new MachineryError(opts.engine, 'invalid_response', `${opts.service} sent a response larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function transportError(e: unknown, opts: PostJsonOptions, timeout: AbortSignal): MachineryError {
  if (e instanceof MachineryError) return e;
  // The address was allowed when the URL was configured; DNS (or a redirect) now points inside.
  if (e instanceof OutboundBlockedError) return new MachineryError(opts.engine, 'network', `Refused to connect to ${opts.service}: ${e.message}`);
  if (e instanceof OutboundRedirectError) return new MachineryError(opts.engine, 'network', `Could not connect to ${opts.service}: ${e.message}`);
  const name = (e as { name?: string })?.name;
  if (timeout.aborted || name === 'TimeoutError') {
    return new MachineryError(opts.engine, 'timeout', `${opts.service} did not answer within ${opts.timeoutSeconds} s.`);
  }
  if (name === 'AbortError' || opts.signal?.aborted) {
    return new MachineryError(opts.engine, 'aborted', `The request to ${opts.service} was cancelled.`);
  }
  const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } } | undefined;
  const why = err?.code ?? err?.cause?.code ?? err?.cause?.message ?? err?.message ?? 'unknown error';
  return new MachineryError(opts.engine, 'network', `Could not connect to ${opts.service}: ${why}.`);
}

/** POST `body` as JSON and return the parsed JSON answer of a 2xx response. */
export async function postJson(opts: PostJsonOptions): Promise<unknown> {
  const started = process.hrtime.bigint();
  try {
    const answer = await postJsonOnce(opts);
    recordOutgoing('machinery', started, false);
    return answer;
  } catch (e) {
    recordOutgoing('machinery', started, true);
    throw e;
  }
}

async function postJsonOnce(opts: PostJsonOptions): Promise<unknown> {
  const timeout = AbortSignal.timeout(opts.timeoutSeconds * 1000);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let status: number;
  let text: string;
  let retryAfter: string | null = null;
  try {
    // Redirects are followed (a service may move to https), each hop checked by the guard; credential
    // headers are dropped when a hop leaves the origin.
    const method = opts.method ?? 'POST';
    const contentType: Record<string, string> = method === 'GET' ? {} : { 'Content-Type': opts.form ? 'application/x-www-form-urlencoded' : 'application/json' };
    const body = method === 'GET' ? undefined : opts.form ? encodeParams(opts.form) : JSON.stringify(opts.body ?? null);
    const response = await (opts.outbound ?? STRICT_GUARD).fetch(withQuery(opts.url, opts.query), {
      method,
      headers: { ...contentType, Accept: 'application/json', 'User-Agent': USER_AGENT, ...opts.headers },
      body,
      signal,
      redirect: 'follow',
      maxRedirects: MAX_REDIRECTS,
    });
    status = response.status;
    retryAfter = response.headers.get('retry-after');
    text = await readText(response, opts);
  } catch (e) {
    throw transportError(e, opts, timeout);
  }
  let parsed: unknown;
  let parseFailed = false;
  try {
    // A byte order mark is not JSON, but some services (Microsoft Translator) start their answers with one.
    const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    parsed = json === '' ? undefined : JSON.parse(json);
  } catch {
    parseFailed = true;
  }
  if (status < 200 || status >= 300) {
    const fromBody = !parseFailed && parsed !== undefined ? opts.errorKind?.(status, parsed) : undefined;
    const kind = fromBody ?? statusKind(status, opts.statusKinds);
    const detail = !parseFailed && parsed !== undefined ? opts.errorMessage?.(parsed) : undefined;
    let message = `${opts.service} ${describeStatus(kind)} (HTTP ${status})${detail ? `: ${oneLine(detail)}` : '.'}`;
    // How long a rate limit lasts, when the service says so in seconds.
    if (kind === 'rate_limit' && retryAfter && /^\d+$/.test(retryAfter.trim())) message += `${/[.!?…]$/.test(message) ? '' : '.'} Retry after ${retryAfter.trim()} s.`;
    throw new MachineryError(opts.engine, kind, message, status);
  }
  if (parseFailed || parsed === undefined) {
    throw new MachineryError(opts.engine, 'invalid_response', `${opts.service} sent a response that is not valid JSON.`, status);
  }
  return parsed;
}

/** `params` as a URL-encoded string; an array value repeats the name. */
export function encodeParams(params: Record<string, string | readonly string[]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const v of typeof value === 'string' ? [value] : value) search.append(name, v);
  return search.toString();
}

function withQuery(url: string, query: PostJsonOptions['query']): string {
  if (!query || Object.keys(query).length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${encodeParams(query)}`;
}

/** A message at a path of nested fields in an error body (`error.message` for Google, OpenAI, Anthropic ...). */
export function messageAt(...path: string[]): (body: unknown) => string | undefined {
  return (body) => {
    let at: unknown = body;
    for (const key of path) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
    return typeof at === 'string' ? at : undefined;
  };
}

/** Message fields commonly found in error bodies. */
export function messageOf(field: string): (body: unknown) => string | undefined {
  return (body) => {
    if (body && typeof body === 'object' && typeof (body as Record<string, unknown>)[field] === 'string') return (body as Record<string, string>)[field];
    return undefined;
  };
}

export function invalidShape(engine: string, service: string, what: string): MachineryError {
  return new MachineryError(engine, 'invalid_response', `${service} sent an unexpected response: ${what}.`);
}
