// Git backend: runs the `git` binary with execFile in a clean, non-interactive environment.
import { execFile, type ChildProcess } from 'node:child_process';
import { recordOutgoing } from '../shared/metrics.js';
import { randomBytes } from 'node:crypto';
import { mkdirSync, realpathSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { assertRepoUrl, checkBranchName, InvalidRepoUrlError, redactText } from './urls.js';
import {
  VcsError,
  type CloneOptions,
  type CommitInfo,
  type CommitOptions,
  type Divergence,
  type DivergenceOptions,
  type LogOptions,
  type MergeOptions,
  type MergeResult,
  type MergeStyle,
  type PushOptions,
  type PushResult,
  type RawCommit,
  type RepairReport,
  type RepoStatus,
  type RewrittenCommit,
  type UnpushedCommits,
  type StatusOptions,
  type VcsBackend,
} from './vcs.js';

export interface GitBackendOptions {
  /** The git executable; looked up in PATH. */
  gitBinary?: string;
  /** Private HOME for git and ssh (known_hosts lives here); default <os.tmpdir()>/parla-git-home-<uid>. Pass one under the data dir. */
  homeDir?: string;
  /** Time limit per git command (default 120 s); the whole process group is killed when it is exceeded. */
  timeoutMs?: number;
  /** Largest stdout/stderr kept per command (default 64 MiB); bigger output fails the command. */
  maxBuffer?: number;
  committerName?: string;
  committerEmail?: string;
  /** PARLA_VCS_ALLOW_LOCAL: allow file:// URLs and local paths (tests use local bare repositories). */
  allowLocal?: boolean;
  /** The data dir: replaced by "[DATA_DIR]" in error messages so users never see server paths. */
  dataDir?: string;
  /** ssh private key used for ssh:// and scp-like remotes. */
  sshIdentityFile?: string;
  /** PATH for git (default: this process's PATH, so that git and ssh are found where the admin installed them). */
  pathEnv?: string;
  /** Extra environment (proxy settings, GIT_SSL_CAINFO …) passed from the configuration. */
  extraEnv?: Record<string, string>;
}

interface RunOptions {
  cwd?: string;
  /** Repository to operate on: sets GIT_DIR/GIT_WORK_TREE so git never walks up into a parent repository. */
  repo?: string;
  env?: Record<string, string>;
  /** Exit codes that are answers rather than failures (e.g. 1 for `rev-parse --verify -q`). */
  allowExit?: number[];
  /** `-c key=value` options for this command only. */
  config?: string[];
  onStderr?: (chunk: string) => void;
  /** What the command reads on stdin (nothing otherwise). */
  input?: string;
}

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

// Fixed settings on every command: deterministic output, no background work that would outlive
// the repository lock, no helpers or stashes the server did not ask for, bytes kept as they are.
const BASE_CONFIG = [
  'core.quotePath=false',
  'core.autocrlf=false',
  'core.fsmonitor=false',
  'color.ui=false',
  'advice.detachedHead=false',
  'advice.statusHints=false',
  'gc.autoDetach=false',
  'maintenance.autoDetach=false',
  'credential.helper=',
  'init.defaultBranch=main',
  'commit.gpgSign=false',
  'tag.gpgSign=false',
  'merge.autoStash=false',
  'rebase.autoStash=false',
  'pull.rebase=false',
  'fetch.recurseSubmodules=false',
  'submodule.recurse=false',
  // A redirect could lead git to an internal address that the URL check never saw (SSRF); a moved
  // repository needs its new URL entered instead.
  'http.followRedirects=false',
];

// Commit record: fields separated by NUL, records terminated by RS (messages never contain either in practice).
const LOG_FORMAT = '--format=%H%x00%h%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B%x1e';
const SHA = /^[0-9a-f]{4,64}$/i;
const KILL_GRACE_MS = 5000;
const CHUNK = 200;

export class GitBackend implements VcsBackend {
  readonly id = 'git';
  private readonly git: string;
  private readonly home: string;
  private readonly timeoutMs: number;
  private readonly maxBuffer: number;
  private readonly committerName: string;
  private readonly committerEmail: string;
  private readonly allowLocal: boolean;
  private readonly env: Record<string, string>;
  private readonly redactions: Array<[string, string]>;
  private homeReady = false;

  constructor(options: GitBackendOptions = {}) {
    this.git = options.gitBinary ?? 'git';
    const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
    this.home = path.resolve(options.homeDir ?? path.join(os.tmpdir(), `parla-git-home-${uid}`));
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.maxBuffer = options.maxBuffer ?? 64 * 1024 * 1024;
    this.committerName = clean(options.committerName ?? 'Parla') || 'Parla';
    this.committerEmail = clean(options.committerEmail ?? 'noreply@parla.invalid') || 'noreply@parla.invalid';
    this.allowLocal = options.allowLocal ?? false;

    const ssh = [
      'ssh',
      '-o BatchMode=yes',
      '-o StrictHostKeyChecking=accept-new',
      // ssh reads the passwd home, not $HOME: name the private known_hosts explicitly.
      `-o UserKnownHostsFile=${shellQuote(path.join(this.home, '.ssh', 'known_hosts'))}`,
      '-o ConnectTimeout=30',
    ];
    if (options.sshIdentityFile) ssh.push(`-o IdentitiesOnly=yes -i ${shellQuote(options.sshIdentityFile)}`);

    this.env = {
      ...(options.extraEnv ?? {}),
      PATH: options.pathEnv ?? process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      HOME: this.home,
      XDG_CONFIG_HOME: path.join(this.home, '.config'),
      LANG: 'C',
      LC_ALL: 'C',
      // Never wait for a human: no terminal prompt, askpass answers nothing, ssh fails instead of asking.
      GIT_TERMINAL_PROMPT: '0',
      GIT_ASKPASS: 'true',
      SSH_ASKPASS: 'true',
      GIT_SSH_COMMAND: ssh.join(' '),
      GIT_EDITOR: 'true',
      GIT_MERGE_AUTOEDIT: 'no',
      GIT_PAGER: 'cat',
      PAGER: 'cat',
      // No system or user configuration: behaviour must not depend on the host's ~/.gitconfig.
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      // Read-only commands (status) must not take index.lock behind our back.
      GIT_OPTIONAL_LOCKS: '0',
      // Transport whitelist enforced by git itself (ext::, fd:: and friends stay off).
      GIT_ALLOW_PROTOCOL: this.allowLocal ? 'https:http:ssh:git:file' : 'https:http:ssh:git',
    };

    const redactions: Array<[string, string]> = [];
    const addPath = (p: string | undefined, label: string) => {
      if (!p) return;
      const abs = path.resolve(p);
      redactions.push([abs, label]);
      try {
        const real = realpathSync(abs);
        if (real !== abs) redactions.push([real, label]);
      } catch {
        // not created yet: the resolved form is enough
      }
    };
    addPath(options.dataDir, '[DATA_DIR]');
    addPath(this.home, '[GIT_HOME]');
    this.redactions = redactions.sort((a, b) => b[0].length - a[0].length);
  }

  // ------------------------------------------------------------------------------------------
  // Clone and remote configuration

  async clone(url: string, branch: string, dir: string, options: CloneOptions = {}): Promise<void> {
    this.checkUrl(url);
    if (branch) this.checkBranch(branch);
    const target = path.resolve(dir);
    if (await isNonEmptyDir(target)) throw new VcsError('The repository directory already exists and is not empty.');
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Clone next to the target and rename at the end: a killed clone never leaves a half repository at `dir`.
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.clone-${process.pid}-${randomBytes(4).toString('hex')}`);
    const onStderr = options.onProgress ? progressParser(options.onProgress) : undefined;
    try {
      const args = ['clone', '--progress', '--single-branch', '--no-recurse-submodules'];
      try {
        await this.run([...args, ...(branch ? ['--branch', branch] : []), '--', url, temp], { onStderr });
      } catch (error) {
        // An empty remote has no branch yet: clone it as is and start the branch locally.
        if (!branch || !(error instanceof VcsError) || !/Remote branch .* not found/i.test(error.message)) throw error;
        const heads = await this.run(['ls-remote', '--heads', '--', url]);
        if (heads.stdout.trim() !== '') throw new VcsError(`Branch "${branch}" does not exist in the repository.`);
        await fs.rm(temp, { recursive: true, force: true });
        await this.run([...args, '--', url, temp], { onStderr });
      }
      const current = branch || (await this.currentBranch(temp)) || 'main';
      await this.configureTracking(temp, current);
      if (await pathExists(target)) await fs.rmdir(target);
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { recursive: true, force: true });
      throw error;
    }
  }

  async isRepository(dir: string): Promise<boolean> {
    if (!(await isDir(path.join(dir, '.git')))) return false;
    const result = await this.run(['rev-parse', '--git-dir'], { repo: dir, allowExit: [128] }).catch(() => null);
    return result !== null && result.code === 0;
  }

  async configureRemote(dir: string, url: string, branch: string): Promise<void> {
    await this.ensureRepo(dir);
    this.checkUrl(url);
    this.checkBranch(branch);
    await this.run(['config', 'remote.origin.url', url], { repo: dir });
    await this.configureTracking(dir, branch);
    const current = await this.currentBranch(dir);
    if (current !== branch) {
      await this.fetch(dir);
      const tracking = `refs/remotes/origin/${branch}`;
      if (await this.resolve(dir, tracking)) {
        await this.run(['checkout', '-q', '-f', '-B', branch, tracking, '--'], { repo: dir });
      } else {
        await this.run(['symbolic-ref', 'HEAD', `refs/heads/${branch}`], { repo: dir });
      }
      await this.configureTracking(dir, branch);
    }
  }

  /** Fetch only `branch` into refs/remotes/origin/<branch> and make it the upstream of the local branch. */
  private async configureTracking(dir: string, branch: string): Promise<void> {
    if (!(await this.resolve(dir, 'HEAD'))) await this.run(['symbolic-ref', 'HEAD', `refs/heads/${branch}`], { repo: dir });
    await this.run(['config', '--replace-all', 'remote.origin.fetch', `+refs/heads/${branch}:refs/remotes/origin/${branch}`], { repo: dir });
    await this.run(['config', `branch.${branch}.remote`, 'origin'], { repo: dir });
    await this.run(['config', `branch.${branch}.merge`, `refs/heads/${branch}`], { repo: dir });
  }

  // ------------------------------------------------------------------------------------------
  // Status

  /** HEAD, the fetched upstream tip, and what outgoing commits are counted against (the push branch when it was pushed to). */
  private async tips(dir: string, options: StatusOptions): Promise<{ head: string | null; upstream: string | null; pushBase: string | null }> {
    const head = await this.resolve(dir, 'HEAD');
    const { trackingRef, upstreamBranch } = await this.upstream(dir);
    const upstream = trackingRef ? await this.resolve(dir, trackingRef) : null;
    let pushBase = upstream;
    if (options.pushBranch && options.pushBranch !== upstreamBranch) {
      this.checkBranch(options.pushBranch);
      pushBase = (await this.resolve(dir, `refs/remotes/origin/${options.pushBranch}`)) ?? upstream;
    }
    return { head, upstream, pushBase };
  }

  async status(dir: string, options: StatusOptions = {}): Promise<RepoStatus> {
    await this.ensureRepo(dir);
    const { head, upstream, pushBase } = await this.tips(dir, options);
    const outgoingCommits = head ? await this.countCommits(dir, head, pushBase) : 0;
    const missingCommits = upstream ? await this.countCommits(dir, upstream, head) : 0;

    const porcelain = await this.run(['status', '--porcelain=v1', '-z', '--untracked-files=normal'], { repo: dir });
    const text = await this.run(['status'], { repo: dir });
    const state = await this.inProgress(dir);
    let mergeFailure: string | null = null;
    if (state) {
      const files = await this.unmergedFiles(dir);
      mergeFailure = `A ${state} is in progress${files.length ? `; conflicting files: ${files.join(', ')}` : ''}.`;
    }
    return {
      needsCommit: porcelain.stdout.length > 0,
      needsMerge: missingCommits > 0,
      needsPush: outgoingCommits > 0,
      outgoingCommits,
      missingCommits,
      remoteCommit: upstream ? ((await this.log(dir, { ref: upstream, max: 1 }))[0] ?? null) : null,
      localCommit: head ? ((await this.log(dir, { ref: head, max: 1 }))[0] ?? null) : null,
      statusText: this.sanitize(text.stdout.trimEnd()),
      mergeFailure,
    };
  }

  async divergence(dir: string, options: DivergenceOptions = {}): Promise<Divergence> {
    await this.ensureRepo(dir);
    const { head, upstream, pushBase } = await this.tips(dir, options);
    const max = Math.max(1, Math.floor(options.max ?? 50));
    return {
      outgoing: head ? await this.logRange(dir, head, pushBase, max) : [],
      incoming: upstream ? await this.logRange(dir, upstream, head, max) : [],
    };
  }

  /** `git log base..tip` (all of tip's history when base is null), newest first; both are resolved hashes. */
  private async logRange(dir: string, tip: string, base: string | null, max: number): Promise<CommitInfo[]> {
    const range = base ? [tip, `^${base}`] : [tip];
    const result = await this.run(['log', `--max-count=${max}`, LOG_FORMAT, ...range, '--'], { repo: dir });
    return parseLog(result.stdout);
  }

  async headSha(dir: string): Promise<string | null> {
    await this.ensureRepo(dir);
    return this.resolve(dir, 'HEAD');
  }

  async log(dir: string, options: LogOptions = {}): Promise<CommitInfo[]> {
    await this.ensureRepo(dir);
    const ref = options.ref ?? 'HEAD';
    if (ref.startsWith('-')) throw new VcsError('Invalid revision.');
    if (!(await this.resolve(dir, ref))) return [];
    const max = Math.max(1, Math.floor(options.max ?? 20));
    const result = await this.run(['log', `--max-count=${max}`, LOG_FORMAT, '--end-of-options', ref, '--'], { repo: dir });
    return parseLog(result.stdout);
  }

  async uncommittedFiles(dir: string): Promise<string[]> {
    await this.ensureRepo(dir);
    const head = await this.resolve(dir, 'HEAD');
    const changed = head ? await this.run(['diff', '--name-only', '--no-renames', '--no-ext-diff', '-z', 'HEAD', '--'], { repo: dir }) : null;
    const untracked = await this.run(['ls-files', '-z', '--others', '--exclude-standard'], { repo: dir });
    return [...new Set([...(changed ? splitZ(changed.stdout) : []), ...splitZ(untracked.stdout)])];
  }

  async changedFiles(dir: string, from: string | null, to: string): Promise<string[]> {
    await this.ensureRepo(dir);
    if (!SHA.test(to) || (from !== null && !SHA.test(from))) throw new VcsError('Invalid revision.');
    const result =
      from === null
        ? await this.run(['ls-tree', '-r', '-z', '--name-only', '--full-tree', to], { repo: dir })
        : await this.run(['diff', '--name-only', '--no-renames', '--no-ext-diff', '-z', from, to, '--'], { repo: dir });
    return splitZ(result.stdout);
  }

  // ------------------------------------------------------------------------------------------
  // Commit

  async commit(dir: string, files: string[], options: CommitOptions): Promise<string | null> {
    await this.ensureRepo(dir);
    const paths = [...new Set(files.map((f) => checkRelativePath(f)))];
    if (paths.length === 0) return null;
    const head = await this.resolve(dir, 'HEAD');

    // Start from an index equal to HEAD so that only the named files end up in the commit.
    if (head) await this.run(['reset', '-q'], { repo: dir });
    else await this.run(['read-tree', '--empty'], { repo: dir });

    const present: string[] = [];
    const missing: string[] = [];
    for (const file of paths) ((await pathExists(path.join(dir, file), true)) ? present : missing).push(file);
    for (const chunk of chunks(present)) {
      // -f: the caller named these files, a .gitignore must not silently drop them.
      await this.run(['--literal-pathspecs', 'add', '-f', '-A', '--', ...chunk], { repo: dir });
    }
    for (const chunk of chunks(missing)) {
      await this.run(['--literal-pathspecs', 'rm', '-q', '--cached', '--ignore-unmatch', '--', ...chunk], { repo: dir });
    }
    const staged = await this.run(['diff', '--cached', '--name-only', '-z'], { repo: dir });
    if (staged.stdout.length === 0) return null;

    const env: Record<string, string> = {
      GIT_AUTHOR_NAME: clean(options.authorName) || 'Anonymous',
      GIT_AUTHOR_EMAIL: clean(options.authorEmail) || 'noreply@parla.invalid',
    };
    if (options.timestamp) env.GIT_AUTHOR_DATE = `@${Math.floor(options.timestamp.getTime() / 1000)} +0000`;
    const message = options.message.replace(/\0/g, '').trim() || 'Update translations';
    // --cleanup=whitespace keeps lines starting with "#" (the default "strip" would drop them).
    await this.run(['commit', '-q', '--cleanup=whitespace', `--message=${message}`], { repo: dir, env });
    return this.resolve(dir, 'HEAD');
  }

  // ------------------------------------------------------------------------------------------
  // Fetch, merge, push

  async fetch(dir: string): Promise<void> {
    await this.ensureRepo(dir);
    // The stored URL is checked again: a repository config edited by hand must not bypass the rules.
    const url = await this.configValue(dir, 'remote.origin.url');
    if (!url) throw new VcsError('The repository has no remote.');
    this.checkUrl(url);
    try {
      await this.run(['fetch', '--prune', '--no-recurse-submodules', 'origin'], { repo: dir });
    } catch (error) {
      // Empty remote (the branch does not exist yet): nothing to fetch is not a failure.
      if (error instanceof VcsError && /couldn't find remote ref/i.test(error.message)) return;
      throw error;
    }
  }

  async merge(dir: string, style: MergeStyle, options: MergeOptions = {}): Promise<MergeResult> {
    await this.ensureRepo(dir);
    if (await this.inProgress(dir)) await this.repair(dir);
    const before = await this.resolve(dir, 'HEAD');
    const { trackingRef } = await this.upstream(dir);
    const upstream = trackingRef ? await this.resolve(dir, trackingRef) : null;
    if (!upstream || !trackingRef || upstream === before) return { ok: true, before, after: before };
    if (before === null) {
      // Unborn local branch: adopt upstream as it is.
      await this.run(['reset', '-q', '--hard', upstream], { repo: dir });
      return { ok: true, before, after: upstream };
    }
    if (await this.isAncestor(dir, upstream, before)) return { ok: true, before, after: before };

    const args =
      style === 'rebase'
        ? ['rebase', '--no-autostash', trackingRef]
        : ['merge', '--no-edit', ...(style === 'merge_noff' ? ['--no-ff'] : []), ...(options.message ? [`--message=${options.message.replace(/\0/g, '')}`] : []), trackingRef];
    try {
      await this.run(args, { repo: dir });
      return { ok: true, before, after: await this.resolve(dir, 'HEAD') };
    } catch (error) {
      if (!(error instanceof VcsError)) throw error;
      const state = await this.inProgress(dir);
      const conflictFiles = state ? await this.unmergedFiles(dir) : [];
      if (state) await this.abortInProgress(dir, state);
      // Whatever happened, the checkout goes back to where it was.
      if ((await this.resolve(dir, 'HEAD')) !== before || (await this.currentBranch(dir)) === null) {
        await this.restoreHead(dir, before);
      }
      const verb = style === 'rebase' ? 'rebase' : 'merge';
      if (state) {
        const conflict = `Could not ${verb} the upstream changes: conflicting changes in ${conflictFiles.length ? conflictFiles.join(', ') : 'the repository'}.`;
        return { ok: false, before, after: before, conflict, conflictFiles, error: `${conflict}\n${error.message}` };
      }
      return { ok: false, before, after: before, error: error.message };
    }
  }

  async push(dir: string, options: PushOptions = {}): Promise<PushResult> {
    try {
      await this.ensureRepo(dir);
      if (options.pushUrl) this.checkUrl(options.pushUrl);
      if (options.pushBranch) this.checkBranch(options.pushBranch);
      const head = await this.resolve(dir, 'HEAD');
      if (!head) return { ok: true };
      const { upstreamBranch } = await this.upstream(dir);
      const target = options.pushBranch || upstreamBranch || (await this.currentBranch(dir));
      if (!target) return { ok: false, error: 'There is no branch to push to.' };
      // A push URL is given per command (not stored): pushing "origin" keeps git's tracking-ref update.
      const config = options.pushUrl ? [`remote.origin.pushurl=${options.pushUrl}`] : [];
      await this.run(['push', '--no-recurse-submodules', ...(options.force ? ['--force'] : []), 'origin', `HEAD:refs/heads/${target}`], { repo: dir, config });
      if (target !== upstreamBranch) {
        // Remember what the push branch holds now, so that status() stops reporting needsPush.
        await this.run(['update-ref', `refs/remotes/origin/${target}`, head], { repo: dir });
      }
      return { ok: true };
    } catch (error) {
      if (error instanceof VcsError) return { ok: false, error: error.message };
      throw error;
    }
  }

  // ------------------------------------------------------------------------------------------
  // Rewriting unpushed history (the squash add-on)

  /**
   * The commits on HEAD that `origin/<branch>` does not have, oldest first (branch: the current one when
   * empty). Null when there is no upstream or fewer than two such commits; `merges` when one of them is
   * a merge commit (then `commits` is empty).
   */
  async unpushedCommits(dir: string, branch: string): Promise<UnpushedCommits | null> {
    await this.ensureRepo(dir);
    const name = branch || (await this.currentBranch(dir));
    if (!name) throw new VcsError('HEAD is not on a branch.');
    const upstream = await this.resolve(dir, `refs/remotes/origin/${name}`);
    if (!upstream) return null;
    const head = (await this.resolve(dir, 'HEAD'))!;
    const lines = (await this.run(['rev-list', '--reverse', '--parents', `${upstream}..${head}`], { repo: dir })).stdout.trim().split('\n').filter(Boolean);
    if (lines.length < 2) return null;
    if (lines.some((l) => l.split(' ').length > 2)) return { upstream, head, commits: [], merges: true };
    const commits: RawCommit[] = [];
    for (const line of lines) {
      const [sha, parent] = line.split(' ') as [string, string];
      const [authorName = '', authorEmail = '', authorDate = '', ...rest] = (await this.run(['show', '-s', '--format=%an%x00%ae%x00%ad%x00%B', '--date=raw', sha], { repo: dir })).stdout.split('\0');
      const files = splitZ((await this.run(['diff-tree', '--no-commit-id', '--name-only', '-r', '-z', parent, sha], { repo: dir })).stdout);
      commits.push({ sha, parent, authorName, authorEmail, authorDate, message: rest.join('\0').trim(), files });
    }
    return { upstream, head, commits, merges: false };
  }

  /**
   * Replaces the commits from `upstream` to `head` with one commit per group (the author and message
   * given, the group's changes applied in order), built on a private index: the working tree and the
   * real index stay untouched. Refuses when the result's tree would differ from `head`'s.
   */
  async rewriteCommits(dir: string, upstream: string, head: string, groups: readonly RewrittenCommit[]): Promise<void> {
    await this.ensureRepo(dir);
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'parla-squash-'));
    try {
      const env = { GIT_INDEX_FILE: path.join(tmp, 'index') };
      let tip = upstream;
      for (const group of groups) {
        await this.run(['read-tree', tip], { repo: dir, env });
        for (const c of group.commits) {
          const patch = (await this.run(['diff-tree', '-p', '--binary', '--full-index', c.parent, c.sha], { repo: dir, env })).stdout;
          if (patch.trim()) await this.run(['apply', '--cached', '--whitespace=nowarn'], { repo: dir, env, input: patch });
        }
        const tree = (await this.run(['write-tree'], { repo: dir, env })).stdout.trim();
        const author = { GIT_AUTHOR_NAME: group.authorName, GIT_AUTHOR_EMAIL: group.authorEmail, GIT_AUTHOR_DATE: group.authorDate };
        tip = (await this.run(['commit-tree', tree, '-p', tip, '-F', '-'], { repo: dir, env: author, input: group.message + '\n' })).stdout.trim();
      }
      const before = (await this.run(['rev-parse', `${head}^{tree}`], { repo: dir })).stdout.trim();
      const after = (await this.run(['rev-parse', `${tip}^{tree}`], { repo: dir })).stdout.trim();
      if (before !== after) throw new VcsError('Squashing would change the content; the history was left as it was.');
      await this.run(['update-ref', '-m', 'squash', 'HEAD', tip, head], { repo: dir });
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
  }

  // ------------------------------------------------------------------------------------------
  // Reset, cleanup, repair

  async reset(dir: string): Promise<string | null> {
    await this.ensureRepo(dir);
    await this.repair(dir);
    const { trackingRef } = await this.upstream(dir);
    const upstream = trackingRef ? await this.resolve(dir, trackingRef) : null;
    const target = upstream ?? (await this.resolve(dir, 'HEAD'));
    if (target) await this.run(['reset', '-q', '--hard', target], { repo: dir });
    return this.resolve(dir, 'HEAD');
  }

  async cleanup(dir: string): Promise<void> {
    await this.ensureRepo(dir);
    await this.run(['clean', '-q', '-f', '-d', '-x'], { repo: dir });
  }

  /**
   * Undoes what a killed git left behind. Call it under the repository lock: with the lock held no
   * git command of ours runs in `dir`, so any lock file found there is stale.
   */
  async repair(dir: string): Promise<RepairReport> {
    const actions: string[] = [];
    const target = path.resolve(dir);
    await this.removeStaleClones(target, actions);
    const gitDir = path.join(target, '.git');
    if (!(await isDir(gitDir))) return { actions };

    const lockFiles = ['index.lock', 'HEAD.lock', 'ORIG_HEAD.lock', 'FETCH_HEAD.lock', 'config.lock', 'packed-refs.lock', 'shallow.lock'];
    for (const name of lockFiles) {
      if (await removeIfExists(path.join(gitDir, name))) actions.push(`removed stale ${name}`);
    }
    for (const lock of await findLockFiles(path.join(gitDir, 'refs'))) {
      await fs.rm(lock, { force: true });
      actions.push(`removed stale ${path.relative(gitDir, lock)}`);
    }

    const state = await this.inProgress(target);
    if (state) {
      await this.abortInProgress(target, state);
      actions.push(`aborted ${state}`);
    }
    return { actions };
  }

  // ------------------------------------------------------------------------------------------
  // Helpers

  private async abortInProgress(dir: string, state: 'merge' | 'rebase' | 'cherry-pick'): Promise<void> {
    const gitDir = path.join(dir, '.git');
    if (state === 'rebase') {
      // Read where the rebase started before anything removes the state directory.
      let headName: string | null = null;
      for (const sub of ['rebase-merge', 'rebase-apply']) {
        const name = await fs.readFile(path.join(gitDir, sub, 'head-name'), 'utf8').catch(() => null);
        if (name && name.trim().startsWith('refs/heads/')) headName = name.trim();
      }
      try {
        await this.run(['rebase', '--abort'], { repo: dir });
      } catch {
        // The state is too broken to abort: drop it and go back to the branch, which a rebase only moves when it finishes.
        await this.run(['rebase', '--quit'], { repo: dir, allowExit: [1, 128] }).catch(() => undefined);
        await fs.rm(path.join(gitDir, 'rebase-merge'), { recursive: true, force: true });
        await fs.rm(path.join(gitDir, 'rebase-apply'), { recursive: true, force: true });
        if (headName) await this.run(['symbolic-ref', 'HEAD', headName], { repo: dir });
        await this.run(['reset', '-q', '--hard'], { repo: dir });
      }
      return;
    }
    const abort = state === 'merge' ? ['merge', '--abort'] : ['cherry-pick', '--abort'];
    try {
      await this.run(abort, { repo: dir });
    } catch {
      await this.run(['reset', '-q', '--merge'], { repo: dir }).catch(() => this.run(['reset', '-q', '--hard'], { repo: dir }));
      await fs.rm(path.join(gitDir, 'MERGE_HEAD'), { force: true });
      await fs.rm(path.join(gitDir, 'CHERRY_PICK_HEAD'), { force: true });
    }
  }

  /** Puts HEAD (on its branch) back at `sha` after a failed merge or rebase. */
  private async restoreHead(dir: string, sha: string): Promise<void> {
    if ((await this.currentBranch(dir)) === null) {
      const { branch } = await this.upstream(dir);
      if (branch) await this.run(['symbolic-ref', 'HEAD', `refs/heads/${branch}`], { repo: dir });
    }
    await this.run(['reset', '-q', '--hard', sha], { repo: dir });
  }

  private async inProgress(dir: string): Promise<'merge' | 'rebase' | 'cherry-pick' | null> {
    const gitDir = path.join(dir, '.git');
    if ((await pathExists(path.join(gitDir, 'rebase-merge'))) || (await pathExists(path.join(gitDir, 'rebase-apply')))) return 'rebase';
    if (await pathExists(path.join(gitDir, 'MERGE_HEAD'))) return 'merge';
    if (await pathExists(path.join(gitDir, 'CHERRY_PICK_HEAD'))) return 'cherry-pick';
    return null;
  }

  private async unmergedFiles(dir: string): Promise<string[]> {
    const result = await this.run(['diff', '--name-only', '--diff-filter=U', '-z'], { repo: dir }).catch(() => null);
    return result ? [...new Set(splitZ(result.stdout))] : [];
  }

  /** Removes `.<name>.clone-<pid>-*` directories left by a clone whose process died. */
  private async removeStaleClones(target: string, actions: string[]): Promise<void> {
    const parent = path.dirname(target);
    const prefix = `.${path.basename(target)}.clone-`;
    const entries = await fs.readdir(parent).catch(() => [] as string[]);
    for (const entry of entries) {
      if (!entry.startsWith(prefix)) continue;
      const pid = Number(entry.slice(prefix.length).split('-')[0]);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) continue;
      if (pid === process.pid) continue; // a clone of this process may be running
      await fs.rm(path.join(parent, entry), { recursive: true, force: true });
      actions.push('removed an interrupted clone');
    }
  }

  private async currentBranch(dir: string): Promise<string | null> {
    const result = await this.run(['symbolic-ref', '-q', '--short', 'HEAD'], { repo: dir, allowExit: [1] });
    return result.code === 0 ? result.stdout.trim() || null : null;
  }

  private async upstream(dir: string): Promise<{ branch: string | null; trackingRef: string | null; upstreamBranch: string | null }> {
    let branch = await this.currentBranch(dir);
    if (branch === null) {
      // Detached HEAD (e.g. an interrupted rebase): fall back to the only configured branch.
      const heads = await this.run(['config', '--get-regexp', '^branch\\..*\\.merge$'], { repo: dir, allowExit: [1] });
      const first = heads.stdout.split('\n').find(Boolean);
      branch = first ? first.replace(/^branch\.(.*)\.merge .*$/, '$1') : null;
    }
    if (!branch) return { branch: null, trackingRef: null, upstreamBranch: null };
    const remote = (await this.configValue(dir, `branch.${branch}.remote`)) ?? 'origin';
    const merge = await this.configValue(dir, `branch.${branch}.merge`);
    if (!merge || !merge.startsWith('refs/heads/')) return { branch, trackingRef: null, upstreamBranch: null };
    const upstreamBranch = merge.slice('refs/heads/'.length);
    return { branch, trackingRef: `refs/remotes/${remote}/${upstreamBranch}`, upstreamBranch };
  }

  private async configValue(dir: string, key: string): Promise<string | null> {
    const result = await this.run(['config', '--get', key], { repo: dir, allowExit: [1] });
    return result.code === 0 ? result.stdout.trim() : null;
  }

  private async resolve(dir: string, ref: string): Promise<string | null> {
    const result = await this.run(['rev-parse', '--verify', '-q', '--end-of-options', `${ref}^{commit}`], { repo: dir, allowExit: [1] });
    return result.code === 0 ? result.stdout.trim() : null;
  }

  private async isAncestor(dir: string, ancestor: string, descendant: string): Promise<boolean> {
    const result = await this.run(['merge-base', '--is-ancestor', ancestor, descendant], { repo: dir, allowExit: [1] });
    return result.code === 0;
  }

  /** Commits reachable from `tip` but not from `base` (all of `tip`'s history when base is null). */
  private async countCommits(dir: string, tip: string, base: string | null): Promise<number> {
    const range = base ? [tip, `^${base}`] : [tip];
    const result = await this.run(['rev-list', '--count', ...range, '--'], { repo: dir });
    return Number(result.stdout.trim()) || 0;
  }

  private async ensureRepo(dir: string): Promise<void> {
    if (!(await isDir(path.join(dir, '.git')))) throw new VcsError('The repository does not exist.');
  }

  private checkUrl(url: string): void {
    try {
      assertRepoUrl(url, { allowLocal: this.allowLocal, allowInternal: false });
    } catch (error) {
      if (error instanceof InvalidRepoUrlError) throw new VcsError(error.message);
      throw error;
    }
  }

  private checkBranch(branch: string): void {
    const reason = checkBranchName(branch);
    if (reason) throw new VcsError(reason);
  }

  /** Removes credentials and server paths from text shown to users. */
  sanitize(text: string): string {
    // git's "hint:" lines suggest commands users cannot run here.
    let out = redactText(text.split('\n').filter((line) => !line.startsWith('hint: ') && line !== 'hint:').join('\n'));
    for (const [from, to] of this.redactions) out = out.split(from).join(to);
    return out;
  }

  private ensureHome(): void {
    if (this.homeReady) return;
    mkdirSync(path.join(this.home, '.ssh'), { recursive: true, mode: 0o700 });
    this.homeReady = true;
  }

  /** Runs one git command: no shell, clean environment, time limit, bounded output. */
  private run(args: string[], options: RunOptions = {}): Promise<RunResult> {
    this.ensureHome();
    const config = [...BASE_CONFIG, `user.name=${this.committerName}`, `user.email=${this.committerEmail}`, ...(options.config ?? [])];
    const fullArgs = [...config.flatMap((c) => ['-c', c]), ...args];
    const env: Record<string, string> = { ...this.env, ...(options.env ?? {}) };
    let cwd = options.cwd ?? this.home;
    if (options.repo) {
      const repo = path.resolve(options.repo);
      env.GIT_DIR = path.join(repo, '.git');
      env.GIT_WORK_TREE = repo;
      cwd = repo;
    }
    const command = args.find((a) => !a.startsWith('-')) ?? 'git';
    const started = process.hrtime.bigint();
    return new Promise<RunResult>((resolve, reject) => {
      let timedOut = false;
      let killTimer: NodeJS.Timeout | undefined;
      const child: ChildProcess = execFile(
        this.git,
        fullArgs,
        { cwd, env, maxBuffer: this.maxBuffer, encoding: 'utf8', windowsHide: true },
        (error, stdout, stderr) => {
          clearTimeout(timer);
          if (killTimer) clearTimeout(killTimer);
          // An allowed exit code (options.allowExit) is an answer, not a failure.
          recordOutgoing('git', started, timedOut || (error !== null && !options.allowExit?.includes((error as { code?: unknown }).code as number)));
          const out = String(stdout);
          const err = String(stderr);
          if (timedOut) {
            reject(new VcsError(`git ${command} did not finish within ${Math.round(this.timeoutMs / 1000)} seconds.`, { command, timedOut: true }));
            return;
          }
          if (!error) {
            resolve({ code: 0, stdout: out, stderr: err });
            return;
          }
          const e = error as NodeJS.ErrnoException & { code?: number | string; signal?: string | null };
          if (e.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
            reject(new VcsError(`git ${command} produced too much output.`, { command }));
            return;
          }
          if (typeof e.code !== 'number') {
            const detail = e.code === 'ENOENT' ? 'git is not installed or not in PATH.' : this.sanitize(e.message);
            reject(new VcsError(detail, { command, exitCode: null, signal: e.signal ?? null }));
            return;
          }
          if (options.allowExit?.includes(e.code)) {
            resolve({ code: e.code, stdout: out, stderr: err });
            return;
          }
          const message = [err.trim(), out.trim()].filter(Boolean).join('\n') || `git ${command} failed with exit code ${e.code}.`;
          reject(new VcsError(this.sanitize(message), { command, exitCode: e.code, signal: e.signal ?? null }));
        },
      );
      // Only given input is fed on stdin: closing it makes any unexpected prompt fail at once.
      child.stdin?.end(options.input);
      if (options.onStderr) child.stderr?.on('data', (chunk: Buffer | string) => options.onStderr?.(String(chunk)));
      // On SIGTERM git removes its lock files and ends the ssh / remote-helper children it started
      // (they run with clean_on_exit); SIGKILL and closing the pipes follow if it does not exit.
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGTERM');
        killTimer = setTimeout(() => {
          child.kill('SIGKILL');
          // A grandchild that inherited the pipes must not keep the callback waiting.
          child.stdout?.destroy();
          child.stderr?.destroy();
        }, KILL_GRACE_MS);
      }, this.timeoutMs);
    });
  }
}

// ---------------------------------------------------------------------------------------------

function parseLog(stdout: string): CommitInfo[] {
  const commits: CommitInfo[] = [];
  for (const record of stdout.split('\x1e')) {
    const trimmed = record.replace(/^\n/, '');
    if (!trimmed) continue;
    const [revision, shortRevision, authorName, authorEmail, authorDate, committerName, committerEmail, commitDate, body = ''] = trimmed.split('\0');
    const message = body.replace(/\n+$/, '');
    commits.push({
      revision,
      shortRevision,
      author: `${authorName} <${authorEmail}>`,
      authorName,
      authorEmail,
      authorDate,
      committer: `${committerName} <${committerEmail}>`,
      committerName,
      committerEmail,
      commitDate,
      message,
      summary: message.split('\n')[0] ?? '',
    });
  }
  return commits;
}

/** Turns git's `--progress` output ("Receiving objects:  45% (9/20)") into callbacks. */
function progressParser(onProgress: NonNullable<CloneOptions['onProgress']>): (chunk: string) => void {
  let pending = '';
  return (chunk) => {
    pending += chunk;
    const parts = pending.split(/[\r\n]/);
    pending = parts.pop() ?? '';
    for (const line of parts) {
      const m = /^(?:remote: )?([A-Za-z ]+):\s+(\d+)% \((\d+)\/(\d+)\)/.exec(line);
      if (m) onProgress({ stage: m[1].trim(), percent: Number(m[2]), done: Number(m[3]), total: Number(m[4]) });
    }
  };
}

/** Rejects anything that is not a plain path inside the repository. */
function checkRelativePath(file: string): string {
  if (typeof file !== 'string' || file.length === 0 || file.includes('\0')) throw new VcsError('Invalid file name.');
  if (path.isAbsolute(file)) throw new VcsError('File names must be relative to the repository.');
  const normalized = path.posix.normalize(file.replace(/\\/g, '/'));
  if (normalized === '.' || normalized === '..' || normalized.startsWith('../')) throw new VcsError('File names must stay inside the repository.');
  if (normalized.split('/').some((part) => part.toLowerCase() === '.git')) throw new VcsError('File names must not point into .git.');
  return normalized;
}

/** Author names and e-mails: git rejects angle brackets and line breaks in identities. */
function clean(value: string): string {
  // eslint-disable-next-line no-control-regex
  return String(value ?? '').replace(/[<>\u0000-\u001f\u007f]/g, '').trim();
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function splitZ(text: string): string[] {
  return text.split('\0').filter(Boolean);
}

function* chunks<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += CHUNK) yield items.slice(i, i + CHUNK);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function pathExists(p: string, noFollow = false): Promise<boolean> {
  try {
    await (noFollow ? fs.lstat(p) : fs.stat(p));
    return true;
  } catch {
    return false;
  }
}

async function isDir(p: string): Promise<boolean> {
  try {
    return (await fs.stat(p)).isDirectory();
  } catch {
    return false;
  }
}

async function isNonEmptyDir(p: string): Promise<boolean> {
  try {
    const stat = await fs.stat(p);
    if (!stat.isDirectory()) return true;
    return (await fs.readdir(p)).length > 0;
  } catch {
    return false;
  }
}

async function removeIfExists(p: string): Promise<boolean> {
  if (!(await pathExists(p, true))) return false;
  await fs.rm(p, { force: true });
  return true;
}

async function findLockFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await findLockFiles(full)));
    else if (entry.name.endsWith('.lock')) found.push(full);
  }
  return found;
}
