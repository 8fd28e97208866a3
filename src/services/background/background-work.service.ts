// Repository operations and file uploads the web UI runs as background tasks, so that its pages can follow their progress:
// the same checks and the same service calls as the API's synchronous ones, only queued.
import fs from 'node:fs/promises';
import { msgid } from '../../shared/msgid.js';
import path from 'node:path';
import type { Db } from '../../db/database.js';
import type { ComponentWithRefs, TranslationWithRefs } from '../../db/places.js';
import { userById } from '../../db/users.repository.js';
import type { Actor } from '../../auth/actor.js';
import { userActor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { AppError, ValidationError } from '../../shared/errors.js';
import type { TaskContext, TaskQueue } from '../../tasks/task-queue.js';
import { PROJECT_REPOSITORY_TASK } from '../repository/project-repository.service.js';
import { checkedOperation, OPERATION_PERMISSION } from '../repository/repository.service.js';
import type { UploadInput, UploadResult } from '../repository/uploads.service.js';

export const TRANSLATION_UPLOAD_TASK = 'translation-upload';
/** The stored upload's directory, as `DataPaths.stagingDir` names it (the payload keeps only the name). */
const STAGING_NAME = /^import-[A-Za-z0-9]+$/;

export interface BackgroundWorkDeps {
  db: Db;
  access: AccessControl;
  tasks: TaskQueue;
  repository: { refsById(componentId: number): Promise<ComponentWithRefs> };
  translations: { getVisible(actor: Actor, refs: ComponentWithRefs, languageCode: string): Promise<TranslationWithRefs> };
  uploads: { upload(actor: Actor, t: TranslationWithRefs, input: UploadInput): Promise<UploadResult> };
  paths: { readonly dataDir: string; stagingDir(): Promise<string> };
}

export class BackgroundWorkService {
  constructor(private readonly d: BackgroundWorkDeps) {}

  /**
   * Queues a component's repository operation after the checks of `RepositoryService.operation`; the project-level
   * operation task runs it on this one component (and so keeps it apart from a project-wide one under way).
   */
  async startOperation(actor: Actor, refs: ComponentWithRefs, operation: string | undefined): Promise<string> {
    const op = checkedOperation(operation);
    this.d.access.requireIn(actor, OPERATION_PERMISSION[op], refs.project, refs.component);
    const userId = actor.user?.id ?? null;
    const payload = { projectId: refs.project.id, operation: op, userId, componentIds: [refs.component.id] };
    return this.d.tasks.enqueue(PROJECT_REPOSITORY_TASK, payload, { projectId: refs.project.id, componentId: refs.component.id, userId });
  }

  /**
   * Stores an uploaded translation file and queues its import. Whether the caller may upload here is checked now, so
   * that nothing of a stranger is stored; the task runs `UploadsService.upload` as the caller, with all its checks.
   */
  async startUpload(actor: Actor, t: TranslationWithRefs, input: UploadInput): Promise<string> {
    this.d.access.requireIn(actor, 'upload.perform', t.project, t.component, undefined, t.translation.language_id);
    if (!input.file) throw ValidationError.field('file', msgid('No file was submitted.'), 'required');
    const dir = await this.d.paths.stagingDir();
    try {
      await fs.writeFile(path.join(dir, 'upload'), input.file.data);
      const userId = actor.user?.id ?? null;
      const payload = {
        componentId: t.component.id,
        language: t.language.code,
        userId,
        browserSession: actor.browserSession === true,
        stored: path.basename(dir),
        filename: input.file.filename,
        method: input.method ?? '',
        conflicts: input.conflicts ?? '',
        fuzzy: input.fuzzy ?? '',
      };
      return await this.d.tasks.enqueue(TRANSLATION_UPLOAD_TASK, payload, { projectId: t.project.id, componentId: t.component.id, userId });
    } catch (e) {
      await fs.rm(dir, { recursive: true, force: true });
      throw e;
    }
  }

  /** The upload task: the stored file through the same upload as the API's, as the user who sent it; the file is removed after. */
  async runUploadTask(payload: Record<string, unknown>, ctx: TaskContext): Promise<UploadResult> {
    const stored = String(payload.stored ?? '');
    if (!STAGING_NAME.test(stored)) throw new Error('The uploaded file is missing.');
    const dir = path.join(this.d.paths.dataDir, 'tmp', stored);
    try {
      const user = payload.userId === null || payload.userId === undefined ? undefined : await userById(this.d.db, Number(payload.userId));
      if (!user || user.is_active !== 1) throw new Error('The account that sent the file is no longer active.');
      const actor = await this.d.access.load(this.d.db, { ...userActor(user), browserSession: payload.browserSession === true });
      const refs = await this.d.repository.refsById(Number(payload.componentId));
      const t = await this.d.translations.getVisible(actor, refs, String(payload.language));
      const filename = String(payload.filename ?? '');
      await ctx.progress(10, `Reading ${filename || 'the file'}`);
      const data = await fs.readFile(path.join(dir, 'upload'));
      const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
      const result = await this.d.uploads.upload(actor, t, { file: { filename, data }, method: text(payload.method), conflicts: text(payload.conflicts) ?? '', fuzzy: text(payload.fuzzy) ?? '' });
      await ctx.progress(100, `${result.accepted} of ${result.total} strings accepted`);
      return result;
    } catch (e) {
      // A refusal names its reasons by field; the task's error is one sentence for the page that follows it.
      if (e instanceof AppError && e.fieldErrors.length) throw new Error(e.fieldErrors.map((f) => f.detail).join(' '));
      throw e;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}
