// API throttling: sliding-window limits per user id (authenticated) or client IP
// (anonymous), X-RateLimit-* headers on every /api/ response, 429 `throttled` with Retry-After.
// Runs as a preValidation hook, i.e. after every onRequest authentication has set request.actor and
// after the anonymous-write check, so requests rejected there are not counted (as in the reference).
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config, RateLimit } from '../../config.js';
import { AppError } from '../../shared/errors.js';
import { MemoryRateLimitStore, RedisRateLimitStore, type HitResult, type RateLimitStore } from '../rate-limit-store.js';

interface Check {
  key: string;
  limit: RateLimit;
}

export function isThrottledUrl(url: string): boolean {
  return url.startsWith('/api/') || /^\/api(\?|$)/.test(url);
}

/** Redis keys are namespaced per installation: processes sharing a secret key share their counters. */
export function redisKeyPrefix(secretKey: string): string {
  return `parla:ratelimit:${crypto.createHash('sha256').update(`ratelimit:${secretKey}`).digest('hex').slice(0, 16)}:`;
}

/** Seconds until the oldest request in the window leaves it; the whole window when there is none. */
function secondsUntilReset(result: HitResult, limit: RateLimit, nowMs: number): number {
  const windowMs = limit.windowSeconds * 1000;
  if (result.oldestMs === null) return limit.windowSeconds;
  return Math.max(1, Math.ceil((windowMs - (nowMs - result.oldestMs)) / 1000));
}

export function registerRateLimit(app: FastifyInstance, options: { config: Config; secretKey: string }): RateLimitStore {
  const { config } = options;
  let redisDown = false;
  const store: RateLimitStore = config.redisUrl
    ? new RedisRateLimitStore(config.redisUrl, redisKeyPrefix(options.secretKey), (error) => {
        if (!redisDown) app.log.warn({ err: error }, 'rate limits: Redis is unreachable; API requests are not throttled until it is back');
        redisDown = true;
      })
    : new MemoryRateLimitStore();
  app.addHook('onClose', async () => store.close());

  /** Sets the X-RateLimit-* headers; the 429 error when some limit is exhausted. */
  const verdict = (reply: FastifyReply, checks: Check[], results: HitResult[], nowMs: number): AppError | undefined => {
    const first = checks[0]!.limit;
    reply.header('X-RateLimit-Limit', String(first.requests));
    reply.header('X-RateLimit-Remaining', String(Math.max(0, first.requests - results[0]!.count)));
    reply.header('X-RateLimit-Reset', String(secondsUntilReset(results[0]!, first, nowMs)));
    let wait = 0;
    for (let i = 0; i < results.length; i++) if (!results[i]!.allowed) wait = Math.max(wait, secondsUntilReset(results[i]!, checks[i]!.limit, nowMs));
    if (wait === 0) return undefined;
    reply.header('Retry-After', String(wait));
    return new AppError('throttled', `Request was throttled. Expected available in ${wait} second${wait === 1 ? '' : 's'}.`);
  };
  /** A limiter outage must not take the API down with it: the request is served unthrottled. */
  const unthrottled = (request: FastifyRequest, error: unknown) => request.log.warn({ err: error }, 'rate limits: counter store failed; request not throttled');

  // Callback style: with the memory store every request passes without a promise (this runs on every API request).
  app.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (!isThrottledUrl(request.url)) return done();
    const actor = request.actor;
    // Anonymous callers are subject to both throttles (anon and user, both keyed by IP); the headers show the anon one.
    const checks: Check[] =
      actor.authenticated && actor.user
        ? [{ key: `user:${actor.user.id}`, limit: config.rateLimitUser }]
        : [
            { key: `anon:${request.ip}`, limit: config.rateLimitAnon },
            { key: `user:ip:${request.ip}`, limit: config.rateLimitUser },
          ];
    const nowMs = Date.now();
    const hits: (HitResult | Promise<HitResult>)[] = [];
    let pending = false;
    try {
      for (const check of checks) {
        const hit = store.hit(check.key, check.limit.requests, check.limit.windowSeconds * 1000, nowMs);
        if (hit instanceof Promise) pending = true;
        hits.push(hit);
      }
    } catch (error) {
      unthrottled(request, error);
      return done();
    }
    if (!pending) return done(verdict(reply, checks, hits as HitResult[], nowMs));
    Promise.all(hits).then(
      (results) => {
        redisDown = false;
        done(verdict(reply, checks, results, nowMs));
      },
      (error: unknown) => {
        unthrottled(request, error);
        done();
      },
    );
  });
  return store;
}
