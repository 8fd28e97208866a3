// Repository URL normalisation for hook matching: case-insensitive host, no http credentials, no `.git` or `/`.
import { trimTrailingSlashes } from '../shared/text.js';

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443', ssh: '22', git: '9418' };

/** Removes trailing slashes and one trailing `.git` (then trailing slashes again). */
export function stripRepoSuffix(url: string): string {
  return trimTrailingSlashes(trimTrailingSlashes(url.trim()).replace(/\.git$/i, ''));
}

/**
 * Comparison key of a repository URL. Two URLs with the same key name the same repository:
 * - scheme and host are lower-cased, default ports dropped;
 * - `user[:password]@` is dropped for http(s) (credentials embedded in a component URL), kept for ssh/git;
 * - scp-like `user@host:path` is written as `ssh://user@host/path`;
 * - trailing `/` and `.git` are ignored; the path stays case-sensitive.
 */
export function repoUrlKey(url: string): string {
  const bare = stripRepoSuffix(url);
  const full = /^([a-z][a-z0-9+.-]*):\/\/([^/]*)(.*)$/i.exec(bare);
  if (full) {
    const scheme = full[1].toLowerCase();
    const authority = full[2];
    const at = authority.lastIndexOf('@');
    let user = at >= 0 ? authority.slice(0, at) : '';
    let hostPort = (at >= 0 ? authority.slice(at + 1) : authority).toLowerCase();
    if (scheme === 'http' || scheme === 'https') user = '';
    const port = /:(\d+)$/.exec(hostPort);
    if (port && DEFAULT_PORTS[scheme] === port[1]) hostPort = hostPort.slice(0, -port[0].length);
    return `${scheme}://${user ? `${user}@` : ''}${hostPort}${full[3]}`;
  }
  const scp = /^(?:([^@/:]+)@)?([^:/]+):(?!\/\/)(.+)$/.exec(bare);
  if (scp && scp[2].length > 1) {
    // (single-letter "hosts" would be Windows drive letters)
    return `ssh://${scp[1] ? `${scp[1]}@` : ''}${scp[2].toLowerCase()}/${scp[3].replace(/^\/+/, '')}`;
  }
  return bare;
}
