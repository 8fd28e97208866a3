// Installed add-ons: installation rules, management permissions, event dispatch and the change feed.
import { isDeepStrictEqual } from 'node:util';
import { msgid } from '../../shared/msgid.js';
import type { Db, Executor } from '../../db/database.js';
import type { AddonRow, ChangeRow, ComponentRow, ProjectRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { DAY_MS, nowIso } from '../../shared/clock.js';
import { NotAuthenticatedError, NotFoundError, PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import type { TaskQueue } from '../../tasks/task-queue.js';
import { ADDON_EVENT_TASK } from '../../tasks/addon-event.task.js';
import { canonicalAddonName, getAddon, listAddons } from '../../addons/registry.js';
import type { AddonEvent, AddonEventContext, AddonServices, AnyAddonDefinition } from '../../addons/types.js';
import type { ChangesService } from '../activity/changes.service.js';
import { ChangeIdGaps } from '../common/change-gaps.js';
import { changesAfter } from '../../db/changes.repository.js';
import type { ComponentWithRefs } from '../../db/places.js';
import { projectById, projectOfRow } from '../../db/projects.repository.js';
import {
  addonIdsOfComponents,
  addonLogOf,
  addonOfRow,
  addonOnComponent,
  addonOnProject,
  addonsCovering,
  addonsWithSlugsAll,
  addonsWithSlugsOfComponent,
  addonsWithSlugsOfProject,
  addonWithSlugsById,
  advanceChangeCursor,
  allAddons,
  anyAddonNamed,
  changeById,
  changeCursor,
  componentIdsIn,
  componentScope,
  deleteAddon,
  ensureChangeCursor,
  insertAddon,
  insertAddonLog,
  lockedChangeCursor,
  markAddonRun,
  maxChangeId,
  moveChangeCursor,
  projectOfComponentId,
  setChangeCursor,
  updateAddonConfiguration,
  updateAddonState,
  type AddonWithSlugs,
} from '../../db/addons.repository.js';
import { languageOfRow } from '../../db/languages.repository.js';
import { componentById } from '../../db/components.repository.js';

const ACTION = { INSTALLED: 60, CHANGED: 61, UNINSTALLED: 62 } as const;

/** Events that run inside a repository operation, holding the repository lock. */
export const REPOSITORY_EVENTS: readonly AddonEvent[] = ['pre-commit', 'post-commit', 'pre-push', 'post-update', 'post-add'];

/** An add-on with what its links need. */
export interface AddonView {
  row: AddonRow;
  configuration: Record<string, unknown>;
  componentSlug: string | null;
  componentProjectSlug: string | null;
  projectSlug: string | null;
}

export interface AddonWrite {
  name?: unknown;
  configuration?: unknown;
}

/** Runs repository events inside the repository lock (RepositoryService implements it). */
export interface AddonRepositoryRunner {
  runAddonEvent(componentId: number, event: AddonEvent, addonId?: number): Promise<void>;
}

export interface EventOptions {
  translationId?: number;
  unitIds?: number[];
  change?: ChangeRow;
  /** Only this add-on (manual trigger). */
  addonId?: number;
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}


/** Changes handed to add-ons per change-feed pass. */
const FEED_BATCH = 500;
/** How long "is any add-on handling changes installed?" is trusted: an idle feed costs one small query this often. */
const FEED_CACHE_MS = 5000;
/** One change-feed pass at a time per database handle, whichever AddonsService (a restarted one in tests) runs it. */
const feedLocks = new WeakMap<Db, Promise<unknown>>();

interface FeedPass {
  dispatched: number;
  /** A whole batch was handed over: more may be ready right away. */
  more: boolean;
}

export class AddonsService {
  private dailyTimer: NodeJS.Timeout | null = null;
  private feedTimer: NodeJS.Timeout | null = null;
  /** The pass in flight (stop waits for it before the database closes). */
  private feedPass: Promise<unknown> | null = null;
  private changeAddons: { at: number; any: boolean } | null = null;
  private cursorReady = false;
  /** The hole in change ids the feed waits at (PostgreSQL); created with the services, which name the dialect. */
  private readonly gaps: ChangeIdGaps;

  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    private readonly tasks: TaskQueue,
    /** What handlers may use. */
    readonly services: AddonServices,
    /** Runs repository events inside the repository lock; without it they run directly. */
    private readonly repository: AddonRepositoryRunner | null = null,
  ) {
    this.gaps = new ChangeIdGaps(services.dialect);
  }

  // ---------------------------------------------------------------- reading

  private static view(r: AddonWithSlugs): AddonView {
    const { c_slug, cp_slug, p_slug, ...row } = r as AddonRow & Record<string, unknown>;
    const clean: AddonRow = {
      id: row.id,
      name: row.name,
      component_id: row.component_id,
      project_id: row.project_id,
      configuration: row.configuration,
      state: row.state,
      last_run: row.last_run,
      last_error: row.last_error,
      created: row.created,
    };
    return { row: clean, configuration: parseJson(clean.configuration), componentSlug: (c_slug as string | null) ?? null, componentProjectSlug: (cp_slug as string | null) ?? null, projectSlug: (p_slug as string | null) ?? null };
  }

  /**
   * Whether the actor may manage the add-on: component.edit in its component (a restricted one takes it
   * from the teams selecting it only) / project.edit on its project, management.addons site-wide.
   */
  private async canManage(actor: Actor, row: AddonRow): Promise<boolean> {
    if (row.component_id === null && row.project_id === null) return this.access.canGlobal(actor, 'management.addons');
    const project = await this.projectOf(row);
    if (!project || !this.access.canView(actor, project)) return false;
    if (row.component_id === null) return this.access.can(actor, 'project.edit', project);
    const component = await componentById(this.db, row.component_id);
    return !!component && this.access.canIn(actor, 'component.edit', project, component);
  }

  private async projectOf(row: AddonRow): Promise<ProjectRow | undefined> {
    if (row.project_id !== null) return projectById(this.db, row.project_id);
    if (row.component_id === null) return undefined;
    return projectOfComponentId(this.db, row.component_id);
  }

  /** All add-ons the actor may manage, by id (the list is small: filtered after loading). */
  async listManageable(actor: Actor): Promise<AddonView[]> {
    const rows = await addonsWithSlugsAll(this.db);
    const out: AddonView[] = [];
    for (const r of rows) {
      const v = AddonsService.view(r);
      if (await this.canManage(actor, v.row)) out.push(v);
    }
    return out;
  }

  /** One add-on; 404 unless the actor may manage it. */
  async get(actor: Actor, idRaw: string | number): Promise<AddonView> {
    const id = Number(idRaw);
    if (!Number.isInteger(id) || id <= 0 || id > 2 ** 31 - 1) throw new NotFoundError(msgid('No Addon matches the given query.'));
    const r = await addonWithSlugsById(this.db, id);
    if (!r) throw new NotFoundError(msgid('No Addon matches the given query.'));
    const v = AddonsService.view(r);
    if (!(await this.canManage(actor, v.row))) throw new NotFoundError(msgid('No Addon matches the given query.'));
    return v;
  }

  async listForComponent(componentId: number): Promise<AddonView[]> {
    return (await addonsWithSlugsOfComponent(this.db, componentId)).map((r) => AddonsService.view(r));
  }

  async listForProject(projectId: number): Promise<AddonView[]> {
    return (await addonsWithSlugsOfProject(this.db, projectId)).map((r) => AddonsService.view(r));
  }

  /** Adds each component's installed add-on ids (the component serializer's `addons` links), one query per page. */
  async withAddonIds<T extends { component: { id: number } }>(list: T[]): Promise<(T & { addonIds: number[] })[]> {
    const ids = [...new Set(list.map((r) => r.component.id))];
    const byComponent = new Map<number, number[]>();
    if (ids.length) {
      const rows = await addonIdsOfComponents(this.db, ids);
      for (const r of rows) byComponent.set(r.component_id!, [...(byComponent.get(r.component_id!) ?? []), r.id]);
    }
    return list.map((r) => ({ ...r, addonIds: byComponent.get(r.component.id) ?? [] }));
  }

  // ---------------------------------------------------------------- writing

  private static requireName(body: AddonWrite): string {
    if (body.name === undefined || body.name === null || body.name === '') throw ValidationError.field('name', msgid('This field is required.'), 'required');
    if (typeof body.name !== 'string') throw ValidationError.field('name', msgid('Not a valid string.'));
    return body.name;
  }

  private static definition(name: string): AnyAddonDefinition {
    const def = getAddon(name);
    if (!def) throw ValidationError.field('name', `Add-on not found: ${name}`);
    return def;
  }

  private denyManage(actor: Actor): never {
    if (!actor.authenticated) throw new NotAuthenticatedError();
    throw new PermissionDeniedError();
  }

  async installOnComponent(actor: Actor, refs: ComponentWithRefs, body: AddonWrite): Promise<AddonView> {
    this.access.requireIn(actor, 'component.edit', refs.project, refs.component);
    const name = AddonsService.requireName(body);
    const def = AddonsService.definition(name);
    if (!def.scope.includes('component')) throw ValidationError.field('name', `could not enable add-on ${def.name}, not compatible`);
    const installed = await addonOnComponent(this.db, refs.component.id, def.name);
    if (installed && !def.multiple) throw ValidationError.field('name', `Add-on already installed: ${def.name}`);
    const reason = def.incompatible?.(refs) ?? null;
    if (reason) throw ValidationError.field('name', `could not enable add-on ${def.name}, not compatible`);
    const configuration = AddonsService.validate(def, body.configuration);
    await def.verify?.(configuration.effective, this.services);
    return this.insert(actor, def, configuration.stored, { componentId: refs.component.id, projectId: refs.project.id });
  }

  async installOnProject(actor: Actor, project: ProjectRow, body: AddonWrite): Promise<AddonView> {
    this.access.require(actor, 'project.edit', project);
    const name = AddonsService.requireName(body);
    const def = AddonsService.definition(name);
    if (!def.scope.includes('project')) throw ValidationError.field('component', msgid('This add-on can only be installed on the component.'));
    const installed = await addonOnProject(this.db, project.id, def.name);
    if (installed && !def.multiple) throw ValidationError.field('name', `Add-on already installed: ${def.name}`);
    const configuration = AddonsService.validate(def, body.configuration);
    await def.verify?.(configuration.effective, this.services);
    return this.insert(actor, def, configuration.stored, { componentId: null, projectId: project.id, project });
  }

  /** The add-on's checked configuration, every option filled in (defaults included). */
  private static checked(def: AnyAddonDefinition, raw: unknown): Record<string, unknown> {
    const value = def.validate(raw) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  }

  /**
   * Checks `raw` and splits it into what the add-on runs with (`effective`, defaults filled in) and
   * what is stored and shown (`stored`): the options as given, normalized, without the ones the
   * add-on would fill in by itself. Defaults thus follow the add-on, not the day it was configured.
   */
  private static validate(def: AnyAddonDefinition, raw: unknown): { effective: Record<string, unknown>; stored: Record<string, unknown> } {
    const effective = AddonsService.checked(def, raw);
    const given = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    let stored = { ...effective };
    for (const key of Object.keys(effective)) {
      if (Object.hasOwn(given, key)) continue;
      const without = { ...stored };
      delete without[key];
      try {
        if (isDeepStrictEqual(AddonsService.checked(def, without), effective)) stored = without;
      } catch {
        // The add-on needs the option (a generated value, a required one): it stays.
      }
    }
    return { effective, stored };
  }

  /** What an installed add-on runs with: its stored configuration with the defaults filled in. */
  private static effective(def: AnyAddonDefinition, stored: Record<string, unknown>): Record<string, unknown> {
    try {
      return AddonsService.checked(def, stored);
    } catch {
      return stored;
    }
  }

  private async insert(actor: Actor, def: AnyAddonDefinition, configuration: Record<string, unknown>, where: { componentId: number | null; projectId: number; project?: ProjectRow }): Promise<AddonView> {
    const id = await this.db.transaction().execute(async (tx) => {
      // While no add-on handles changes the feed stands still; the first one starts from now rather
      // than replaying every change since, and sees its own installation below.
      if (def.handlers.change && !(await this.hasChangeAddons(tx, true))) await this.fastForwardFeed(tx);
      const addonId = await insertAddon(tx, { name: def.name, component_id: where.componentId, project_id: where.componentId === null ? where.projectId : null, configuration: JSON.stringify(configuration), state: '{}', created: nowIso() });
      await this.changes.record(tx, { action: ACTION.INSTALLED, userId: actor.user?.id ?? null, projectId: where.projectId, componentId: where.componentId, target: def.name, details: { addon: def.name } });
      return addonId;
    });
    this.changeAddons = null;
    if (def.handlers.install) await this.enqueueFor(id, 'install', actor.user?.id ?? null);
    return this.get(actor, id);
  }

  async update(actor: Actor, idRaw: string, body: AddonWrite, partial: boolean): Promise<AddonView> {
    if (!actor.authenticated) throw new NotAuthenticatedError();
    const current = await this.get(actor, idRaw);
    if (body.name !== undefined && body.name !== null && canonicalAddonName(String(body.name)) !== current.row.name) throw ValidationError.field('name', msgid('Can not change add-on name'));
    const def = AddonsService.definition(current.row.name);
    if (!partial && body.configuration === undefined) throw ValidationError.field('configuration', msgid('This field is required.'), 'required');
    if (body.configuration === undefined) return current;
    const { effective, stored: configuration } = AddonsService.validate(def, body.configuration);
    await def.verify?.(effective, this.services);
    const project = await this.projectOf(current.row);
    await this.db.transaction().execute(async (tx) => {
      await updateAddonConfiguration(tx, current.row.id, JSON.stringify(configuration));
      await this.changes.record(tx, { action: ACTION.CHANGED, userId: actor.user?.id ?? null, projectId: project?.id ?? null, componentId: current.row.component_id, target: def.name, details: { addon: def.name, configuration } });
    });
    return this.get(actor, current.row.id);
  }

  async remove(actor: Actor, idRaw: string): Promise<void> {
    if (!actor.authenticated) throw new NotAuthenticatedError();
    const current = await this.get(actor, idRaw);
    const project = await this.projectOf(current.row);
    await this.db.transaction().execute(async (tx) => {
      await deleteAddon(tx, current.row.id);
      await this.changes.record(tx, { action: ACTION.UNINSTALLED, userId: actor.user?.id ?? null, projectId: project?.id ?? null, componentId: current.row.component_id, target: current.row.name, details: { addon: current.row.name } });
    });
  }

  /** POST …/trigger/: runs the add-on now in the background; answers the task id. */
  async trigger(actor: Actor, idRaw: string): Promise<string> {
    if (!actor.authenticated) throw new NotAuthenticatedError();
    const current = await this.get(actor, idRaw);
    const def = AddonsService.definition(current.row.name);
    const event = (['daily', 'post-update', 'pre-commit', 'install', 'post-commit', 'pre-push'] as AddonEvent[]).find((e) => def.handlers[e]) ?? 'daily';
    const task = await this.enqueueFor(current.row.id, event, actor.user?.id ?? null);
    if (!task) this.denyManage(actor);
    return task;
  }

  // ---------------------------------------------------------------- dispatch

  private async componentsOf(row: AddonRow): Promise<number[]> {
    if (row.component_id !== null) return [row.component_id];
    return componentIdsIn(this.db, row.project_id);
  }

  /** Queues one task running `event` of one add-on over every component it covers. */
  private async enqueueFor(addonId: number, event: AddonEvent, userId: number | null): Promise<string> {
    const row = await addonOfRow(this.db, addonId);
    const componentIds = await this.componentsOf(row);
    const project = await this.projectOf(row);
    return this.tasks.enqueue(ADDON_EVENT_TASK, { event, addonId, componentIds }, { projectId: project?.id ?? null, componentId: row.component_id, userId });
  }

  /** Add-ons covering a component (its own, its project's, site-wide) with a handler for `event`. */
  async installedFor(component: Pick<ComponentRow, 'id' | 'project_id'>, event: AddonEvent, addonId?: number): Promise<{ row: AddonRow; def: AnyAddonDefinition }[]> {
    const out: { row: AddonRow; def: AnyAddonDefinition }[] = [];
    for (const row of await addonsCovering(this.db, component, addonId)) {
      const def = getAddon(row.name);
      if (def?.handlers[event]) out.push({ row, def });
    }
    return out;
  }

  /**
   * Runs the handlers of `event` for one component now. A failing add-on is logged and skipped:
   * it must not break the operation that raised the event. Resolves to the files handlers staged
   * and the names of the add-ons that staged them (for the commit message).
   */
  async run(event: AddonEvent, refs: ComponentWithRefs, dir: string | null, options: EventOptions = {}): Promise<{ files: string[]; addons: string[] }> {
    const staged: string[] = [];
    const stagedBy: string[] = [];
    for (const { row, def } of await this.installedFor(refs.component, event, options.addonId)) {
      const messages: string[] = [];
      const log = { info: (m: string) => messages.push(m), warn: (m: string) => messages.push(`warning: ${m}`), error: (m: string) => messages.push(`error: ${m}`) };
      const ctx: AddonEventContext<Record<string, unknown>> = {
        event,
        addon: { id: row.id, name: row.name, configuration: AddonsService.effective(def, parseJson(row.configuration)), componentId: row.component_id, projectId: row.project_id },
        component: refs,
        project: refs.project,
        repositoryDir: dir,
        ...(options.change ? { change: options.change } : {}),
        ...(options.unitIds ? { unitIds: options.unitIds } : {}),
        ...(options.translationId !== undefined ? { translationId: options.translationId } : {}),
        stage: (file) => {
          if (!staged.includes(file)) staged.push(file);
          if (!stagedBy.includes(def.verbose)) stagedBy.push(def.verbose);
        },
        services: this.services,
        log,
      };
      let error: string | null = null;
      try {
        await def.handlers[event]!(ctx);
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      await this.logRun(row, refs.component.id, event, error, messages);
    }
    return { files: staged, addons: stagedBy };
  }

  private async logRun(row: AddonRow, componentId: number | null, event: AddonEvent, error: string | null, messages: string[]): Promise<void> {
    const timestamp = nowIso();
    const message = [...messages, ...(error ? [error] : [])].join('\n').slice(0, 10_000);
    try {
      await insertAddonLog(this.db, { addon_id: row.id, component_id: componentId, event, success: error ? 0 : 1, message, timestamp });
      await markAddonRun(this.db, row.id, timestamp, error);
    } catch {
      // The add-on was uninstalled meanwhile: nothing to log against.
    }
  }

  /** The most recent log entries of an add-on (newest first). */
  async log(addonId: number, limit = 20) {
    return addonLogOf(this.db, addonId, limit);
  }

  /** Queues `event` for a component when some add-on covering it handles the event. */
  async dispatch(event: AddonEvent, component: Pick<ComponentRow, 'id' | 'project_id'>, options: Omit<EventOptions, 'addonId'> = {}): Promise<void> {
    if ((await this.installedFor(component, event)).length === 0) return;
    const payload: Record<string, unknown> = { event, componentIds: [component.id] };
    if (options.unitIds) payload.unitIds = options.unitIds;
    if (options.translationId !== undefined) payload.translationId = options.translationId;
    if (options.change) payload.changeId = options.change.id;
    await this.tasks.enqueue(ADDON_EVENT_TASK, payload, { projectId: component.project_id, componentId: component.id });
  }

  /**
   * Queues a `change` event for add-ons handling changes (webhooks) of the change's component. The
   * change feed calls it once per committed change; it must not be called for uncommitted ones.
   */
  async dispatchChange(change: ChangeRow): Promise<void> {
    if (change.component_id !== null) {
      const component = await componentScope(this.db, change.component_id);
      if (component) await this.dispatch('change', component, { change });
    }
  }

  private async refs(componentId: number): Promise<ComponentWithRefs | null> {
    const component = await componentById(this.db, componentId);
    if (!component) return null;
    const project = await projectOfRow(this.db, component.project_id);
    const sourceLanguage = await languageOfRow(this.db, component.source_language_id);
    return { component, project, sourceLanguage };
  }

  /** The 'addon-event' task: repository events go through the repository lock, the others run directly. */
  async runTask(payload: Record<string, unknown>): Promise<unknown> {
    const event = String(payload.event) as AddonEvent;
    const addonId = typeof payload.addonId === 'number' ? payload.addonId : undefined;
    const ids = Array.isArray(payload.componentIds) ? payload.componentIds.map(Number) : [];
    const options: EventOptions = {};
    if (addonId !== undefined) options.addonId = addonId;
    if (Array.isArray(payload.unitIds)) options.unitIds = payload.unitIds.map(Number);
    if (typeof payload.translationId === 'number') options.translationId = payload.translationId;
    if (typeof payload.changeId === 'number') {
      const change = await changeById(this.db, payload.changeId);
      if (change) options.change = change;
    }
    let done = 0;
    for (const id of ids) {
      if (REPOSITORY_EVENTS.includes(event) && this.repository) {
        await this.repository.runAddonEvent(id, event, addonId);
      } else {
        const refs = await this.refs(id);
        if (refs) await this.run(event, refs, null, options);
      }
      done++;
    }
    return { event, components: done };
  }

  // ---------------------------------------------------------------- lifecycle

  /** Starts the hourly daily run and the change feed; the container's start() calls it. */
  start(): void {
    this.startDaily();
    this.startChangeFeed();
  }

  // ---------------------------------------------------------------- daily

  /** Queues `daily` for add-ons not run daily within the last day; the container calls it hourly. */
  async runDaily(now: Date = new Date()): Promise<number> {
    let queued = 0;
    for (const row of await allAddons(this.db)) {
      const def = getAddon(row.name);
      if (!def?.handlers.daily) continue;
      const state = parseJson(row.state);
      const last = typeof state.daily === 'string' ? Date.parse(state.daily) : NaN;
      if (!Number.isNaN(last) && now.getTime() - last < DAY_MS) continue;
      await updateAddonState(this.db, row.id, JSON.stringify({ ...state, daily: now.toISOString() }));
      await this.enqueueFor(row.id, 'daily', null);
      queued++;
    }
    return queued;
  }

  startDaily(intervalMs = 3600_000): void {
    if (this.dailyTimer) return;
    this.dailyTimer = setInterval(() => void this.runDaily().catch(() => undefined), intervalMs);
    this.dailyTimer.unref();
  }

  // ---------------------------------------------------------------- change feed

  /**
   * The change feed: an outbox over the `changes` table. Changes are recorded inside transactions
   * that may still roll back, from many places, so nothing dispatches them when recorded; instead
   * this timer reads committed changes after a persistent cursor (`addon_change_cursor`), dispatches
   * each once and advances the cursor. Idle (one cached query) while no add-on handles changes.
   */
  startChangeFeed(intervalMs = 1000): void {
    if (this.feedTimer) return;
    this.feedTimer = setInterval(() => void this.feedTick(), intervalMs);
    this.feedTimer.unref();
  }

  /** Runs passes now until nothing more is ready; resolves to the number of changes dispatched. */
  async flushChangeFeed(): Promise<number> {
    if (!(await this.hasChangeAddons(this.db, true))) return 0;
    let total = 0;
    for (;;) {
      const pass = await this.exclusivePass();
      total += pass.dispatched;
      if (!pass.more) return total;
    }
  }

  private async feedTick(): Promise<void> {
    if (this.feedPass) return; // the previous pass is still going: no pile-up behind a slow database
    try {
      if (!(await this.hasChangeAddons())) return;
      let more = true;
      while (more && this.feedTimer) more = (await this.exclusivePass()).more;
    } catch (e) {
      process.emitWarning(`Add-on change feed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Whether an installed add-on has a `change` handler; cached for FEED_CACHE_MS unless `fresh`. */
  private async hasChangeAddons(executor: Executor = this.db, fresh = false): Promise<boolean> {
    const now = Date.now();
    if (!fresh && this.changeAddons && now - this.changeAddons.at < FEED_CACHE_MS) return this.changeAddons.any;
    const names = listAddons()
      .filter((d) => d.handlers.change)
      .map((d) => d.name);
    this.changeAddons = { at: now, any: names.length ? await anyAddonNamed(executor, names) : false };
    return this.changeAddons.any;
  }

  /** Moves the cursor to the newest change (never back): nothing before it is for an add-on installed now. */
  private async fastForwardFeed(tx: Executor): Promise<void> {
    await advanceChangeCursor(tx, await maxChangeId(tx));
    this.gaps.reset();
  }

  /** The migration creates the cursor row; should it be gone, it restarts from the newest change, like a new install. */
  private async ensureCursor(): Promise<void> {
    if (this.cursorReady) return;
    await ensureChangeCursor(this.db, await maxChangeId(this.db));
    this.cursorReady = true;
  }

  /** Runs one pass after any other pass on this database handle in this process. */
  private exclusivePass(): Promise<FeedPass> {
    const previous = feedLocks.get(this.db) ?? Promise.resolve();
    const pass = previous.then(() => this.passOnce());
    const settled = pass.catch(() => undefined);
    feedLocks.set(this.db, settled);
    this.feedPass = settled;
    void settled.then(() => {
      if (feedLocks.get(this.db) === settled) feedLocks.delete(this.db);
      if (this.feedPass === settled) this.feedPass = null;
    });
    return pass;
  }

  /**
   * One batch. PostgreSQL: the cursor row is locked (FOR UPDATE SKIP LOCKED) for the whole pass, so
   * another process skips its turn instead of sending the same batch, and the cursor moves in that
   * transaction after the tasks are queued. The task queue writes through its own connection, so
   * queuing cannot share the transaction: should the process die between queuing and the commit, the
   * batch is dispatched again on the next pass – at least once, never lost (the queue drops tasks of
   * a dead process anyway), and a resent message keeps its `webhook-id` so receivers can tell.
   * SQLite: one connection, which a transaction would hold while the queue waits for it; writers are
   * serialized and passes in this process too (feedLocks), so the cursor moves after queuing, only
   * if nobody else moved it meanwhile.
   */
  private async passOnce(): Promise<FeedPass> {
    await this.ensureCursor();
    if (this.services.dialect === 'postgres') {
      return this.db.transaction().execute(async (tx) => {
        const cursor = await lockedChangeCursor(tx);
        if (!cursor) return { dispatched: 0, more: false }; // another process holds this turn
        return this.dispatchBatch(tx, Number(cursor.last_change_id), (last) => setChangeCursor(tx, last));
      });
    }
    const cursor = await changeCursor(this.db);
    const from = Number(cursor.last_change_id);
    return this.dispatchBatch(this.db, from, async (last) => {
      await moveChangeCursor(this.db, from, last);
    });
  }

  /** Dispatches the settled changes after `from` in id order and saves the cursor up to the last one handed over, even when one fails. */
  private async dispatchBatch(executor: Executor, from: number, save: (last: number) => Promise<unknown>): Promise<FeedPass> {
    const rows = await changesAfter(executor, from, FEED_BATCH);
    let last = from;
    let dispatched = 0;
    let failure: unknown = null;
    for (const change of rows) {
      if (change.id !== last + 1 && !(await this.gaps.settled(executor, last + 1, change))) break;
      try {
        await this.dispatchChange(change);
      } catch (e) {
        failure = e;
        break;
      }
      last = change.id;
      dispatched++;
    }
    if (last > from) await save(last);
    if (failure) throw failure;
    return { dispatched, more: rows.length === FEED_BATCH && dispatched === rows.length };
  }

  /** Stops the timers; resolves once a change-feed pass in flight has finished (before the database closes). */
  async stop(): Promise<void> {
    if (this.dailyTimer) clearInterval(this.dailyTimer);
    this.dailyTimer = null;
    if (this.feedTimer) clearInterval(this.feedTimer);
    this.feedTimer = null;
    await this.feedPass;
  }
}
