// Components: lookup, creation from an uploaded ZIP or document (scanned into translations), settings, removal.
import fs from 'node:fs/promises';
import { msgid } from '../../shared/msgid.js';
import path from 'node:path';
import { ReadCache } from '../../db/read-cache.js';
import type { Db, Executor } from '../../db/database.js';
import type { ComponentRow, ComponentUpdate, LanguageRow, ProjectRow, TranslationRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import type { FormatRegistry } from '../../formats/registry.js';
import { nowIso } from '../../shared/clock.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import { extractZip, ZipError } from '../../shared/safe-zip.js';
import { Action } from '../../domain/change-actions.js';
import type { ChangesService } from '../activity/changes.service.js';
import type { DataPaths } from '../common/data-paths.js';
import { checkFilemask, matchFilemask } from '../../domain/filemask.js';
import type { LanguagesService } from '../languages/languages.service.js';
import { NEW_LANG_CHOICES } from './projects.service.js';
import type { ComponentScanner } from './component-scanner.js';
import type { TaskQueue } from '../../tasks/task-queue.js';
import { checkBranchName, checkRepoHost, checkRepoUrl, internalUrl, normalizeInternalUrl, parseInternalUrl } from '../../vcs/urls.js';
import { OutboundGuard } from '../../shared/outbound-guard.js';
import { deleteMemoryOption, FieldErrors, type RemovalOptions } from '../common/validation.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Upload } from '../common/upload.js';
import { recheckComponent } from '../quality/unit-checks.js';
import { linkOwner, relinkComponent } from './internal-links.js';
import { categoryIdFromUrl, categoryPathOf } from './categories.service.js';
import { splitComponentPath } from '../../domain/component-paths.js';
import { autoAssignComponent } from './component-lists.service.js';
import { checkComponentSettings, componentSettingsColumns, linkCategory, type ComponentSettingsInput } from './component-settings.js';
import { emptyScan, seedLocalRepository, wantsLocalRepository } from './local-components.js';
import { copyTree, planCopy, seedCopy, sourceDirectory, type CopyPlan } from './component-copy.js';
import { LANGUAGE_CODE_STYLES, withSettingLevels } from '../settings/inherited-settings.js';
import { projectById, projectBySlug, projectIdBySlug, projectOfRow, projectsByIds } from '../../db/projects.repository.js';
import { languageOfRow, languagesByIds } from '../../db/languages.repository.js';
import { categoryIdInPlace, categoryPlaceById } from '../../db/categories.repository.js';
import {
  componentByPath,
  componentIdInPlace,
  componentLinkId,
  componentsListedInProjectPage,
  componentUsingRepo,
  countComponentsListedInProject,
  countTranslationsOfComponent,
  countVisibleComponents,
  deleteComponent,
  deleteComponentLink,
  gitComponentsWithRepo,
  insertComponent,
  insertComponentLink,
  projectsLinkingComponent,
  setComponentLocked,
  setComponentTask,
  translationsOfComponentPage,
  updateComponent,
  visibleComponentsOfProject,
  visibleComponentsPage,
} from '../../db/components.repository.js';
import type { ComponentWithRefs } from '../../db/places.js';

export interface ComponentInput extends ComponentSettingsInput {
  name?: string;
  slug?: string;
  vcs?: string;
  repo?: string;
  branch?: string;
  push_branch?: string;
  push?: string;
  repoweb?: string;
  filemask?: string;
  screenshot_filemask?: string;
  template?: string;
  edit_template?: boolean;
  intermediate?: string;
  new_base?: string;
  file_format?: string;
  license?: string;
  license_url?: string;
  agreement?: string;
  new_lang?: string;
  language_code_style?: string;
  source_language?: string | { code?: string };
  check_flags?: string;
  priority?: number;
  enforced_checks?: string[] | string;
  restricted?: boolean;
  report_source_bugs?: string;
  merge_style?: string;
  commit_message?: string;
  add_message?: string;
  delete_message?: string;
  merge_message?: string;
  addon_message?: string;
  pull_message?: string;
  allow_translation_propagation?: boolean;
  manage_units?: boolean;
  enable_suggestions?: boolean;
  suggestion_voting?: boolean;
  suggestion_autoaccept?: number;
  push_on_commit?: boolean;
  commit_pending_age?: number;
  auto_lock_error?: boolean;
  language_regex?: string;
  variant_regex?: string;
  key_filter?: string;
  is_glossary?: boolean;
  glossary_color?: string;
  disable_autoshare?: boolean;
  /** API URL of the component's category, or null for none. */
  category?: unknown;
}

/** Where a component sits: its category and the matching path prefix (see migration 017). */
interface Placement {
  id: number | null;
  path: string;
}

const BOOL_FIELDS = ['edit_template', 'restricted', 'allow_translation_propagation', 'manage_units', 'enable_suggestions', 'suggestion_voting', 'push_on_commit', 'auto_lock_error', 'is_glossary'] as const;
const TEXT_FIELDS = ['vcs', 'repo', 'branch', 'push_branch', 'push', 'repoweb', 'filemask', 'screenshot_filemask', 'template', 'intermediate', 'new_base', 'file_format', 'license', 'license_url', 'agreement', 'new_lang', 'language_code_style', 'check_flags', 'report_source_bugs', 'merge_style', 'commit_message', 'add_message', 'delete_message', 'merge_message', 'addon_message', 'pull_message', 'language_regex', 'variant_regex', 'key_filter', 'glossary_color'] as const;
const INT_FIELDS = ['priority', 'suggestion_autoaccept', 'commit_pending_age'] as const;
const LAYOUT_FIELDS = ['filemask', 'template', 'new_base', 'intermediate', 'file_format'] as const;

/**
 * Changing a component's file layout re-reads its files; the repository layer does it, holding the
 * repository lock.
 */
export interface LayoutChange {
  /**
   * Checks that the files fit `next`'s layout (a 400 on the layout field when they do not, and nothing
   * changes), then runs `write` (the row update) and brings translations and units in line with the
   * files in the same transaction. Resolves to what `write` returned.
   */
  relayout(current: ComponentWithRefs, next: ComponentRow, write: (tx: Executor) => Promise<ComponentRow>, userId: number | null): Promise<ComponentRow>;
}

export const MERGE_STYLES = ['merge', 'rebase', 'merge_noff'];
export const PRIORITIES = [60, 80, 100, 120, 140];
export const VCS_CHOICES = ['git', 'gerrit', 'subversion', 'git-force-push', 'github', 'gitlab', 'gitea', 'pagure', 'azure_devops', 'bitbucketserver', 'bitbucketcloud', 'github-app', 'mercurial', 'local'];
export { LANGUAGE_CODE_STYLES } from '../settings/inherited-settings.js';
const LOCAL_REPO = 'local:';

export class ComponentsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    private readonly languages: LanguagesService,
    private readonly formats: FormatRegistry,
    private readonly paths: DataPaths,
    private readonly scanner: ComponentScanner,
    private readonly tasks: TaskQueue,
    private readonly allowLocalRepos: boolean,
    private readonly outbound = new OutboundGuard(),
    /** Components by project slug and path, read once per database change (read-cache.ts). */
    private readonly byPath: ReadCache<string, ComponentWithRefs | undefined> = ReadCache.none(),
    /** Re-reads the files when filemask, template, new_base, intermediate or file_format change. */
    private readonly layout?: LayoutChange,
  ) {}

  /** The component an internal parla:// (or weblate://) URL points at, when it has its own repository. */
  async linkTarget(url: string): Promise<ComponentRow | undefined> {
    const parsed = parseInternalUrl(url);
    if (!parsed) return undefined;
    const row = await linkOwner(this.db, parsed);
    return row && row.vcs === 'git' && !parseInternalUrl(row.repo) ? row : undefined;
  }

  /**
   * Whether `actor` may make a component of `project` share the repository `url` links to: the
   * target must exist with its own repository, and lie in the same project or in one whose
   * components the actor may edit (sharing a clone reads and writes its files). A target the actor
   * may not see (a restricted component included) gets the same answer as a missing one.
   */
  private async mayLinkTo(actor: Actor, project: ProjectRow, url: string): Promise<boolean> {
    const target = await this.linkTarget(url);
    if (!target || !this.access.seesRestriction(actor, target)) return false;
    if (target.project_id === project.id) return true;
    const owner = await projectById(this.db, target.project_id);
    return !!owner && this.access.canIn(actor, 'component.edit', owner, target);
  }

  /**
   * Automatic sharing: a component of the same project already cloned from this repository and
   * branch lends its clone (the new one stores parla://<project>/<component>). Never a restricted
   * component the creator does not see.
   */
  private async autoshare(actor: Actor, project: ProjectRow, input: ComponentInput): Promise<string | null> {
    if (input.disable_autoshare || parseInternalUrl(input.repo!)) return null;
    const same = (await gitComponentsWithRepo(this.db, project.id, input.repo!)).filter((c) => this.access.seesRestriction(actor, c));
    const match = same.find((c) => c.branch === (input.branch ?? '') || !input.branch);
    return match ? internalUrl(project.slug, match.slug) : null;
  }

  /**
   * A component sharing another one's clone (parla://) is checked against its files now: a file mask
   * that matches none of them is a 400, as it would be once the files are read. A fresh repository is
   * checked by the setup task that clones it, as is a shared clone that is not there yet.
   */
  private async checkSharedFiles(input: ComponentInput): Promise<void> {
    const link = parseInternalUrl(input.repo!);
    const owner = link ? await linkOwner(this.db, link) : undefined;
    if (!owner || input.template) return;
    const files: string[] = [];
    const walk = async (rel: string): Promise<void> => {
      const entries = await fs.readdir(path.join(this.paths.componentDir(owner), rel), { withFileTypes: true });
      for (const entry of entries) {
        if (entry.name === '.git') continue;
        const child = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) await walk(child);
        else if (entry.isFile()) files.push(child);
      }
    };
    try {
      await walk('');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    if (matchFilemask(files, input.filemask!).length === 0) throw ValidationError.field('filemask', msgid('The file mask did not match any files.'));
  }

  /** Inserts the component row; "manage strings" defaults to on for keyed formats. */
  private async insertRow(tx: Executor, project: ProjectRow, source: LanguageRow, input: ComponentInput, placement: Placement | null): Promise<ComponentRow> {
    const row = await insertComponent(tx, {
      project_id: project.id,
      name: input.name!,
      slug: input.slug!,
      source_language_id: source.id,
      created: nowIso(),
      ...this.columns(input),
      ...componentSettingsColumns(input, null),
      manage_units: (input.manage_units ?? !!input.template) ? 1 : 0,
      category_id: placement?.id ?? null,
      category_path: placement?.path ?? '',
    } as never);
    await autoAssignComponent(tx, row); // component lists whose auto_assign rules match
    return row;
  }

  /** A git component: stored now, cloned and scanned by a background task (task_url tells its progress). */
  private async createFromRepository(actor: Actor, project: ProjectRow, input: ComponentInput, source: LanguageRow, placement: Placement | null): Promise<ComponentWithRefs> {
    const shared = await this.autoshare(actor, project, input);
    if (shared) input = { ...input, repo: shared, branch: '' };
    await this.checkSharedFiles(input);
    const component = await this.db.transaction().execute(async (tx) => {
      const row = await this.insertRow(tx, project, source, { ...input, vcs: 'git', repo: normalizeInternalUrl(input.repo!) }, placement);
      await this.changes.record(tx, { action: Action.COMPONENT_CREATED, userId: actor.user?.id, projectId: project.id, componentId: row.id, target: row.name });
      return row;
    });
    const taskId = await this.tasks.enqueue('component-setup', { componentId: component.id }, { projectId: project.id, componentId: component.id, userId: actor.user?.id ?? null });
    await setComponentTask(this.db, component.id, taskId);
    return this.refs({ ...component, task_id: taskId });
  }

  /**
   * The component with its project and source language, if the actor may see it. `componentPath` is
   * the path segment: the slug, preceded by category slugs joined with "%2F" for categorized ones.
   */
  async getVisible(actor: Actor, projectSlug: string, componentPath: string): Promise<ComponentWithRefs> {
    const refs = await this.byPath.get(`${projectSlug}\0${componentPath}`, async () => {
      const { categoryPath, slug } = splitComponentPath(componentPath);
      const found = await componentByPath(this.db, projectSlug, categoryPath, slug);
      return found && (await withSettingLevels(this.db, [found]))[0];
    });
    if (!refs || !this.access.canViewComponent(actor, refs.project, refs.component)) throw new NotFoundError();
    return refs;
  }

  async refs(component: ComponentRow, db: Executor = this.db): Promise<ComponentWithRefs> {
    const [project, sourceLanguage] = await Promise.all([
      projectOfRow(db, component.project_id),
      languageOfRow(db, component.source_language_id),
    ]);
    return (await withSettingLevels(db, [{ component, project, sourceLanguage }]))[0]!;
  }

  /** refs() for a whole page of components: one query for the projects, one for the languages. */
  async expand(components: readonly ComponentRow[]): Promise<ComponentWithRefs[]> {
    if (components.length === 0) return [];
    const projectIds = [...new Set(components.map((c) => c.project_id))];
    const languageIds = [...new Set(components.map((c) => c.source_language_id))];
    const projects = new Map((await projectsByIds(this.db, projectIds)).map((p) => [p.id, p]));
    const languages = new Map((await languagesByIds(this.db, languageIds)).map((l) => [l.id, l]));
    return withSettingLevels(this.db, components.map((component) => ({ component, project: projects.get(component.project_id)!, sourceLanguage: languages.get(component.source_language_id)! })));
  }

  count(actor: Actor): Promise<number> {
    return countVisibleComponents(this.db, this.access.visibleProjects(actor), this.access.visibleComponents(actor));
  }

  /** A page of the components the actor may see, in id order. */
  page(actor: Actor, limit: number, offset: number): Promise<ComponentRow[]> {
    return visibleComponentsPage(this.db, this.access.visibleProjects(actor), this.access.visibleComponents(actor), limit, offset);
  }

  /** The components of a project the actor may see, by name. */
  visibleOfProject(actor: Actor, project: ProjectRow): Promise<ComponentRow[]> {
    return visibleComponentsOfProject(this.db, this.access.visibleProjects(actor), this.access.visibleComponents(actor), project.id);
  }

  /** How many components a project lists to the actor: its own and those linked into it (links/). */
  countListedIn(actor: Actor, project: ProjectRow): Promise<number> {
    return countComponentsListedInProject(this.db, project.id, this.access.visibleComponents(actor));
  }

  /** A page of a project's own and linked components the actor may see, in id order. */
  pageListedIn(actor: Actor, project: ProjectRow, limit: number, offset: number): Promise<ComponentRow[]> {
    return componentsListedInProjectPage(this.db, project.id, this.access.visibleComponents(actor), limit, offset);
  }

  countTranslations(component: ComponentRow): Promise<number> {
    return countTranslationsOfComponent(this.db, component.id);
  }

  /** A page of the component's translations, in id order. */
  translationsPage(component: ComponentRow, limit: number, offset: number): Promise<TranslationRow[]> {
    return translationsOfComponentPage(this.db, component.id, limit, offset);
  }

  /** The category a `category` field names (an API URL of a category of this project, or null). */
  private async placement(value: unknown, project: ProjectRow, errors: FieldErrors): Promise<Placement | null> {
    if (value === undefined) return null;
    if (value === null || value === '') return { id: null, path: '' };
    const id = categoryIdFromUrl(value);
    const row = id === undefined ? undefined : await categoryPlaceById(this.db, id);
    if (!row) {
      errors.add('category', id === undefined ? 'Invalid hyperlink - No URL match.' : 'Invalid hyperlink - Object does not exist.', id === undefined ? 'no_match' : 'does_not_exist');
      return null;
    }
    if (row.project_id !== project.id) {
      errors.add('category', 'Category does not belong to this project.');
      return null;
    }
    return { id: row.id, path: await categoryPathOf(this.db, row.id) };
  }

  private async validate(actor: Actor, input: ComponentInput, project: ProjectRow, existing: ComponentRow | null, upload: boolean): Promise<{ errors: FieldErrors; placement: Placement | null }> {
    const errors = new FieldErrors();
    const placement = await this.placement(input.category, project, errors);
    const categoryPath = placement?.path ?? existing?.category_path ?? '';
    const moved = existing !== null && categoryPath !== existing.category_path;
    const creating = existing === null;
    errors.name('name', input.name, creating, 100);
    errors.slug('slug', input.slug, creating, 100);
    if (errors.text('file_format', input.file_format, { required: creating }) && !this.formats.has(input.file_format!)) {
      errors.add('file_format', `"${input.file_format}" is not a valid choice.`, 'invalid_choice');
    }
    if (errors.text('filemask', input.filemask, { required: creating, max: 400 })) {
      try {
        checkFilemask(input.filemask!, !!this.formats.get(input.file_format ?? existing?.file_format ?? '')?.sharedFile);
      } catch (e) {
        errors.add('filemask', (e as Error).message);
      }
    }
    errors.text('repo', input.repo, { required: creating && !upload, max: 300 });
    errors.checkFlags('check_flags', input.check_flags);
    errors.text('branch', input.branch, { max: 200 });
    errors.choice('vcs', input.vcs, VCS_CHOICES);
    errors.choice('new_lang', input.new_lang, NEW_LANG_CHOICES);
    errors.choice('merge_style', input.merge_style, MERGE_STYLES);
    errors.choice('priority', input.priority, PRIORITIES);
    errors.choice('language_code_style', input.language_code_style, LANGUAGE_CODE_STYLES);
    errors.url('license_url', input.license_url);
    errors.url('repoweb', input.repoweb);
    for (const f of ['template', 'new_base', 'intermediate'] as const) {
      const v = input[f];
      if (v && (v.startsWith('/') || v.split('/').includes('..'))) errors.add(f, 'The file must be a relative path inside the repository.');
    }
    // Repository URLs are checked when given and whenever they change: git contacts them in the background.
    const repoGiven = creating ? !upload : input.repo !== undefined && input.repo !== existing.repo;
    if (repoGiven && input.repo && !errors.has('repo')) {
      const checked = checkRepoUrl(input.repo, { allowLocal: this.allowLocalRepos, allowInternal: true });
      if (!checked.ok) errors.add('repo', checked.reason);
      else if (checked.kind === 'internal' && !(await this.mayLinkTo(actor, project, input.repo))) errors.add('repo', 'Invalid link to a component: it does not exist or has no repository of its own.');
      else {
        const refusal = await checkRepoHost(input.repo, this.outbound);
        if (refusal) errors.add('repo', refusal);
      }
      if (creating && (input.vcs ?? 'git') !== 'git') errors.add('vcs', `Version control "${input.vcs}" is not supported; use git.`);
    }
    if (input.push && input.push !== existing?.push && !errors.has('push')) {
      const checked = checkRepoUrl(input.push, { allowLocal: this.allowLocalRepos, allowInternal: false });
      const refusal = checked.ok ? await checkRepoHost(input.push, this.outbound) : checked.reason;
      if (refusal) errors.add('push', refusal);
    }
    // Branch names reach git (clone, checkout, push refspecs): checked when given, on creation and on every change.
    for (const f of ['branch', 'push_branch'] as const) {
      const v = input[f];
      if (!v || errors.has(f) || (creating ? f === 'branch' && upload : v === existing?.[f])) continue;
      const why = checkBranchName(v);
      if (why) errors.add(f, why);
    }
    if (input.enforced_checks !== undefined && !Array.isArray(input.enforced_checks)) {
      errors.add('enforced_checks', 'Expected a list of check identifiers.', 'not_a_list');
    }
    // Names and slugs are unique within the component's category (migration 017).
    const taken = (column: 'name' | 'slug', value: string) => componentIdInPlace(this.db, project.id, categoryPath, column, value, existing?.id ?? 0);
    const name = input.name ?? existing?.name;
    if (name !== undefined && !errors.has('name') && (moved || input.name !== existing?.name) && (await taken('name', name))) {
      errors.add('name', 'Component with this Component name already exists.', 'unique');
    }
    const slug = input.slug ?? existing?.slug;
    if (slug !== undefined && !errors.has('slug') && (moved || input.slug !== existing?.slug) && (await taken('slug', slug))) {
      errors.add('slug', 'Component with this URL slug already exists.', 'unique');
    }
    // A sibling category with the same slug would make the path ambiguous for people (the reference refuses it too).
    if (slug !== undefined && !errors.has('slug') && (moved || input.slug !== existing?.slug)) {
      const parent = placement ? placement.id : (existing?.category_id ?? null);
      if (await categoryIdInPlace(this.db, project.id, parent, 'slug', slug)) errors.add('slug', 'Category with the same URL slug already exists.', 'unique');
    }
    await checkComponentSettings(this.db, input, existing, errors);
    this.checkRestriction(actor, input, project, existing, errors);
    return { errors, placement };
  }

  /**
   * Restricting a component takes it away from everybody its teams do not name, so project editors
   * may not do it: a new component is made restricted by a superuser only, and an existing one's
   * restriction changes only for superusers and for teams that select the (restricted) component
   * with component.edit.
   */
  private checkRestriction(actor: Actor, input: ComponentInput, project: ProjectRow, existing: ComponentRow | null, errors: FieldErrors): void {
    if (input.restricted === undefined || actor.isSuperuser) return;
    const wanted = !!input.restricted;
    if (existing === null ? !wanted : wanted === !!existing.restricted) return;
    if (existing !== null && existing.restricted && this.access.canIn(actor, 'component.edit', project, existing)) return;
    errors.add('restricted', 'You do not have permission to change the restricted access of this component.', 'permission_denied');
  }

  private async sourceLanguage(input: ComponentInput, errors: FieldErrors): Promise<LanguageRow | undefined> {
    const raw = input.source_language;
    const code = typeof raw === 'string' ? raw : raw?.code;
    if (raw === undefined) return undefined;
    const lang = code ? await this.languages.resolve(code) : undefined;
    // The object form names the nested field: source_language.code.
    if (!lang) errors.add(typeof raw === 'string' ? 'source_language' : 'source_language.code', 'Language with this language code was not found.');
    return lang;
  }

  private columns(input: ComponentInput): ComponentUpdate {
    const out: ComponentUpdate = {};
    if (input.name !== undefined) out.name = input.name;
    if (input.slug !== undefined) out.slug = input.slug;
    for (const f of BOOL_FIELDS) if (input[f] !== undefined) out[f] = input[f] ? 1 : 0;
    for (const f of TEXT_FIELDS) if (input[f] !== undefined) out[f] = input[f];
    for (const f of INT_FIELDS) if (input[f] !== undefined) out[f] = input[f];
    if (Array.isArray(input.enforced_checks)) out.enforced_checks = JSON.stringify(input.enforced_checks);
    return out;
  }

  /** Creates a component from an uploaded ZIP (`zipfile`) or single document (`docfile`). */
  async create(actor: Actor, project: ProjectRow, input: ComponentInput, uploads: { zipfile?: Upload; docfile?: Upload }): Promise<ComponentWithRefs> {
    this.access.require(actor, 'project.edit', project, 'Can not create components');
    const upload = uploads.zipfile ?? uploads.docfile;
    if (uploads.zipfile && uploads.docfile) throw ValidationError.field('docfile', msgid('Upload either a zipfile or a docfile, not both.'));
    const docExt = uploads.docfile ? path.extname(uploads.docfile.filename).replace(/^\./, '').toLowerCase() : '';
    if (uploads.docfile) {
      // A document names its own layout: {slug}/{source language}.{ext} is both the filemask and the base.
      input = { ...input, filemask: input.filemask || (input.slug ? `${input.slug}/*.${docExt}` : undefined) };
    }
    // from_component: the source's configuration, files and translations, in a local repository of its own.
    const copy: CopyPlan | null = input.from_component !== undefined ? await planCopy(this.db, this.access, actor, project.id, input as Record<string, unknown>, !!upload) : null;
    if (copy) input = copy.input as ComponentInput;
    // repo "local:" without an upload: an empty local repository (a template file is created empty).
    const local = !upload && wantsLocalRepository(input);
    const { errors, placement } = await this.validate(actor, input, project, null, !!upload || local);
    const source = (await this.sourceLanguage(input, errors)) ?? (await this.languages.resolve('en'))!;
    if (!errors.empty) throw new ValidationError(errors.list);
    // A file that holds every language is also the component's base file.
    if (this.formats.get(input.file_format!)?.sharedFile && !input.template) input = { ...input, template: input.filemask! };
    if (!upload && !local) return this.createFromRepository(actor, project, input, source, placement);
    const format = this.formats.get(input.file_format!)!;

    const staging = await this.paths.stagingDir();
    try {
      let files: string[];
      if (copy) {
        files = await copyTree(await sourceDirectory(this.db, (c) => this.paths.componentDir(c), copy.source.component), staging);
      } else if (local) {
        files = await seedLocalRepository(staging, input, format, source);
      } else if (uploads.zipfile) {
        try {
          files = await extractZip(uploads.zipfile.data, staging);
        } catch (e) {
          if (e instanceof ZipError) throw ValidationError.field('zipfile', e.message);
          throw e;
        }
      } else {
        if (!format.extensions.includes(docExt)) throw ValidationError.field('docfile', msgid('Unsupported file format.'));
        const rel = `${input.filemask!.replace('*', source.code)}`;
        if (!rel.endsWith(`.${docExt}`) || rel.split('/').includes('..')) throw ValidationError.field('filemask', msgid('The file mask does not fit the uploaded document.'));
        await fs.mkdir(path.dirname(path.join(staging, rel)), { recursive: true });
        await fs.writeFile(path.join(staging, rel), uploads.docfile!.data);
        files = [rel];
        if (format.monolingual) input = { ...input, template: input.template || rel, new_base: input.new_base || rel };
        else input = { ...input, new_base: input.new_base || '' };
      }
      const scanned = local && files.length === 0 ? emptyScan(format, source) : await this.scanner.scan(staging, files, input, source, copy ? 'from_component' : local ? 'template' : upload === uploads.zipfile ? 'zipfile' : 'docfile');
      const result = await this.db.transaction().execute(async (tx) => {
        const component = await this.insertRow(tx, project, source, { ...input, vcs: 'local', repo: LOCAL_REPO, branch: 'main' }, placement);
        await this.scanner.importScanned(tx, component, source, scanned);
        if (copy) await seedCopy(tx, component, copy.source.component);
        await this.changes.record(tx, { action: Action.COMPONENT_CREATED, userId: actor.user?.id, projectId: project.id, componentId: component.id, target: component.name });
        return component;
      });
      const dest = this.paths.componentDir(result);
      await fs.rm(dest, { recursive: true, force: true });
      await fs.mkdir(path.dirname(dest), { recursive: true });
      await fs.rename(staging, dest);
      return this.refs(result);
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
  }

  async update(actor: Actor, current: ComponentWithRefs, input: ComponentInput): Promise<ComponentWithRefs> {
    const { component, project } = current;
    this.access.requireIn(actor, 'component.edit', project, component);
    const { errors, placement } = await this.validate(actor, input, project, component, true);
    const source = await this.sourceLanguage(input, errors);
    const relayout = LAYOUT_FIELDS.filter((f) => input[f] !== undefined && input[f] !== component[f]);
    if (!this.layout) for (const f of relayout) errors.add(f, 'Changing the file layout of this component is not available here.');
    if (!errors.empty) throw new ValidationError(errors.list);
    const set = this.columns(input);
    Object.assign(set, componentSettingsColumns(input, component));
    if (source && source.id !== component.source_language_id) set.source_language_id = source.id;
    const moved = placement !== null && placement.id !== component.category_id;
    if (moved) {
      set.category_id = placement.id;
      set.category_path = placement.path;
    }
    if (Object.keys(set).length === 0) return current;
    const write = async (tx: Executor): Promise<ComponentRow> => {
      const updated = await updateComponent(tx, component.id, set);
      const renamed = updated.slug !== component.slug || updated.name !== component.name;
      const base = { userId: actor.user?.id, projectId: project.id, componentId: component.id };
      const where = (c: ComponentRow) => c.category_path.split('%2F').join('/');
      if (moved) await this.changes.record(tx, { ...base, action: Action.COMPONENT_MOVED, target: where(updated), old: where(component) });
      if (moved && !renamed && Object.keys(set).length === 2) return updated;
      await this.changes.record(tx, {
        ...base,
        action: renamed ? Action.COMPONENT_RENAMED : Action.COMPONENT_SETTING_CHANGED,
        target: renamed ? updated.slug : '',
        old: renamed ? component.slug : '',
      });
      // License and contributor agreement changes have their own actions (subscribers are told of them).
      if (updated.license !== component.license) await this.changes.record(tx, { ...base, action: Action.LICENSE_CHANGED, target: updated.license, old: component.license });
      if (updated.agreement !== component.agreement) await this.changes.record(tx, { ...base, action: Action.AGREEMENT_CHANGED, target: updated.agreement, old: component.agreement });
      // Components sharing this one's clone name it by slug: their links follow the rename.
      if (updated.slug !== component.slug && component.category_id === null) await relinkComponent(tx, project.slug, component.slug, updated.slug);
      // Quality checks follow the component's flags and enforced checks.
      if (updated.check_flags !== component.check_flags || updated.enforced_checks !== component.enforced_checks) await recheckComponent(tx, component.id);
      return updated;
    };
    // A new file layout re-reads the files in the same transaction as the row update.
    const row = relayout.length > 0 && this.layout ? await this.layout.relayout(current, { ...component, ...set }, write, actor.user?.id ?? null) : await this.db.transaction().execute(write);
    return this.refs(row);
  }

  /**
   * Removes a component. `options` are the request's query and body: their `delete_memory` must agree
   * when both give it; the translation memory entries the component contributed stay either way.
   */
  async remove(actor: Actor, current: ComponentWithRefs, options: RemovalOptions = {}): Promise<void> {
    const { component, project } = current;
    this.access.requireIn(actor, 'component.edit', project, component);
    deleteMemoryOption(options.query, options.body);
    // Only components outside categories can be linked to (linkTarget), so only they can have users.
    const users = component.category_id === null ? await componentUsingRepo(this.db, internalUrl(project.slug, component.slug)) : undefined;
    if (users) throw ValidationError.field(null, 'Other components share this component\'s repository; remove them first.');
    await this.db.transaction().execute(async (tx) => {
      await deleteComponent(tx, component.id);
      await this.changes.record(tx, { action: Action.COMPONENT_REMOVED, userId: actor.user?.id, projectId: project.id, target: component.slug });
    });
    await this.paths.removeComponent(component);
  }

  /** Projects a component is also shown in (links/). */
  async linkedProjects(refs: ComponentWithRefs): Promise<ProjectRow[]> {
    return projectsLinkingComponent(this.db, refs.component.id);
  }

  /** Links the component into another project; needs component.edit here and project.edit there. */
  async link(actor: Actor, refs: ComponentWithRefs, projectSlug: string | undefined, categoryId?: unknown): Promise<ProjectRow> {
    this.access.requireIn(actor, 'component.edit', refs.project, refs.component);
    if (!projectSlug) throw ValidationError.field('project_slug', msgid('This field is required.'), 'required');
    const target = await projectBySlug(this.db, projectSlug);
    if (!target || !this.access.canView(actor, target)) throw ValidationError.field('project_slug', `Project "${projectSlug}" was not found.`, 'does_not_exist');
    this.access.require(actor, 'project.edit', target);
    if (target.id === refs.project.id) throw ValidationError.field('project_slug', msgid('A component can not be linked to its own project.'));
    const category = await linkCategory(this.db, target, categoryId);
    const already = () => ValidationError.field('project_slug', msgid('The component is already shared with this project.'));
    try {
      await this.db.transaction().execute(async (tx) => {
        if (await componentLinkId(tx, refs.component.id, target.id)) throw already();
        await insertComponentLink(tx, refs.component.id, target.id, category);
        await this.changes.record(tx, this.linkChange(actor, refs, target.slug, 'added'));
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw already();
      throw e;
    }
    return target;
  }

  async unlink(actor: Actor, refs: ComponentWithRefs, projectSlug: string): Promise<void> {
    this.access.requireIn(actor, 'component.edit', refs.project, refs.component);
    const target = await projectIdBySlug(this.db, projectSlug);
    await this.db.transaction().execute(async (tx) => {
      const deleted = target ? await deleteComponentLink(tx, refs.component.id, target.id) : 0;
      if (deleted === 0) throw new NotFoundError();
      await this.changes.record(tx, this.linkChange(actor, refs, projectSlug, 'removed'));
    });
  }

  /** A link into another project is a setting of the component (the reference has no action of its own for it). */
  private linkChange(actor: Actor, refs: ComponentWithRefs, projectSlug: string, change: 'added' | 'removed') {
    return {
      action: Action.COMPONENT_SETTING_CHANGED,
      userId: actor.user?.id,
      projectId: refs.project.id,
      componentId: refs.component.id,
      target: projectSlug,
      details: { links: { project: projectSlug, change } },
    };
  }

  async setLock(actor: Actor, current: ComponentWithRefs, lock: boolean): Promise<boolean> {
    this.access.requireIn(actor, 'component.lock', current.project, current.component);
    await this.db.transaction().execute(async (tx) => {
      await setComponentLocked(tx, current.component.id, lock);
      await this.changes.record(tx, { action: lock ? Action.COMPONENT_LOCKED : Action.COMPONENT_UNLOCKED, userId: actor.user?.id, projectId: current.project.id, componentId: current.component.id });
    });
    return lock;
  }
}
