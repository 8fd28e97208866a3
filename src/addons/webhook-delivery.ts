// Webhook delivery: one signed JSON POST with a timeout, retried with exponential backoff on transient failures.
import { OutboundBlockedError, OutboundGuard } from '../shared/outbound-guard.js';
import { signedHeaders } from './standard-webhooks.js';
import { recordOutgoing } from '../shared/metrics.js';

export interface DeliveryRequest {
  url: string;
  /** The exact JSON text sent (and signed). */
  body: string;
  /** The webhook-id: the same for every attempt, so receivers can deduplicate retries. */
  messageId: string;
  /** whsec_ secret; without one the message goes unsigned (webhook-id/timestamp still sent). */
  secret: string | null;
}

export interface DeliveryPolicy {
  attempts: number;
  timeoutMs: number;
  /** Delay before the second attempt; doubles for each one after. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_POLICY: DeliveryPolicy = { attempts: 4, timeoutMs: 10_000, baseDelayMs: 500, maxDelayMs: 30_000 };

export interface AttemptResult {
  attempt: number;
  status: number | null;
  error: string | null;
  retryable: boolean;
  durationMs: number;
}

export interface DeliveryResult {
  delivered: boolean;
  status: number | null;
  attempts: AttemptResult[];
}

export interface DeliveryHooks {
  log?(line: string): Promise<void> | void;
  sleep?(ms: number): Promise<void>;
  now?(): number;
  /** The SSRF guard (PARLA_ALLOWED_HOSTS); without one, internal addresses are refused. */
  outbound?: OutboundGuard;
}

const USER_AGENT = 'Parla-Webhook/1';
const STRICT_GUARD = new OutboundGuard();

/** 5xx and 429 are the receiver's transient trouble; other 4xx will not change by resending. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 408 || status >= 500;
}

/** The delay before attempt `attempt` (2-based); a Retry-After in seconds wins when it is longer, within the cap. */
export function backoffDelay(policy: DeliveryPolicy, attempt: number, retryAfter?: string | null): number {
  let delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 2));
  if (retryAfter && /^\d+$/.test(retryAfter.trim())) delay = Math.max(delay, Math.min(policy.maxDelayMs, Number(retryAfter) * 1000));
  return delay;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One POST. Redirects are not followed: a webhook endpoint that moved is a configuration error. */
async function attemptOnce(
  request: DeliveryRequest,
  timeoutMs: number,
  now: () => number,
  guard: OutboundGuard,
): Promise<{ status: number | null; error: string | null; retryAfter: string | null; blocked?: boolean }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': USER_AGENT };
  const timestamp = Math.floor(now() / 1000);
  if (request.secret) Object.assign(headers, signedHeaders(request.secret, request.messageId, request.body, timestamp));
  else Object.assign(headers, { 'webhook-id': request.messageId, 'webhook-timestamp': String(timestamp) });
  const started = process.hrtime.bigint();
  try {
    // The guard pins the connection to the address it checked, so DNS changed since configuration cannot reach inside.
    const res = await guard.fetch(request.url, { method: 'POST', headers, body: request.body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    // The body is not needed (and may be huge): drop it, which also closes the connection.
    await res.body?.cancel().catch(() => undefined);
    recordOutgoing('webhook', started, res.status < 200 || res.status >= 300);
    return { status: res.status, error: null, retryAfter: res.headers.get('retry-after') };
  } catch (e) {
    recordOutgoing('webhook', started, true);
    // A refused address will not change by retrying a few seconds later.
    if (e instanceof OutboundBlockedError) return { status: null, error: e.message, retryAfter: null, blocked: true };
    const err = e as Error & { code?: string; cause?: { code?: string; message?: string } };
    const reason = err.name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : (err.code ?? err.cause?.code ?? err.cause?.message ?? err.message);
    return { status: null, error: reason, retryAfter: null };
  }
}

/** Sends until a 2xx, a non-retryable answer, or the attempts run out; every attempt is logged. */
export async function deliver(request: DeliveryRequest, policy: DeliveryPolicy = DEFAULT_POLICY, hooks: DeliveryHooks = {}): Promise<DeliveryResult> {
  const sleep = hooks.sleep ?? defaultSleep;
  const now = hooks.now ?? Date.now;
  const attempts: AttemptResult[] = [];
  let retryAfter: string | null = null;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    if (attempt > 1) {
      const delay = backoffDelay(policy, attempt, retryAfter);
      await hooks.log?.(`Retrying in ${delay} ms.`);
      await sleep(delay);
    }
    const started = now();
    const outcome = await attemptOnce(request, policy.timeoutMs, now, hooks.outbound ?? STRICT_GUARD);
    retryAfter = outcome.retryAfter;
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const retryable = !ok && !outcome.blocked && (outcome.status === null || isRetryableStatus(outcome.status));
    const result: AttemptResult = { attempt, status: outcome.status, error: outcome.error, retryable, durationMs: now() - started };
    attempts.push(result);
    await hooks.log?.(`Attempt ${attempt}/${policy.attempts}: POST ${request.url} → ${outcome.status ?? `error (${outcome.error})`}${ok ? '' : retryable ? '' : ', not retried'}`);
    if (ok) return { delivered: true, status: outcome.status, attempts };
    if (!retryable) break;
  }
  return { delivered: false, status: attempts.at(-1)?.status ?? null, attempts };
}
