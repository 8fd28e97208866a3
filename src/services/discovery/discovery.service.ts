// Repository discovery for the component creation form: a background clone whose files are grouped into proposed file layouts.
import fs from 'node:fs/promises';
import { msgid } from '../../shared/msgid.js';
import path from 'node:path';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import type { ProjectRow, TaskRow } from '../../db/schema.js';
import type { FormatRegistry } from '../../formats/registry.js';
import type { OutboundGuard } from '../../shared/outbound-guard.js';
import { NotFoundError, ValidationError, type FieldError } from '../../shared/errors.js';
import type { TaskContext, TaskQueue } from '../../tasks/task-queue.js';
import { checkBranchName, checkRepoHost, checkRepoUrl } from '../../vcs/urls.js';
import { discoverLayouts, type DiscoveredLayout } from './file-discovery.js';
import { listRepositoryFiles } from '../../shared/repository-files.js';

export const DISCOVERY_TASK = 'repository-discovery';
/** A repository with more files than this is listed only this far. */
const MAX_FILES = 20_000;

export interface DiscoveryDeps {
  access: AccessControl;
  tasks: TaskQueue;
  vcs: { clone(url: string, branch: string, dir: string, options?: { onProgress?: (p: { stage: string; percent: number }) => void }): Promise<void> };
  paths: { stagingDir(): Promise<string> };
  formats: FormatRegistry;
  outbound: OutboundGuard;
  allowLocalRepos: boolean;
  /** The task row of an id, when the actor may see it (the tasks API's rule). */
  taskOf(actor: Actor, id: string): Promise<TaskRow>;
}

/** A discovery as the form shows it: still running, failed with its log, or done with the layouts found. */
export interface DiscoveryState {
  status: string;
  progress: number;
  log: string;
  repo: string;
  branch: string;
  layouts: DiscoveredLayout[];
  /** Why the clone failed, when it did. */
  error: string;
}

export class DiscoveryService {
  constructor(private readonly d: DiscoveryDeps) {}

  /**
   * Queues the clone of `repo` for someone who may add components to the project (the creation's own rule); the
   * URL and branch are checked as the creation checks them, so a proposal can be created as it is.
   */
  async start(actor: Actor, project: ProjectRow, repo: string, branch: string): Promise<string> {
    this.d.access.require(actor, 'project.edit', project, 'Can not create components');
    const errors: FieldError[] = [];
    if (!repo) errors.push({ attr: 'repo', code: 'required', detail: msgid('This field is required.') });
    else {
      const checked = checkRepoUrl(repo, { allowLocal: this.d.allowLocalRepos, allowInternal: false });
      const refusal = checked.ok ? await checkRepoHost(repo, this.d.outbound) : checked.reason;
      if (refusal) errors.push({ attr: 'repo', code: 'invalid', detail: refusal });
    }
    const badBranch = branch ? checkBranchName(branch) : null;
    if (badBranch) errors.push({ attr: 'branch', code: 'invalid', detail: badBranch });
    if (errors.length) throw new ValidationError(errors);
    return this.d.tasks.enqueue(DISCOVERY_TASK, { repo, branch }, { projectId: project.id, userId: actor.user?.id ?? null });
  }

  /** The task: a shallow look at the repository's files in a clone that is removed afterwards. */
  async runTask(payload: Record<string, unknown>, ctx: TaskContext): Promise<{ repo: string; branch: string; layouts: DiscoveredLayout[] }> {
    const repo = String(payload.repo ?? '');
    const branch = String(payload.branch ?? '');
    const staging = await this.d.paths.stagingDir();
    try {
      const dir = path.join(staging, 'clone');
      await ctx.progress(5, 'Cloning the repository');
      await this.d.vcs.clone(repo, branch, dir, { onProgress: (p) => void ctx.progress(5 + Math.round(p.percent * 0.8), `${p.stage} ${p.percent}%`) });
      await ctx.progress(90, 'Looking for translation files');
      const files = await listRepositoryFiles(dir, MAX_FILES);
      const layouts = discoverLayouts(files, this.d.formats.list());
      await ctx.progress(100, `Found ${layouts.length} possible file layout${layouts.length === 1 ? '' : 's'}`);
      return { repo, branch, layouts };
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
  }

  /** A discovery of the project started by `start`, as far as it has come. */
  async state(actor: Actor, project: ProjectRow, taskId: string): Promise<DiscoveryState> {
    this.d.access.require(actor, 'project.edit', project, 'Can not create components');
    const task = await this.d.taskOf(actor, taskId);
    if (task.name !== DISCOVERY_TASK || task.project_id !== project.id) throw new NotFoundError();
    const payload = JSON.parse(task.payload) as { repo?: string; branch?: string };
    const result = task.result ? (JSON.parse(task.result) as { layouts?: DiscoveredLayout[]; error?: string } | null) : null;
    return { status: task.status, progress: task.progress, log: task.log, repo: payload.repo ?? '', branch: payload.branch ?? '', layouts: result?.layouts ?? [], error: result?.error ?? '' };
  }
}
