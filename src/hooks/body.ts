// Decodes a hook request body: a JSON object, or form data whose `payload` field holds the JSON.
import { HookPayloadError, INVALID_PAYLOAD_MESSAGE } from './types.js';
import { isObject } from './util.js';
import type { JsonObject } from './util.js';

function fail(detail: string): never {
  throw new HookPayloadError(INVALID_PAYLOAD_MESSAGE, detail);
}

function parseJsonObject(text: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    fail('body is not valid JSON');
  }
  if (!isObject(value)) fail('JSON payload is not an object');
  if (Object.keys(value).length === 0) fail('JSON payload is empty');
  return value;
}

function fromFormText(text: string): JsonObject {
  const payload = new URLSearchParams(text).get('payload');
  if (payload === null) fail('form body has no payload field');
  return parseJsonObject(payload);
}

function fromFormObject(form: JsonObject): JsonObject {
  const payload = Array.isArray(form.payload) ? form.payload[0] : form.payload;
  if (typeof payload !== 'string') fail('form body has no payload field');
  return parseJsonObject(payload);
}

/**
 * Turns the request body into the payload object.
 * `body` may be the raw bytes/text, or what a framework already parsed (JSON object, form fields);
 * `contentType` selects JSON vs form decoding, and when absent the shape of the body decides.
 * Empty, unparsable, non-object or `{}` payloads throw HookPayloadError("Invalid data in json payload!").
 */
export function decodeHookBody(body: unknown, contentType?: string): JsonObject {
  const type = (contentType ?? '').toLowerCase();
  const isJson = type.includes('json');
  const isForm = type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data');

  if (body instanceof Uint8Array) body = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  if (body === undefined || body === null) fail('empty body');

  if (typeof body === 'string') {
    const text = body.trim();
    if (text === '') fail('empty body');
    if (isJson) return parseJsonObject(text);
    if (type.includes('multipart/form-data')) fail('raw multipart bodies are not decoded here');
    if (isForm) return fromFormText(text);
    // Unknown content type: JSON documents start with a bracket, form bodies never do.
    return text.startsWith('{') || text.startsWith('[') ? parseJsonObject(text) : fromFormText(text);
  }

  if (!isObject(body)) fail('body is not an object');
  if (isForm) return fromFormObject(body);
  if (isJson) {
    if (Object.keys(body).length === 0) fail('JSON payload is empty');
    return body;
  }
  // Unknown content type: a lone string `payload` field is the form delivery.
  const keys = Object.keys(body);
  if (keys.length === 1 && keys[0] === 'payload' && typeof body.payload === 'string') return fromFormObject(body);
  if (keys.length === 0) fail('JSON payload is empty');
  return body;
}
