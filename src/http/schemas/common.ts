// Shared TypeBox pieces of request and response schemas: field helpers, the error body, list queries and the page envelope.
import { Type, type TSchema } from 'typebox';

export const Str = (max?: number) => Type.Optional(Type.String(max ? { maxLength: max } : {}));
export const Bool = () => Type.Optional(Type.Boolean());
export const Int = () => Type.Optional(Type.Integer());

/** A value or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An absolute API or web address. */
export const Url = (description?: string) => Type.String({ format: 'uri', ...(description ? { description } : {}) });

/**
 * Read-only fields a client may echo back from a GET: accepted and ignored, unlike unknown fields. Any value passes
 * (as it always did); the OpenAPI document gives them the type of the same field in the answer.
 */
export function readOnly(...names: string[]): Record<string, TSchema> {
  return Object.fromEntries(names.map((n) => [n, Type.Optional(Type.Unknown({ readOnly: true }))]));
}

export function body<T extends Record<string, TSchema>>(properties: T) {
  return Type.Object(properties, { additionalProperties: false });
}

/**
 * The same body schema with `names` required, for the OpenAPI document only: services check required fields
 * themselves (with their own messages), so the validated schema keeps every field optional.
 */
export function documentedRequired<T extends TSchema>(schema: T, names: string[]): T {
  return { ...schema, required: names } as T;
}

export const ProjectParams = Type.Object({ project: Type.String() });
export const ComponentParams = Type.Object({ project: Type.String(), component: Type.String() });
export const TranslationParams = Type.Object({ project: Type.String(), component: Type.String(), language: Type.String() });
export const IdParams = Type.Object({ id: Type.String({ description: 'Numeric id.' }) });

/** One entry of an error body's `errors`. */
export const FieldErrorSchema = Type.Object({
  code: Type.String({ examples: ['required'] }),
  detail: Type.String(),
  attr: Nullable(Type.String({ description: 'The field, dotted for nested fields; null when the error is not about one field.' })),
});

/** The body of every 4xx and 5xx answer; `errors` lists the fields of a validation error. */
export const ErrorSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('validation_error'), Type.Literal('client_error'), Type.Literal('server_error')]),
    detail: Type.String({ description: 'One-line summary.' }),
    errors: Type.Array(FieldErrorSchema),
  },
  { title: 'Error' },
);

/** Query parameters of every paginated list. Documented only: pagination reads them itself (a bad page is a 404). */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Literal('last')], { description: 'Page number (1 and up) or `last`.' })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, description: 'Items per page (capped by the server).' })),
});

/** PageQuery plus `q`, the search query language, on lists that search. */
export const SearchPageQuery = Type.Object({
  ...PageQuery.properties,
  q: Type.Optional(Type.String({ description: 'Search query, e.g. `state:<translated AND source:"Hello"`.' })),
});

/** The {count, next, previous, results} envelope of a paginated list of `item`. */
export function Paginated<T extends TSchema>(item: T) {
  return Type.Object({
    count: Type.Integer({ minimum: 0 }),
    next: Nullable(Url('The next page, or null on the last one.')),
    previous: Nullable(Url('The previous page, or null on the first one.')),
    results: Type.Array(item),
  });
}

/** The commit message templates of projects and components, in the reference's order, each of `field()`. */
export function messageTemplates<T extends TSchema>(field: () => T) {
  return { commit_message: field(), add_message: field(), delete_message: field(), merge_message: field(), addon_message: field(), pull_message: field() };
}

/** The answer of a DELETE: no body. */
export const NoContent = Type.Null({ description: 'No content.' });
