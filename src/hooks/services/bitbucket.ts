// Bitbucket Cloud (repo:push, pullrequest:fulfilled) and Server/Data Center (repo:refs_changed, pr:merged) parser.
import type { HookEvent, HookRequest } from '../types.js';
import { HookPayloadError } from '../types.js';
import type { JsonObject } from '../util.js';
import { bareName, header, hostOf, isObject, obj, optObj, optStr, root, withGitVariants } from '../util.js';
import type { ForgeHook } from '../forge.js';
import { verifyHubSignature256 } from '../signature.js';

const HANDLED_EVENTS = new Set(['repo:push', 'repo:refs_changed', 'pullrequest:fulfilled', 'pr:merged']);

const GIT_TEMPLATES = ['ssh://git@{server}/{name}.git', 'git@{server}:{name}.git', 'https://{server}/{name}.git'];
const HG_TEMPLATES = ['https://{server}/{name}', 'ssh://hg@{server}/{name}', 'hg::ssh://hg@{server}/{name}', 'hg::https://{server}/{name}'];

function changesOf(data: JsonObject): unknown[] {
  if (Array.isArray(data.changes)) return data.changes; // Server
  const push = optObj(data, 'push');
  if (push && Array.isArray(push.changes)) return push.changes; // Cloud
  if (Array.isArray(data.commits)) return data.commits; // legacy POST service
  return [];
}

/** Branch of the last change: `branch` (legacy), `new.name`, `old.name` (deletion), `ref.displayId` (Server). */
function branchOf(data: JsonObject): string | null {
  const changes = changesOf(data);
  const last = changes[changes.length - 1];
  if (isObject(last)) {
    const name =
      optStr(last, 'branch') ??
      optStr(optObj(last, 'new'), 'name') ??
      optStr(optObj(last, 'old'), 'name') ??
      optStr(optObj(last, 'ref'), 'displayId');
    if (name) return name;
  }
  const cloudPr = optObj(data, 'pullrequest');
  if (cloudPr) {
    const name = optStr(optObj(optObj(cloudPr, 'destination'), 'branch'), 'name');
    if (name) return name;
  }
  const serverPr = optObj(data, 'pullRequest');
  if (serverPr) {
    const name = optStr(optObj(serverPr, 'toRef'), 'displayId');
    if (name) return name;
  }
  return null;
}

function fullNameOf(repository: JsonObject): string {
  const direct = optStr(repository, 'full_name') ?? optStr(repository, 'fullName');
  if (direct) return direct;
  const slug = optStr(repository, 'slug');
  const owner = repository.owner;
  if (slug && typeof owner === 'string' && owner !== '') return `${owner}/${slug}`;
  const projectKey = optStr(optObj(repository, 'project'), 'key');
  if (slug && projectKey) return `${projectKey}/${slug}`;
  throw HookPayloadError.invalid('cannot determine Bitbucket repository full name');
}

/** `links.html.href` (Cloud), first `links.self[].href` (Server), or legacy canon_url + absolute_url. */
function repoUrlOf(data: JsonObject, repository: JsonObject): string {
  const links = optObj(repository, 'links');
  if (links) {
    const html = optStr(optObj(links, 'html'), 'href');
    if (html) return html;
    const self = links.self;
    if (Array.isArray(self) && isObject(self[0])) {
      const href = optStr(self[0], 'href');
      if (href) return href;
    }
    const selfObj = optStr(optObj(links, 'self'), 'href');
    if (selfObj) return selfObj;
  }
  const canon = optStr(data, 'canon_url');
  const absolute = optStr(repository, 'absolute_url');
  if (canon && absolute) return `${canon}${absolute}`;
  throw HookPayloadError.invalid('cannot determine Bitbucket repository URL');
}

export function parseBitbucket(req: HookRequest): HookEvent {
  const event = header(req.headers, 'x-event-key');
  if (!event || !HANDLED_EVENTS.has(event)) return { kind: 'ping' };
  const data = root(req.body);

  // pr:merged (Server): the merge lands in the target repository of the pull request.
  const serverPr = optObj(data, 'pullRequest');
  const repository = serverPr ? obj(obj(serverPr, 'toRef', 'pullRequest.toRef'), 'repository', 'pullRequest.toRef.repository') : obj(data, 'repository');
  const fullName = fullNameOf(repository);
  const repoUrl = repoUrlOf(data, repository);

  let candidates: string[] = [];
  const clone = optObj(repository, 'links')?.clone;
  if (Array.isArray(clone)) {
    candidates = withGitVariants(clone.map((link) => (isObject(link) ? optStr(link, 'href') : undefined)));
  }
  if (candidates.length === 0) {
    const servers = [...new Set(['bitbucket.org', hostOf(repoUrl)].filter((s): s is string => !!s))];
    const scm = optStr(repository, 'scm') ?? optStr(repository, 'scmId');
    const templates = scm === 'hg' ? HG_TEMPLATES : scm === 'git' ? GIT_TEMPLATES : [...GIT_TEMPLATES, ...HG_TEMPLATES];
    const generated = templates.flatMap((t) => servers.map((server) => t.replace('{server}', server).replace('{name}', fullName)));
    // Git templates get their non-.git twins; hg URLs have no .git form.
    candidates = [...new Set(generated.flatMap((u) => (u.endsWith('.git') ? [u, u.slice(0, -4)] : [u])))];
  }
  return {
    kind: 'push',
    service: 'bitbucket',
    serviceLongName: 'Bitbucket',
    repoUrl,
    repoUrls: candidates,
    branch: branchOf(data),
    defaultBranch: optStr(optObj(repository, 'mainbranch'), 'name') ?? null,
    fullName: bareName(fullName),
  };
}

export const bitbucketHook: ForgeHook = {
  id: 'bitbucket',
  parse: parseBitbucket,
  signature: 'hub-signature-256',
  verify: (headers, rawBody, secret) =>
    verifyHubSignature256(rawBody, secret, header(headers, 'x-hub-signature-256')) || verifyHubSignature256(rawBody, secret, header(headers, 'x-hub-signature')),
};
