// Entry point of hook payload parsing: dispatches a decoded request to the parser of its service.
import { FORGE_HOOKS, forgeHook } from './registry.js';
import type { HookEvent, HookRequest, HookService } from './types.js';
import { HookPayloadError } from './types.js';

export type HookParser = (req: HookRequest) => HookEvent;

/** The parser of each service, by path segment. */
export const HOOK_PARSERS: Readonly<Record<HookService, HookParser>> = Object.fromEntries(FORGE_HOOKS.map((hook) => [hook.id, (req: HookRequest) => hook.parse(req)]));

/**
 * Parses a decoded hook request of `service` into a ping or a push.
 * Every failure (missing fields, wrong types, unexpected exceptions) surfaces as HookPayloadError.
 */
export function parseHookPayload(service: HookService, req: HookRequest): HookEvent {
  try {
    return forgeHook(service).parse(req);
  } catch (err) {
    if (err instanceof HookPayloadError) throw err;
    throw HookPayloadError.invalid(`${service} parser failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}
