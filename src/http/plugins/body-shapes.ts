// Request bodies against their schemas before Ajv: JSON keeps its shapes, form booleans take the usual spellings.
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
 * Form booleans: Ajv reads only "true" and "false" as booleans, while HTML forms and the reference's
 * clients send "1", "on" or "yes" as well (the spellings the reference accepts).
 */
function formBooleans(schema: Schema, body: Record<string, unknown>): void {
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    const value = body[key];
    const types = typeof value === 'string' ? typesOf(sub) : null;
    if (!types?.has('boolean') || types.has('string')) continue;
    const text = (value as string).trim().toLowerCase();
    if (TRUE.has(text)) body[key] = true;
    else if (FALSE.has(text)) body[key] = false;
  }
}

function isForm(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type);
}

function isJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return /^application\/([\w.+-]+\+)?json\b/i.test(type);
}

export function registerBodyShapes(app: FastifyInstance): void {
  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const schema = request.routeOptions.schema?.body as Schema | undefined;
    if (!schema || request.body === undefined || request.body === null) return done();
    if (isForm(request) && typeof request.body === 'object') formBooleans(schema, request.body as Record<string, unknown>);
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
