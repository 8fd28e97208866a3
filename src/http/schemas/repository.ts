// Repository status (component, translation and project level), the operation body and its answer.
import { Type } from 'typebox';
import { REPOSITORY_OPERATIONS } from '../../services/repository/repository.service.js';
import { Nullable, Str, Url } from './common.js';

const needs = {
  needs_commit: Type.Boolean({ description: 'Edits are waiting to be committed.' }),
  needs_merge: Type.Boolean({ description: 'The upstream has commits to merge.' }),
  needs_push: Type.Boolean({ description: 'Local commits are waiting to be pushed.' }),
};

export const RepositoryStatusSchema = Type.Object(
  {
    ...needs,
    merge_failure: Nullable(Type.String()),
    remote_commit: Nullable(Type.String({ description: 'Short revision and summary of the upstream head.' })),
    status: Type.String({ description: 'What git status says; empty without a clone.' }),
    url: Url(),
  },
  { title: 'RepositoryStatus' },
);

/** The project level: whether any of its components needs a commit, a merge or a push. */
export const ProjectRepositoryStatusSchema = Type.Object({ ...needs, url: Url() }, { title: 'ProjectRepositoryStatus' });

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
