// Decodes a hook request body: a JSON object, or form data (urlencoded or multipart) whose `payload` field holds the JSON.
import { HookPayloadError } from './types.js';
import { isObject } from './util.js';
import type { JsonObject } from './util.js';

/** The body holds no JSON at all: "Could not parse JSON payload!". */
function unparsable(detail: string): never {
  throw HookPayloadError.unparsable(detail);
}

/** The body holds JSON that is no notification: "Invalid data in json payload!". */
function invalid(detail: string): never {
  throw HookPayloadError.invalid(detail);
}

function parseJsonObject(text: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    unparsable('not valid JSON');
  }
  if (!isObject(value)) invalid('JSON payload is not an object');
  if (Object.keys(value).length === 0) invalid('JSON payload is empty');
  return value;
}

function fromFormText(text: string): JsonObject {
  const payload = new URLSearchParams(text).get('payload');
  if (payload === null) unparsable('form body has no payload field');
  return parseJsonObject(payload);
}

function fromFormObject(form: JsonObject): JsonObject {
  const payload = Array.isArray(form.payload) ? form.payload[0] : form.payload;
  if (typeof payload !== 'string') unparsable('form body has no payload field');
  return parseJsonObject(payload);
}

/** The `boundary` parameter of a multipart/form-data content type (quoted or not), or null. */
function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

/**
 * The text fields of a multipart/form-data body, first value of each name. Parts are split at the boundary
 * lines; a part's name comes from its Content-Disposition header; file parts count as fields (a forge that
 * uploads its payload as a file still names it `payload`).
 */
export function multipartFields(text: string, contentType: string): JsonObject {
  const boundary = boundaryOf(contentType);
  if (!boundary) unparsable('multipart body without a boundary');
  const fields: JsonObject = {};
  const delimiter = `--${boundary}`;
  const chunks = text.split(delimiter);
  // Before the first delimiter is the preamble; a chunk starting with "--" follows the closing delimiter.
  for (const chunk of chunks.slice(1)) {
    if (chunk.startsWith('--')) break;
    const part = chunk.replace(/^[ \t]*\r?\n/, '');
    const headerEnd = /\r?\n\r?\n/.exec(part);
    if (!headerEnd) continue;
    const headers = part.slice(0, headerEnd.index);
    const disposition = /^content-disposition:[^\r\n]*?;\s*name=(?:"((?:[^"\\]|\\.)*)"|([^\s;]+))/im.exec(headers);
    if (!disposition) continue;
    const name = disposition[1] !== undefined ? disposition[1].replace(/\\(.)/g, '$1') : disposition[2];
    // The value ends with the line break that precedes the next delimiter.
    const value = part.slice(headerEnd.index + headerEnd[0].length).replace(/\r?\n$/, '');
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}

/**
 * Turns the request body into the payload object.
 * `body` may be the raw bytes/text, or what a framework already parsed (JSON object, form fields);
 * `contentType` selects JSON, urlencoded or multipart decoding, and when absent the shape of the body decides.
 * A body without JSON (empty, not JSON, a form without a JSON `payload` field) throws
 * HookPayloadError("Could not parse JSON payload!"); JSON that is not an object, or `{}`, throws
 * HookPayloadError("Invalid data in json payload!").
 */
export function decodeHookBody(body: unknown, contentType?: string): JsonObject {
  const type = (contentType ?? '').toLowerCase();
  const isJson = type.includes('json');
  const isMultipart = type.includes('multipart/form-data');
  const isForm = type.includes('application/x-www-form-urlencoded') || isMultipart;

  if (body instanceof Uint8Array) body = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  if (body === undefined || body === null) unparsable('empty body');

  if (typeof body === 'string') {
    const text = body.trim();
    if (text === '') unparsable('empty body');
    if (isJson) return parseJsonObject(text);
    if (isMultipart) return fromFormObject(multipartFields(body, contentType ?? ''));
    if (isForm) return fromFormText(text);
    // Unknown content type: JSON documents start with a bracket, form bodies never do.
    return text.startsWith('{') || text.startsWith('[') ? parseJsonObject(text) : fromFormText(text);
  }

  if (!isObject(body)) invalid('body is not an object');
  if (isForm) return fromFormObject(body);
  if (isJson) {
    if (Object.keys(body).length === 0) invalid('JSON payload is empty');
    return body;
  }
  // Unknown content type: a lone string `payload` field is the form delivery.
  const keys = Object.keys(body);
  if (keys.length === 1 && keys[0] === 'payload' && typeof body.payload === 'string') return fromFormObject(body);
  if (keys.length === 0) invalid('JSON payload is empty');
  return body;
}
