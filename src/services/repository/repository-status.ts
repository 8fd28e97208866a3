// The parts of a repository status the API shows besides the needs_* flags: commits as objects and pending edits by policy.
import type { Executor } from '../../db/database.js';
import { pendingCounts, type PendingScope } from '../../db/pending-counts.repository.js';
import { COMMIT_ALL, COMMIT_APPROVED_ONLY } from '../../domain/commit-policy.js';
import type { CommitInfo } from '../../vcs/vcs.js';

/** A commit as the status shows `remote_commit` and `weblate_commit`. */
export interface CommitObject {
  revision: string;
  shortrevision: string;
  author: string;
  author_name: string;
  author_email: string;
  authordate: string;
  commit: string;
  commit_name: string;
  commit_email: string;
  commitdate: string;
  message: string;
  summary: string;
}

export function commitObject(c: CommitInfo | null): CommitObject | null {
  if (!c) return null;
  return {
    revision: c.revision,
    shortrevision: c.shortRevision,
    author: c.author,
    author_name: c.authorName,
    author_email: c.authorEmail,
    authordate: c.authorDate,
    commit: c.committer,
    commit_name: c.committerName,
    commit_email: c.committerEmail,
    commitdate: c.commitDate,
    message: c.message,
    summary: c.summary,
  };
}

/** Pending edits of a scope: how many, how many the project's commit policy holds back, how many the next commit takes. */
export interface PendingUnits {
  total: number;
  errors_skipped: number;
  commit_policy_skipped: number;
  eligible_for_commit: number;
}

export async function pendingUnits(db: Executor, scope: PendingScope, project: { commit_policy: number; translation_review: number }): Promise<PendingUnits> {
  const counts = await pendingCounts(db, scope);
  const policy = project.commit_policy;
  const skipped = policy === COMMIT_ALL ? 0 : policy === COMMIT_APPROVED_ONLY && project.translation_review === 1 ? counts.notApproved : counts.needsEditing;
  return { total: counts.total, errors_skipped: 0, commit_policy_skipped: skipped, eligible_for_commit: counts.total - skipped };
}
