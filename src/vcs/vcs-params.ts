// A component's vcs_params: the known version-control parameters, the backends each applies to, their values.

interface VcsParam {
  name: string;
  vcs: readonly string[];
  choices?: readonly string[];
  default: boolean | string;
}

const FORGES = ['github', 'gitlab', 'gitea', 'pagure', 'azure_devops', 'bitbucketserver', 'bitbucketcloud', 'github-app'];

export const VCS_PARAMS: readonly VcsParam[] = [
  { name: 'git_force_push', vcs: ['git'], default: false },
  { name: 'create_merge_request', vcs: FORGES, default: true },
  { name: 'merge_request_automerge', vcs: FORGES, default: false },
  { name: 'merge_request_merge_method', vcs: FORGES, choices: ['merge', 'squash', 'rebase'], default: 'merge' },
];

const BY_NAME = new Map(VCS_PARAMS.map((p) => [p.name, p]));

/** Checks vcs_params for a backend: an object of known parameters that apply to it. Answers the normalized object or the problems. */
export function checkVcsParams(vcs: string, value: unknown): { params: Record<string, boolean | string> } | { problems: string[] } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { problems: ['Expected a dictionary of items.'] };
  const params: Record<string, boolean | string> = {};
  const problems: string[] = [];
  for (const [name, raw] of Object.entries(value as Record<string, unknown>)) {
    const param = BY_NAME.get(name);
    if (!param) {
      problems.push(`Unknown version control parameter: ${name}.`);
      continue;
    }
    if (!param.vcs.includes(vcs)) {
      problems.push(`The parameter ${name} does not apply to the "${vcs}" version control.`);
      continue;
    }
    if (param.choices) {
      if (typeof raw !== 'string' || !param.choices.includes(raw)) problems.push(`"${String(raw)}" is not a valid choice for ${name}.`);
      else params[name] = raw;
    } else if (typeof raw === 'boolean') params[name] = raw;
    else if (raw === 'true' || raw === 'false') params[name] = raw === 'true';
    else problems.push(`The parameter ${name} must be true or false.`);
  }
  return problems.length ? { problems } : { params };
}

/** A parameter's value for a component: its own when set, else the default. */
export function vcsParam<T extends boolean | string>(params: string, name: string): T {
  const values = JSON.parse(params || '{}') as Record<string, unknown>;
  const param = BY_NAME.get(name);
  if (!param) throw new Error(`Unknown version control parameter ${name}`);
  return (values[name] ?? param.default) as T;
}
