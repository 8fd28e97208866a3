// Per-service hook payload parsing against recorded-shape fixtures.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHookPayload } from './payloads.js';
import type { HookPush, HookService } from './types.js';
import { HookPayloadError, INVALID_PAYLOAD_MESSAGE } from './types.js';

function fixture(name: string): Record<string, any> {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
}

function push(service: HookService, body: unknown, headers: Record<string, string | undefined> = {}): HookPush {
  const event = parseHookPayload(service, { headers, body });
  if (event.kind !== 'push') throw new Error(`expected push, got ${event.kind}`);
  return event;
}

function expectInvalid(service: HookService, body: unknown, headers: Record<string, string | undefined> = {}) {
  let caught: unknown;
  try {
    parseHookPayload(service, { headers, body });
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(HookPayloadError);
  expect((caught as HookPayloadError).message).toBe(INVALID_PAYLOAD_MESSAGE);
}

describe('github', () => {
  const headers = { 'X-GitHub-Event': 'push' };

  it('parses a push event', () => {
    const p = push('github', fixture('github-push'), headers);
    expect(p).toMatchObject({
      service: 'github',
      serviceLongName: 'GitHub',
      branch: 'main',
      defaultBranch: 'main',
      fullName: 'octo-org/hello-i18n',
      repoUrl: 'https://github.com/octo-org/hello-i18n',
    });
    expect(p.repoUrls).toEqual([
      'https://github.com/octo-org/hello-i18n.git',
      'https://github.com/octo-org/hello-i18n',
      'git://github.com/octo-org/hello-i18n.git',
      'git://github.com/octo-org/hello-i18n',
      'git@github.com:octo-org/hello-i18n.git',
      'git@github.com:octo-org/hello-i18n',
    ]);
  });

  it('reads the event header case-insensitively (Node lower-cases it)', () => {
    expect(push('github', fixture('github-push'), { 'x-github-event': 'push' }).branch).toBe('main');
  });

  it('treats ping and other events as ping', () => {
    expect(parseHookPayload('github', { headers: { 'x-github-event': 'ping' }, body: fixture('github-ping') })).toEqual({ kind: 'ping' });
    expect(parseHookPayload('github', { headers: { 'x-github-event': 'issues' }, body: { action: 'opened' } })).toEqual({ kind: 'ping' });
    expect(parseHookPayload('github', { headers: {}, body: fixture('github-push') })).toEqual({ kind: 'ping' });
  });

  it('generates github.com candidates for payloads without clone_url', () => {
    const p = push('github', { ref: 'refs/heads/dev', repository: { name: 'tool', owner: { name: 'someone' } } }, headers);
    expect(p.branch).toBe('dev');
    expect(p.fullName).toBe('someone/tool');
    expect(p.repoUrls).toEqual([
      'git://github.com/someone/tool.git',
      'git://github.com/someone/tool',
      'https://github.com/someone/tool.git',
      'https://github.com/someone/tool',
      'git@github.com:someone/tool.git',
      'git@github.com:someone/tool',
    ]);
  });

  it('keeps tag refs as they are', () => {
    const body = { ...fixture('github-push'), ref: 'refs/tags/v1.0' };
    expect(push('github', body, headers).branch).toBe('refs/tags/v1.0');
  });

  it('rejects malformed pushes', () => {
    expectInvalid('github', { ref: 'refs/heads/main' }, headers);
    expectInvalid('github', { repository: fixture('github-push').repository }, headers);
    expectInvalid('github', { ref: 'refs/heads/main', repository: { name: 'x', owner: {} } }, headers);
    expectInvalid('github', [1, 2], headers);
    expectInvalid('github', 'text', headers);
  });
});

describe('gitlab', () => {
  it('parses a Push Hook', () => {
    const p = push('gitlab', fixture('gitlab-push'), { 'X-Gitlab-Event': 'Push Hook' });
    expect(p).toMatchObject({
      service: 'gitlab',
      branch: 'develop',
      defaultBranch: 'main',
      fullName: 'acme/web/website',
      repoUrl: 'https://gitlab.example.com/acme/web/website',
    });
    expect(p.repoUrls).toEqual([
      'git@gitlab.example.com:acme/web/website.git',
      'git@gitlab.example.com:acme/web/website',
      'https://gitlab.example.com/acme/web/website.git',
      'https://gitlab.example.com/acme/web/website',
    ]);
  });

  it('derives the full name from the ssh URL without a project object', () => {
    const { project: _project, ...body } = fixture('gitlab-push');
    const p = push('gitlab', body);
    expect(p.fullName).toBe('acme/web/website');
    expect(p.defaultBranch).toBeNull();
  });

  it('acknowledges events without ref', () => {
    expect(parseHookPayload('gitlab', { headers: {}, body: fixture('gitlab-merge-request') })).toEqual({ kind: 'ping' });
  });

  it('rejects malformed pushes', () => {
    expectInvalid('gitlab', { ref: 'refs/heads/main' });
    expectInvalid('gitlab', { ref: 42, repository: fixture('gitlab-push').repository });
    expectInvalid('gitlab', { ref: 'refs/heads/main', repository: {} });
  });
});

describe('bitbucket', () => {
  it('parses a Cloud repo:push with generated candidates', () => {
    const p = push('bitbucket', fixture('bitbucket-cloud-push'), { 'X-Event-Key': 'repo:push' });
    expect(p).toMatchObject({
      service: 'bitbucket',
      branch: 'main',
      fullName: 'acme-team/mobile-app',
      repoUrl: 'https://bitbucket.org/acme-team/mobile-app',
    });
    expect(p.repoUrls).toEqual([
      'ssh://git@bitbucket.org/acme-team/mobile-app.git',
      'ssh://git@bitbucket.org/acme-team/mobile-app',
      'git@bitbucket.org:acme-team/mobile-app.git',
      'git@bitbucket.org:acme-team/mobile-app',
      'https://bitbucket.org/acme-team/mobile-app.git',
      'https://bitbucket.org/acme-team/mobile-app',
    ]);
  });

  it('takes the old name of a deleted branch', () => {
    const body = fixture('bitbucket-cloud-push');
    body.push.changes[0].new = null;
    body.push.changes[0].closed = true;
    expect(push('bitbucket', body, { 'x-event-key': 'repo:push' }).branch).toBe('main');
  });

  it('adds hg templates when the scm is unknown', () => {
    const body = fixture('bitbucket-cloud-push');
    delete body.repository.scm;
    const urls = push('bitbucket', body, { 'x-event-key': 'repo:push' }).repoUrls;
    expect(urls).toContain('ssh://hg@bitbucket.org/acme-team/mobile-app');
    expect(urls).toContain('https://bitbucket.org/acme-team/mobile-app.git');
  });

  it('parses a Server repo:refs_changed with clone links', () => {
    const p = push('bitbucket', fixture('bitbucket-server-refs-changed'), { 'X-Event-Key': 'repo:refs_changed' });
    expect(p).toMatchObject({
      branch: 'release/2.0',
      fullName: 'DOC/docs-site',
      repoUrl: 'https://bitbucket.example.com/projects/DOC/repos/docs-site/browse',
    });
    expect(p.repoUrls).toEqual([
      'ssh://git@bitbucket.example.com:7999/doc/docs-site.git',
      'ssh://git@bitbucket.example.com:7999/doc/docs-site',
      'https://bitbucket.example.com/scm/doc/docs-site.git',
      'https://bitbucket.example.com/scm/doc/docs-site',
    ]);
  });

  it('handles a huge slash-heavy clone URL in linear time (fuzz regression: /\\/+$/ backtracked for 20 s)', () => {
    const body = fixture('bitbucket-server-refs-changed');
    const huge = `https://h/${'/'.repeat(200_000)}x`;
    body.repository.links.clone[1].href = huge;
    const start = performance.now();
    const p = push('bitbucket', body, { 'x-event-key': 'repo:refs_changed' });
    expect(performance.now() - start).toBeLessThan(1000);
    expect(p.repoUrls).toContain(huge);
    expect(p.repoUrls).toContain(`${huge}.git`);
  });

  it('parses a Server pr:merged into the target branch', () => {
    const server = fixture('bitbucket-server-refs-changed');
    const body = {
      eventKey: 'pr:merged',
      pullRequest: {
        id: 3,
        fromRef: { id: 'refs/heads/feature', displayId: 'feature', repository: server.repository },
        toRef: { id: 'refs/heads/main', displayId: 'main', repository: server.repository },
      },
    };
    const p = push('bitbucket', body, { 'x-event-key': 'pr:merged' });
    expect(p.branch).toBe('main');
    expect(p.fullName).toBe('DOC/docs-site');
  });

  it('acknowledges diagnostics pings and other events', () => {
    expect(parseHookPayload('bitbucket', { headers: { 'x-event-key': 'diagnostics:ping' }, body: { test: true } })).toEqual({ kind: 'ping' });
    expect(parseHookPayload('bitbucket', { headers: {}, body: fixture('bitbucket-cloud-push') })).toEqual({ kind: 'ping' });
  });

  it('rejects malformed pushes', () => {
    const headers = { 'x-event-key': 'repo:push' };
    expectInvalid('bitbucket', { push: { changes: [] } }, headers);
    expectInvalid('bitbucket', { repository: { name: 'x' } }, headers);
    expectInvalid('bitbucket', { repository: { full_name: 'a/b' } }, headers);
  });
});

describe('pagure', () => {
  it('parses git.receive', () => {
    const p = push('pagure', fixture('pagure-git-receive'));
    expect(p).toMatchObject({ service: 'pagure', branch: 'main', fullName: 'fedora-l10n/welcome-screen', repoUrl: 'https://pagure.io/fedora-l10n/welcome-screen' });
    expect(p.repoUrls).toEqual([
      'https://pagure.io/fedora-l10n/welcome-screen',
      'https://pagure.io/fedora-l10n/welcome-screen.git',
      'ssh://git@pagure.io/fedora-l10n/welcome-screen',
      'ssh://git@pagure.io/fedora-l10n/welcome-screen.git',
    ]);
  });

  it('acknowledges other topics', () => {
    expect(parseHookPayload('pagure', { headers: {}, body: { ...fixture('pagure-git-receive'), topic: 'issue.new' } })).toEqual({ kind: 'ping' });
    expect(parseHookPayload('pagure', { headers: {}, body: { topic: 'git.receive' } })).toEqual({ kind: 'ping' });
  });

  it('rejects malformed pushes', () => {
    expectInvalid('pagure', { topic: 'git.receive', msg: { branch: 'main', project_fullname: 'x' } });
    expectInvalid('pagure', { topic: 'git.receive', msg: { pagure_instance: 'not a url', project_fullname: 'x', branch: 'main' } });
  });
});

describe('azure', () => {
  it('parses git.push with URL variants', () => {
    const p = push('azure', fixture('azure-git-push'));
    expect(p).toMatchObject({
      service: 'azure',
      serviceLongName: 'Azure DevOps',
      branch: 'main',
      defaultBranch: 'main',
      fullName: 'contoso/Storefront/_git/Contoso%20Web',
      repoUrl: 'https://dev.azure.com/contoso/Storefront/_git/Contoso%20Web',
    });
    expect(p.repoUrls).toEqual(
      expect.arrayContaining([
        'https://dev.azure.com/contoso/Storefront/_git/Contoso%20Web',
        'https://contoso@dev.azure.com/contoso/Storefront/_git/Contoso%20Web',
        'https://contoso.visualstudio.com/Storefront/_git/Contoso%20Web',
        'https://contoso.visualstudio.com/DefaultCollection/Storefront/_git/Contoso%20Web',
        'git@ssh.dev.azure.com:v3/contoso/Storefront/Contoso%20Web',
        'contoso@vs-ssh.visualstudio.com:v3/contoso/Storefront/Contoso%20Web',
      ]),
    );
  });

  it('understands visualstudio.com remote URLs and project-less paths', () => {
    const body = fixture('azure-git-push');
    body.resource.repository.remoteUrl = 'https://contoso.visualstudio.com/DefaultCollection/_git/Storefront';
    body.resource.repository.name = 'Storefront';
    const p = push('azure', body);
    expect(p.repoUrls).toEqual(
      expect.arrayContaining(['https://dev.azure.com/contoso/Storefront/_git/Storefront', 'https://dev.azure.com/contoso/_git/Storefront']),
    );
  });

  it('keeps unknown (on-premises) remote URLs as the only candidate', () => {
    const body = fixture('azure-git-push');
    body.resource.repository.remoteUrl = 'https://tfs.example.com/tfs/Main/Storefront/_git/Web';
    const p = push('azure', body);
    expect(p.repoUrls).toEqual(['https://tfs.example.com/tfs/Main/Storefront/_git/Web', 'https://tfs.example.com/tfs/Main/Storefront/_git/Web.git']);
    expect(p.fullName).toBe('tfs/Main/Storefront/_git/Web');
  });

  it('acknowledges other event types', () => {
    expect(parseHookPayload('azure', { headers: {}, body: { eventType: 'git.pullrequest.created', resource: {} } })).toEqual({ kind: 'ping' });
  });

  it('rejects pushes without repository details or ref updates', () => {
    const minimal = fixture('azure-git-push');
    delete minimal.resource.repository;
    expectInvalid('azure', minimal);
    const noRefs = fixture('azure-git-push');
    noRefs.resource.refUpdates = [];
    expectInvalid('azure', noRefs);
  });
});

describe('gitea / forgejo', () => {
  it('parses a Gitea push with ssh/scp twins', () => {
    const p = push('gitea', fixture('gitea-push'), { 'X-Gitea-Event': 'push' });
    expect(p).toMatchObject({ service: 'gitea', serviceLongName: 'Gitea', branch: 'main', defaultBranch: 'main', fullName: 'lingo/app' });
    expect(p.repoUrls).toEqual([
      'https://codeberg.example.org/lingo/app.git',
      'https://codeberg.example.org/lingo/app',
      'git@codeberg.example.org:lingo/app.git',
      'git@codeberg.example.org:lingo/app',
      'ssh://git@codeberg.example.org/lingo/app.git',
      'ssh://git@codeberg.example.org/lingo/app',
    ]);
  });

  it('parses the same payload as forgejo', () => {
    const p = push('forgejo', fixture('gitea-push'), { 'X-Forgejo-Event': 'push' });
    expect(p).toMatchObject({ service: 'forgejo', serviceLongName: 'Forgejo', branch: 'main' });
  });

  it('acknowledges named non-push events', () => {
    expect(parseHookPayload('gitea', { headers: { 'x-gitea-event': 'issues' }, body: { action: 'opened' } })).toEqual({ kind: 'ping' });
  });

  it('rejects malformed pushes', () => {
    expectInvalid('gitea', { ref: 'refs/heads/main', repository: { ssh_url: 'git@h:o/r.git' } });
    expectInvalid('forgejo', { repository: fixture('gitea-push').repository });
  });
});

describe('gitee', () => {
  it('parses a Push Hook', () => {
    const p = push('gitee', fixture('gitee-push'), { 'X-Gitee-Event': 'Push Hook' });
    expect(p).toMatchObject({ service: 'gitee', branch: 'master', defaultBranch: 'master', fullName: 'kaiyuan/translate-demo' });
    expect(p.repoUrls).toEqual([
      'https://gitee.com/kaiyuan/translate-demo.git',
      'https://gitee.com/kaiyuan/translate-demo',
      'git@gitee.com:kaiyuan/translate-demo.git',
      'git@gitee.com:kaiyuan/translate-demo',
      'git://gitee.com/kaiyuan/translate-demo.git',
      'git://gitee.com/kaiyuan/translate-demo',
    ]);
  });

  it('acknowledges other events', () => {
    expect(parseHookPayload('gitee', { headers: { 'x-gitee-event': 'Issue Hook' }, body: { action: 'open' } })).toEqual({ kind: 'ping' });
  });

  it('rejects malformed pushes', () => {
    expectInvalid('gitee', { ref: 'refs/heads/master', repository: {} });
    expectInvalid('gitee', { ref: 'refs/heads/master', repository: { html_url: 'https://gitee.com/a/b' } });
  });
});
