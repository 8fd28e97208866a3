// Entry point of hook payload parsing: dispatches a decoded request to the parser of its service.
import { parseAzure } from './services/azure.js';
import { parseBitbucket } from './services/bitbucket.js';
import { parseGitea } from './services/gitea.js';
import { parseGitee } from './services/gitee.js';
import { parseGithub } from './services/github.js';
import { parseGitlab } from './services/gitlab.js';
import { parsePagure } from './services/pagure.js';
import type { HookEvent, HookRequest, HookService } from './types.js';
import { HookPayloadError } from './types.js';

export type HookParser = (req: HookRequest) => HookEvent;

export const HOOK_PARSERS: Readonly<Record<HookService, HookParser>> = {
  github: parseGithub,
  gitlab: parseGitlab,
  bitbucket: parseBitbucket,
  pagure: parsePagure,
  azure: parseAzure,
  gitea: (req) => parseGitea(req, 'gitea'),
  forgejo: (req) => parseGitea(req, 'forgejo'),
  gitee: parseGitee,
};

/**
 * Parses a decoded hook request of `service` into a ping or a push.
 * Every failure (missing fields, wrong types, unexpected exceptions) surfaces as HookPayloadError.
 */
export function parseHookPayload(service: HookService, req: HookRequest): HookEvent {
  try {
    return HOOK_PARSERS[service](req);
  } catch (err) {
    if (err instanceof HookPayloadError) throw err;
    throw HookPayloadError.invalid(`${service} parser failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}
