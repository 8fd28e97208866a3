// Request bodies against their schemas before Ajv: JSON keeps its shapes; form and multipart bodies are put into
// the JSON shape here, and only here (booleans in their usual spellings, single values of list fields, nested and
// indexed field names, numbers), so that every route reads one shape whatever the content type.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * Ajv coerces types (coerceTypes: 'array' in app.ts) because form and multipart fields all arrive as
 * text, and a form field sent once is a one-item list. Applied to JSON it changes what a client said:
 * {"name": ["a"]} became "a", {"enforced_2fa": null} became false and {"project_selection": null} 0.
 * This check runs before Ajv on JSON bodies only: a list is not a single value, a single value is not a
 * list, null is not a number or a boolean. Null for a text field still reads as "" (clients echo the nulls
 * of a GET back), which text fields that must not be blank refuse on their own.
 *
 * Booleans are the exception, in every content type: a boolean field takes true/false and the spellings
 * the reference's clients send ("True", "off", "1", 0 …), here for every route, not route by route.
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

/** The schema itself or the branch of it (Nullable(Object(…)), a union) that describes objects with properties. */
function objectBranch(schema: Schema): Schema | undefined {
  if (schema.properties) return schema;
  return (schema.anyOf ?? schema.oneOf)?.find((b) => b.properties);
}

/** The item schema of an array schema or of its array branch. */
function itemsOf(schema: Schema): Schema | undefined {
  if (schema.items) return schema.items;
  return (schema.anyOf ?? schema.oneOf)?.find((b) => b.items)?.items;
}

/** A field that holds a boolean (maybe null) and nothing else: the fields whose spellings are read here. */
function isBooleanField(schema: Schema): boolean {
  const types = typesOf(schema);
  return types !== null && types.has('boolean') && [...types].every((t) => t === 'boolean' || t === 'null');
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
  // A single value where JSON names a list stays refused (Ajv would make it a one-item list, as forms need).
  if (typeof value !== 'object') {
    if (types.has('array') && scalar === undefined) errors.push({ keyword: 'type', instancePath: path, schemaPath: '', params: { type: 'array' } });
    return;
  }
  if (Array.isArray(value)) {
    if (!types.has('array')) {
      if (scalar !== undefined) errors.push({ keyword: 'type', instancePath: path, schemaPath: '', params: { type: scalar } });
      return;
    }
    const items = itemsOf(schema);
    if (items) value.forEach((item, i) => check(items, item, `${path}/${i}`, errors));
    return;
  }
  const object = objectBranch(schema);
  if (typeof value === 'object' && object?.properties) {
    for (const [key, sub] of Object.entries(object.properties)) check(sub, (value as Record<string, unknown>)[key], `${path}/${key}`, errors);
  }
}

/**
 * Bodies the services check themselves are not checked here, except their boolean fields: what is not a
 * boolean after its spellings were read is refused as Ajv would ("Must be a valid boolean."), so that no
 * service takes the text "false" for true.
 */
function checkBooleans(schema: Schema, value: unknown, path: string, errors: ShapeError[]): void {
  const object = objectBranch(schema);
  if (!object?.properties || typeof value !== 'object' || value === null || Array.isArray(value)) return;
  for (const [key, sub] of Object.entries(object.properties)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || (sub as { readOnly?: boolean }).readOnly) continue;
    if (isBooleanField(sub)) {
      if (v === null && !typesOf(sub)!.has('null')) errors.push({ keyword: 'null', instancePath: `${path}/${key}`, schemaPath: '', params: {} });
      else if (v !== null && typeof v !== 'boolean') errors.push({ keyword: 'type', instancePath: `${path}/${key}`, schemaPath: '', params: { type: 'boolean' } });
    } else checkBooleans(sub, v, `${path}/${key}`, errors);
  }
}

const TRUE = new Set(['true', '1', 'on', 'yes', 't', 'y']);
const FALSE = new Set(['false', '0', 'off', 'no', 'f', 'n']);

/**
 * A boolean in the spellings the reference accepts in every content type (true/false, on/off, yes/no, t/f,
 * y/n and 1/0, in any case, and the numbers 1 and 0); anything else is returned as it was.
 */
export function booleanOf(value: unknown): unknown {
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : value;
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  return TRUE.has(text) ? true : FALSE.has(text) ? false : value;
}

/** Reads the boolean spellings of a JSON body's boolean fields, nested objects and lists of objects included. */
function jsonBooleans(schema: Schema, value: unknown): void {
  const object = objectBranch(schema);
  if (!object?.properties || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) return;
  const record = value as Record<string, unknown>;
  for (const [key, sub] of Object.entries(object.properties)) {
    const v = record[key];
    if (v === undefined || v === null) continue;
    if (isBooleanField(sub)) record[key] = booleanOf(v);
    else if (Array.isArray(v)) {
      const items = itemsOf(sub);
      if (items) v.forEach((item) => jsonBooleans(items, item));
    } else jsonBooleans(sub, v);
  }
}

/** An integer written the one way JSON writes it ("20", not " 20" or "020") becomes the number; other text stays. */
function formInteger(value: string): number | string {
  const n = Number(value);
  return /^-?\d+$/.test(value) && Number.isSafeInteger(n) && String(n) === value ? n : value;
}

/**
 * An empty form value of a field that holds no text (a boolean, a number): the field was left empty, as an
 * unchecked box or a blank number input is; it reads as null where the field takes null, else as not sent.
 */
const EMPTY = Symbol('empty form value');

function emptyFormValue(schema: Schema, value: unknown): unknown {
  if (value !== '') return value;
  const types = typesOf(schema);
  if (!types || types.has('string') || types.has('array') || types.has('object')) return value;
  return types.has('null') ? null : EMPTY;
}

/** One form value (text) in the JSON type the schema asks for, when it reads as one. */
function formScalar(schema: Schema, value: unknown, service: boolean): unknown {
  if (typeof value !== 'string') return value;
  const types = typesOf(schema);
  if (!types || types.has('string')) return value;
  if (types.has('boolean')) return booleanOf(value);
  // Ajv coerces numbers of the bodies it validates itself; bodies the services check get them here.
  if (service && types.has('integer')) return formInteger(value);
  return value;
}

/**
 * Form field names that address into a field, as the reference's forms write them: `plural.number` is the
 * `number` of the object field `plural`, `target[0]` the first item of the list field `target`. They are
 * gathered into the object or list (items in index order) unless the field itself was also sent.
 */
function nestFormNames(schema: Schema, body: Record<string, unknown>): void {
  const properties = schema.properties ?? {};
  const lists = new Map<string, Map<number, unknown>>();
  for (const name of Object.keys(body)) {
    const indexed = /^([^.[\]]+)\[(\d{1,4})\]$/.exec(name);
    if (indexed) {
      const sub = properties[indexed[1]];
      if (!sub || !typesOf(sub)?.has('array') || indexed[1] in body) continue;
      const items = lists.get(indexed[1]) ?? new Map<number, unknown>();
      const value = body[name];
      items.set(Number(indexed[2]), Array.isArray(value) ? value[value.length - 1] : value);
      lists.set(indexed[1], items);
      delete body[name];
      continue;
    }
    const dot = name.indexOf('.');
    if (dot <= 0) continue;
    const field = name.slice(0, dot);
    const sub = properties[field];
    if (!sub || !objectBranch(sub)) continue;
    const holder = body[field];
    if (holder !== undefined && (typeof holder !== 'object' || holder === null || Array.isArray(holder))) continue;
    const nested = (holder ?? {}) as Record<string, unknown>;
    nested[name.slice(dot + 1)] = body[name];
    body[field] = nested;
    delete body[name];
  }
  for (const [field, items] of lists) body[field] = [...items.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
}

/**
 * Form and multipart fields arrive as text, a field sent once as a string and sent twice as a list. This puts
 * them into the shape of the JSON body: list fields get lists, object fields their `field.key` parts,
 * booleans and numbers their types, and an empty boolean or number is null or not sent. Bodies Ajv validates keep a repeated single-value field as a list (Ajv
 * refuses it, as before); bodies the services check take its last value, as those services always did with
 * form bodies, and drop empty items of number lists.
 */
function normaliseForm(schema: Schema, body: Record<string, unknown>, service: boolean): void {
  nestFormNames(schema, body);
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    const value = body[key];
    if (value === undefined) continue;
    const types = typesOf(sub);
    const object = objectBranch(sub);
    if (object && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      normaliseForm(object, value as Record<string, unknown>, service);
    } else if (types?.has('array')) {
      const items = itemsOf(sub);
      if (!service) {
        // Ajv makes a single value a one-item list; only the booleans' spellings are read here.
        if (items && isBooleanField(items)) body[key] = (Array.isArray(value) ? value : [value]).map((v) => booleanOf(v));
        continue;
      }
      const list = Array.isArray(value) ? value : [value];
      const numbers = items ? !typesOf(items)?.has('string') : false;
      body[key] = list.filter((v) => !(numbers && v === '')).map((v) => (items ? formScalar(items, v, true) : v));
    } else if (Array.isArray(value)) {
      if (service && value.length) body[key] = formScalar(sub, emptyFormValue(sub, value[value.length - 1]), true);
      else if (isBooleanField(sub)) body[key] = value.map((v) => booleanOf(v));
    } else body[key] = formScalar(sub, emptyFormValue(sub, value), service);
    if (body[key] === EMPTY) delete body[key];
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

/** The shape of Fastify's own validation errors, so that they are reported like Ajv's. */
function shapeError(errors: ShapeError[]): FastifyError {
  const error = new Error('body shape') as FastifyError;
  error.validation = errors;
  error.validationContext = 'body';
  error.statusCode = 400;
  return error;
}

/** A parsed body's fields; raw bodies (the hooks' bytes) are not. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Uint8Array);
}

export function registerBodyShapes(app: FastifyInstance): void {
  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const schema = request.routeOptions.schema?.body as Schema | undefined;
    // Bodies a service checks itself (resource()'s `described`) are reshaped and their booleans read, never checked further here.
    const described = schema ? undefined : (request.routeOptions.config?.described?.body as Schema | undefined);
    if (described) {
      if (!isRecord(request.body)) return done();
      if (isServiceForm(request)) normaliseForm(described, request.body, true);
      else if (isJson(request)) jsonBooleans(described, request.body);
      const errors: ShapeError[] = [];
      checkBooleans(described, request.body, '', errors);
      return done(errors.length ? shapeError(errors) : undefined);
    }
    if (!schema || request.body === undefined || request.body === null) return done();
    if (isForm(request) && isRecord(request.body)) normaliseForm(schema, request.body, false);
    if (!isJson(request)) return done();
    jsonBooleans(schema, request.body);
    const errors: ShapeError[] = [];
    check(schema, request.body, '', errors);
    done(errors.length ? shapeError(errors) : undefined);
  });
}
