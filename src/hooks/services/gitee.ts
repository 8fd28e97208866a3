// Gitee push hook parser: git_http_url, git_ssh_url, git_url, ssh_url, html_url; full name path_with_namespace.
import type { HookEvent, HookRequest } from '../types.js';
import { HookPayloadError } from '../types.js';
import { bareName, branchFromRef, header, obj, optStr, root, str, withGitVariants } from '../util.js';
import type { ForgeHook } from '../forge.js';
import { verifyGiteeToken } from '../signature.js';

const PUSH_EVENTS = new Set(['Push Hook', 'Tag Push Hook']);

export function parseGitee(req: HookRequest): HookEvent {
  // The spec has no event filter; a named non-push event (issues, notes, …) is acknowledged instead of failing.
  const event = header(req.headers, 'x-gitee-event');
  if (event !== undefined && !PUSH_EVENTS.has(event)) return { kind: 'ping' };
  const data = root(req.body);
  const repository = obj(data, 'repository');
  const ref = str(data, 'ref');
  const candidates = withGitVariants([
    optStr(repository, 'git_http_url'),
    optStr(repository, 'git_ssh_url'),
    optStr(repository, 'git_url'),
    optStr(repository, 'ssh_url'),
    optStr(repository, 'html_url'),
    optStr(repository, 'clone_url'),
  ]);
  if (candidates.length === 0) throw HookPayloadError.invalid('no repository URL in payload');
  const fullName = optStr(repository, 'path_with_namespace') ?? optStr(repository, 'full_name');
  if (!fullName) throw HookPayloadError.invalid('repository.path_with_namespace missing');
  return {
    kind: 'push',
    service: 'gitee',
    serviceLongName: 'Gitee',
    repoUrl: optStr(repository, 'html_url') ?? candidates[0],
    repoUrls: candidates,
    branch: branchFromRef(ref),
    defaultBranch: optStr(repository, 'default_branch') ?? null,
    fullName: bareName(fullName),
  };
}

export const giteeHook: ForgeHook = {
  id: 'gitee',
  parse: parseGitee,
  signature: 'gitee-token',
  verify: (headers, _rawBody, secret) => verifyGiteeToken(secret, header(headers, 'x-gitee-token'), header(headers, 'x-gitee-timestamp')),
};
