// The change object (serializeChange) and the filters of change lists.
import { Type } from 'typebox';
import { Nullable, PageQuery, Url } from './common.js';

export const ChangeSchema = Type.Object(
  {
    unit: Nullable(Url()),
    component: Nullable(Url()),
    translation: Nullable(Url()),
    user: Nullable(Url()),
    author: Nullable(Url()),
    alert: Type.Null(),
    timestamp: Type.String({ format: 'date-time' }),
    action: Type.Integer(),
    target: Type.String(),
    old: Type.String(),
    details: Type.Record(Type.String(), Type.Unknown()),
    id: Type.Integer(),
    action_name: Type.String(),
    url: Url(),
  },
  { title: 'Change' },
);

/** Documented only: ChangesService parses the filters itself. */
export const ChangeQuery = Type.Object({
  ...PageQuery.properties,
  user: Type.Optional(Type.String({ description: 'Username of the author.' })),
  action: Type.Optional(Type.Array(Type.Integer(), { description: 'Action codes; repeatable.' })),
  timestamp_after: Type.Optional(Type.String({ format: 'date-time' })),
  timestamp_before: Type.Optional(Type.String({ format: 'date-time' })),
});
