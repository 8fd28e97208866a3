// GitLab push payload parser: any payload with a top-level `ref`; candidates from repository/project URLs.
import type { HookEvent, HookRequest } from '../types.js';
import { HookPayloadError } from '../types.js';
import { bareName, branchFromRef, header, optObj, optStr, root, str, withGitVariants } from '../util.js';
import { trimTrailingSlashes } from '../../shared/text.js';
import type { ForgeHook } from '../forge.js';
import { verifyGitlabToken } from '../signature.js';

/** `git@host:group/sub/proj.git` or `ssh://git@host:2222/group/proj.git` → `group/sub/proj`. */
function pathFromSshUrl(url: string): string | undefined {
  const scp = /^[^/@]+@[^:/]+:(.+)$/.exec(url);
  if (scp && !url.includes('://')) return bareName(scp[1].replace(/^\/+/, ''));
  try {
    const path = new URL(url).pathname.replace(/^\/+/, '');
    return path === '' ? undefined : bareName(path);
  } catch {
    return undefined;
  }
}

export function parseGitlab(req: HookRequest): HookEvent {
  const data = root(req.body);
  // Merge request, issue, note … events carry no top-level ref: acknowledge only.
  if (!('ref' in data)) return { kind: 'ping' };
  const ref = str(data, 'ref');
  const repository = optObj(data, 'repository');
  const project = optObj(data, 'project');
  if (!repository && !project) throw HookPayloadError.invalid('repository and project missing');

  const sshUrl = optStr(repository, 'url') ?? optStr(repository, 'git_ssh_url') ?? optStr(project, 'git_ssh_url');
  const homepage = optStr(repository, 'homepage') ?? optStr(project, 'web_url') ?? optStr(project, 'homepage');
  const candidates = withGitVariants([
    sshUrl,
    homepage ? `${trimTrailingSlashes(homepage)}.git` : undefined,
    optStr(repository, 'git_http_url'),
    optStr(repository, 'git_ssh_url'),
    homepage,
    optStr(project, 'git_http_url'),
    optStr(project, 'git_ssh_url'),
    optStr(project, 'web_url'),
  ]);
  if (candidates.length === 0) throw HookPayloadError.invalid('no repository URL in payload');

  const fullName =
    optStr(project, 'path_with_namespace') ??
    (sshUrl ? pathFromSshUrl(sshUrl) : undefined) ??
    (homepage ? pathFromSshUrl(homepage) : undefined);
  if (!fullName) throw HookPayloadError.invalid('cannot determine repository full name');
  return {
    kind: 'push',
    service: 'gitlab',
    serviceLongName: 'GitLab',
    repoUrl: homepage ?? candidates[0],
    repoUrls: candidates,
    branch: branchFromRef(ref),
    defaultBranch: optStr(project, 'default_branch') ?? null,
    fullName: bareName(fullName),
  };
}

export const gitlabHook: ForgeHook = {
  id: 'gitlab',
  parse: parseGitlab,
  signature: 'gitlab-token',
  verify: (headers, _rawBody, secret) => verifyGitlabToken(secret, header(headers, 'x-gitlab-token')),
};
