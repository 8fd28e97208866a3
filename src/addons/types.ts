// The add-on contract: events, definitions (validation + per-event handlers) and the context handlers receive.
import type { Db } from '../db/database.js';
import type { DialectName } from '../db/database.js';
import type { ChangeRow, ProjectRow } from '../db/schema.js';
import type { ChangesService } from '../services/activity/changes.service.js';
import type { ComponentWithRefs } from '../db/places.js';
import type { FormatRegistry } from '../formats/registry.js';
import type { DataPaths } from '../services/common/data-paths.js';
import type { TaskContext, TaskQueue } from '../tasks/task-queue.js';
import type { AutotranslateService } from '../services/units/autotranslate.service.js';
import type { ComponentsService } from '../services/catalog/components.service.js';
import type { OutboundGuard } from '../shared/outbound-guard.js';
import type { GitBackend } from '../vcs/git.js';

/**
 * When handlers run. Repository events (pre-commit, post-commit, pre-push, post-update) run with
 * `repositoryDir` set; pre-commit runs synchronously inside the repository lock so files it writes
 * become part of the commit. The others run from the task queue.
 */
export const ADDON_EVENTS = ['install', 'pre-commit', 'post-commit', 'pre-push', 'post-push', 'post-update', 'post-add', 'unit-saved', 'change', 'daily'] as const;
export type AddonEvent = (typeof ADDON_EVENTS)[number];

/** Where an add-on may be installed: on one component, on a project (runs for each of its components), or site-wide. */
export type AddonScope = 'component' | 'project' | 'site';

export interface AddonLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** One installed add-on as handlers see it. */
export interface AddonInstance<Config = Record<string, unknown>> {
  id: number;
  name: string;
  configuration: Config;
  componentId: number | null;
  projectId: number | null;
}

/** Services handlers may use; optional ones are absent in unit tests that do not need them. */
export interface AddonServices {
  db: Db;
  dialect: DialectName;
  changes: ChangesService;
  formats: FormatRegistry;
  paths: DataPaths;
  tasks?: TaskQueue;
  components?: ComponentsService;
  autotranslate?: AutotranslateService;
  /** Absolute base (scheme://host[/prefix]) for API URLs built outside a request, e.g. webhook payloads; PARLA_SITE_URL when set. */
  baseUrl?: string | null;
  /** The SSRF guard for requests to user-given URLs; absent: internal addresses are refused. */
  outbound?: OutboundGuard;
  /** The git backend, for add-ons that work on the repository's history (squash). */
  git?: GitBackend;
}

export interface AddonEventContext<Config = Record<string, unknown>> {
  event: AddonEvent;
  addon: AddonInstance<Config>;
  /** The component the event concerns; null only for project/site-level `change`/`daily` events without one. */
  component: ComponentWithRefs | null;
  project: ProjectRow | null;
  /** The repository working directory while inside a repository operation, else null. */
  repositoryDir: string | null;
  /** `change`: the recorded change. */
  change?: ChangeRow;
  /** `unit-saved`: the saved units. */
  unitIds?: number[];
  /** `post-add`: the new translation. */
  translationId?: number;
  /** Inside a repository operation: marks a file (relative to repositoryDir) to be included in the commit. */
  stage(relativePath: string): void;
  services: AddonServices;
  log: AddonLogger;
}

export type AddonHandler<Config> = (ctx: AddonEventContext<Config>) => Promise<void>;

export interface AddonDefinition<Config = Record<string, unknown>> {
  /** The reference's identifier, `weblate.<group>.<name>`; `parla.` is accepted as an alias on input. */
  name: string;
  verbose: string;
  description: string;
  events: readonly AddonEvent[];
  scope: readonly AddonScope[];
  /** Whether it may be installed more than once on the same object. */
  multiple: boolean;
  /** Returns a reason when the add-on cannot work with this component (answered as "not compatible"). */
  incompatible?(component: ComponentWithRefs): string | null;
  /**
   * Checks and normalizes the configuration; throws ValidationError with attr `configuration`
   * (see config.ts helpers). `undefined`/`{}` means defaults.
   */
  validate(raw: unknown): Config;
  /** Checks that need I/O after validate() (a webhook URL's resolved address); throws ValidationError. */
  verify?(config: Config, services: AddonServices): Promise<void>;
  handlers: Partial<Record<AddonEvent, AddonHandler<Config>>>;
  /**
   * Background tasks the add-on queues, by task name. Registered when the add-on service is built, in
   * every process (a `worker` must know them before any change reaches it).
   */
  tasks?: Record<string, (services: AddonServices, payload: Record<string, unknown>, task: TaskContext) => Promise<unknown>>;
}

/** Any definition, for the registry (configuration types erased). */
export type AnyAddonDefinition = AddonDefinition<any>;
