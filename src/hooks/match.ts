// Matches a parsed push against components: exact URL match, full-name fallback, branch and hook filters.
import type { HookPush } from './types.js';
import { repoUrlKey, stripRepoSuffix } from './url.js';

/** The component fields matching needs; callers may pass richer objects and get them back. */
export interface HookComponent {
  id: number | string;
  /** Component repository URL as configured (may embed credentials, `.git`, trailing `/`). */
  repo: string;
  /** Component branch; empty = the repository's default branch. */
  branch: string;
  /** The owning project's `enable_hooks` flag. */
  projectEnableHooks: boolean;
}

export interface HookMatchStatus {
  repository_matches: number;
  branch_matches: number;
  enabled_hook_matches: number;
}

export interface HookMatchResult<T extends HookComponent> {
  /** Components to update: repository, branch and enable_hooks all matched. */
  matched: T[];
  /** True when the repository match came from the full-name fallback (raise an InexactHookMatch alert). */
  inexact: boolean;
  match_status: HookMatchStatus;
}

/** Linked components (`weblate://project/component`) follow their parent and are never matched themselves. */
function isLinked(repo: string): boolean {
  return /^weblate:\/\//i.test(repo.trim());
}

/** Case-insensitive suffix match of the full name on a path boundary (`/`, `:` or the whole string). */
function endsWithFullName(repo: string, fullName: string): boolean {
  const name = stripRepoSuffix(fullName).replace(/^\/+/, '').toLowerCase();
  if (name === '') return false;
  const value = stripRepoSuffix(repo).toLowerCase();
  if (!value.endsWith(name)) return false;
  const before = value.charAt(value.length - name.length - 1);
  return before === '' || before === '/' || before === ':';
}

/** Branch filter: equal names; an empty component branch means "default branch" (any branch when unknown). */
function branchMatches(component: HookComponent, push: Pick<HookPush, 'branch' | 'defaultBranch'>): boolean {
  if (push.branch === null) return true;
  if (component.branch === push.branch) return true;
  if (component.branch.trim() === '') return push.defaultBranch === null || push.defaultBranch === push.branch;
  return false;
}

export function matchComponents<T extends HookComponent>(
  push: Pick<HookPush, 'repoUrls' | 'branch' | 'fullName'> & Partial<Pick<HookPush, 'defaultBranch'>>,
  components: readonly T[],
): HookMatchResult<T> {
  const candidates = new Set(push.repoUrls.map(repoUrlKey));
  const eligible = components.filter((c) => c.repo.trim() !== '' && !isLinked(c.repo));

  let inexact = false;
  let repoMatches = eligible.filter((c) => candidates.has(repoUrlKey(c.repo)));
  if (repoMatches.length === 0) {
    repoMatches = eligible.filter((c) => endsWithFullName(c.repo, push.fullName));
    inexact = repoMatches.length > 0;
  }
  const pushBranch = { branch: push.branch, defaultBranch: push.defaultBranch ?? null };
  const branchMatched = repoMatches.filter((c) => branchMatches(c, pushBranch));
  const enabled = branchMatched.filter((c) => c.projectEnableHooks);
  return {
    matched: enabled,
    inexact,
    match_status: {
      repository_matches: repoMatches.length,
      branch_matches: branchMatched.length,
      enabled_hook_matches: enabled.length,
    },
  };
}
