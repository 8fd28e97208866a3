// GitHub push payload parser: X-GitHub-Event must be `push`; candidates from clone_url & co.
import type { HookEvent, HookRequest } from '../types.js';
import { HookPayloadError } from '../types.js';
import { bareName, branchFromRef, header, obj, optStr, root, str, withGitVariants } from '../util.js';
import type { ForgeHook } from '../forge.js';
import { verifyHubSignature256 } from '../signature.js';

const URL_KEYS = ['clone_url', 'git_url', 'ssh_url', 'svn_url', 'html_url', 'url'] as const;

export function parseGithub(req: HookRequest): HookEvent {
  // Ping on install and every other subscribed event is only acknowledged.
  if (header(req.headers, 'x-github-event') !== 'push') return { kind: 'ping' };
  const data = root(req.body);
  const repository = obj(data, 'repository');
  const ref = str(data, 'ref');
  const owner = obj(repository, 'owner', 'repository.owner');
  const ownerName = optStr(owner, 'login') ?? optStr(owner, 'name');
  if (!ownerName) throw HookPayloadError.invalid('repository.owner has neither login nor name');
  const slug = str(repository, 'name', 'repository.name');

  let candidates: string[];
  if (optStr(repository, 'clone_url')) {
    candidates = withGitVariants(URL_KEYS.map((key) => optStr(repository, key)));
  } else {
    // Minimal payloads (legacy service hooks) only name the repository: use github.com templates.
    const path = `${ownerName}/${slug}`;
    candidates = withGitVariants([`git://github.com/${path}.git`, `https://github.com/${path}.git`, `git@github.com:${path}.git`]);
  }
  const fullName = bareName(optStr(repository, 'full_name') ?? `${ownerName}/${slug}`);
  return {
    kind: 'push',
    service: 'github',
    serviceLongName: 'GitHub',
    repoUrl: optStr(repository, 'html_url') ?? optStr(repository, 'url') ?? `https://github.com/${ownerName}/${slug}`,
    repoUrls: candidates,
    branch: branchFromRef(ref),
    defaultBranch: optStr(repository, 'default_branch') ?? optStr(repository, 'master_branch') ?? null,
    fullName,
  };
}

export const githubHook: ForgeHook = {
  id: 'github',
  parse: parseGithub,
  signature: 'hub-signature-256',
  verify: (headers, rawBody, secret) => verifyHubSignature256(rawBody, secret, header(headers, 'x-hub-signature-256')),
};
