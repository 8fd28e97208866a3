// Repository status (component, translation and project level), the operation body and its answer.
import { Type } from 'typebox';
import { REPOSITORY_OPERATIONS } from '../../services/repository/repository.service.js';
import { Nullable, Str, Url } from './common.js';

const needs = {
  needs_commit: Type.Boolean({ description: 'Edits are waiting to be committed.' }),
  needs_merge: Type.Boolean({ description: 'The upstream has commits to merge.' }),
  needs_push: Type.Boolean({ description: 'Local commits are waiting to be pushed.' }),
};

/** A commit of the repository (`remote_commit`: the upstream head as last fetched; `weblate_commit`: the local head). */
const CommitSchema = Type.Object(
  {
    revision: Type.String(),
    shortrevision: Type.String(),
    author: Type.String({ description: 'Name <email>' }),
    author_name: Type.String(),
    author_email: Type.String(),
    authordate: Type.String(),
    commit: Type.String({ description: 'The committer, Name <email>' }),
    commit_name: Type.String(),
    commit_email: Type.String(),
    commitdate: Type.String(),
    message: Type.String(),
    summary: Type.String({ description: 'The first line of the message.' }),
  },
  { title: 'Commit' },
);

const PendingUnitsSchema = Type.Object(
  {
    total: Type.Integer({ description: 'Strings with edits not yet in the files.' }),
    errors_skipped: Type.Integer({ description: 'Pending edits kept out of commits by an error (none in Parla: a failed write stops the commit).' }),
    commit_policy_skipped: Type.Integer({ description: "Pending edits the project's commit policy keeps out of commits." }),
    eligible_for_commit: Type.Integer({ description: 'Pending edits the next commit takes.' }),
  },
  { title: 'PendingUnits' },
);

export const RepositoryStatusSchema = Type.Object(
  {
    ...needs,
    merge_failure: Nullable(Type.String()),
    remote_commit: Nullable(CommitSchema),
    weblate_commit: Nullable(CommitSchema),
    status: Type.String({ description: 'What git status says; empty without a clone.' }),
    outgoing_commits: Type.Integer({ description: 'Local commits not upstream.' }),
    missing_commits: Type.Integer({ description: 'Upstream commits not merged yet.' }),
    pending_units: PendingUnitsSchema,
    url: Url(),
  },
  { title: 'RepositoryStatus' },
);

const scope = {
  included_components: Type.Array(Type.String(), { description: 'Full slugs of the components the status or operation covers: those the caller may act on.' }),
  skipped_components: Type.Array(Type.String(), { description: 'Full slugs of components the caller sees but may not act on.' }),
  permission_blockers: Type.Array(Type.String(), {
    description: "Full slugs of components left out because they work in another component's repository the caller may not act on.",
  }),
};

/** The project level: whether any of its covered components needs a commit, a merge or a push, and their pending edits; per-repository fields are null. */
export const ProjectRepositoryStatusSchema = Type.Object(
  {
    ...needs,
    weblate_commit: Type.Null(),
    status: Type.Null(),
    merge_failure: Type.Null(),
    outgoing_commits: Type.Null(),
    missing_commits: Type.Null(),
    remote_commit: Type.Null(),
    pending_units: PendingUnitsSchema,
    ...scope,
    url: Url(),
  },
  { title: 'ProjectRepositoryStatus' },
);

export const RepositoryOperationResultSchema = Type.Object(
  {
    result: Type.Boolean({ description: 'Whether the operation succeeded (at project level: on every component).' }),
    detail: Type.Optional(Type.String({ description: 'Why it failed, or that there was nothing to commit.' })),
  },
  { title: 'RepositoryOperationResult' },
);

/** Validated; the service checks the value (with the reference's messages). */
export const RepositoryOperationBody = Type.Object({ operation: Str(40) }, { additionalProperties: false });

/** The same body as the document shows it. */
export const RepositoryOperationWriteBody = Type.Object({ operation: Type.Union(REPOSITORY_OPERATIONS.map((o) => Type.Literal(o))) }, { additionalProperties: false });

/** A project-level operation that ran: the AND of its components' results, and which components it covered. */
export const ProjectOperationResultSchema = Type.Object(
  {
    result: Type.Boolean({ description: 'Whether the operation succeeded on every covered component.' }),
    detail: Type.Optional(Type.String({ description: 'Why it failed, component by component.' })),
    ...scope,
  },
  { title: 'ProjectRepositoryOperationResult' },
);

/** A project-level operation queued with `background`, or refused while another one is under way (423). */
export const ProjectOperationQueuedSchema = Type.Object(
  {
    detail: Type.String(),
    task_url: Url('The task running the operation: GET it for its progress and result.'),
    ...scope,
  },
  { title: 'ProjectRepositoryOperationQueued' },
);

/** The project-level body: the operation, and whether to run it as a task. */
export const ProjectOperationBody = Type.Object(
  { operation: Str(40), background: Type.Optional(Type.Boolean({ description: 'Queue the operation as a task and answer 202 with its task_url.' })) },
  { additionalProperties: false },
);

export const ProjectOperationWriteBody = Type.Object(
  { operation: Type.Union(REPOSITORY_OPERATIONS.map((o) => Type.Literal(o))), background: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
