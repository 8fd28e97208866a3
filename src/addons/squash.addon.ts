// weblate.git.squash: before a push, squashes the commits not yet on the remote (all, or per language, file or author).
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { choiceOption, configObject, ConfigErrors, rejectUnknown, stringOption, boolOption } from './config.js';
import { requireComponent, translationFiles } from './support.js';
import type { AddonDefinition, AddonEventContext } from './types.js';

export const SQUASH_MODES = ['all', 'language', 'file', 'author'] as const;
export type SquashMode = (typeof SQUASH_MODES)[number];

export interface SquashConfig {
  squash: SquashMode;
  /** Replaces the joined commit messages when set. */
  commit_message: string;
  /** Adds Co-authored-by trailers for the other authors of a squashed commit. */
  append_trailers: boolean;
}

interface Commit {
  sha: string;
  parent: string;
  authorName: string;
  authorEmail: string;
  authorDate: string;
  message: string;
  files: string[];
}

/** git plumbing in one repository, without the host's configuration; `input` goes to stdin. */
function gitIn(dir: string, extraEnv: Record<string, string> = {}) {
  return (args: string[], input?: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        args,
        {
          cwd: dir,
          maxBuffer: 64 * 1024 * 1024,
          env: {
            PATH: process.env.PATH ?? '/usr/bin:/bin',
            HOME: os.tmpdir(),
            LANG: 'C',
            GIT_DIR: path.join(dir, '.git'),
            GIT_WORK_TREE: dir,
            GIT_CONFIG_NOSYSTEM: '1',
            GIT_CONFIG_GLOBAL: '/dev/null',
            GIT_TERMINAL_PROMPT: '0',
            GIT_EDITOR: 'true',
            GIT_COMMITTER_NAME: 'Parla',
            GIT_COMMITTER_EMAIL: 'noreply@parla.invalid',
            ...extraEnv,
          },
        },
        (error, stdout, stderr) => (error ? reject(new Error(`git ${args[0]}: ${String(stderr).trim() || error.message}`)) : resolve(String(stdout))),
      );
      if (input !== undefined) child.stdin?.end(input);
    });
}

/** Groups commits (in order of each group's first commit) by the squash mode's key. */
export function groupCommits<T extends { authorName: string; authorEmail: string; files: string[] }>(commits: readonly T[], key: (c: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const c of commits) {
    const k = key(c);
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  return [...groups.values()];
}

async function squash(ctx: AddonEventContext<SquashConfig>): Promise<void> {
  const refs = requireComponent(ctx);
  const dir = ctx.repositoryDir;
  if (!dir) return;
  const git = gitIn(dir);
  const branch = refs.component.branch || (await git(['symbolic-ref', '--short', 'HEAD'])).trim();
  const upstream = (await git(['rev-parse', '--verify', '-q', `refs/remotes/origin/${branch}`]).catch(() => '')).trim();
  if (!upstream) return;
  const head = (await git(['rev-parse', 'HEAD'])).trim();
  const lines = (await git(['rev-list', '--reverse', '--parents', `${upstream}..${head}`])).trim().split('\n').filter(Boolean);
  if (lines.length < 2) return;
  if (lines.some((l) => l.split(' ').length > 2)) {
    ctx.log.warn('Not squashing: the local history contains merge commits.');
    return;
  }
  const commits: Commit[] = [];
  for (const line of lines) {
    const [sha, parent] = line.split(' ') as [string, string];
    const [authorName = '', authorEmail = '', authorDate = '', ...rest] = (await git(['show', '-s', '--format=%an%x00%ae%x00%ad%x00%B', '--date=raw', sha])).split('\0');
    const files = (await git(['diff-tree', '--no-commit-id', '--name-only', '-r', '-z', parent, sha])).split('\0').filter(Boolean);
    commits.push({ sha, parent, authorName, authorEmail, authorDate, message: rest.join('\0').trim(), files });
  }
  const mode = ctx.addon.configuration.squash;
  let key: (c: Commit) => string = () => 'all';
  if (mode === 'author') key = (c) => `${c.authorName} <${c.authorEmail}>`;
  else if (mode === 'file') key = (c) => [...c.files].sort().join('\n');
  else if (mode === 'language') {
    const languageOf = new Map((await translationFiles(ctx, { all: true, includeSource: true })).map((f) => [f.translation.filename, f.language.code]));
    key = (c) => [...new Set(c.files.map((f) => languageOf.get(f) ?? ''))].sort().join(',');
  }
  const groups = groupCommits(commits, key);
  if (groups.every((g) => g.length === 1)) return;

  // Rebuild on a private index: the working tree and the real index stay untouched.
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'parla-squash-'));
  try {
    const index = path.join(tmp, 'index');
    const plumbing = gitIn(dir, { GIT_INDEX_FILE: index });
    let tip = upstream;
    for (const group of groups) {
      await plumbing(['read-tree', tip]);
      for (const c of group) {
        const patch = await plumbing(['diff-tree', '-p', '--binary', '--full-index', c.parent, c.sha]);
        if (patch.trim()) await plumbing(['apply', '--cached', '--whitespace=nowarn'], patch);
      }
      const tree = (await plumbing(['write-tree'])).trim();
      const first = group[0]!;
      let message = ctx.addon.configuration.commit_message || [...new Set(group.map((c) => c.message))].join('\n\n');
      if (ctx.addon.configuration.append_trailers) {
        const others = [...new Set(group.slice(1).map((c) => `${c.authorName} <${c.authorEmail}>`))].filter((a) => a !== `${first.authorName} <${first.authorEmail}>`);
        if (others.length) message += '\n\n' + others.map((a) => `Co-authored-by: ${a}`).join('\n');
      }
      const commitEnv = { GIT_AUTHOR_NAME: first.authorName, GIT_AUTHOR_EMAIL: first.authorEmail, GIT_AUTHOR_DATE: group[group.length - 1]!.authorDate };
      tip = (await gitIn(dir, commitEnv)(['commit-tree', tree, '-p', tip, '-F', '-'], message + '\n')).trim();
    }
    const before = (await git(['rev-parse', `${head}^{tree}`])).trim();
    const after = (await git(['rev-parse', `${tip}^{tree}`])).trim();
    if (before !== after) throw new Error('Squashing would change the content; the history was left as it was.');
    await git(['update-ref', '-m', 'squash', 'HEAD', tip, head]);
    ctx.log.info(`Squashed ${commits.length} commits into ${groups.length}.`);
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

export const squashAddon: AddonDefinition<SquashConfig> = {
  name: 'weblate.git.squash',
  verbose: 'Squash Git commits',
  description: 'Squash Git commits prior to pushing changes.',
  events: ['pre-push'],
  scope: ['component', 'project'],
  multiple: false,
  incompatible: (refs) => (refs.component.vcs === 'local' || refs.component.repo === '' || refs.component.repo === 'local:' ? 'The component has no Git repository.' : null),
  validate(raw) {
    const obj = configObject(raw);
    const errors = new ConfigErrors();
    rejectUnknown(obj, ['squash', 'commit_message', 'append_trailers'], errors);
    const config = {
      squash: choiceOption(obj, 'squash', SQUASH_MODES, 'all', errors),
      commit_message: stringOption(obj, 'commit_message', '', errors, { maxLength: 10_000 }),
      append_trailers: boolOption(obj, 'append_trailers', true, errors),
    };
    errors.throwIfAny();
    return config;
  },
  handlers: { 'pre-push': squash },
};
