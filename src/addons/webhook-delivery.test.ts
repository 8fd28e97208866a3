// Unit tests for webhook delivery against a local HTTP server: signing on the wire, retry policy, timeouts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutboundGuard } from '../shared/outbound-guard.js';
import { generateSecret, verify } from './standard-webhooks.js';
import { backoffDelay, deliver, isRetryableStatus, type DeliveryPolicy } from './webhook-delivery.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let base: string;
let received: Received[] = [];
/** Statuses answered in turn; the last one repeats. */
let script: number[] = [200];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (req.url === '/hang') return; // never answers: the client's timeout must fire
      const status = script.length > 1 ? script.shift()! : script[0]!;
      res.writeHead(status, status === 429 ? { 'retry-after': '0' } : {}).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
  script = [200];
});

const fast: DeliveryPolicy = { attempts: 4, timeoutMs: 2000, baseDelayMs: 1, maxDelayMs: 10 };
/** The receiver runs on loopback, which the SSRF guard refuses unless allowed. */
const local = { outbound: new OutboundGuard({ allowedHosts: ['127.0.0.1'] }) };

describe('webhook delivery', () => {
  it('posts the body signed so that a receiver verifies it', async () => {
    const secret = generateSecret();
    const body = JSON.stringify({ change_id: 1, action: 2 });
    const result = await deliver({ url: `${base}/hook`, body, messageId: 'msg_42', secret }, fast, local);
    expect(result.delivered).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toBe(body);
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(received[0]!.headers['webhook-id']).toBe('msg_42');
    expect(() => verify(secret, received[0]!.headers as Record<string, string>, received[0]!.body)).not.toThrow();
  });

  it('retries 5xx and 429 with the same webhook-id, then succeeds', async () => {
    script = [500, 429, 503, 200];
    const lines: string[] = [];
    const delays: number[] = [];
    const result = await deliver({ url: `${base}/hook`, body: '{}', messageId: 'msg_r', secret: null }, fast, { ...local, log: (l) => void lines.push(l), sleep: async (ms) => void delays.push(ms) });
    expect(result.delivered).toBe(true);
    expect(result.attempts.map((a) => a.status)).toEqual([500, 429, 503, 200]);
    expect(new Set(received.map((r) => r.headers['webhook-id']))).toEqual(new Set(['msg_r']));
    expect(received[0]!.headers['webhook-signature']).toBeUndefined();
    expect(delays).toEqual([1, 2, 4]);
    expect(lines.filter((l) => l.startsWith('Attempt'))).toHaveLength(4);
  });

  it('does not retry other 4xx answers', async () => {
    script = [404, 200];
    const result = await deliver({ url: `${base}/hook`, body: '{}', messageId: 'm', secret: null }, fast, local);
    expect(result.delivered).toBe(false);
    expect(result.status).toBe(404);
    expect(received).toHaveLength(1);
  });

  it('gives up after the last attempt', async () => {
    script = [500];
    const result = await deliver({ url: `${base}/hook`, body: '{}', messageId: 'm', secret: null }, { ...fast, attempts: 3 }, local);
    expect(result.delivered).toBe(false);
    expect(received).toHaveLength(3);
  });

  it('retries network errors and timeouts', async () => {
    const closed = await deliver({ url: 'http://127.0.0.1:1/nothing', body: '{}', messageId: 'm', secret: null }, { ...fast, attempts: 2 }, local);
    expect(closed.attempts).toHaveLength(2);
    expect(closed.attempts.every((a) => a.status === null && a.retryable && a.error)).toBe(true);
    const hung = await deliver({ url: `${base}/hang`, body: '{}', messageId: 'm', secret: null }, { ...fast, attempts: 2, timeoutMs: 100 }, local);
    expect(hung.delivered).toBe(false);
    expect(hung.attempts[0]!.error).toMatch(/timed out/);
    expect(received).toHaveLength(2);
  });

  it('refuses internal receivers unless allowed, without retrying', async () => {
    const lines: string[] = [];
    const result = await deliver({ url: `${base}/hook`, body: '{}', messageId: 'm', secret: null }, fast, { log: (l) => void lines.push(l) });
    expect(result.delivered).toBe(false);
    expect(result.attempts).toHaveLength(1);
    expect(result.attempts[0]).toMatchObject({ status: null, retryable: false });
    expect(result.attempts[0]!.error).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(lines[0]).toMatch(/not retried$/);
    expect(received).toHaveLength(0);
  });

  it('classifies statuses and grows the delay exponentially up to the cap', () => {
    expect([500, 502, 429, 408].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 410, 422].some(isRetryableStatus)).toBe(false);
    const policy: DeliveryPolicy = { attempts: 5, timeoutMs: 1, baseDelayMs: 100, maxDelayMs: 500 };
    expect([2, 3, 4, 5].map((a) => backoffDelay(policy, a))).toEqual([100, 200, 400, 500]);
    expect(backoffDelay(policy, 2, '3')).toBe(500);
  });
});
