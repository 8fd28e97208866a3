// The VcsBackend interface: what components need from a version-control system, independent of git.

/** How upstream commits are integrated (component `merge_style`). */
export type MergeStyle = 'merge' | 'rebase' | 'merge_noff';

export const MERGE_STYLES: readonly MergeStyle[] = ['merge', 'rebase', 'merge_noff'];

/** One commit, in the shape the repository status API (`remote_commit`, `weblate_commit`) needs. */
export interface CommitInfo {
  revision: string;
  shortRevision: string;
  /** "Name <email>" */
  author: string;
  authorName: string;
  authorEmail: string;
  /** ISO 8601 with offset */
  authorDate: string;
  committer: string;
  committerName: string;
  committerEmail: string;
  commitDate: string;
  /** Full message without the trailing newline. */
  message: string;
  /** First line of the message. */
  summary: string;
}

export interface RepoStatus {
  /** Uncommitted changes (modified, deleted or untracked files) in the working tree. */
  needsCommit: boolean;
  /** Upstream has commits that HEAD does not (as of the last fetch). */
  needsMerge: boolean;
  /** HEAD has commits that upstream (or the push branch) does not. */
  needsPush: boolean;
  /** Number of local commits not upstream (`outgoing_commits`). */
  outgoingCommits: number;
  /** Number of upstream commits not in HEAD (`missing_commits`). */
  missingCommits: number;
  /** Tip of the upstream branch as of the last fetch; null before the remote has any commit. */
  remoteCommit: CommitInfo | null;
  /** HEAD; null on an unborn branch. */
  localCommit: CommitInfo | null;
  /** Human-readable summary, the text of `git status` without hints. */
  statusText: string;
  /** Set when the working tree is stuck in a merge or rebase (normally repaired automatically). */
  mergeFailure: string | null;
}

export interface CloneProgress {
  /** Git's phase label, e.g. "Receiving objects". */
  stage: string;
  percent: number;
  done: number;
  total: number;
}

export interface CloneOptions {
  onProgress?: (progress: CloneProgress) => void;
}

export interface CommitOptions {
  message: string;
  authorName: string;
  authorEmail: string;
  /** Author date; defaults to now. */
  timestamp?: Date;
}

export interface MergeOptions {
  /** Message of the merge commit (merge / merge_noff); git's default when omitted. */
  message?: string;
}

export interface MergeResult {
  ok: boolean;
  /** HEAD before the operation (null on an unborn branch). */
  before: string | null;
  /** HEAD after the operation; equals `before` when it failed (the repository is restored). */
  after: string | null;
  /** Set when the operation stopped on conflicting changes and was aborted. */
  conflict?: string;
  conflictFiles?: string[];
  /** Why the operation failed (conflict or other). */
  error?: string;
}

export interface PushOptions {
  /** Push to this URL instead of the clone URL (component `push`). */
  pushUrl?: string;
  /** Push to this branch instead of the upstream branch (component `push_branch`). */
  pushBranch?: string;
  /** Overwrite the remote branch even when it has commits the local one lacks (vcs_params git_force_push). */
  force?: boolean;
}

export type PushResult = { ok: true } | { ok: false; error: string };

export interface StatusOptions {
  /** Compare against this branch for needsPush when it was pushed to (component `push_branch`). */
  pushBranch?: string;
}

export interface DivergenceOptions extends StatusOptions {
  /** At most this many commits of each side; 50 by default. */
  max?: number;
}

/** The commits behind a status's outgoing and missing counts, newest first. */
export interface Divergence {
  /** Local commits the remote (or the push branch) does not have. */
  outgoing: CommitInfo[];
  /** Fetched upstream commits not merged yet. */
  incoming: CommitInfo[];
}

export interface LogOptions {
  /** Revision to start from; HEAD by default. */
  ref?: string;
  max?: number;
}

/** A commit as history rewriting needs it: its one parent, raw author date and the files it touches. */
export interface RawCommit {
  sha: string;
  parent: string;
  authorName: string;
  authorEmail: string;
  /** `git --date=raw`: seconds and offset. */
  authorDate: string;
  message: string;
  files: string[];
}

export interface UnpushedCommits {
  /** The upstream tip the commits follow. */
  upstream: string;
  head: string;
  /** Oldest first; empty when `merges`. */
  commits: RawCommit[];
  /** Merge commits are among them: the history is not rewritten. */
  merges: boolean;
}

/** One commit replacing several: their changes in order, under one author and message. */
export interface RewrittenCommit {
  commits: readonly RawCommit[];
  authorName: string;
  authorEmail: string;
  authorDate: string;
  message: string;
}

export interface RepairReport {
  /** What was fixed, e.g. "removed stale index.lock", "aborted rebase". */
  actions: string[];
}

/**
 * A version-control backend working on one checkout directory per call. Implementations do not
 * lock: callers wrap every operation in `RepositoryLock.run(dir, …)`.
 */
export interface VcsBackend {
  readonly id: string;

  /** Clones `url` (branch `branch`, or the remote's default when empty) into `dir`, which must not exist or be empty. */
  clone(url: string, branch: string, dir: string, options?: CloneOptions): Promise<void>;
  /** Whether `dir` holds a usable checkout. */
  isRepository(dir: string): Promise<boolean>;
  /** Points an existing checkout at another URL / branch (component settings changed). */
  configureRemote(dir: string, url: string, branch: string): Promise<void>;

  status(dir: string, options?: StatusOptions): Promise<RepoStatus>;
  /** Stages exactly `files` (relative paths; deletions included) and commits them. Null when nothing changed. */
  commit(dir: string, files: string[], options: CommitOptions): Promise<string | null>;
  fetch(dir: string): Promise<void>;
  /** Integrates the fetched upstream; on conflict aborts and leaves the checkout clean at its previous HEAD. */
  merge(dir: string, style: MergeStyle, options?: MergeOptions): Promise<MergeResult>;
  push(dir: string, options?: PushOptions): Promise<PushResult>;
  /** Hard-resets to upstream, discarding local commits and changes. Returns the new HEAD. */
  reset(dir: string): Promise<string | null>;
  /** Removes untracked and ignored files and directories. */
  cleanup(dir: string): Promise<void>;
  /** Paths changed between two commits (`from` null = everything in `to`), for re-import after a pull. */
  changedFiles(dir: string, from: string | null, to: string): Promise<string[]>;
  /** Working-tree files that differ from HEAD, tracked or untracked (not ignored): what a commit could still take. */
  uncommittedFiles(dir: string): Promise<string[]>;
  headSha(dir: string): Promise<string | null>;
  log(dir: string, options?: LogOptions): Promise<CommitInfo[]>;
  /** The outgoing and incoming commits themselves (as of the last fetch), `max` of each. */
  divergence(dir: string, options?: DivergenceOptions): Promise<Divergence>;
  /** Undoes what a killed process left behind (lock files, half-done merge or rebase). */
  repair(dir: string): Promise<RepairReport>;
}

/**
 * A failed repository operation. The message is safe to show to users: credentials in URLs and
 * the server's own paths are already removed.
 */
export class VcsError extends Error {
  override readonly name = 'VcsError';
  constructor(
    message: string,
    readonly details: { command?: string; exitCode?: number | null; signal?: string | null; timedOut?: boolean } = {},
  ) {
    super(message);
  }
}
