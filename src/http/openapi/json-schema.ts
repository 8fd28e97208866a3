// TypeBox/JSON Schema → OpenAPI 3.0 Schema Object: the few keywords 3.0 spells differently or lacks.
export type SchemaObject = Record<string, unknown>;

// JSON Schema keywords with no OpenAPI 3.0 equivalent; dropping them only loosens the documented shape.
const DROPPED = new Set(['$schema', '$id', '$defs', 'definitions', 'examples', 'if', 'then', 'else', 'patternProperties', 'unevaluatedProperties', 'prefixItems', 'dependentRequired', 'dependentSchemas', 'contains', 'propertyNames', 'contentEncoding', 'contentMediaType', 'const']);

const isNullSchema = (s: unknown) => typeof s === 'object' && s !== null && (s as SchemaObject).type === 'null' && Object.keys(s).length === 1;

export interface ConvertOptions {
  /**
   * Called with each schema that has a `title` (a named resource schema such as Project), converted: what it
   * answers (a $ref to a shared component) stands in for the schema.
   */
  named?: (title: string, schema: SchemaObject) => SchemaObject;
}

const isRef = (s: SchemaObject) => typeof s.$ref === 'string';

/** A $ref cannot carry siblings in 3.0: nullable and readOnly references are spelled with allOf. */
export function withSiblings(converted: SchemaObject, siblings: SchemaObject): SchemaObject {
  if (!Object.keys(siblings).length) return converted;
  return isRef(converted) ? { ...siblings, allOf: [converted] } : { ...converted, ...siblings };
}

/**
 * Converts one schema. TypeBox keeps its own markers (`~kind`, `~optional`) in non-enumerable properties, so
 * walking enumerable keys already leaves them out; keys starting with `~` are dropped too, should that change.
 */
export function toOpenApiSchema(input: unknown, options: ConvertOptions = {}): SchemaObject {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return {};
  const src = input as SchemaObject;
  if (options.named && typeof src.title === 'string') {
    const { title, ...rest } = src;
    return options.named(title, convert(rest, options));
  }
  return convert(src, options);
}

function convert(src: SchemaObject, options: ConvertOptions): SchemaObject {
  const sub = (v: unknown) => toOpenApiSchema(v, options);
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(src)) {
    if (key.startsWith('~') || DROPPED.has(key)) continue;
    switch (key) {
      case 'properties':
        out.properties = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, sub(v)]));
        break;
      case 'items':
        // A tuple's item list has no 3.0 spelling: any item is one of them.
        out.items = Array.isArray(value) ? (value.length ? { anyOf: value.map(sub) } : {}) : sub(value);
        break;
      case 'additionalProperties':
      case 'not':
        out[key] = typeof value === 'boolean' ? value : sub(value);
        break;
      case 'anyOf':
      case 'oneOf':
      case 'allOf': {
        const members = value as unknown[];
        const nonNull = members.filter((m) => !isNullSchema(m));
        if (nonNull.length < members.length && key !== 'allOf') out.nullable = true;
        if (nonNull.length === 1 && key !== 'allOf') {
          const only = sub(nonNull[0]);
          if (isRef(only)) out.allOf = [only];
          else Object.assign(out, only);
        } else if (nonNull.length) {
          const converted = nonNull.map(sub);
          // A union of string literals is one enum.
          const literals = converted.every((m) => m.type === 'string' && Array.isArray(m.enum) && Object.keys(m).length === 2);
          if (literals && key !== 'allOf') Object.assign(out, { type: 'string', enum: converted.flatMap((m) => m.enum as unknown[]) });
          else out[key] = converted;
        }
        break;
      }
      case 'type':
        if (Array.isArray(value)) {
          const types = value.filter((t) => t !== 'null');
          if (types.length < value.length) out.nullable = true;
          if (types.length === 1) out.type = types[0];
          else if (types.length > 1) out.anyOf = types.map((t) => ({ type: t }));
        } else if (value === 'null') {
          out.nullable = true;
          out.enum = [null];
        } else {
          out.type = value;
        }
        break;
      case 'required':
        // 3.0 wants at least one entry.
        if (Array.isArray(value) && value.length) out.required = value;
        break;
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        // 2019+ numbers become 3.0's boolean flag next to minimum/maximum.
        if (typeof value === 'number') {
          out[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'] = value;
          out[key] = true;
        } else out[key] = value;
        break;
      default:
        out[key] = value;
    }
  }
  if ('const' in src) out.enum = [src.const];
  // A record (one key pattern) is 3.0's map: additionalProperties with the value schema.
  const patterns = src.patternProperties as Record<string, unknown> | undefined;
  if (patterns && !('additionalProperties' in src) && Object.keys(patterns).length === 1) out.additionalProperties = sub(Object.values(patterns)[0]);
  if (Array.isArray(src.examples) && src.examples.length && !('example' in out)) out.example = src.examples[0];
  return out;
}
