// Local upstream repositories for tests: a bare repository on `main` with a first commit of the given files, and its working clone.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The upstream developer's identity, and no user git configuration. */
export const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 'Upstream Dev', GIT_AUTHOR_EMAIL: 'dev@example.org', GIT_COMMITTER_NAME: 'Upstream Dev', GIT_COMMITTER_EMAIL: 'dev@example.org', GIT_CONFIG_GLOBAL: '/dev/null' };

/** Runs git in `cwd` as the upstream developer; its trimmed output. */
export const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8' }).trim();

/**
 * Creates `<root>/<name>.git` (bare, branch main) and its clone `<root>/<name>`, commits `files`
 * (relative path → content) with `message` and pushes them.
 */
export function gitUpstream(root: string, files: Record<string, string | Buffer>, options: { name?: string; message?: string } = {}): { bare: string; work: string } {
  const name = options.name ?? 'upstream';
  const bare = path.join(root, `${name}.git`);
  const work = path.join(root, name);
  git(root, 'init', '--quiet', '--bare', '--initial-branch=main', bare);
  git(root, 'clone', '--quiet', bare, work);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    fs.writeFileSync(path.join(work, file), content);
  }
  git(work, 'checkout', '--quiet', '-b', 'main');
  git(work, 'add', '.');
  git(work, 'commit', '--quiet', '-m', options.message ?? 'Initial strings');
  git(work, 'push', '--quiet', 'origin', 'main');
  return { bare, work };
}
