// Hook body decoding: JSON, GitHub form delivery, and invalid bodies.
import { describe, expect, it } from 'vitest';
import { decodeHookBody } from './body.js';
import { HookPayloadError, INVALID_PAYLOAD_MESSAGE } from './types.js';

const payload = { ref: 'refs/heads/main', repository: { name: 'r' } };
const formText = `payload=${encodeURIComponent(JSON.stringify(payload))}`;

function expectInvalid(body: unknown, contentType?: string) {
  expect(() => decodeHookBody(body, contentType)).toThrow(HookPayloadError);
  expect(() => decodeHookBody(body, contentType)).toThrow(INVALID_PAYLOAD_MESSAGE);
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

  it('rejects empty and unparsable bodies', () => {
    expectInvalid(undefined);
    expectInvalid(null, 'application/json');
    expectInvalid('', 'application/json');
    expectInvalid('   ');
    expectInvalid(Buffer.alloc(0));
    expectInvalid('{not json', 'application/json');
    expectInvalid('{}', 'application/json');
    expectInvalid({}, 'application/json');
    expectInvalid({});
    expectInvalid('[1,2]', 'application/json');
    expectInvalid('null', 'application/json');
    expectInvalid(42);
  });

  it('rejects form bodies without a usable payload field', () => {
    expectInvalid('other=1', 'application/x-www-form-urlencoded');
    expectInvalid('payload=not-json', 'application/x-www-form-urlencoded');
    expectInvalid({ other: '1' }, 'application/x-www-form-urlencoded');
    expectInvalid({ payload: '{}' }, 'application/x-www-form-urlencoded');
    expectInvalid('hello');
  });
});
