// Translation memory entries (serializeMemory), the list filters, and the lookup's query, body and answer.
import { Type } from 'typebox';
import { Nullable, PageQuery } from './common.js';

export const MemorySchema = Type.Object(
  {
    id: Type.Integer(),
    source: Type.String(),
    target: Type.String(),
    source_language: Type.Integer({ description: 'Language id.' }),
    target_language: Type.Integer({ description: 'Language id.' }),
    origin: Type.String({ description: 'Where the entry comes from (a component, a file, a user).' }),
    project: Nullable(Type.Integer({ description: 'Project id; null for entries of no project.' })),
    from_file: Type.Boolean(),
    shared: Type.Boolean(),
  },
  { title: 'Memory' },
);

const Language = (description: string) => Type.String({ description: `${description}: a language code or id.` });

/** Documented only: the route reads the filters itself. */
export const MemoryListQuery = Type.Object({
  ...PageQuery.properties,
  source: Type.Optional(Type.String({ description: 'Text the source contains (any case).' })),
  source_language: Type.Optional(Language('Source language')),
  target_language: Type.Optional(Language('Target language')),
  project: Type.Optional(Type.String({ description: 'Project id or slug.' })),
});

/** Documented only: the route checks them itself. */
export const MemoryLookupQuery = Type.Object({
  source_language: Language('Source language'),
  target_language: Language('Target language'),
  project: Type.Optional(Type.String({ description: 'Only this project\'s entries (slug), with the caller\'s own and shared ones.' })),
  exact: Type.Optional(Type.Boolean({ description: 'Exact matches only.' })),
});

export const MemoryLookupBody = Type.Object({
  strings: Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), { minItems: 1, maxItems: 100 }),
});

export const MemoryLookupResultSchema = Type.Array(
  Type.Object({
    query: Type.String(),
    match: Nullable(
      Type.Object({
        id: Type.Integer(),
        source: Type.String(),
        target: Type.String(),
        origin: Type.String(),
        exact: Type.Boolean(),
        quality: Type.Integer({ minimum: 0, maximum: 100, description: '100 only for an exact match.' }),
      }),
    ),
  }),
  { description: 'The best match of each string, in the order asked.' },
);
