// Gitea / Forgejo (and Gogs-shaped) push parser: clone_url, ssh_url, html_url plus ssh/scp twins.
import type { HookEvent, HookRequest, HookService } from '../types.js';
import { HookPayloadError } from '../types.js';
import { bareName, branchFromRef, header, obj, optStr, root, str, withGitVariants } from '../util.js';

const EVENT_HEADERS = ['x-forgejo-event', 'x-gitea-event', 'x-gogs-event'];

/** `git@host:o/r.git` ⇄ `ssh://git@host/o/r.git` (the scp form cannot carry a port). */
export function sshTwin(url: string): string | undefined {
  const scp = /^([^@/:]+)@([^:/]+):(?!\/\/)(.+)$/.exec(url);
  if (scp && !url.includes('://')) return `ssh://${scp[1]}@${scp[2]}/${scp[3].replace(/^\/+/, '')}`;
  const ssh = /^ssh:\/\/([^@/]+)@([^:/]+)\/(.+)$/i.exec(url);
  if (ssh) return `${ssh[1]}@${ssh[2]}:${ssh[3]}`;
  return undefined;
}

function pathOf(url: string): string | undefined {
  try {
    return new URL(url).pathname.replace(/^\/+/, '') || undefined;
  } catch {
    return undefined;
  }
}

export function parseGitea(req: HookRequest, service: Extract<HookService, 'gitea' | 'forgejo'> = 'gitea'): HookEvent {
  // The spec has no event filter; when the forge names a non-push event we acknowledge it instead of failing.
  const event = EVENT_HEADERS.map((h) => header(req.headers, h)).find((v) => v !== undefined);
  if (event !== undefined && event !== 'push') return { kind: 'ping' };
  const data = root(req.body);
  const repository = obj(data, 'repository');
  const ref = str(data, 'ref');
  const cloneUrl = str(repository, 'clone_url', 'repository.clone_url');
  const sshUrl = optStr(repository, 'ssh_url');
  const htmlUrl = optStr(repository, 'html_url');
  const fullName = optStr(repository, 'full_name') ?? pathOf(cloneUrl);
  if (!fullName) throw HookPayloadError.invalid('repository.full_name missing');
  return {
    kind: 'push',
    service,
    serviceLongName: service === 'forgejo' ? 'Forgejo' : 'Gitea',
    repoUrl: htmlUrl ?? cloneUrl,
    repoUrls: withGitVariants([cloneUrl, sshUrl, sshUrl ? sshTwin(sshUrl) : undefined, htmlUrl]),
    branch: branchFromRef(ref),
    defaultBranch: optStr(repository, 'default_branch') ?? null,
    fullName: bareName(fullName),
  };
}
