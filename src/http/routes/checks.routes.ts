// GET /api/checks/: every built-in quality check with its explanation and flags (public, one page).
import type { FastifyInstance } from 'fastify';
import { CHECKS, type Check } from '../../checks/registry.js';
import { resource } from '../resource.js';
import { CheckListSchema } from '../schemas/check.js';

export function serializeCheck(c: Check) {
  const enableFlags = [...(c.enableFlags ?? [])];
  return {
    id: c.id,
    name: c.name,
    summary: c.description,
    description: c.explanation,
    flag: enableFlags[0] ?? null,
    enable_flags: enableFlags,
    ignore_flag: `ignore-${c.id.replace(/_/g, '-')}`,
    source_check: !!c.sourceCheck,
  };
}

/** The registry does not change while the process runs: the answer is built once. */
let listing: { count: number; next: null; previous: null; results: ReturnType<typeof serializeCheck>[] } | undefined;

export function checksRoutes(app: FastifyInstance): void {
  resource(app, '/api/checks/', { name: 'Check List', description: 'The quality checks Parla runs on strings, with what each means and the flags that turn it on or off.' }, {
    GET: {
      schema: { response: { 200: CheckListSchema } },
      handler: async () => {
        listing ??= { count: CHECKS.length, next: null, previous: null, results: CHECKS.map(serializeCheck) };
        return listing;
      },
    },
  });
}
