// The add-on contract: events, definitions (validation + per-event handlers) and the context handlers receive.
import type { Db, DialectName, Executor } from '../db/database.js';
import type { ChangeRow, ComponentRow, ProjectRow, UnitRow } from '../db/schema.js';
import type { ComponentWithRefs } from '../db/places.js';
import type { CompileContext } from '../db/unit-search/index.js';
import type { AutotranslateJob } from '../domain/automatic-translation.js';
import type { ParsedStore, ParseOptions, TranslationFormat } from '../formats/format.js';
import type { FormatRegistry } from '../formats/registry.js';
import type { LanguagePlural } from '../languages/plural-rule.js';
import type { TaskContext, TaskQueue } from '../tasks/task-queue.js';
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

/** A change an add-on records (the history entry of what it did), inside the caller's transaction. */
export interface AddonChange {
  action: number;
  projectId?: number | null;
  componentId?: number | null;
  translationId?: number | null;
  unitId?: number | null;
  target?: string;
  old?: string;
}

/** Where a unit lives, for its change record. */
export interface AddonUnitPlace {
  translationId: number;
  componentId: number;
  projectId: number;
  languageId: number;
}

/** A new target and state for one unit; without an action, the one the state transition implies. */
export interface AddonUnitContent {
  target: string[];
  state: number;
  userId: null;
  action?: number;
}

/** The change as the API shows it (absolute URLs outside any request), and its project's API URL. */
export interface SerializedChange {
  change: Record<string, unknown>;
  projectUrl: string | null;
}

/** A component that discovery creates from files it found in the repository. */
export interface DiscoveredComponentInput {
  name: string;
  slug: string;
  vcs: string;
  repo: string;
  branch: string;
  file_format: string;
  filemask: string;
  template: string;
  new_base: string;
  language_regex: string;
  source_language: string;
  license: string;
  license_url: string;
}

/** One automatic translation run of a translation, by the system (no user). */
export type AddonAutotranslateRun = AutotranslateJob & { userId: null };

/**
 * What handlers may use, each capability described by the shape add-ons call so that no add-on
 * imports a service or the HTTP layer: the container fills them with the real functions. Optional ones
 * are absent in unit tests that do not need them.
 */
export interface AddonServices {
  db: Db;
  dialect: DialectName;
  formats: FormatRegistry;
  /** The directory of a component's files outside repository operations. */
  paths: { componentDir(component: Pick<ComponentRow, 'id' | 'project_id'>): string };
  /** Records a change in the history, in the caller's transaction. */
  recordChange(db: Executor, change: AddonChange): Promise<void>;
  /** What a format needs to read a file of `language` (its plural forms, the document template). */
  parseOptions(format: Pick<TranslationFormat, 'id'>, language: LanguagePlural | null, filename: string, template?: ParsedStore): ParseOptions;
  /** How search queries over units compile here (the dialect, the trigram index in use). */
  unitSearch(): CompileContext;
  /** Re-checks the translations of a source string whose flags changed. */
  recheckTranslations(db: Executor, sourceUnitId: number): Promise<void>;
  /** Changes a unit's target and state like an edit: checks, counters, pending file write, change record, memory. */
  updateUnitContent(db: Executor, unit: UnitRow, place: AddonUnitPlace, content: AddonUnitContent): Promise<unknown>;
  /** A change serialized for webhook payloads. */
  serializeChange(change: ChangeRow): Promise<SerializedChange>;
  tasks?: TaskQueue;
  /** Component creation and removal (discovery); add-ons act as the system, which may do anything. */
  components?: {
    create(project: ProjectRow, input: DiscoveredComponentInput): Promise<ComponentWithRefs>;
    remove(component: ComponentRow): Promise<void>;
  };
  /**
   * Adds a language to a component as the system (its file from the component's base, as a user adding it
   * would); throws when the component cannot add it (no base file, a bad language code).
   */
  addTranslation?(component: ComponentWithRefs, languageCode: string): Promise<unknown>;
  /** Runs automatic translation of one translation now; answers the number of strings changed. */
  autotranslate?: { execute(run: AddonAutotranslateRun): Promise<number> };
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
