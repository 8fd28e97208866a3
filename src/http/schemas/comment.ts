// The comment object (serializeComment) and the body the comment service checks itself.
import { Type } from 'typebox';
import { COMMENT_SCOPES } from '../../services/discussion/comments.service.js';
import { Nullable, Url } from './common.js';

const Scope = (description: string) => Type.Union(COMMENT_SCOPES.map((s) => Type.Literal(s)), { description });
const SCOPES = 'translation: on the translated string; global: on the source string (every language shows it); report: a source string issue.';

export const CommentSchema = Type.Object(
  {
    id: Type.Integer(),
    url: Url(),
    unit: Url('The unit the comment is on: the source unit for global and report comments.'),
    comment: Type.String(),
    scope: Scope(SCOPES),
    resolved: Type.Boolean(),
    timestamp: Type.String({ format: 'date-time' }),
    user: Nullable(Url('The author, or null for an anonymous or deleted one.')),
    username: Nullable(Type.String()),
  },
  { title: 'Comment' },
);

/** POST /api/units/<id>/comments/. */
export const CommentCreateBody = Type.Object({
  comment: Type.String({ maxLength: 1000 }),
  scope: Type.Optional(Scope(`${SCOPES} Default translation.`)),
});
