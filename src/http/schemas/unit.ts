// The unit object (serializeUnit), its label references, and the write bodies the unit services check themselves.
import { Type } from 'typebox';
import { Url, documentedRequired } from './common.js';

export const LabelRefSchema = Type.Object({ id: Type.Integer(), name: Type.String(), description: Type.String(), color: Type.String() }, { title: 'LabelRef' });

const State = (description: string) => Type.Integer({ description });
const STATES = 'Unit state: 0 empty, 10 needs editing, 20 translated, 30 approved, 100 read-only.';

export const UnitSchema = Type.Object(
  {
    translation: Url(),
    language_code: Type.String(),
    source: Type.Array(Type.String(), { description: 'The source string, one item per plural form.' }),
    previous_source: Type.String(),
    target: Type.Array(Type.String(), { description: 'The translation, one item per plural form.' }),
    id_hash: Type.String(),
    content_hash: Type.String(),
    location: Type.String(),
    context: Type.String(),
    note: Type.String(),
    flags: Type.String(),
    labels: Type.Array(LabelRefSchema),
    state: State(STATES),
    fuzzy: Type.Boolean(),
    translated: Type.Boolean(),
    approved: Type.Boolean(),
    position: Type.Integer(),
    has_suggestion: Type.Boolean(),
    has_comment: Type.Boolean(),
    has_failing_check: Type.Boolean(),
    num_words: Type.Integer(),
    source_unit: Url(),
    priority: Type.Integer(),
    id: Type.Integer(),
    web_url: Url(),
    url: Url(),
    explanation: Type.String(),
    extra_flags: Type.String(),
    pending: Type.Boolean(),
    timestamp: Type.String({ format: 'date-time' }),
    last_updated: Type.String({ format: 'date-time' }),
    automatically_translated: Type.Boolean(),
  },
  { title: 'Unit' },
);

/**
 * PATCH/PUT /api/units/<id>/. Documented, not validated by the route: UnitEditsService checks it with the
 * reference's own messages. PUT needs `target` and `labels`.
 */
export const UnitWriteBody = Type.Object(
  {
    target: Type.Optional(Type.Array(Type.String(), { description: 'One item per plural form.' })),
    state: Type.Optional(State(STATES)),
    explanation: Type.Optional(Type.String()),
    extra_flags: Type.Optional(Type.String({ maxLength: 500 })),
    labels: Type.Optional(Type.Array(Type.Integer(), { description: 'Label ids of the unit\'s project.' })),
  },
  { title: 'UnitWrite' },
);

/** PUT /api/units/<id>/: UnitWriteBody with `target` and `labels`, under its own name in the OpenAPI document. */
export const UnitReplaceBody = { ...documentedRequired(UnitWriteBody, ['target', 'labels']), title: 'UnitReplace' };

/**
 * POST …/units/ (a new string). Monolingual components take `key` and `value`, bilingual ones `context`,
 * `source` and `target`; checked by UnitEditsService, not by the route.
 */
export const UnitCreateBody = Type.Object(
  {
    key: Type.Optional(Type.String()),
    value: Type.Optional(Type.Array(Type.String())),
    context: Type.Optional(Type.String()),
    source: Type.Optional(Type.Array(Type.String())),
    target: Type.Optional(Type.Array(Type.String())),
    state: Type.Optional(State('0, 10, 20 or 30.')),
  },
  { title: 'UnitCreate' },
);
