// The push payload and the answers of the repository notification hooks (/hooks/<service>/ and /hooks/update/…).
import { Type } from 'typebox';
import { Url } from './common.js';

const status = (value: 'success' | 'failure') => Type.Literal(value);

/** The body of /hooks/<service>/: the code hosting service's own push payload (JSON, or a form with a `payload` field). */
export const HookPayload = Type.Object({}, { additionalProperties: true, description: "The service's push notification payload, as it sends it." });

/** How many components matched the repository, then also the branch, then also had hooks enabled (and a good secret). */
const MatchStatus = Type.Object(
  { repository_matches: Type.Integer({ minimum: 0 }), branch_matches: Type.Integer({ minimum: 0 }), enabled_hook_matches: Type.Integer({ minimum: 0 }) },
  { title: 'HookMatchStatus' },
);

/** 200: the push matched components, whose pulls are queued. */
export const HookTriggeredSchema = Type.Object(
  {
    status: status('success'),
    message: Type.String(),
    match_status: MatchStatus,
    updated_components: Type.Array(Url()),
  },
  { title: 'HookTriggered' },
);

/** 202: a valid payload that matched no component. */
export const HookUnmatchedSchema = Type.Object(
  {
    status: status('failure'),
    message: Type.String(),
    match_status: MatchStatus,
    updated_components: Type.Array(Url(), { maxItems: 0 }),
  },
  { title: 'HookUnmatched' },
);

/** 201: the service's test delivery (a ping). */
export const HookPingSchema = Type.Object({ status: status('success'), message: Type.String() }, { title: 'HookPing' });

/** The deprecated /hooks/update/<project>/[<component>/]: the update is queued. */
export const HookUpdateSchema = Type.Object({ status: status('success'), message: Type.String({ examples: ['Update triggered'] }) }, { title: 'HookUpdate' });
