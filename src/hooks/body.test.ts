// Hook body decoding: JSON, form delivery (urlencoded and multipart), and bodies without a usable payload.
import { describe, expect, it } from 'vitest';
import { decodeHookBody, multipartFields } from './body.js';
import { HookPayloadError, INVALID_PAYLOAD_MESSAGE, UNPARSABLE_PAYLOAD_MESSAGE } from './types.js';

const payload = { ref: 'refs/heads/main', repository: { name: 'r' } };
const formText = `payload=${encodeURIComponent(JSON.stringify(payload))}`;

function expectInvalid(body: unknown, contentType?: string) {
  expect(() => decodeHookBody(body, contentType)).toThrow(HookPayloadError);
  expect(() => decodeHookBody(body, contentType)).toThrow(INVALID_PAYLOAD_MESSAGE);
}

function expectUnparsable(body: unknown, contentType?: string) {
  expect(() => decodeHookBody(body, contentType)).toThrow(HookPayloadError);
  expect(() => decodeHookBody(body, contentType)).toThrow(UNPARSABLE_PAYLOAD_MESSAGE);
}

/** A multipart/form-data body as browsers and forges write it. */
function multipart(fields: Record<string, string>, boundary = '----parla-test'): { body: string; type: string } {
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return { body: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

describe('decodeHookBody', () => {
  it('decodes raw JSON text and bytes', () => {
    expect(decodeHookBody(JSON.stringify(payload), 'application/json')).toEqual(payload);
    expect(decodeHookBody(Buffer.from(JSON.stringify(payload)), 'application/json; charset=utf-8')).toEqual(payload);
    expect(decodeHookBody(new TextEncoder().encode(JSON.stringify(payload)))).toEqual(payload);
  });

  it('passes through an already parsed JSON object', () => {
    expect(decodeHookBody(payload, 'application/json')).toBe(payload);
    expect(decodeHookBody(payload)).toBe(payload);
  });

  it('decodes the form delivery (payload field)', () => {
    expect(decodeHookBody(formText, 'application/x-www-form-urlencoded')).toEqual(payload);
    expect(decodeHookBody(Buffer.from(formText), 'application/x-www-form-urlencoded')).toEqual(payload);
    expect(decodeHookBody(formText)).toEqual(payload);
    expect(decodeHookBody({ payload: JSON.stringify(payload) }, 'application/x-www-form-urlencoded')).toEqual(payload);
    expect(decodeHookBody({ payload: JSON.stringify(payload) })).toEqual(payload);
    expect(decodeHookBody({ payload: [JSON.stringify(payload)] }, 'multipart/form-data; boundary=x')).toEqual(payload);
  });

  it('decodes the raw multipart delivery (payload field)', () => {
    const { body, type } = multipart({ other: 'x', payload: JSON.stringify(payload) });
    expect(decodeHookBody(body, type)).toEqual(payload);
    expect(decodeHookBody(Buffer.from(body), type)).toEqual(payload);
    const quoted = multipart({ payload: JSON.stringify(payload) }, 'a b');
    expect(decodeHookBody(quoted.body, 'multipart/form-data; boundary="a b"')).toEqual(payload);
    expect(multipartFields(multipart({ a: 'line 1\r\nline 2', b: '' }).body, multipart({}).type)).toEqual({ a: 'line 1\r\nline 2', b: '' });
  });

  it('tells bodies without JSON from JSON that is no notification', () => {
    expectUnparsable(undefined);
    expectUnparsable(null, 'application/json');
    expectUnparsable('', 'application/json');
    expectUnparsable('   ');
    expectUnparsable(Buffer.alloc(0));
    expectUnparsable('{not json', 'application/json');
    expectUnparsable(multipart({}).body, multipart({}).type);
    expectUnparsable(multipart({ payload: 'XX' }).body, multipart({}).type);
    expectUnparsable(multipart({ payload: '{}' }).body, 'multipart/form-data');
    expectInvalid(multipart({ payload: '{}' }).body, multipart({}).type);
    expectInvalid('{}', 'application/json');
    expectInvalid({}, 'application/json');
    expectInvalid({});
    expectInvalid('[1,2]', 'application/json');
    expectInvalid('null', 'application/json');
    expectInvalid(42);
  });

  it('rejects form bodies without a usable payload field', () => {
    expectUnparsable('other=1', 'application/x-www-form-urlencoded');
    expectUnparsable('payload=not-json', 'application/x-www-form-urlencoded');
    expectUnparsable({ other: '1' }, 'application/x-www-form-urlencoded');
    expectInvalid({ payload: '{}' }, 'application/x-www-form-urlencoded');
    expectUnparsable('hello');
  });
});
