// Unit tests for Standard Webhooks signing and verification.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeSecret, generateSecret, sign, signedHeaders, verify, WebhookSecretError, WebhookVerificationError } from './standard-webhooks.js';

describe('standard webhooks', () => {
  it('matches the published reference vector', () => {
    // The example of the Standard Webhooks / Svix reference libraries.
    const signature = sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs "<id>.<timestamp>.<body>" with the decoded key', () => {
    const key = crypto.randomBytes(32);
    const secret = `whsec_${key.toString('base64')}`;
    const body = JSON.stringify({ change_id: 7, target: 'Hallo ✓' });
    const expected = crypto.createHmac('sha256', key).update(`msg_1.1700000000.${body}`).digest('base64');
    expect(sign(secret, 'msg_1', 1700000000, body)).toBe(`v1,${expected}`);
    const headers = signedHeaders(secret, 'msg_1', body, 1700000000);
    expect(headers).toEqual({ 'webhook-id': 'msg_1', 'webhook-timestamp': '1700000000', 'webhook-signature': `v1,${expected}` });
  });

  it('verifies a good message and rejects tampering, old timestamps and other secrets', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const now = 1700000000;
    const body = '{"a":1}';
    const headers = signedHeaders(secret, 'msg_x', body, now);
    expect(() => verify(secret, headers, body, now)).not.toThrow();
    // several signatures (key rotation): any match is enough
    expect(() => verify(secret, { ...headers, 'webhook-signature': `v1,AAAA ${headers['webhook-signature']}` }, body, now)).not.toThrow();
    expect(() => verify(secret, headers, '{"a":2}', now)).toThrow(WebhookVerificationError);
    expect(() => verify(secret, headers, body, now + 600)).toThrow(/tolerance/);
    expect(() => verify(generateSecret(), headers, body, now)).toThrow(/No matching signature/);
    expect(() => verify(secret, { ...headers, 'webhook-id': undefined }, body, now)).toThrow(/Missing webhook-id/);
  });

  it('refuses malformed secrets', () => {
    expect(() => decodeSecret('whsec_not base64!')).toThrow(WebhookSecretError);
    expect(() => decodeSecret(`whsec_${Buffer.from('short').toString('base64')}`)).toThrow(/between 24 and 64/);
    expect(decodeSecret(`whsec_${Buffer.alloc(24, 1).toString('base64')}`)).toHaveLength(24);
  });
});
