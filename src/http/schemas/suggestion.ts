// The suggestion object (serializeSuggestion), the answer of a vote, and the bodies the suggestion service checks itself.
import { Type } from 'typebox';
import { Nullable, Url } from './common.js';

export const SuggestionSchema = Type.Object(
  {
    id: Type.Integer(),
    url: Url(),
    unit: Url(),
    target: Type.Array(Type.String(), { description: 'One item per plural form.' }),
    user: Nullable(Url('The author, or null for an anonymous or deleted one.')),
    username: Nullable(Type.String()),
    timestamp: Type.String({ format: 'date-time' }),
    votes: Type.Integer({ description: 'The sum of the votes (+1 and -1).' }),
  },
  { title: 'Suggestion' },
);

export const VoteResultSchema = Type.Object(
  {
    result: Type.Union([Type.Literal('voted'), Type.Literal('accepted')]),
    // Null once accepted: the suggestion is gone.
    suggestion: Nullable(SuggestionSchema),
  },
  { title: 'SuggestionVoteResult' },
);

export const AcceptResultSchema = Type.Object({ result: Type.Literal('accepted') });

/** POST /api/units/<id>/suggestions/. */
export const SuggestionCreateBody = Type.Object({ target: Type.Array(Type.String(), { description: 'One item per plural form of the translation.' }) });

/** DELETE /api/suggestions/<id>/: an optional reason, kept in the change. */
export const SuggestionDeleteBody = Type.Object({ rejection_reason: Type.Optional(Nullable(Type.String())) });

export const SuggestionAcceptBody = Type.Object({ approve: Type.Optional(Type.Boolean({ description: 'Approve the translation too (reviewers, where reviews are on).' })) });

export const SuggestionVoteBody = Type.Object({ value: Type.Integer({ minimum: -1, maximum: 1, description: '1 for, -1 against, 0 takes the vote back.' }) });
