// Request bodies against their schemas before Ajv: JSON keeps its shapes; form and multipart bodies are put into
// the JSON shape here, and only here (booleans in their usual spellings, single values of list fields, numbers).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * Ajv coerces types (coerceTypes: 'array' in app.ts) because form and multipart fields all arrive as
 * text, and a form field sent once is a one-item list. Applied to JSON it changes what a client said:
 * {"name": ["a"]} became "a", {"enforced_2fa": null} became false and {"project_selection": null} 0.
 * This check runs before Ajv on JSON bodies only. Null for a text field still reads as "" (clients echo
 * the nulls of a GET back), which text fields that must not be blank refuse on their own.
 */

interface Schema {
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
}

interface ShapeError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
}

/** The JSON types a schema admits, or null when it admits any (no type, or a branch without one). */
function typesOf(schema: Schema): Set<string> | null {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const out = new Set<string>();
    for (const b of branches) {
      const t = typesOf(b);
      if (t === null) return null;
      for (const x of t) out.add(x);
    }
    return out;
  }
  if (schema.type === undefined) return null;
  return new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
}

function check(schema: Schema, value: unknown, path: string, errors: ShapeError[]): void {
  if (value === undefined) return;
  const types = typesOf(schema);
  if (types === null) return;
  const scalar = [...types].find((t) => t !== 'null' && t !== 'array' && t !== 'object');
  if (value === null) {
    if (!types.has('null') && scalar !== undefined && scalar !== 'string') errors.push({ keyword: 'null', instancePath: path, schemaPath: '', params: {} });
    return;
  }
  if (Array.isArray(value)) {
    if (!types.has('array')) {
      if (scalar !== undefined) errors.push({ keyword: 'type', instancePath: path, schemaPath: '', params: { type: scalar } });
      return;
    }
    if (schema.items) value.forEach((item, i) => check(schema.items!, item, `${path}/${i}`, errors));
    return;
  }
  if (typeof value === 'object' && schema.properties) {
    for (const [key, sub] of Object.entries(schema.properties)) check(sub, (value as Record<string, unknown>)[key], `${path}/${key}`, errors);
  }
}

const TRUE = new Set(['true', '1', 'on', 'yes', 't', 'y']);
const FALSE = new Set(['false', '0', 'off', 'no', 'f', 'n']);

/**
 * A form boolean: Ajv reads only "true" and "false" as booleans, while HTML forms and the reference's
 * clients send "1", "on" or "yes" as well (the spellings the reference accepts). Anything else stays as sent.
 */
function formBoolean(value: string): boolean | string {
  const text = value.trim().toLowerCase();
  return TRUE.has(text) ? true : FALSE.has(text) ? false : value;
}

/** An integer written the one way JSON writes it ("20", not " 20" or "020") becomes the number; other text stays. */
function formInteger(value: string): number | string {
  const n = Number(value);
  return /^-?\d+$/.test(value) && Number.isSafeInteger(n) && String(n) === value ? n : value;
}

/** One form value (text) in the JSON type the schema asks for, when it reads as one. */
function formScalar(schema: Schema, value: unknown, service: boolean): unknown {
  if (typeof value !== 'string') return value;
  const types = typesOf(schema);
  if (!types || types.has('string')) return value;
  if (types.has('boolean')) return formBoolean(value);
  // Ajv coerces numbers of the bodies it validates itself; bodies the services check get them here.
  if (service && types.has('integer')) return formInteger(value);
  return value;
}

/**
 * Form and multipart fields arrive as text, a field sent once as a string and sent twice as a list. This puts
 * them into the shape of the JSON body: list fields get lists, booleans and numbers their types. Bodies Ajv
 * validates keep a repeated single-value field as a list (Ajv refuses it, as before); bodies the services check
 * take its last value, as those services always did with form bodies, and drop empty items of number lists.
 */
function normaliseForm(schema: Schema, body: Record<string, unknown>, service: boolean): void {
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    const value = body[key];
    if (value === undefined) continue;
    const types = typesOf(sub);
    if (types?.has('array')) {
      if (!service) continue;
      const items = Array.isArray(value) ? value : [value];
      const numbers = sub.items ? !typesOf(sub.items)?.has('string') : false;
      body[key] = items.filter((v) => !(numbers && v === '')).map((v) => (sub.items ? formScalar(sub.items, v, true) : v));
    } else if (Array.isArray(value)) {
      if (service && value.length) body[key] = formScalar(sub, value[value.length - 1], true);
    } else body[key] = formScalar(sub, value, service);
  }
}

function isForm(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type);
}

/** The form test of the services that check their own bodies (multipart, or urlencoded as written). */
function isServiceForm(request: FastifyRequest): boolean {
  return request.isMultipart() || String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

function isJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return /^application\/([\w.+-]+\+)?json\b/i.test(type);
}

export function registerBodyShapes(app: FastifyInstance): void {
  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const schema = request.routeOptions.schema?.body as Schema | undefined;
    // Bodies a service checks itself (resource()'s `described`) are only reshaped, never checked here.
    const described = schema ? undefined : (request.routeOptions.config?.described?.body as Schema | undefined);
    if (described) {
      if (request.body && typeof request.body === 'object' && !Array.isArray(request.body) && isServiceForm(request)) normaliseForm(described, request.body as Record<string, unknown>, true);
      return done();
    }
    if (!schema || request.body === undefined || request.body === null) return done();
    if (isForm(request) && typeof request.body === 'object') normaliseForm(schema, request.body as Record<string, unknown>, false);
    if (!isJson(request)) return done();
    const errors: ShapeError[] = [];
    check(schema, request.body, '', errors);
    if (errors.length === 0) return done();
    // The shape of Fastify's own validation errors, so that they are reported like Ajv's.
    const error = new Error('body shape') as FastifyError;
    error.validation = errors;
    error.validationContext = 'body';
    error.statusCode = 400;
    done(error);
  });
}
