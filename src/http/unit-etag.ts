// The ETag header of unit answers (the unit's version, see domain/unit-version.ts) and the If-Match header of unit writes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unitEtag } from '../domain/unit-version.js';
import type { UnitWithRefs } from '../services/units/units.service.js';

/** Sets the unit's ETag on the answer; returns the tag. */
export function setUnitEtag(reply: FastifyReply, refs: UnitWithRefs): string {
  const tag = unitEtag(refs.unit, (refs.unit.labels ?? []).map((l) => l.id));
  reply.header('ETag', tag);
  return tag;
}

/** The If-Match header of a write (several headers are one list), or undefined when there is none. */
export function ifMatchOf(request: FastifyRequest): string | undefined {
  const h = request.headers['if-match'];
  if (h === undefined) return undefined;
  return Array.isArray(h) ? h.join(', ') : h;
}

/** Whether If-None-Match names the tag (or is `*`): the client's copy is current. */
export function notModified(request: FastifyRequest, tag: string): boolean {
  const h = request.headers['if-none-match'];
  if (typeof h !== 'string') return false;
  if (h.trim() === '*') return true;
  // If-None-Match compares weakly: W/"x" matches "x".
  return h.split(',').some((t) => t.trim().replace(/^W\//, '') === tag);
}
