// Repository URL and branch-name validation, SSRF host checks, credential redaction and internal (parla://) URLs.
import type { OutboundGuard } from '../shared/outbound-guard.js';
import { trimTrailingSlashes } from '../shared/text.js';

/** What kind of remote a validated repository URL points to. */
export type RepoUrlKind = 'https' | 'http' | 'ssh' | 'git' | 'scp' | 'file' | 'local' | 'internal';

export interface RepoUrlCheckOptions {
  /** PARLA_VCS_ALLOW_LOCAL: file:// URLs and absolute local paths (off by default: a server must not read its own disk on a user's behalf). */
  allowLocal?: boolean;
  /** Whether parla:// / weblate:// internal URLs are acceptable here (true for a component's `repo`, false for what git itself gets). */
  allowInternal?: boolean;
}

export type RepoUrlCheck = { ok: true; kind: RepoUrlKind } | { ok: false; reason: string };

const MAX_URL_LENGTH = 2048;
// ASCII control characters (C0 + DEL); git itself refuses newlines in URLs and they break config files.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
// Percent-encoded control characters would be decoded by git/curl/ssh later (CVE-2020-5260 class).
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
// `<transport>::<address>` selects a git remote helper (ext:: runs arbitrary commands).
const REMOTE_HELPER = /^[a-z0-9][a-z0-9+.-]*::/i;
const NETWORK_SCHEMES: Record<string, RepoUrlKind> = {
  https: 'https',
  http: 'http',
  ssh: 'ssh',
  'git+ssh': 'ssh',
  'ssh+git': 'ssh',
  git: 'git',
};
// Host names, IPv4 and bracketed IPv6 literals; nothing that ssh could read as an option.
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?|\[[0-9a-f:.]+\])$/i;
const SCP_USER = /^[a-z0-9_][a-z0-9_.+-]*$/i;

/** Checks a repository URL before it reaches git or the database. */
export function checkRepoUrl(url: string, options: RepoUrlCheckOptions = {}): RepoUrlCheck {
  const fail = (reason: string): RepoUrlCheck => ({ ok: false, reason });
  if (typeof url !== 'string' || url.length === 0) return fail('Repository URL is empty.');
  if (url.length > MAX_URL_LENGTH) return fail('Repository URL is too long.');
  if (CONTROL_CHARS.test(url)) return fail('Repository URL contains control characters.');
  if (url !== url.trim()) return fail('Repository URL has leading or trailing whitespace.');
  // A leading dash would be parsed as an option by git or ssh (--upload-pack=…, -oProxyCommand=…).
  if (url.startsWith('-')) return fail('Repository URL must not start with "-".');
  if (/--(?:upload|receive)-pack|--exec\b|--config\b/i.test(url)) return fail('Repository URL contains a git option.');
  if (ENCODED_CONTROL.test(url)) return fail('Repository URL contains encoded control characters.');

  if (parseInternalUrl(url)) {
    return options.allowInternal === false ? fail('Internal repository URLs are not allowed here.') : { ok: true, kind: 'internal' };
  }
  if (/^(?:parla|weblate):/i.test(url)) return fail('Invalid internal repository URL, expected parla://<project>/<component>.');
  if (REMOTE_HELPER.test(url)) return fail('Git remote helper transports (such as ext::) are not allowed.');

  const scheme = SCHEME.exec(url);
  if (scheme) {
    const name = scheme[1].toLowerCase();
    if (name === 'file') {
      if (!options.allowLocal) return fail('Local repositories are not allowed.');
      const rest = url.slice(scheme[0].length);
      if (!rest.startsWith('/') && !/^localhost\//i.test(rest)) return fail('file:// URLs must name an absolute path.');
      return { ok: true, kind: 'file' };
    }
    const kind = NETWORK_SCHEMES[name];
    if (!kind) return fail(`Unsupported repository URL scheme "${name}".`);
    return checkNetworkUrl(url, kind);
  }

  const scp = parseScpLike(url);
  if (scp) {
    if (!HOST.test(scp.host)) return fail('Invalid host name in repository URL.');
    if (scp.user !== null && !SCP_USER.test(scp.user)) return fail('Invalid user name in repository URL.');
    if (scp.path.length === 0) return fail('Repository URL has no path.');
    return { ok: true, kind: 'scp' };
  }

  if (url.startsWith('/')) {
    return options.allowLocal ? { ok: true, kind: 'local' } : fail('Local repositories are not allowed.');
  }
  return fail('Unsupported repository URL.');
}

function checkNetworkUrl(url: string, kind: RepoUrlKind): RepoUrlCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'Malformed repository URL.' };
  }
  const host = parsed.hostname;
  if (!host) return { ok: false, reason: 'Repository URL has no host.' };
  if (host.startsWith('-') || !HOST.test(host)) return { ok: false, reason: 'Invalid host name in repository URL.' };
  // ssh receives the user name as an argument: `ssh://-oProxyCommand=…@host/` must never get there.
  if (decodeURIComponent(parsed.username).startsWith('-')) return { ok: false, reason: 'Invalid user name in repository URL.' };
  if (parsed.pathname === '' || parsed.pathname === '/') return { ok: false, reason: 'Repository URL has no path.' };
  return { ok: true, kind };
}

/** Splits git's scp-like syntax `[user@]host:path`; null when git would treat the string otherwise. */
function parseScpLike(url: string): { user: string | null; host: string; path: string } | null {
  // git's rule: a colon before the first slash, and no "://", means scp-like; otherwise a local path.
  const colon = url.indexOf(':');
  if (colon <= 0) return null;
  const slash = url.indexOf('/');
  if (slash !== -1 && slash < colon) return null;
  let hostPart = url.slice(0, colon);
  let path = url.slice(colon + 1);
  if (hostPart.startsWith('[')) {
    // [host:port]:path or [user@host]:path
    const close = url.indexOf(']:');
    if (close === -1) return null;
    hostPart = url.slice(1, close);
    path = url.slice(close + 2);
  }
  const at = hostPart.lastIndexOf('@');
  const user = at === -1 ? null : hostPart.slice(0, at);
  const host = at === -1 ? hostPart : hostPart.slice(at + 1);
  return { user, host, path };
}

/** The host a network repository URL (http(s), ssh, git, scp-like) connects to; null for local and internal URLs. */
export function repoUrlHost(url: string): string | null {
  const scheme = SCHEME.exec(url);
  if (scheme) {
    if (!NETWORK_SCHEMES[scheme[1].toLowerCase()]) return null;
    try {
      return new URL(url).hostname || null;
    } catch {
      return null;
    }
  }
  if (url.startsWith('/') || parseInternalUrl(url)) return null;
  return parseScpLike(url)?.host ?? null;
}

/**
 * Configuration-time SSRF check of an already syntax-checked repository URL: the reason when its host
 * is, or resolves to, an internal address that PARLA_ALLOWED_HOSTS does not allow; null otherwise.
 */
export async function checkRepoHost(url: string, guard: OutboundGuard): Promise<string | null> {
  const host = repoUrlHost(url);
  return host ? guard.refusal(host) : null;
}

/** Throws a plain Error with the reason when the URL is not acceptable; returns its kind otherwise. */
export function assertRepoUrl(url: string, options: RepoUrlCheckOptions = {}): RepoUrlKind {
  const result = checkRepoUrl(url, options);
  if (!result.ok) throw new InvalidRepoUrlError(result.reason);
  return result.kind;
}

export class InvalidRepoUrlError extends Error {
  override readonly name = 'InvalidRepoUrlError';
}

// ---------------------------------------------------------------------------------------------
// Branch names

const MAX_BRANCH_LENGTH = 255;

/**
 * Checks a branch name with the rules of `git check-ref-format --branch` (applied to
 * refs/heads/<name>), plus no leading "-" so that it can never be read as an option.
 * Returns null when valid, the reason otherwise.
 */
export function checkBranchName(name: string): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'Branch name is empty.';
  if (name.length > MAX_BRANCH_LENGTH) return 'Branch name is too long.';
  if (name.startsWith('-')) return 'Branch name must not start with "-".';
  if (name === 'HEAD' || name === '@') return `"${name}" is not a valid branch name.`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f~^:?*[\\]/.test(name)) return 'Branch name contains a character that git does not allow.';
  if (name.includes('..')) return 'Branch name must not contain "..".';
  if (name.includes('@{')) return 'Branch name must not contain "@{".';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) return 'Branch name has an empty path component.';
  if (name.endsWith('.')) return 'Branch name must not end with ".".';
  for (const component of name.split('/')) {
    if (component.startsWith('.')) return 'A branch name component must not start with ".".';
    if (component.endsWith('.lock')) return 'A branch name component must not end with ".lock".';
  }
  return null;
}

export function isValidBranchName(name: string): boolean {
  return checkBranchName(name) === null;
}

// ---------------------------------------------------------------------------------------------
// Credential redaction

/**
 * Removes credentials from a repository URL for display ("Credentials in URLs are never returned
 * by the API"). For http(s) the whole user part goes (tokens are often sent as the user name);
 * for ssh-style URLs the user name stays (it is an account such as `git`, not a secret) and only
 * a password is dropped. The user part ends at the last "@" before the path, because passwords
 * may themselves contain "@", ":", "?" or "#"; cutting too much of an odd URL is the safe mistake.
 */
export function redactUrl(url: string): string {
  if (!url) return url;
  const scheme = SCHEME.exec(url);
  if (!scheme) return url; // scp-like and local forms cannot carry a password
  const name = scheme[1].toLowerCase();
  const rest = url.slice(scheme[0].length);
  const authorityEnd = rest.indexOf('/');
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  const tail = authorityEnd === -1 ? '' : rest.slice(authorityEnd);
  const at = authority.lastIndexOf('@');
  if (at === -1) return url;
  const userinfo = authority.slice(0, at);
  const hostport = authority.slice(at + 1);
  if (NETWORK_SCHEMES[name] === 'ssh') {
    const user = userinfo.split(':')[0];
    return `${scheme[0]}${user ? `${user}@` : ''}${hostport}${tail}`;
  }
  return `${scheme[0]}${hostport}${tail}`;
}

/** Removes credentials from every URL inside a free-form text (git error output, logs). */
export function redactText(text: string): string {
  // A URL's authority runs to the next "/" or whitespace: git quotes URLs with "'", which a password may contain too.
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s/]*/gi, (m) => redactUrl(m));
}

// ---------------------------------------------------------------------------------------------
// Internal URLs: a component that shares another component's repository.

export interface InternalUrl {
  project: string;
  /** Component slug, prefixed by its category slugs ("category/component") when it has any. */
  component: string;
}

const INTERNAL = /^(parla|weblate):\/\/([^/\s]+)\/([^\s]+)$/i;
const SLUG = /^[a-zA-Z0-9_-]+$/;

/** Parses `parla://project/component` (and the alias `weblate://project/component`); null otherwise. */
export function parseInternalUrl(url: string): InternalUrl | null {
  const m = INTERNAL.exec(url);
  if (!m) return null;
  const project = m[2];
  const component = trimTrailingSlashes(m[3]);
  if (!SLUG.test(project)) return null;
  const parts = component.split('/');
  if (parts.length === 0 || !parts.every((p) => SLUG.test(p))) return null;
  return { project, component };
}

export function isInternalUrl(url: string): boolean {
  return parseInternalUrl(url) !== null;
}

/** The canonical internal URL Parla stores and returns. */
export function internalUrl(project: string, component: string): string {
  return `parla://${project}/${component}`;
}

/** Rewrites the `weblate://` alias to the canonical `parla://` form; other URLs unchanged. */
export function normalizeInternalUrl(url: string): string {
  const parsed = parseInternalUrl(url);
  return parsed ? internalUrl(parsed.project, parsed.component) : url;
}
