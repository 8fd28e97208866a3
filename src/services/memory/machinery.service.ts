// Machine translation settings per project and site-wide (secrets masked), and translateWith() for automatic translation.
import type { Db } from '../../db/database.js';
import { msgid } from '../../shared/msgid.js';
import type { ProjectRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { nowIso } from '../../shared/clock.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import { OutboundGuard } from '../../shared/outbound-guard.js';
import { MachineryError, SECRET_MASK, maskConfig, validateConfig, type EngineConfig, type GlossaryTerm, type MachineryEngine, type MachineryResult, type TextHints } from '../../machinery/engine.js';
import { ResultCache, type ResultStore } from '../../machinery/cache.js';
import type { EngineRegistry } from '../../machinery/registry.js';
import { mergeFlags } from '../../checks/flags.js';
import { compileUserRegex } from '../../checks/safe-regex.js';
import { loadGlossary } from '../quality/glossary.service.js';
import {
  deleteMachinerySetting,
  insertMachinerySetting,
  machinerySetting,
  machinerySettingsInEffect,
  machinerySettingsOf,
  updateMachinerySetting,
  type MachinerySettingsTable,
} from '../../db/machinery.repository.js';

/** A setting as the API shows it (secrets masked). */
export interface MachinerySettingInfo {
  engine: string;
  name: string;
  scope: 'project' | 'site';
  configuration: EngineConfig;
  created: string;
  updated: string;
}

export interface MachineryOutcome {
  /** Candidates per input text (same order), best first, from every engine that answered. */
  results: MachineryResult[][];
  /** One entry per engine that failed or is not configured; the other engines' results are still returned. */
  errors: MachineryError[];
}

/** The actor of command-line operations (`parla machinery ...`). */
export const SYSTEM_ACTOR: Actor = Object.freeze({ user: null, authenticated: true, isSuperuser: true });

/** How long an engine that answered "quota used up" or "too many requests" is left alone (the reference's 30 minutes). */
export const ENGINE_PAUSE_MS = 30 * 60 * 1000;
/** The failures after which asking again soon would only fail again (and count against the account). */
const PAUSING_KINDS: ReadonlySet<MachineryError['kind']> = new Set(['quota', 'rate_limit']);

export class MachineryService {
  /** Engine settings (by cache key of engine and configuration) that failed with a pausing kind: the error and until when. */
  private readonly paused = new Map<string, { error: MachineryError; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    readonly registry: EngineRegistry,
    private readonly outbound = new OutboundGuard(),
    private readonly cache: ResultStore = new ResultCache(),
  ) {}

  /** The engines with their configuration fields (for documentation and UIs). */
  engines(): { id: string; name: string; aliases: readonly string[]; fields: MachineryEngine['fields']; worksUnconfigured: boolean }[] {
    return this.registry.engines.map((e) => ({ id: e.id, name: e.name, aliases: e.aliases ?? [], fields: e.fields, worksUnconfigured: e.worksUnconfigured }));
  }

  private requireManage(actor: Actor, project: ProjectRow | null): void {
    const message = 'You do not have permission to configure machine translation.';
    if (project) this.access.require(actor, 'project.edit', project, message);
    else this.access.requireGlobal(actor, 'machinery.edit', message);
  }

  private engineOr404(id: string): MachineryEngine {
    const engine = this.registry.get(id);
    if (!engine) throw new NotFoundError();
    return engine;
  }

  /** The stored setting of an engine here, for a caller who may manage it; 404 when there is none. */
  private async settingOr404(actor: Actor, project: ProjectRow | null, engineId: string) {
    this.requireManage(actor, project);
    const engine = this.engineOr404(engineId);
    const row = await machinerySetting(this.db, project?.id ?? null, engine.id);
    if (!row) throw new NotFoundError();
    return { engine, row };
  }

  private info(row: MachinerySettingsTable): MachinerySettingInfo {
    const engine = this.registry.get(row.engine);
    const config = parseConfig(row.configuration);
    return {
      engine: row.engine,
      name: engine?.name ?? row.engine,
      scope: row.project_id === null ? 'site' : 'project',
      configuration: engine ? maskConfig(engine.fields, config) : {},
      created: row.created,
      updated: row.updated,
    };
  }

  /** Refuses service URLs whose host is, or resolves to, an internal address (SSRF) unless PARLA_ALLOWED_HOSTS allows it. */
  private async checkUrls(engine: MachineryEngine, config: EngineConfig): Promise<void> {
    const errors = [];
    for (const field of engine.fields) {
      const value = config[field.name];
      if (field.type !== 'url' || typeof value !== 'string') continue;
      const refusal = await this.outbound.refusalForUrl(value);
      if (refusal) errors.push({ code: 'invalid', detail: refusal, attr: `configuration.${field.name}` });
    }
    if (errors.length) throw new ValidationError(errors);
  }

  async list(actor: Actor, project: ProjectRow | null): Promise<MachinerySettingInfo[]> {
    this.requireManage(actor, project);
    const rows = await machinerySettingsOf(this.db, project?.id ?? null);
    return rows.map((r) => this.info(r));
  }

  async get(actor: Actor, project: ProjectRow | null, engineId: string): Promise<MachinerySettingInfo> {
    const { row } = await this.settingOr404(actor, project, engineId);
    return this.info(row);
  }

  async create(actor: Actor, project: ProjectRow | null, input: { engine?: unknown; configuration?: unknown }): Promise<MachinerySettingInfo> {
    this.requireManage(actor, project);
    if (typeof input.engine !== 'string' || input.engine.trim() === '') throw ValidationError.field('engine', msgid('This field is required.'), 'required');
    const engine = this.registry.get(input.engine.trim());
    if (!engine) throw ValidationError.field('engine', `Unknown machinery service: ${input.engine}.`, 'invalid_choice');
    const config = validateConfig(engine.fields, input.configuration);
    await this.checkUrls(engine, config);
    if (await machinerySetting(this.db, project?.id ?? null, engine.id)) {
      throw ValidationError.field('engine', `${engine.name} is already configured here; change it with PATCH.`, 'unique');
    }
    const now = nowIso();
    const row = await insertMachinerySetting(this.db, { project_id: project?.id ?? null, engine: engine.id, configuration: JSON.stringify(config), created: now, updated: now });
    return this.info(row);
  }

  /**
   * Changes some fields: given keys replace stored ones, `null` removes one, and a secret sent back as
   * its mask keeps the stored secret. The result is validated as a whole.
   */
  async update(actor: Actor, project: ProjectRow | null, engineId: string, input: { engine?: unknown; configuration?: unknown }): Promise<MachinerySettingInfo> {
    const { engine, row } = await this.settingOr404(actor, project, engineId);
    if (input.engine !== undefined && (typeof input.engine !== 'string' || this.registry.get(input.engine) !== engine)) {
      throw ValidationError.field('engine', msgid('The engine of a setting cannot be changed; delete it and create another.'));
    }
    const patch = input.configuration ?? {};
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw ValidationError.field('configuration', msgid('Expected an object.'));
    const merged: Record<string, unknown> = { ...parseConfig(row.configuration) };
    const secrets = new Set(engine.fields.filter((f) => f.secret).map((f) => f.name));
    for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
      if (value === null) delete merged[key];
      else if (secrets.has(key) && value === SECRET_MASK && merged[key] !== undefined) continue;
      else merged[key] = value;
    }
    const config = validateConfig(engine.fields, merged);
    await this.checkUrls(engine, config);
    const updated = nowIso();
    await updateMachinerySetting(this.db, row.id, JSON.stringify(config), updated);
    return this.info({ ...row, configuration: JSON.stringify(config), updated });
  }

  async remove(actor: Actor, project: ProjectRow | null, engineId: string): Promise<void> {
    const { row } = await this.settingOr404(actor, project, engineId);
    await deleteMachinerySetting(this.db, row.id);
  }

  /**
   * "Test the connection": one sample text translated by the engine with the setting stored here (never the
   * cache, never another scope's setting), through the same outbound guard. Answers the candidates, or the
   * engine's error as its message says it.
   */
  async testConnection(actor: Actor, project: ProjectRow | null, engineId: string, sample: { text: string; source: string; target: string }): Promise<{ results: MachineryResult[]; error: MachineryError | null }> {
    const { engine, row } = await this.settingOr404(actor, project, engineId);
    const errors = [];
    if (sample.text.trim() === '') errors.push({ code: 'required', detail: msgid('Enter a text to translate.'), attr: 'text' });
    if (sample.text.length > 1000) errors.push({ code: 'max_length', detail: msgid('Enter at most 1000 characters.'), attr: 'text' });
    for (const key of ['source', 'target'] as const) {
      if (!/^[A-Za-z]{2,3}([_@-][A-Za-z0-9]+)*$/.test(sample[key])) errors.push({ code: 'invalid', detail: msgid('Enter a language code such as en, de or pt_BR.'), attr: key });
    }
    if (errors.length) throw new ValidationError(errors);
    try {
      const [results] = await engine.translate(parseConfig(row.configuration), { texts: [sample.text], sourceLanguage: sample.source, targetLanguage: sample.target }, { projectId: project?.id ?? null, outbound: this.outbound });
      return { results: bestFirst(results ?? []), error: null };
    } catch (e) {
      if (!(e instanceof MachineryError)) throw e;
      return { results: [], error: e };
    }
  }

  // ---------------------------------------------------------------- the reference's machinery_settings shape

  /** Every service configured in a project, by id, with its configuration (secrets masked). */
  async serviceMap(actor: Actor, project: ProjectRow): Promise<Record<string, EngineConfig>> {
    const out: Record<string, EngineConfig> = {};
    for (const info of await this.list(actor, project)) out[info.engine] = info.configuration;
    return out;
  }

  /**
   * A service and its configuration as machinery_settings takes them: the configuration an object or its JSON
   * text, checked against the engine's fields (errors on `configuration`, `configuration.<field>`).
   */
  private async serviceConfig(service: string, configuration: unknown, stored: EngineConfig | null): Promise<{ engine: MachineryEngine; config: EngineConfig }> {
    const engine = this.registry.get(service);
    if (!engine) throw ValidationError.field('configuration', `Service not found: ${service}`, 'invalid');
    let raw = configuration;
    if (typeof raw === 'string') {
      try {
        raw = JSON.parse(raw) as unknown;
      } catch (e) {
        throw ValidationError.field('configuration', `Invalid service configuration (${service}): ${(e as Error).message}`, 'invalid');
      }
    }
    if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) throw ValidationError.field('configuration', msgid('Expected an object.'));
    // A secret sent back as its mask keeps the stored secret.
    const input: Record<string, unknown> = { ...((raw ?? {}) as Record<string, unknown>) };
    for (const field of engine.fields) {
      if (field.secret && input[field.name] === SECRET_MASK && stored?.[field.name] !== undefined) input[field.name] = stored[field.name];
    }
    const config = validateConfig(engine.fields, input);
    await this.checkUrls(engine, config);
    return { engine, config };
  }

  private static serviceName(input: { service?: unknown }): string {
    if (typeof input.service !== 'string' || input.service.trim() === '') throw ValidationError.field('service', msgid('Missing service name'), 'required');
    return input.service.trim();
  }

  private static isEmptyConfiguration(configuration: unknown): boolean {
    if (configuration === undefined || configuration === null || configuration === '') return true;
    if (typeof configuration === 'string') return /^\s*\{\s*\}\s*$/.test(configuration);
    return typeof configuration === 'object' && !Array.isArray(configuration) && Object.keys(configuration).length === 0;
  }

  /** POST: installs a service in a project; one already there is a 400 on `service`. Returns the message of the answer. */
  async installService(actor: Actor, project: ProjectRow, input: { service?: unknown; configuration?: unknown }): Promise<string> {
    this.requireManage(actor, project);
    const service = MachineryService.serviceName(input);
    const { engine, config } = await this.serviceConfig(service, input.configuration, null);
    if (await machinerySetting(this.db, project.id, engine.id)) throw ValidationError.field('service', msgid('Service already exists'), 'unique');
    const now = nowIso();
    await insertMachinerySetting(this.db, { project_id: project.id, engine: engine.id, configuration: JSON.stringify(config), created: now, updated: now });
    return `Service installed: ${engine.name}`;
  }

  /** PATCH: sets a service's configuration (installing it when missing); an empty configuration removes the service. */
  async changeService(actor: Actor, project: ProjectRow, input: { service?: unknown; configuration?: unknown }): Promise<string> {
    this.requireManage(actor, project);
    const service = MachineryService.serviceName(input);
    const known = this.registry.get(service);
    if (!known) throw ValidationError.field('configuration', `Service not found: ${service}`, 'invalid');
    const row = await machinerySetting(this.db, project.id, known.id);
    if (MachineryService.isEmptyConfiguration(input.configuration)) {
      if (row) await deleteMachinerySetting(this.db, row.id);
      return `Service removed: ${known.name}`;
    }
    const { engine, config } = await this.serviceConfig(service, input.configuration, row ? parseConfig(row.configuration) : null);
    const now = nowIso();
    if (row) await updateMachinerySetting(this.db, row.id, JSON.stringify(config), now);
    else await insertMachinerySetting(this.db, { project_id: project.id, engine: engine.id, configuration: JSON.stringify(config), created: now, updated: now });
    return `Service updated: ${engine.name}`;
  }

  /** PUT: replaces every service of a project with the given ones (`{service: configuration}`), all or nothing. */
  async replaceServices(actor: Actor, project: ProjectRow, body: unknown): Promise<string> {
    this.requireManage(actor, project);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw ValidationError.field('configuration', msgid('Expected an object of services and their configurations.'));
    const stored = new Map((await machinerySettingsOf(this.db, project.id)).map((r) => [r.engine, parseConfig(r.configuration)]));
    const wanted: { engine: MachineryEngine; config: EngineConfig }[] = [];
    for (const [service, configuration] of Object.entries(body as Record<string, unknown>)) {
      const id = this.registry.get(service)?.id ?? service;
      const checked = await this.serviceConfig(service, configuration, stored.get(id) ?? null);
      if (wanted.some((w) => w.engine === checked.engine)) throw ValidationError.field('configuration', `Service given twice: ${service}`, 'unique');
      wanted.push(checked);
    }
    const now = nowIso();
    await this.db.transaction().execute(async (tx) => {
      for (const row of await machinerySettingsOf(tx, project.id)) await deleteMachinerySetting(tx, row.id);
      for (const { engine, config } of wanted) {
        await insertMachinerySetting(tx, { project_id: project.id, engine: engine.id, configuration: JSON.stringify(config), created: now, updated: now });
      }
    });
    return `Services installed: ${Object.keys(body as Record<string, unknown>).join(', ')}`;
  }

  /** Creates or replaces the site-wide setting of an engine (the CLI's `parla machinery set`). */
  async setSiteWide(engineId: string, configuration: unknown): Promise<MachinerySettingInfo> {
    const engine = this.registry.get(engineId);
    if (!engine) throw ValidationError.field('engine', `Unknown machinery service: ${engineId}.`, 'invalid_choice');
    const existing = await machinerySetting(this.db, null, engine.id);
    if (!existing) return this.create(SYSTEM_ACTOR, null, { engine: engine.id, configuration });
    const config = validateConfig(engine.fields, configuration);
    await this.checkUrls(engine, config);
    const updated = nowIso();
    await updateMachinerySetting(this.db, existing.id, JSON.stringify(config), updated);
    return this.info({ ...existing, configuration: JSON.stringify(config), updated });
  }

  /**
   * What the language-model engines are told about strings of one translation (pass it to translateWith):
   * the terms of the project's glossaries in the target language that occur in the texts (forbidden and
   * untranslated terms left out; restricted glossaries never leave Parla), each string's context and
   * explanation, and the placeholders its `placeholders:` flag names.
   */
  async stringHints(projectId: number, languages: { sourceId: number; targetId: number }, strings: readonly StringFacts[]): Promise<{ glossary: GlossaryTerm[]; hints: TextHints[] }> {
    const lookup = await loadGlossary(this.db, projectId, languages.sourceId, languages.targetId, (g) => Number(g.restricted) === 0);
    const glossary = new Map<string, GlossaryTerm>();
    const hints = strings.map((string) => {
      for (const term of lookup?.match(string.text) ?? []) {
        if (term.forbidden || (term.target === '' && !term.readOnly)) continue;
        const entry: GlossaryTerm = { source: term.source, target: term.readOnly ? term.source : term.target, ...(term.explanation ? { explanation: term.explanation } : {}), ...(term.readOnly ? { readOnly: true } : {}) };
        glossary.set(`${entry.source}\u0000${entry.target}`, entry);
      }
      const context = [string.context, string.explanation].filter((part) => part && part.trim() !== '').join('. ');
      const placeholders = flaggedPlaceholders(string.text, string.flags);
      return { ...(context ? { context } : {}), ...(placeholders.length ? { placeholders } : {}) };
    });
    return { glossary: [...glossary.values()], hints };
  }

  /** The configuration that applies in a project: the project's own, else the site-wide one. */
  private async effectiveConfig(projectId: number | null, engine: MachineryEngine): Promise<EngineConfig | null> {
    const rows = await machinerySettingsInEffect(this.db, projectId, engine.id);
    const row = rows.find((r) => r.project_id !== null) ?? rows[0];
    return row ? parseConfig(row.configuration) : null;
  }

  /**
   * Machine translations of strings with what an engine can use besides the text: the project's glossary terms found
   * in them, each string's context and explanation, and the placeholders its flags name (language models are told to
   * keep them, and a result that lost one is dropped).
   */
  async translateStrings(
    projectId: number,
    engineIds: string[],
    strings: readonly StringFacts[],
    langs: { source: { id: number; code: string }; target: { id: number; code: string } },
    options: Pick<TranslateOptions, 'signal'> = {},
  ): Promise<MachineryOutcome> {
    const extra = await this.stringHints(projectId, { sourceId: langs.source.id, targetId: langs.target.id }, strings);
    return this.translateWith(projectId, engineIds, strings.map((x) => x.text), { source: langs.source.code, target: langs.target.code }, { ...options, ...extra });
  }

  /**
   * Translates `texts` with the given engines (ids or aliases) under the settings of `projectId`
   * (project settings first, then site-wide). Engines that fail are reported in `errors`; unknown
   * engine ids are a ValidationError on `engines`. `glossary` and `hints` (per text: context,
   * placeholders) reach the engines that use them, the language models.
   */
  async translateWith(
    projectId: number | null,
    engineIds: string[],
    texts: string[],
    langs: { source: string; target: string },
    options: TranslateOptions = {},
  ): Promise<MachineryOutcome> {
    const engines: MachineryEngine[] = [];
    for (const id of engineIds) {
      const engine = this.registry.get(id);
      if (!engine) throw ValidationError.field('engines', `Unknown machinery service: ${id}.`, 'invalid_choice');
      if (!engines.includes(engine)) engines.push(engine);
    }
    const results: MachineryResult[][] = texts.map(() => []);
    const errors: MachineryError[] = [];
    for (const engine of engines) {
      try {
        const config = await this.effectiveConfig(projectId, engine);
        if (!config && !engine.worksUnconfigured) {
          throw new MachineryError(engine.id, 'not_configured', `${engine.name} is not configured for this project or site-wide.`);
        }
        const perText = await this.runEngine(engine, config ?? {}, projectId, texts, langs, options);
        perText.forEach((candidates, i) => results[i].push(...candidates));
      } catch (e) {
        if (!(e instanceof MachineryError)) throw e;
        errors.push(e);
      }
    }
    return { results: results.map(bestFirst), errors };
  }

  private async runEngine(
    engine: MachineryEngine,
    config: EngineConfig,
    projectId: number | null,
    texts: string[],
    langs: { source: string; target: string },
    options: TranslateOptions,
  ): Promise<MachineryResult[][]> {
    const out: MachineryResult[][] = texts.map(() => []);
    // What an answer depends on besides the text: its hints and the glossary terms it contains (none: the text alone,
    // so answers cached without them stay valid).
    const extras = texts.map((text, i) => requestExtras(text, options.hints?.[i], options.glossary));
    const keys = texts.map((text, i) => ResultCache.key(engine.id, config, langs.source, langs.target, text, extras[i]));
    // Each distinct non-blank text (with its extras) is asked once; cached answers are not asked again.
    const pending = new Map<string, number[]>();
    const cachedResults = engine.cacheable ? await this.cache.getMany(keys) : [];
    texts.forEach((text, i) => {
      if (text.trim() === '') return;
      const cached = cachedResults[i];
      if (cached) {
        out[i] = cached;
        return;
      }
      const at = pending.get(keys[i]);
      if (at) at.push(i);
      else pending.set(keys[i], [i]);
    });
    if (pending.size === 0) return out;
    // A service that said its quota is used up (or that it gets too many requests) is not asked again for a while:
    // the editor and automatic translation get its answer from here, as they get cached translations.
    const pauseKey = ResultCache.key(engine.id, config, '', '', '');
    const pause = this.paused.get(pauseKey);
    if (pause && pause.until > Date.now()) throw new MachineryError(engine.id, pause.error.kind, pause.error.message, pause.error.status);
    if (pause) this.paused.delete(pauseKey);
    const askedAt = [...pending.values()].map((indices) => indices[0]);
    const answers = await this.askEngine(pauseKey, () => engine.translate(
      config,
      {
        texts: askedAt.map((i) => texts[i]),
        sourceLanguage: langs.source,
        targetLanguage: langs.target,
        signal: options.signal,
        ...(options.glossary?.length ? { glossary: options.glossary } : {}),
        ...(options.hints ? { hints: askedAt.map((i) => options.hints?.[i]) } : {}),
      },
      { projectId, outbound: this.outbound },
    ));
    askedAt.forEach((first, j) => {
      const candidates = answers[j] ?? [];
      if (engine.cacheable) void this.cache.set(keys[first], candidates);
      for (const i of pending.get(keys[first])!) out[i] = candidates;
    });
    return out;
  }

  /** Runs one request to an engine; a failure of a pausing kind pauses the engine setting (ENGINE_PAUSE_MS). */
  private async askEngine<T>(pauseKey: string, ask: () => Promise<T>): Promise<T> {
    try {
      return await ask();
    } catch (e) {
      if (e instanceof MachineryError && PAUSING_KINDS.has(e.kind)) this.paused.set(pauseKey, { error: e, until: Date.now() + ENGINE_PAUSE_MS });
      throw e;
    }
  }
}

export interface TranslateOptions {
  signal?: AbortSignal;
  /** Glossary terms of the texts' project and languages. */
  glossary?: readonly GlossaryTerm[];
  /** Per text (same order): its context and the placeholders its format flags name. */
  hints?: readonly (TextHints | undefined)[];
}

/** One string as stringHints() reads it. */
export interface StringFacts {
  text: string;
  context?: string;
  explanation?: string;
  /** The string's flags (its own, its component's ...), as text. */
  flags?: string;
}

/** The placeholders a `placeholders:` flag names that occur in the text (literal ones, and what its regular expressions match). */
function flaggedPlaceholders(text: string, flags: string | undefined): string[] {
  if (!flags) return [];
  const out = new Set<string>();
  for (const p of mergeFlags(flags).params('placeholders') ?? []) {
    if (!p.raw) {
      if (p.value !== '' && text.includes(p.value)) out.add(p.value);
      continue;
    }
    const compiled = compileUserRegex(p.value, 'g');
    if (compiled.ok) for (const m of text.matchAll(compiled.regex)) if (m[0] !== '') out.add(m[0]);
  }
  return [...out];
}

/** The hints and the glossary terms found in a text, as part of its cache key; undefined when there are none. */
function requestExtras(text: string, hints: TextHints | undefined, glossary: readonly GlossaryTerm[] | undefined): string | undefined {
  const lowered = text.toLowerCase();
  const terms = (glossary ?? []).filter((t) => lowered.includes(t.source.toLowerCase()));
  const hasHints = Boolean(hints?.context || hints?.placeholders?.length);
  if (!hasHints && terms.length === 0) return undefined;
  return JSON.stringify([hints?.context ?? '', hints?.placeholders ?? [], terms]);
}

function parseConfig(json: string): EngineConfig {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as EngineConfig) : {};
  } catch {
    return {};
  }
}

/** Highest quality first; the same text from several engines is kept once, with its best quality. */
function bestFirst(candidates: MachineryResult[]): MachineryResult[] {
  const sorted = [...candidates].sort((a, b) => b.quality - a.quality);
  const seen = new Set<string>();
  return sorted.filter((c) => (seen.has(c.text) ? false : (seen.add(c.text), true)));
}
