// Administering a translation memory (the site's or a project's): who may, importing a file as a background task, export, emptying a project's.
import fs from 'node:fs/promises';
import { msgid } from '../../shared/msgid.js';
import path from 'node:path';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import type { ProjectRow, TaskRow } from '../../db/schema.js';
import { FormatParseError } from '../../formats/format.js';
import { NotAuthenticatedError, NotFoundError, PermissionDeniedError, ValidationError, type FieldError } from '../../shared/errors.js';
import type { TaskContext, TaskQueue } from '../../tasks/task-queue.js';
import { isMemoryFile, MEMORY_FILE_EXTENSIONS, parseMemoryFile } from './memory-file-import.js';
import type { ExportedEntry, MemoryService } from './memory.service.js';
import type { Upload } from '../common/upload.js';

export const MEMORY_IMPORT_TASK = 'memory-import';

/** Which memory: the whole site's (null) or one project's. */
export type MemoryPlace = { project: ProjectRow } | { project: null };

/** What the caller may do with that memory. */
export interface MemoryRights {
  /** Import files and export (memory.edit on the project, or memory.manage). */
  mayImport: boolean;
  /** Delete entries and empty the project's memory (memory.delete on the project, or memory.manage). */
  mayDelete: boolean;
}

export interface MemoryImportResult {
  added: number;
  skipped: number;
  total: number;
  /** The result in words, as pages and the CLI show it. */
  message: string;
}

/** An import as its progress page shows it. */
export interface MemoryImportState {
  status: string;
  progress: number;
  log: string;
  filename: string;
  result: MemoryImportResult | null;
  /** Why the import failed, when it did. */
  error: string;
}

export interface MemoryAdminDeps {
  access: AccessControl;
  memory: Pick<MemoryService, 'importEntries' | 'exportEntries' | 'removeProjectEntries' | 'resolveLanguage'>;
  tasks: TaskQueue;
  paths: { stagingDir(): Promise<string> };
  projects: { getVisible(actor: Actor, slug: string): Promise<ProjectRow> };
  /** The task row of an id, when the actor may see it (the tasks API's rule). */
  taskOf(actor: Actor, id: string): Promise<TaskRow>;
}

/** "3 entries imported (1 skipped: …)": the words of an import's result. */
export function importedMessage(added: number, skipped: number): string {
  return `${added} ${added === 1 ? 'entry' : 'entries'} imported${skipped ? ` (${skipped} skipped: already there, an unknown language or an empty text)` : ''}.`;
}

export class MemoryAdminService {
  constructor(private readonly d: MemoryAdminDeps) {}

  /**
   * The site-wide memory for memory managers (memory.manage), or a project's for those who may see the project
   * and edit or delete its memory; 403 for others (404 for a project they may not see).
   */
  async placeOf(actor: Actor, projectSlug: string | null): Promise<MemoryPlace & MemoryRights> {
    if (!actor.authenticated) throw new NotAuthenticatedError();
    const manager = this.d.access.canGlobal(actor, 'memory.manage');
    if (projectSlug === null) {
      if (!manager) throw new PermissionDeniedError(msgid('Only translation memory managers may manage the site-wide memory.'));
      return { project: null, mayImport: true, mayDelete: true };
    }
    const project = await this.d.projects.getVisible(actor, projectSlug);
    const rights = { mayImport: manager || this.d.access.can(actor, 'memory.edit', project), mayDelete: manager || this.d.access.can(actor, 'memory.delete', project) };
    if (!rights.mayImport && !rights.mayDelete) throw new PermissionDeniedError("You may not manage this project's translation memory.");
    return { project, ...rights };
  }

  /**
   * Checks the file and the languages, keeps the file in the data dir and queues its import; returns the task id.
   * Shared entries for the site, the project's entries for a project.
   */
  async startImport(actor: Actor, place: MemoryPlace & MemoryRights, file: Upload | undefined, languages: { sourceLanguage?: string; targetLanguage?: string }): Promise<string> {
    if (!place.mayImport) throw new PermissionDeniedError("You may not import into this project's translation memory.");
    const errors: FieldError[] = [];
    if (!file || (!file.filename && file.data.length === 0)) errors.push({ attr: 'file', code: 'required', detail: msgid('Choose a file to import.') });
    else if (!isMemoryFile(file.filename)) errors.push({ attr: 'file', code: 'invalid', detail: `Parla imports translation memory from ${MEMORY_FILE_EXTENSIONS.join(', ')} files; this file has another ending.` });
    for (const [attr, code] of [['source_language', languages.sourceLanguage], ['target_language', languages.targetLanguage]] as const) {
      if (!code) continue;
      try {
        await this.d.memory.resolveLanguage(code, attr);
      } catch (e) {
        if (!(e instanceof ValidationError)) throw e;
        errors.push({ attr, code: 'invalid', detail: `There is no language with the code "${code}".` });
      }
    }
    if (errors.length) throw new ValidationError(errors);
    const dir = await this.d.paths.stagingDir();
    const stored = path.join(dir, `upload${path.extname(file!.filename).toLowerCase()}`);
    await fs.writeFile(stored, file!.data);
    const projectId = place.project?.id ?? null;
    return this.d.tasks.enqueue(
      MEMORY_IMPORT_TASK,
      { file: stored, filename: path.basename(file!.filename), projectId, sourceLanguage: languages.sourceLanguage ?? '', targetLanguage: languages.targetLanguage ?? '' },
      { projectId, userId: actor.user?.id ?? null },
    );
  }

  /** The task: reads the whole file first (a file that cannot be read imports nothing), then adds its entries a batch at a time. */
  async runTask(payload: Record<string, unknown>, ctx: TaskContext): Promise<MemoryImportResult> {
    const file = String(payload.file ?? '');
    const filename = String(payload.filename ?? path.basename(file));
    const projectId = typeof payload.projectId === 'number' ? payload.projectId : null;
    try {
      await ctx.progress(1, `Reading ${filename}`);
      const bytes = await fs.readFile(file);
      let entries;
      try {
        entries = parseMemoryFile(bytes, filename, { sourceLanguage: String(payload.sourceLanguage ?? '') || undefined, targetLanguage: String(payload.targetLanguage ?? '') || undefined });
      } catch (e) {
        if (e instanceof FormatParseError) throw new Error(`The file could not be read (${e.message}); nothing was imported.`);
        throw e;
      }
      await ctx.progress(5, `Importing ${entries.length} entries`);
      const { added, skipped } = await this.d.memory.importEntries(entries, {
        projectId,
        origin: filename.toLowerCase(),
        onProgress: (done, total) => ctx.progress(5 + (94 * done) / Math.max(1, total), `Imported ${done} of ${total} entries`),
      });
      return { added, skipped, total: entries.length, message: importedMessage(added, skipped) };
    } finally {
      // The kept upload goes with its staging folder, whatever happened.
      if (file) await fs.rm(path.dirname(file), { recursive: true, force: true });
    }
  }

  /** An import of this memory started by `startImport`, as far as it has come. */
  async importState(actor: Actor, place: MemoryPlace, taskId: string): Promise<MemoryImportState> {
    const task = await this.d.taskOf(actor, taskId);
    if (task.name !== MEMORY_IMPORT_TASK || task.project_id !== (place.project?.id ?? null)) throw new NotFoundError();
    const payload = JSON.parse(task.payload) as { filename?: string };
    const result = task.result ? (JSON.parse(task.result) as (Partial<MemoryImportResult> & { error?: string }) | null) : null;
    const done = task.status === 'done' && result && typeof result.added === 'number';
    return {
      status: task.status,
      progress: task.progress,
      log: task.log,
      filename: payload.filename ?? '',
      result: done ? { added: result.added!, skipped: result.skipped ?? 0, total: result.total ?? 0, message: result.message ?? importedMessage(result.added!, result.skipped ?? 0) } : null,
      error: task.status === 'failed' ? (result?.error ?? 'The import failed.') : '',
    };
  }

  /** Every entry of this memory (the site's: all of them), a page at a time, for those who may import into it. */
  exportEntries(place: MemoryPlace & MemoryRights): AsyncGenerator<ExportedEntry[]> {
    if (!place.mayImport) throw new PermissionDeniedError("You may not export this project's translation memory.");
    return this.d.memory.exportEntries({ projectId: place.project?.id ?? null });
  }

  /** Deletes every entry of the project's memory; returns how many. */
  async removeAll(place: MemoryPlace & MemoryRights): Promise<number> {
    if (!place.project) throw new NotFoundError();
    if (!place.mayDelete) throw new PermissionDeniedError("You may not delete this project's translation memory.");
    return this.d.memory.removeProjectEntries(place.project.id);
  }
}
