// Azure DevOps `git.push` service-hook parser: remoteUrl plus dev.azure.com / visualstudio.com / SSH forms.
import type { HookEvent, HookRequest } from '../types.js';
import { HookPayloadError } from '../types.js';
import { arr, branchFromRef, isObject, obj, optObj, optStr, root, str, withGitVariants } from '../util.js';
import type { ForgeHook } from '../forge.js';

interface AzureRepo {
  organization: string;
  project: string;
  repository: string;
}

/**
 * Recognises `https://[user@]dev.azure.com/{org}/[{project}/]_git/{repo}` and
 * `https://{org}.visualstudio.com/[DefaultCollection/][{project}/]_git/{repo}`;
 * a missing project segment means the project is named like the repository.
 */
function parseRemoteUrl(remoteUrl: string, projectName: string | undefined): AzureRepo | undefined {
  let url: URL;
  try {
    url = new URL(remoteUrl);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter((s) => s !== '');
  const gitIndex = segments.indexOf('_git');
  if (gitIndex < 0 || gitIndex !== segments.length - 2) return undefined;
  const repository = segments[gitIndex + 1];
  let before = segments.slice(0, gitIndex);
  let organization: string;
  if (host === 'dev.azure.com') {
    if (before.length === 0) return undefined;
    organization = before[0];
    before = before.slice(1);
  } else if (host.endsWith('.visualstudio.com')) {
    organization = host.slice(0, -'.visualstudio.com'.length);
    if (before[0]?.toLowerCase() === 'defaultcollection') before = before.slice(1);
  } else {
    return undefined;
  }
  if (before.length > 1) return undefined;
  const project = before[0] ?? (projectName ? encodeURIComponent(projectName) : repository);
  return { organization, project, repository };
}

export function parseAzure(req: HookRequest): HookEvent {
  const data = root(req.body);
  if (data.eventType !== 'git.push') return { kind: 'ping' };
  const resource = obj(data, 'resource');
  // Without "resource details to send: All" the repository is absent and nothing can be matched.
  const repository = obj(resource, 'repository', 'resource.repository');
  const remoteUrl = str(repository, 'remoteUrl', 'resource.repository.remoteUrl');
  const refUpdates = arr(resource, 'refUpdates', 'resource.refUpdates');
  const first = refUpdates[0];
  if (!isObject(first)) throw HookPayloadError.invalid('resource.refUpdates is empty');
  const branch = branchFromRef(str(first, 'name', 'resource.refUpdates[0].name'));
  const projectName = optStr(optObj(repository, 'project'), 'name');

  const parsed = parseRemoteUrl(remoteUrl, projectName);
  const candidates: string[] = [remoteUrl];
  let fullName: string;
  if (parsed) {
    const { organization: o, project: p, repository: r } = parsed;
    candidates.push(
      `https://dev.azure.com/${o}/${p}/_git/${r}`,
      `https://${o}@dev.azure.com/${o}/${p}/_git/${r}`,
      `https://${o}.visualstudio.com/${p}/_git/${r}`,
      `https://${o}.visualstudio.com/DefaultCollection/${p}/_git/${r}`,
      `git@ssh.dev.azure.com:v3/${o}/${p}/${r}`,
      `${o}@vs-ssh.visualstudio.com:v3/${o}/${p}/${r}`,
    );
    if (p === r) candidates.push(`https://dev.azure.com/${o}/_git/${r}`, `https://${o}.visualstudio.com/_git/${r}`);
    fullName = `${o}/${p}/_git/${r}`;
  } else {
    // Azure DevOps Server (on premises): only the reported URL is known.
    fullName = remoteUrl.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+\//i, '');
  }
  const defaultRef = optStr(repository, 'defaultBranch');
  return {
    kind: 'push',
    service: 'azure',
    serviceLongName: 'Azure DevOps',
    repoUrl: remoteUrl,
    repoUrls: withGitVariants(candidates),
    branch,
    defaultBranch: defaultRef ? branchFromRef(defaultRef) : null,
    fullName,
  };
}

export const azureHook: ForgeHook = {
  id: 'azure',
  parse: parseAzure,
  signature: null,
  verify: () => false,
};
