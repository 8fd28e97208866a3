// Rows → API objects, with the url/web_url links of every object.
import { ruleOfTranslation, type PluralRule } from '../../languages/plural-rule.js';
import type { ComponentRow, GroupRow, LanguageRow, ProjectRow, RoleRow, TranslationRow, UserRow } from '../../db/schema.js';
import { splitPlurals } from '../../domain/plurals.js';
import type { GroupRelations } from '../../services/accounts/teams.service.js';
import type { LabeledUnit } from '../../services/units/labels.service.js';
import { percent } from '../../services/common/statistics-counters.js';
import { parseInternalUrl, redactUrl } from '../../vcs/urls.js';
import { componentPathSegment } from '../../domain/component-paths.js';
import { componentEffectiveSettings, effectiveSettings, settingsFields, type ProjectWithLock } from '../../services/settings/inherited-settings.js';
import type { CategoryRow } from '../../db/schema.js';
import type { Urls } from '../urls.js';
import { STATE_APPROVED, STATE_FUZZY, STATE_TRANSLATED } from '../../domain/unit-states.js';

const bool = (v: number) => v !== 0; // booleans are 0/1; `units.pending` holds a non-zero write stamp

export function serializeLanguage(u: Urls, l: LanguageRow) {
  return {
    id: l.id,
    code: l.code,
    name: l.name,
    plural: { id: l.id, source: l.plural_source, number: l.plural_number, formula: l.plural_formula, type: l.plural_type },
    aliases: JSON.parse(l.aliases) as string[],
    direction: l.direction,
    population: l.population,
    web_url: u.webLanguage(l.code),
    url: u.language(l.code),
    statistics_url: `${u.language(l.code)}statistics/`,
  };
}

export function serializeProject(u: Urls, p: ProjectWithLock) {
  const api = u.project(p.slug);
  const effective = effectiveSettings([p]);
  return {
    name: p.name,
    slug: p.slug,
    id: p.id,
    web: p.web,
    web_url: u.webProject(p.slug),
    url: api,
    components_list_url: `${api}components/`,
    repository_url: `${api}repository/`,
    statistics_url: `${api}statistics/`,
    categories_url: `${api}categories/`,
    changes_list_url: `${api}changes/`,
    languages_url: `${api}languages/`,
    labels_url: `${api}labels/`,
    lock_url: `${api}lock/`,
    metrics_url: `${api}metrics/`,
    reports_url: `${api}reports/`,
    announcements_url: `${api}announcements/`,
    translation_review: bool(p.translation_review),
    source_review: bool(p.source_review),
    set_language_team: bool(p.set_language_team),
    enable_hooks: bool(p.enable_hooks),
    instructions: p.instructions,
    language_aliases: p.language_aliases,
    access_control: p.access_control,
    check_flags: p.check_flags,
    license: p.license,
    agreement: p.agreement,
    new_lang: p.new_lang,
    language_code_style: p.language_code_style,
    commit_message: p.commit_message,
    add_message: p.add_message,
    delete_message: p.delete_message,
    merge_message: p.merge_message,
    addon_message: p.addon_message,
    pull_message: p.pull_message,
    effective_check_flags: effective.check_flags,
    commit_policy: p.commit_policy,
    workspace: null,
    ...settingsFields(p, effective),
    enforced_2fa: bool(p.enforced_2fa),
    use_shared_tm: bool(p.use_shared_tm),
    contribute_shared_tm: bool(p.contribute_shared_tm),
    use_workspace_tm: bool(p.use_workspace_tm),
    contribute_workspace_tm: bool(p.contribute_workspace_tm),
    autoclean_tm: bool(p.autoclean_tm),
    public_sharing: bool(p.public_sharing),
    machinery_settings: `${api}machinery_settings/`,
    ...(p.locked === undefined ? {} : { locked: p.locked }),
  };
}

export interface ComponentRefs {
  component: ComponentRow;
  project: ProjectRow;
  sourceLanguage: LanguageRow;
  /** Installed add-on ids, for `addons` (AddonsService.withAddonIds). */
  addonIds?: number[];
  /** The categories above the component, top first (inherited settings resolve against them). */
  categories?: CategoryRow[];
  /** The component whose repository this one shares: its repository and repository settings are shown. */
  linked?: ComponentRow;
}

export function serializeComponent(u: Urls, r: ComponentRefs, opts: { includeProject?: boolean; vcsVisible?: boolean } = {}) {
  const c = r.component;
  // Components in categories are addressed by their category path and slug.
  const api = u.component(r.project.slug, componentPathSegment(c));
  const vcs = opts.vcsVisible !== false;
  const hidden = <T>(v: T) => (vcs ? v : null);
  const effective = componentEffectiveSettings(r);
  const shared = r.linked ?? c;
  return {
    name: c.name,
    slug: c.slug,
    id: c.id,
    source_language: serializeLanguage(u, r.sourceLanguage),
    ...(opts.includeProject === false ? {} : { project: serializeProject(u, r.project) }),
    vcs: hidden(c.vcs),
    repo: hidden(redactUrl(shared.repo)),
    git_export: hidden(c.git_export),
    branch: hidden(shared.branch),
    push_branch: hidden(shared.push_branch),
    filemask: hidden(c.filemask),
    screenshot_filemask: hidden(c.screenshot_filemask),
    template: c.template,
    edit_template: bool(c.edit_template),
    intermediate: c.intermediate,
    new_base: c.new_base,
    file_format: c.file_format,
    file_format_params: JSON.parse(c.file_format_params) as Record<string, unknown>,
    license: c.license,
    license_url: c.license_url,
    agreement: c.agreement,
    web_url: u.webComponent(r.project.slug, componentPathSegment(c)),
    url: api,
    repository_url: `${api}repository/`,
    translations_url: `${api}translations/`,
    statistics_url: `${api}statistics/`,
    lock_url: `${api}lock/`,
    links_url: `${api}links/`,
    changes_list_url: `${api}changes/`,
    reports_url: `${api}reports/`,
    announcements_url: `${api}announcements/`,
    task_url: c.task_id ? u.task(c.task_id) : null,
    new_lang: c.new_lang,
    language_code_style: c.language_code_style,
    push: hidden(redactUrl(shared.push)),
    check_flags: c.check_flags,
    priority: c.priority,
    enforced_checks: JSON.parse(c.enforced_checks) as string[],
    restricted: bool(c.restricted),
    repoweb: hidden(c.repoweb),
    report_source_bugs: c.report_source_bugs,
    merge_style: c.merge_style,
    commit_message: c.commit_message,
    add_message: c.add_message,
    delete_message: c.delete_message,
    merge_message: c.merge_message,
    addon_message: c.addon_message,
    pull_message: c.pull_message,
    allow_translation_propagation: bool(c.allow_translation_propagation),
    manage_units: bool(c.manage_units),
    enable_suggestions: bool(c.enable_suggestions),
    suggestion_voting: bool(c.suggestion_voting),
    suggestion_autoaccept: c.suggestion_autoaccept,
    push_on_commit: bool(shared.push_on_commit),
    commit_pending_age: shared.commit_pending_age,
    auto_lock_error: bool(shared.auto_lock_error),
    language_regex: c.language_regex,
    variant_regex: c.variant_regex,
    key_filter: c.key_filter,
    addons: (r.addonIds ?? []).map((id) => `${u.root()}addons/${id}/`),
    is_glossary: bool(c.is_glossary),
    glossary_color: c.glossary_color,
    category: c.category_id === null ? null : u.category(c.category_id),
    linked_component: linkedComponentUrl(u, c.repo),
    locked: bool(c.locked),
    effective_check_flags: effective.check_flags,
    ...settingsFields(c, effective),
    hide_glossary_matches: bool(c.hide_glossary_matches),
    contribute_project_tm: bool(c.contribute_project_tm),
    vcs_params: hidden(JSON.parse(c.vcs_params) as Record<string, unknown>),
  };
}

/** The API URL of the component whose repository this one shares (parla://<project>/<component>), or null. */
function linkedComponentUrl(u: Urls, repo: string): string | null {
  const link = parseInternalUrl(repo);
  return link ? u.component(link.project, link.component) : null;
}

export interface TranslationRefs extends ComponentRefs {
  translation: TranslationRow;
  language: LanguageRow;
}

/** The plural rule a translation uses: its forms, the formula picking one, each form's CLDR name and example numbers. */
export function serializePluralRule(rule: PluralRule) {
  return { source: rule.source, number: rule.number, formula: rule.formula, categories: [...rule.categories], examples: [...rule.examples] };
}

export function serializeTranslation(u: Urls, r: TranslationRefs, lastAuthor: string | null, opts: { includeComponent?: boolean } = {}) {
  const t = r.translation;
  const p = r.project.slug;
  const c = componentPathSegment(r.component);
  const api = u.translation(p, c, r.language.code);
  return {
    language: serializeLanguage(u, r.language),
    ...(opts.includeComponent === false ? {} : { component: serializeComponent(u, r) }),
    language_code: t.language_code,
    id: t.id,
    filename: t.filename,
    revision: t.revision,
    web_url: u.webTranslation(p, c, r.language.code),
    share_url: u.webEngage(p, r.language.code),
    translate_url: u.webTranslate(p, c, r.language.code),
    url: api,
    is_template: r.component.template !== '' && t.is_source === 1,
    is_source: t.is_source === 1,
    plural: serializePluralRule(ruleOfTranslation(t, r.language.code)),
    total: t.total,
    total_words: t.total_words,
    translated: t.translated,
    translated_words: t.translated_words,
    translated_percent: percent(t.translated, t.total, true),
    fuzzy: t.fuzzy,
    fuzzy_words: t.fuzzy_words,
    fuzzy_percent: percent(t.fuzzy, t.total),
    failing_checks: t.failing,
    failing_checks_words: t.failing_words,
    failing_checks_percent: percent(t.failing, t.total),
    have_suggestion: t.suggestions,
    have_comment: t.comments,
    last_change: t.last_change,
    last_author: lastAuthor,
    repository_url: `${api}repository/`,
    file_url: `${api}file/`,
    statistics_url: `${api}statistics/`,
    changes_list_url: `${api}changes/`,
    units_list_url: `${api}units/`,
    announcements_url: `${api}announcements/`,
  };
}

export interface UnitRefs {
  /** `labels`: those of the unit's source string, when the service loaded them (labels.service withLabels). */
  unit: LabeledUnit;
  projectSlug: string;
  componentSlug: string;
  languageCode: string;
}

export function serializeUnit(u: Urls, r: UnitRefs) {
  const unit = r.unit;
  const state = unit.state;
  const isSource = unit.source_unit_id === unit.id;
  return {
    translation: u.translation(r.projectSlug, r.componentSlug, r.languageCode),
    language_code: r.languageCode,
    source: splitPlurals(unit.source),
    previous_source: unit.previous_source,
    target: splitPlurals(unit.target),
    id_hash: unit.id_hash,
    content_hash: unit.content_hash,
    location: unit.location,
    context: unit.context,
    note: unit.note,
    flags: unit.flags,
    labels: unit.labels ?? [],
    state,
    fuzzy: state >= STATE_FUZZY && state < STATE_TRANSLATED,
    translated: state >= STATE_TRANSLATED,
    approved: state === STATE_APPROVED,
    position: unit.position,
    has_suggestion: bool(unit.has_suggestion),
    has_comment: bool(unit.has_comment),
    has_failing_check: bool(unit.has_failing_check),
    num_words: unit.num_words,
    source_unit: u.unit(unit.source_unit_id ?? unit.id),
    priority: unit.priority,
    id: unit.id,
    web_url: u.webUnit(r.projectSlug, r.componentSlug, r.languageCode, unit.id),
    url: u.unit(unit.id),
    explanation: isSource ? unit.explanation : '',
    extra_flags: isSource ? unit.extra_flags : '',
    pending: bool(unit.pending),
    timestamp: unit.timestamp,
    last_updated: unit.last_updated,
    automatically_translated: bool(unit.automatically_translated),
  };
}

export function serializeUserBasic(u: UserRow) {
  return { id: u.id, full_name: u.full_name, username: u.username };
}

export function serializeUser(urls: Urls, u: UserRow, groupIds: readonly number[] = []) {
  const api = urls.user(u.username);
  return {
    id: u.id,
    email: u.email,
    full_name: u.full_name,
    username: u.username,
    groups: groupIds.map((id) => urls.group(id)),
    is_superuser: bool(u.is_superuser),
    is_active: bool(u.is_active),
    is_bot: bool(u.is_bot),
    date_joined: u.date_joined,
    date_expires: u.date_expires,
    last_login: u.last_login,
    url: api,
    statistics_url: `${api}statistics/`,
    notifications: `${api}notifications/`,
    contributions_url: `${api}contributions/`,
    web_url: urls.webUser(u.username),
  };
}

export function serializeRole(urls: Urls, role: RoleRow, permissions: readonly string[]) {
  return { id: role.id, name: role.name, permissions: [...permissions], url: urls.role(role.id) };
}

export function serializeGroup(urls: Urls, g: GroupRow, r: GroupRelations) {
  return {
    id: g.id,
    name: g.name,
    defining_project: r.definingProject === null ? null : urls.project(r.definingProject),
    defining_workspace: null,
    project_selection: g.project_selection,
    language_selection: g.language_selection,
    url: urls.group(g.id),
    roles: r.roles.map((id) => urls.role(id)),
    languages: r.languages.map((code) => urls.language(code)),
    projects: r.projects.map((slug) => urls.project(slug)),
    componentlists: r.componentlists.map((id) => urls.componentList(id)),
    components: r.components.map(([p, c]) => urls.component(p, c)),
    enforced_2fa: bool(g.enforced_2fa),
    admins: r.admins.map((username) => urls.user(username)),
  };
}
