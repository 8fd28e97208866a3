// URL/branch validation, credential redaction and internal URLs; branch rules checked against real git.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { OutboundGuard } from '../shared/outbound-guard.js';
import { checkBranchName, checkRepoHost, checkRepoUrl, internalUrl, normalizeInternalUrl, parseInternalUrl, redactText, redactUrl, repoUrlHost } from './urls.js';

describe('checkRepoUrl', () => {
  it.each([
    ['https://github.com/WeblateOrg/weblate.git', 'https'],
    ['http://git.example.com/repo', 'http'],
    ['https://user:token@gitlab.com/group/sub/repo.git', 'https'],
    ['ssh://git@github.com/owner/repo.git', 'ssh'],
    ['ssh://git@[2001:db8::1]:2222/repo.git', 'ssh'],
    ['git+ssh://git@host.example/repo', 'ssh'],
    ['git://git.kernel.org/pub/scm/git/git.git', 'git'],
    ['git@github.com:owner/repo.git', 'scp'],
    ['github.com:owner/repo.git', 'scp'],
    ['parla://project/component', 'internal'],
    ['weblate://project/category/component', 'internal'],
  ])('accepts %s', (url, kind) => {
    expect(checkRepoUrl(url)).toEqual({ ok: true, kind });
  });

  it.each([
    ['', /empty/],
    ['-oProxyCommand=touch /tmp/x', /start with "-"/],
    ['--upload-pack=touch /tmp/x', /start with "-"/],
    ['https://host/repo --upload-pack=evil', /git option/],
    ['ext::sh -c touch% /tmp/pwned', /ext::/],
    ['fd::17', /transports/],
    ['ssh://-oProxyCommand=touch%20x/repo', /host/],
    ['ssh://-oProxyCommand=x@host/repo', /user/],
    ['-oProxyCommand=x@host:repo', /start with "-"/],
    ['evil-user;@host:repo', /user/],
    ['https://host/repo\nmalicious', /control/],
    ['https://host/re%0apo', /encoded control/],
    [' https://host/repo', /whitespace/],
    ['ftp://host/repo', /scheme/],
    ['https://host/', /no path/],
    ['host:', /no path/],
    ['relative/path', /Unsupported/],
    ['parla://project', /internal/],
  ])('rejects %s', (url, reason) => {
    const result = checkRepoUrl(url, { allowLocal: true });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it('accepts file:// and local paths only when local repositories are allowed', () => {
    expect(checkRepoUrl('file:///srv/git/repo.git')).toEqual({ ok: false, reason: 'Local repositories are not allowed.' });
    expect(checkRepoUrl('/srv/git/repo.git')).toEqual({ ok: false, reason: 'Local repositories are not allowed.' });
    expect(checkRepoUrl('file:///srv/git/repo.git', { allowLocal: true })).toEqual({ ok: true, kind: 'file' });
    expect(checkRepoUrl('/srv/git/repo.git', { allowLocal: true })).toEqual({ ok: true, kind: 'local' });
    expect(checkRepoUrl('file://relative', { allowLocal: true }).ok).toBe(false);
    expect(checkRepoUrl('parla://p/c', { allowInternal: false }).ok).toBe(false);
  });
});

describe('repository hosts (SSRF)', () => {
  it.each([
    ['https://user:token@gitlab.com/group/repo.git', 'gitlab.com'],
    ['ssh://git@[2001:db8::1]:2222/repo.git', '[2001:db8::1]'],
    ['git+ssh://git@host.example/repo', 'host.example'],
    ['git://10.0.0.1/repo', '10.0.0.1'],
    ['git@169.254.169.254:owner/repo.git', '169.254.169.254'],
    ['localhost:repo.git', 'localhost'],
    ['http://2130706433/x.git', '127.0.0.1'],
    ['parla://project/component', null],
    ['/srv/git/repo.git', null],
    ['file:///srv/git/repo.git', null],
  ])('repoUrlHost(%s) = %s', (url, host) => {
    expect(repoUrlHost(url)).toBe(host);
  });

  it('refuses hosts that are or resolve to internal addresses, unless allowed', async () => {
    const strict = new OutboundGuard();
    for (const url of ['https://127.0.0.1/x.git', 'ssh://git@localhost/x.git', 'ssh://git@[::1]/x.git', 'git://0177.0.0.1/x', 'ssh://2130706433/x', 'git@169.254.169.254:x.git', 'https://[fd00::1]/x']) {
      expect(await checkRepoHost(url, strict), url).toMatch(/ address; requests to internal addresses are refused/);
    }
    for (const url of ['https://93.184.216.34/x.git', 'https://nowhere.invalid/x.git', 'parla://p/c', '/srv/git/x.git']) {
      expect(await checkRepoHost(url, strict), url).toBeNull();
    }
    const allowed = new OutboundGuard({ allowedHosts: ['localhost', '10.0.0.0/8'] });
    expect(await checkRepoHost('ssh://git@localhost/x.git', allowed)).toBeNull();
    expect(await checkRepoHost('git@10.20.30.40:x.git', allowed)).toBeNull();
    expect(await checkRepoHost('https://127.0.0.1/x.git', allowed)).not.toBeNull();
  });
});

describe('checkBranchName', () => {
  const names = [
    'main', 'master', 'feature/x', 'release-1.0', 'weblate/translations', 'a.b', 'über', 'v1@2',
    '', '-f', '--upload-pack=x', 'HEAD', '@', 'a..b', 'a b', 'a~1', 'a^', 'a:b', 'a?', 'a*', 'a[b', 'a\\b',
    '/a', 'a/', 'a//b', 'a.', '.a', 'a/.b', 'a.lock', 'a/b.lock/c', 'a@{1}', 'tab\tname', 'del\u007f',
  ];
  it.each(names)('agrees with git check-ref-format --branch for %j', (name) => {
    let gitOk: boolean;
    try {
      execFileSync('git', ['check-ref-format', '--branch', name], { stdio: 'ignore', env: { PATH: process.env.PATH ?? '', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
      gitOk = true;
    } catch {
      gitOk = false;
    }
    // Parla is stricter on two points: no leading "-" (git accepts "-f") and no "@" (which
    // `--branch` expands to the current branch instead of rejecting).
    const expected = gitOk && !name.startsWith('-') && name !== '@';
    expect(checkBranchName(name) === null).toBe(expected);
  });
});

describe('redaction', () => {
  it.each([
    ['https://user:token@github.com/o/r.git', 'https://github.com/o/r.git'],
    ['https://ghp_secret@github.com/o/r.git', 'https://github.com/o/r.git'],
    ['http://u:p@host:8080/r?x=1', 'http://host:8080/r?x=1'],
    ['ssh://git:password@host/r', 'ssh://git@host/r'],
    ['ssh://git@host/r', 'ssh://git@host/r'],
    ['git@github.com:o/r.git', 'git@github.com:o/r.git'],
    ['https://github.com/o/r.git', 'https://github.com/o/r.git'],
    ['https://user:p@ss@host/r', 'https://host/r'],
    ['https://bot:p@ss:w@rd@host:8443/r.git', 'https://host:8443/r.git'],
    ['https://bot:p#ss?w@rd@host/r', 'https://host/r'],
    ['https://bot:p@ss@host', 'https://host'],
    ['ssh://git:p@ss:w@rd@host/r', 'ssh://git@host/r'],
    ['user@host:path/r.git', 'user@host:path/r.git'],
    ['', ''],
  ])('redactUrl(%s)', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('redacts URLs inside messages', () => {
    expect(redactText("fatal: unable to access 'https://bot:s3cret@git.example.com/r.git/': Could not resolve host")).toBe(
      "fatal: unable to access 'https://git.example.com/r.git/': Could not resolve host",
    );
    // git prints what it parsed of a password with "@" in it; nothing of it may survive.
    expect(redactText("fatal: unable to access 'http://ss:w@rd@127.0.0.1:1/r.git/': URL using bad/illegal format")).toBe(
      "fatal: unable to access 'http://127.0.0.1:1/r.git/': URL using bad/illegal format",
    );
    expect(redactText("remote 'https://u:pa'ss@host/r' and git@github.com:o/r.git")).toBe("remote 'https://host/r' and git@github.com:o/r.git");
  });
});

describe('internal URLs', () => {
  it('parses parla:// and the weblate:// alias', () => {
    expect(parseInternalUrl('parla://hello/world')).toEqual({ project: 'hello', component: 'world' });
    expect(parseInternalUrl('weblate://hello/docs/world')).toEqual({ project: 'hello', component: 'docs/world' });
    expect(parseInternalUrl('WEBLATE://hello/world/')).toEqual({ project: 'hello', component: 'world' });
    expect(parseInternalUrl('parla://hello')).toBeNull();
    expect(parseInternalUrl('parla://hello/../x')).toBeNull();
    expect(parseInternalUrl('https://hello/world')).toBeNull();
    expect(internalUrl('hello', 'world')).toBe('parla://hello/world');
    expect(normalizeInternalUrl('weblate://hello/world')).toBe('parla://hello/world');
    expect(normalizeInternalUrl('https://x/y')).toBe('https://x/y');
  });
});
