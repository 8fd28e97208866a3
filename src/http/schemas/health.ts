// The answers of the probes /healthz and /readyz (and of the worker's probe listener).
import { Type } from 'typebox';

export const LivenessSchema = Type.Object(
  { status: Type.Literal('ok', { description: 'The process answers.' }) },
  { title: 'Liveness' },
);

const CheckSchema = Type.Object(
  {
    ok: Type.Boolean({ description: 'Whether the check passed.' }),
    error: Type.Optional(Type.String({ description: 'Why it failed (a failed check only).' })),
    detail: Type.Optional(Type.String({ description: 'What was found, when worth knowing: "not configured", "in-process", "redis".' })),
  },
);

const ChecksSchema = Type.Object(
  {
    database: { ...CheckSchema, description: 'The database answers a trivial query.' },
    migrations: { ...CheckSchema, description: 'Every migration of this code is applied.' },
    data_dir: { ...CheckSchema, description: 'A file can be written to and removed from the data dir.' },
    redis: { ...CheckSchema, description: 'Redis answers PING (when PARLA_REDIS_URL is set).' },
    queue: { ...CheckSchema, description: 'The task queue answers: the BullMQ queue in Redis, or the in-process queue.' },
  },
  { description: 'Each check, run within a 2 s deadline.' },
);

/** 200: every check passed. */
export const ReadinessSchema = Type.Object(
  { status: Type.Literal('ok', { description: 'Every check passed.' }), checks: ChecksSchema },
  { title: 'Readiness', description: 'Ready: every check passed.' },
);

/** 503: at least one check failed; each failed one says why in `error`. */
export const UnreadinessSchema = Type.Object(
  { status: Type.Literal('unavailable', { description: 'At least one check failed.' }), checks: ChecksSchema },
  { title: 'Unreadiness', description: 'Not ready: the failed checks have `ok: false` and an `error`.' },
);
