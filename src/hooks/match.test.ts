// Component matching for hook pushes: exact URL variants, fallback, branch and enable_hooks filters.
import { describe, expect, it } from 'vitest';
import type { HookComponent } from './match.js';
import { matchComponents } from './match.js';
import type { HookPush } from './types.js';
import { repoUrlKey } from './url.js';

const push: HookPush = {
  kind: 'push',
  service: 'github',
  serviceLongName: 'GitHub',
  repoUrl: 'https://github.com/octo-org/hello-i18n',
  repoUrls: [
    'https://github.com/octo-org/hello-i18n.git',
    'https://github.com/octo-org/hello-i18n',
    'git@github.com:octo-org/hello-i18n.git',
    'git@github.com:octo-org/hello-i18n',
  ],
  branch: 'main',
  defaultBranch: 'main',
  fullName: 'octo-org/hello-i18n',
};

let nextId = 1;
function comp(repo: string, branch = 'main', projectEnableHooks = true): HookComponent {
  return { id: nextId++, repo, branch, projectEnableHooks };
}

function ids(components: HookComponent[]) {
  return components.map((c) => c.repo);
}

describe('repoUrlKey', () => {
  it('normalises host case, credentials, suffixes and scp syntax', () => {
    expect(repoUrlKey('HTTPS://user:pw@GitHub.COM:443/o/r.git/')).toBe('https://github.com/o/r');
    expect(repoUrlKey('git@GitHub.com:o/r.git')).toBe('ssh://git@github.com/o/r');
    expect(repoUrlKey('ssh://git@github.com:22/o/r')).toBe('ssh://git@github.com/o/r');
    expect(repoUrlKey('ssh://git@host:7999/o/r')).toBe('ssh://git@host:7999/o/r');
    expect(repoUrlKey('https://github.com/O/R')).not.toBe(repoUrlKey('https://github.com/o/r'));
    expect(repoUrlKey('/srv/git/repo.git')).toBe('/srv/git/repo');
  });
});

describe('matchComponents', () => {
  it('matches exact candidates and their variants', () => {
    const components = [
      comp('https://github.com/octo-org/hello-i18n.git'),
      comp('https://github.com/octo-org/hello-i18n/'),
      comp('https://GITHUB.com/octo-org/hello-i18n'),
      comp('git@github.com:octo-org/hello-i18n.git'),
      comp('ssh://git@github.com/octo-org/hello-i18n.git'),
      comp('https://github.com/octo-org/other.git'),
    ];
    const result = matchComponents(push, components);
    expect(ids(result.matched)).toEqual(ids(components.slice(0, 5)));
    expect(result.inexact).toBe(false);
    expect(result.match_status).toEqual({ repository_matches: 5, branch_matches: 5, enabled_hook_matches: 5 });
  });

  it('matches component URLs with embedded credentials', () => {
    const components = [
      comp('https://bot:s3cr3t@github.com/octo-org/hello-i18n.git'),
      comp('https://token@github.com/octo-org/hello-i18n'),
      comp('http://bot:s3cr3t@github.com/octo-org/hello-i18n.git'), // other scheme: no match
    ];
    const result = matchComponents(push, components);
    expect(ids(result.matched)).toEqual(ids(components.slice(0, 2)));
    expect(result.inexact).toBe(false);
  });

  it('matches candidates carrying credentials against plain component URLs', () => {
    const p = { ...push, repoUrls: ['https://admin@bitbucket.example.com/scm/doc/docs-site.git'] };
    const result = matchComponents(p, [comp('https://bitbucket.example.com/scm/doc/docs-site')]);
    expect(result.matched).toHaveLength(1);
  });

  it('filters by branch', () => {
    const components = [comp('https://github.com/octo-org/hello-i18n.git', 'main'), comp('https://github.com/octo-org/hello-i18n.git', 'stable')];
    const result = matchComponents(push, components);
    expect(ids(result.matched)).toEqual([components[0].repo]);
    expect(result.match_status).toEqual({ repository_matches: 2, branch_matches: 1, enabled_hook_matches: 1 });
  });

  it('does not filter by branch when the payload names none', () => {
    const components = [comp('https://github.com/octo-org/hello-i18n.git', 'main'), comp('https://github.com/octo-org/hello-i18n.git', 'stable')];
    const result = matchComponents({ ...push, branch: null }, components);
    expect(result.matched).toHaveLength(2);
  });

  it('treats an empty component branch as the default branch', () => {
    const component = comp('https://github.com/octo-org/hello-i18n.git', '');
    expect(matchComponents(push, [component]).matched).toHaveLength(1);
    expect(matchComponents({ ...push, branch: 'feature' }, [component]).matched).toHaveLength(0);
    // Unknown default branch: the empty-branch component is updated (a spurious pull is harmless).
    expect(matchComponents({ ...push, branch: 'feature', defaultBranch: null }, [component]).matched).toHaveLength(1);
  });

  it('drops components whose project disabled hooks', () => {
    const components = [comp('https://github.com/octo-org/hello-i18n.git', 'main', false), comp('git@github.com:octo-org/hello-i18n.git')];
    const result = matchComponents(push, components);
    expect(ids(result.matched)).toEqual([components[1].repo]);
    expect(result.match_status).toEqual({ repository_matches: 2, branch_matches: 2, enabled_hook_matches: 1 });
  });

  it('falls back to a full-name suffix match only when nothing matched exactly', () => {
    const mirror = comp('https://mirror.example.com/git/Octo-Org/hello-i18n.git');
    const lookalike = comp('https://mirror.example.com/git/evil-octo-org/hello-i18n.git');
    const inexact = matchComponents(push, [mirror, lookalike]);
    expect(ids(inexact.matched)).toEqual([mirror.repo]);
    expect(inexact.inexact).toBe(true);
    expect(inexact.match_status.repository_matches).toBe(1);

    const exact = comp('https://github.com/octo-org/hello-i18n');
    const withExact = matchComponents(push, [mirror, exact]);
    expect(ids(withExact.matched)).toEqual([exact.repo]);
    expect(withExact.inexact).toBe(false);
  });

  it('ignores linked and empty repositories and reports no match', () => {
    const result = matchComponents({ ...push, fullName: 'octo-org/hello-i18n' }, [comp('weblate://proj/octo-org/hello-i18n'), comp('')]);
    expect(result).toEqual({ matched: [], inexact: false, match_status: { repository_matches: 0, branch_matches: 0, enabled_hook_matches: 0 } });
  });

  it('returns the caller objects unchanged', () => {
    const rich = { ...comp('https://github.com/octo-org/hello-i18n.git'), slug: 'app', projectSlug: 'octo' };
    expect(matchComponents(push, [rich]).matched[0]).toBe(rich);
  });
});
