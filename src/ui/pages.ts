// Server-rendered overview pages: dashboard, project, component, language, translation, and the sign-in form.
import { html, type SafeHtml } from './html.js';
import { csrfField, page, type Viewer } from './layout.js';
import { changesList, notice, progressCell, repositoryPanel, seg, statsTable, type RepoStatus, type Stats } from './widgets.js';
import type { ChangeRefs } from '../services/activity/changes.service.js';
import type { ChangeRow } from '../db/schema.js';

export interface Listed {
  name: string;
  href: string;
  stats: Stats;
  /** Language code of a listed translation: its name is shown in that language's direction. */
  extra?: SafeHtml | string;
}

export interface Common {
  viewer: Viewer;
  here: string;
  notice?: unknown;
  noticeExtra?: string;
}

/** Where a translation's pages are: its project, component and language, with the links to them. */
export interface TranslationPlace {
  projectName: string;
  projectHref: string;
  componentName: string;
  componentHref: string;
  languageName: string;
  languageCode: string;
}

export interface Changes {
  rows: ChangeRow[];
  refs: ChangeRefs;
}

export interface Repository {
  status: RepoStatus | null;
  action: string;
  allowed: string[];
  /** The repository page, linked as "Repository details". */
  details?: string;
}

function listTable(id: string, caption: string, items: readonly Listed[], nameHeader: string): SafeHtml {
  if (items.length === 0) return html`<p class="muted" id="${id}">Nothing here yet.</p>`;
  return html`<div class="table-wrap"><table id="${id}"><caption class="muted">${caption}</caption>
<thead><tr><th scope="col">${nameHeader}</th><th scope="col">Progress</th><th scope="col" class="num">Translated</th><th scope="col" class="num hide-narrow">Strings</th><th scope="col" class="num hide-narrow">Needs editing</th><th scope="col" class="num hide-narrow">Failing checks</th></tr></thead>
<tbody>${items.map(
    (i) => html`<tr><th scope="row"><a href="${i.href}">${i.name}</a>${i.extra ? html` ${i.extra}` : ''}</th>${progressCell(i.stats, i.name)}<td class="num hide-narrow">${i.stats.total}</td><td class="num hide-narrow">${i.stats.fuzzy}</td><td class="num hide-narrow">${i.stats.failing}</td></tr>`,
  )}</tbody></table></div>`;
}

function changesSection(changes: Changes): SafeHtml {
  return html`<section aria-labelledby="changes-title"><h2 id="changes-title">Recent changes</h2>${changesList(changes.rows, changes.refs)}</section>`;
}

export function dashboardPage(o: Common & { projects: Listed[]; total: number; mayCreate?: boolean }): string {
  return page({
    title: 'Dashboard',
    viewer: o.viewer,
    here: o.here,
    body: html`${notice(o.notice)}<h1>Projects</h1>
${o.mayCreate ? html`<p><a href="/create/project/" id="add-project">Add a project</a></p>` : ''}
${listTable('projects', `${o.total} project${o.total === 1 ? '' : 's'}`, o.projects, 'Project')}
${o.total > o.projects.length ? html`<p class="muted">Showing the first ${o.projects.length} projects.</p>` : ''}`,
  });
}

export function projectPage(o: Common & { name: string; slug: string; web: string; instructions: string; stats: Stats; components: Listed[]; languages: Listed[]; changes: Changes; repository: Repository; mayEdit?: boolean; mayManageAccess?: boolean; memoryHref?: string | null }): string {
  return page({
    title: o.name,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: 'Dashboard', href: '/' }, { label: o.name }],
    body: html`${notice(o.notice, o.noticeExtra)}<h1>${o.name}</h1>
${o.mayEdit ? html`<p><a href="/settings/${seg(o.slug)}/" id="project-settings-link">Settings</a></p>` : ''}
${o.mayManageAccess ? html`<p><a href="/access/${seg(o.slug)}/" id="project-access-link">Access</a></p>` : ''}
${o.memoryHref ? html`<p><a href="${o.memoryHref}" id="project-memory-link">Translation memory</a></p>` : ''}
${o.web ? html`<p>Website: <a href="${/^https?:\/\//i.test(o.web) ? o.web : '#'}" rel="nofollow noopener">${o.web}</a></p>` : ''}
${o.instructions ? html`<div class="panel"><h2>Instructions</h2><p>${o.instructions}</p></div>` : ''}
<h2>Overview</h2>${statsTable(o.stats)}
<h2>Components</h2>${listTable('components', 'Components', o.components, 'Component')}
${o.mayEdit ? html`<p><a href="/create/component/?project=${encodeURIComponent(o.slug)}" id="add-component">Add a component</a></p>` : ''}
<h2>Languages</h2>${listTable('languages', 'Languages', o.languages, 'Language')}
${repositoryPanel(o.repository.status, o.repository.action, o.repository.allowed, o.viewer, o.repository.details)}
${changesSection(o.changes)}`,
  });
}

export function componentPage(o: Common & { projectName: string; projectHref: string; name: string; stats: Stats; translations: Listed[]; changes: Changes; repository: Repository; downloadHref: string | null; settingsHref?: string | null; glossaryHref?: string | null; screenshotsHref?: string | null }): string {
  return page({
    title: `${o.projectName} / ${o.name}`,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: 'Dashboard', href: '/' }, { label: o.projectName, href: o.projectHref }, { label: o.name }],
    body: html`${notice(o.notice, o.noticeExtra)}<h1>${o.name}</h1>
${o.settingsHref ? html`<p><a href="${o.settingsHref}" id="component-settings-link">Settings</a></p>` : ''}
${o.glossaryHref ? html`<p><a href="${o.glossaryHref}" id="component-glossary-link">Glossary terms</a></p>` : ''}
${o.screenshotsHref ? html`<p><a href="${o.screenshotsHref}" id="component-screenshots-link">Screenshots</a></p>` : ''}
<h2>Overview</h2>${statsTable(o.stats)}
<h2>Translations</h2>${listTable('translations', 'Translations', o.translations, 'Language')}
${o.downloadHref ? html`<p><a href="${o.downloadHref}" id="download-zip">Download all translations (ZIP)</a></p>` : ''}
${repositoryPanel(o.repository.status, o.repository.action, o.repository.allowed, o.viewer, o.repository.details)}
${changesSection(o.changes)}`,
  });
}

export function categoryPage(o: Common & { projectName: string; projectHref: string; trail: { label: string; href: string }[]; name: string; stats: Stats; categories: Listed[]; components: Listed[] }): string {
  return page({
    title: `${o.projectName} / ${o.name}`,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: 'Dashboard', href: '/' }, { label: o.projectName, href: o.projectHref }, ...o.trail, { label: o.name }],
    body: html`<h1>${o.name}</h1>
<h2>Overview</h2>${statsTable(o.stats)}
${o.categories.length ? html`<h2>Categories</h2>${listTable('categories', 'Categories', o.categories, 'Category')}` : ''}
<h2>Components</h2>${listTable('components', 'Components', o.components, 'Component')}`,
  });
}

export function userPage(o: Common & { username: string; fullName: string; stats: Record<string, number>; changes: Changes }): string {
  return page({
    title: o.fullName || o.username,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: 'Dashboard', href: '/' }, { label: o.username }],
    body: html`<h1>${o.fullName || o.username}</h1>
<p>User name: ${o.username}</p>
<table class="stats"><caption>Contributions</caption><tbody>
${Object.entries(o.stats).map(([k, v]) => html`<tr><th scope="row">${k[0]!.toUpperCase()}${k.slice(1)}</th><td>${String(v)}</td></tr>`)}
</tbody></table>
${changesSection(o.changes)}`,
  });
}

export function languagePage(o: Common & { name: string; code: string; direction: string; stats: Stats; translations: Listed[]; changes: Changes }): string {
  return page({
    title: o.name,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: 'Dashboard', href: '/' }, { label: o.name }],
    body: html`<h1><span lang="${o.code}">${o.name}</span> <span class="muted">(${o.code}, ${o.direction === 'rtl' ? 'right to left' : 'left to right'})</span></h1>
<h2>Overview</h2>${statsTable(o.stats)}
<h2>Translations</h2>${listTable('translations', 'Translations into this language', o.translations, 'Project / component')}
${changesSection(o.changes)}`,
  });
}

export interface TranslationPageData extends Common, TranslationPlace {
  languageHref: string;
  direction: string;
  stats: Stats;
  translateHref: string;
  changes: Changes;
  repository: Repository;
  download: { href: string; formats: { id: string; label: string }[] } | null;
  upload: { action: string; methods: string[] } | null;
  /** The automatic translation form, for those who may run it. */
  autotranslate?: SafeHtml | null;
  error?: string;
}

export function translationPage(o: TranslationPageData): string {
  return page({
    title: `${o.projectName} / ${o.componentName} / ${o.languageName}`,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: 'Dashboard', href: '/' }, { label: o.projectName, href: o.projectHref }, { label: o.componentName, href: o.componentHref }, { label: o.languageName }],
    body: html`${notice(o.notice, o.noticeExtra)}${o.error ? html`<p class="error" role="alert" id="form-error">${o.error}</p>` : ''}
<h1>${o.componentName} — <a href="${o.languageHref}" lang="${o.languageCode}" dir="${o.direction}">${o.languageName}</a></h1>
<p class="actions"><a class="button" href="${o.translateHref}" id="translate">Translate</a>
<a class="button secondary" href="${o.translateHref}?q=${encodeURIComponent('state:<translated')}" id="translate-unfinished">Unfinished strings</a>
<a class="button secondary" href="${o.translateHref}?view=list" id="browse">List all strings</a></p>
<h2>Overview</h2>${statsTable(o.stats, o.translateHref)}
${o.download ? html`<section class="panel" aria-labelledby="download-title"><h2 id="download-title">Download</h2>
<ul class="plain">${o.download.formats.map((f) => html`<li><a href="${o.download!.href}${f.id ? `?format=${encodeURIComponent(f.id)}` : ''}" id="download-${f.id || 'original'}">${f.label}</a></li>`)}</ul></section>` : ''}
${o.upload ? uploadForm(o.upload.action, o.upload.methods, o.viewer) : ''}
${o.autotranslate ?? ''}
${repositoryPanel(o.repository.status, o.repository.action, o.repository.allowed, o.viewer, o.repository.details)}
${changesSection(o.changes)}`,
  });
}

const METHOD_LABELS: Record<string, string> = {
  translate: 'Add as translation',
  approve: 'Add as approved translation',
  suggest: 'Add as suggestion',
  fuzzy: 'Add as translation needing edit',
  replace: 'Replace existing translation file',
  source: 'Update source strings',
  add: 'Add new strings',
};

function uploadForm(action: string, methods: string[], viewer: Viewer): SafeHtml {
  return html`<section class="panel" aria-labelledby="upload-title"><h2 id="upload-title">Upload</h2>
<form method="post" action="${action}" enctype="multipart/form-data" id="upload-form">${csrfField(viewer)}
<div class="field"><label for="upload-file">Translation file</label><input type="file" id="upload-file" name="file" required></div>
<div class="field"><label for="upload-method">File upload mode</label><select id="upload-method" name="method">${methods.map((m) => html`<option value="${m}">${METHOD_LABELS[m] ?? m}</option>`)}</select></div>
<div class="field"><label for="upload-conflicts">Conflicts</label><select id="upload-conflicts" name="conflicts">
<option value="">Change only untranslated strings</option><option value="replace-translated">Change translated strings</option><option value="replace-approved">Change translated and approved strings</option></select></div>
<div class="field"><label for="upload-fuzzy">Strings needing edit in the file</label><select id="upload-fuzzy" name="fuzzy">
<option value="">Do not import</option><option value="process">Import as “Needs editing”</option><option value="approve">Import as translated</option></select></div>
<button type="submit" id="upload-submit">Upload</button></form></section>`;
}

export function loginPage(o: { viewer: Viewer; next: string; failed: boolean; throttled?: string; sso?: string | null; registration?: boolean }): string {
  return page({
    title: 'Sign in',
    viewer: o.viewer,
    here: '/accounts/login/',
    body: html`<h1>Sign in</h1>
${o.throttled ? html`<p class="error" role="alert" id="login-error">${o.throttled}</p>` : o.failed ? html`<p class="error" role="alert" id="login-error">Please enter a correct username and password. Note that both fields may be case-sensitive.</p>` : ''}
${o.viewer.username ? html`<p>You are signed in as ${o.viewer.username}.</p>` : ''}
<form method="post" action="/accounts/login/" id="login-form" class="panel">
<input type="hidden" name="next" value="${o.next}">
<div class="field"><label for="id_username">Username or email</label><input type="text" id="id_username" name="username" autocomplete="username" required autofocus></div>
<div class="field"><label for="id_password">Password</label><input type="password" id="id_password" name="password" autocomplete="current-password" required></div>
<button type="submit" id="login-submit">Sign in</button>
</form>
<p><a href="/accounts/reset/" id="forgot-password">Forgot your password?</a>${o.registration ? html` · <a href="/accounts/register/" id="register">Create an account</a>` : ''}</p>
${o.sso ? html`<p class="sso"><a class="button secondary" id="sso-login" href="/accounts/oidc/login/?next=${encodeURIComponent(o.next)}">Sign in with ${o.sso}</a></p>` : ''}`,
  });
}

export { seg };
