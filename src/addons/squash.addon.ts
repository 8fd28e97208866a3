// weblate.git.squash: before a push, squashes the commits not yet on the remote (all, or per language, file or author).
import type { RawCommit, RewrittenCommit } from '../vcs/vcs.js';
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
  const git = ctx.services.git;
  if (!git) throw new Error('Squashing needs the git backend.');
  const unpushed = await git.unpushedCommits(dir, refs.component.branch);
  if (!unpushed) return;
  if (unpushed.merges) {
    ctx.log.warn('Not squashing: the local history contains merge commits.');
    return;
  }
  const { commits } = unpushed;
  const mode = ctx.addon.configuration.squash;
  let key: (c: RawCommit) => string = () => 'all';
  if (mode === 'author') key = (c) => `${c.authorName} <${c.authorEmail}>`;
  else if (mode === 'file') key = (c) => [...c.files].sort().join('\n');
  else if (mode === 'language') {
    const languageOf = new Map((await translationFiles(ctx, { all: true, includeSource: true })).map((f) => [f.translation.filename, f.language.code]));
    key = (c) => [...new Set(c.files.map((f) => languageOf.get(f) ?? ''))].sort().join(',');
  }
  const groups = groupCommits(commits, key);
  if (groups.every((g) => g.length === 1)) return;
  const rewritten = groups.map((group): RewrittenCommit => {
    const first = group[0]!;
    let message = ctx.addon.configuration.commit_message || [...new Set(group.map((c) => c.message))].join('\n\n');
    if (ctx.addon.configuration.append_trailers) {
      const others = [...new Set(group.slice(1).map((c) => `${c.authorName} <${c.authorEmail}>`))].filter((a) => a !== `${first.authorName} <${first.authorEmail}>`);
      if (others.length) message += '\n\n' + others.map((a) => `Co-authored-by: ${a}`).join('\n');
    }
    return { commits: group, authorName: first.authorName, authorEmail: first.authorEmail, authorDate: group[group.length - 1]!.authorDate, message };
  });
  await git.rewriteCommits(dir, unpushed.upstream, unpushed.head, rewritten);
  ctx.log.info(`Squashed ${commits.length} commits into ${groups.length}.`);
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
    // How to squash is the add-on's one decision: it is asked for even though "all" is the usual choice.
    if (obj.squash === undefined || obj.squash === null || obj.squash === '') errors.add('squash', 'This field is required.', 'required');
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
