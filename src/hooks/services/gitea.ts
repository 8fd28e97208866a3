// Gitea / Forgejo (and Gogs-shaped) push parser: clone_url, ssh_url, html_url plus ssh/scp twins.
import type { HookEvent, HookRequest } from '../types.js';
import { HookPayloadError } from '../types.js';
import { bareName, branchFromRef, header, obj, optStr, root, str, withGitVariants } from '../util.js';
import type { ForgeHook } from '../forge.js';
import { verifyHexSignature, verifyHubSignature256 } from '../signature.js';

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

export function parseGitea(req: HookRequest, service: 'gitea' | 'forgejo' = 'gitea'): HookEvent {
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

/** Gitea and Forgejo sign like GitHub, or with a bare hex HMAC in their own header. */
function verifyGitea(headers: Record<string, string | undefined>, rawBody: string | Uint8Array, secret: string): boolean {
  return (
    verifyHubSignature256(rawBody, secret, header(headers, 'x-hub-signature-256')) ||
    verifyHexSignature(rawBody, secret, header(headers, 'x-gitea-signature')) ||
    verifyHexSignature(rawBody, secret, header(headers, 'x-forgejo-signature'))
  );
}

export const giteaHook: ForgeHook = {
  id: 'gitea',
  parse: (req) => parseGitea(req, 'gitea'),
  signature: 'hub-signature-256',
  verify: verifyGitea,
};

/** Forgejo, a Gitea fork, under its own path segment. */
export const forgejoHook: ForgeHook = {
  id: 'forgejo',
  parse: (req) => parseGitea(req, 'forgejo'),
  signature: 'hub-signature-256',
  verify: verifyGitea,
};
