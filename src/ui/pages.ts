// Server-rendered overview pages: dashboard, project, component, language, translation, and the sign-in form.
import { html, type SafeHtml } from './html.js';
import { ntr, tr } from './i18n.js';
import { msgid } from '../shared/msgid.js';
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
  if (items.length === 0) return html`<p class="muted" id="${id}">${tr('Nothing here yet.')}</p>`;
  return html`<div class="table-wrap"><table id="${id}"><caption class="muted">${caption}</caption>
<thead><tr><th scope="col">${nameHeader}</th><th scope="col">${tr('Progress')}</th><th scope="col" class="num">${tr('Translated')}</th><th scope="col" class="num hide-narrow">${tr('Strings')}</th><th scope="col" class="num hide-narrow">${tr('Needs editing')}</th><th scope="col" class="num hide-narrow">${tr('Failing checks')}</th></tr></thead>
<tbody>${items.map(
    (i) => html`<tr><th scope="row"><a href="${i.href}">${i.name}</a>${i.extra ? html` ${i.extra}` : ''}</th>${progressCell(i.stats, i.name)}<td class="num hide-narrow">${i.stats.total}</td><td class="num hide-narrow">${i.stats.fuzzy}</td><td class="num hide-narrow">${i.stats.failing}</td></tr>`,
  )}</tbody></table></div>`;
}

function changesSection(changes: Changes): SafeHtml {
  return html`<section aria-labelledby="changes-title"><h2 id="changes-title">${tr('Recent changes')}</h2>${changesList(changes.rows, changes.refs)}</section>`;
}

export function dashboardPage(o: Common & { projects: Listed[]; total: number; mayCreate?: boolean }): string {
  return page({
    title: tr('Dashboard'),
    viewer: o.viewer,
    here: o.here,
    body: html`${notice(o.notice)}<h1>${tr('Projects')}</h1>
${o.mayCreate ? html`<p><a href="/create/project/" id="add-project">${tr('Add a project')}</a></p>` : ''}
${listTable('projects', ntr('{n} project', '{n} projects', o.total), o.projects, tr('Project'))}
${o.total > o.projects.length ? html`<p class="muted">${ntr('Showing the first {n} project.', 'Showing the first {n} projects.', o.projects.length)}</p>` : ''}`,
  });
}

export function projectPage(o: Common & { name: string; slug: string; web: string; instructions: string; stats: Stats; components: Listed[]; languages: Listed[]; changes: Changes; repository: Repository; mayEdit?: boolean; mayManageAccess?: boolean; memoryHref?: string | null }): string {
  return page({
    title: o.name,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.name }],
    body: html`${notice(o.notice, o.noticeExtra)}<h1>${o.name}</h1>
${o.mayEdit ? html`<p><a href="/settings/${seg(o.slug)}/" id="project-settings-link">${tr('Settings')}</a></p>` : ''}
${o.mayManageAccess ? html`<p><a href="/access/${seg(o.slug)}/" id="project-access-link">${tr('Access')}</a></p>` : ''}
${o.memoryHref ? html`<p><a href="${o.memoryHref}" id="project-memory-link">${tr('Translation memory')}</a></p>` : ''}
${o.web ? html`<p>${tr('Website:')} <a href="${/^https?:\/\//i.test(o.web) ? o.web : '#'}" rel="nofollow noopener">${o.web}</a></p>` : ''}
${o.instructions ? html`<div class="panel"><h2>${tr('Instructions')}</h2><p>${o.instructions}</p></div>` : ''}
<h2>${tr('Overview')}</h2>${statsTable(o.stats)}
<h2>${tr('Components')}</h2>${listTable('components', tr('Components'), o.components, tr('Component'))}
${o.mayEdit ? html`<p><a href="/create/component/?project=${encodeURIComponent(o.slug)}" id="add-component">${tr('Add a component')}</a></p>` : ''}
<h2>${tr('Languages')}</h2>${listTable('languages', tr('Languages'), o.languages, tr('Language'))}
${repositoryPanel(o.repository.status, o.repository.action, o.repository.allowed, o.viewer, o.repository.details)}
${changesSection(o.changes)}`,
  });
}

export function componentPage(o: Common & { projectName: string; projectHref: string; name: string; stats: Stats; translations: Listed[]; changes: Changes; repository: Repository; downloadHref: string | null; settingsHref?: string | null; glossaryHref?: string | null; screenshotsHref?: string | null }): string {
  return page({
    title: `${o.projectName} / ${o.name}`,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.projectName, href: o.projectHref }, { label: o.name }],
    body: html`${notice(o.notice, o.noticeExtra)}<h1>${o.name}</h1>
${o.settingsHref ? html`<p><a href="${o.settingsHref}" id="component-settings-link">${tr('Settings')}</a></p>` : ''}
${o.glossaryHref ? html`<p><a href="${o.glossaryHref}" id="component-glossary-link">${tr('Glossary terms')}</a></p>` : ''}
${o.screenshotsHref ? html`<p><a href="${o.screenshotsHref}" id="component-screenshots-link">${tr('Screenshots')}</a></p>` : ''}
<h2>${tr('Overview')}</h2>${statsTable(o.stats)}
<h2>${tr('Translations')}</h2>${listTable('translations', tr('Translations'), o.translations, tr('Language'))}
${o.downloadHref ? html`<p><a href="${o.downloadHref}" id="download-zip">${tr('Download all translations (ZIP)')}</a></p>` : ''}
${repositoryPanel(o.repository.status, o.repository.action, o.repository.allowed, o.viewer, o.repository.details)}
${changesSection(o.changes)}`,
  });
}

export function categoryPage(o: Common & { projectName: string; projectHref: string; trail: { label: string; href: string }[]; name: string; stats: Stats; categories: Listed[]; components: Listed[] }): string {
  return page({
    title: `${o.projectName} / ${o.name}`,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.projectName, href: o.projectHref }, ...o.trail, { label: o.name }],
    body: html`<h1>${o.name}</h1>
<h2>${tr('Overview')}</h2>${statsTable(o.stats)}
${o.categories.length ? html`<h2>${tr('Categories')}</h2>${listTable('categories', tr('Categories'), o.categories, tr('Category'))}` : ''}
<h2>${tr('Components')}</h2>${listTable('components', tr('Components'), o.components, tr('Component'))}`,
  });
}

export function userPage(o: Common & { username: string; fullName: string; stats: Record<string, number>; changes: Changes }): string {
  return page({
    title: o.fullName || o.username,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.username }],
    body: html`<h1>${o.fullName || o.username}</h1>
<p>${tr('User name: {username}', { username: o.username })}</p>
<table class="stats"><caption>${tr('Contributions')}</caption><tbody>
${Object.entries(o.stats).map(([k, v]) => html`<tr><th scope="row">${CONTRIBUTION_LABELS[k] ? tr(CONTRIBUTION_LABELS[k]!) : k}</th><td>${String(v)}</td></tr>`)}
</tbody></table>
${changesSection(o.changes)}`,
  });
}

export function languagePage(o: Common & { name: string; code: string; direction: string; stats: Stats; translations: Listed[]; changes: Changes }): string {
  return page({
    title: o.name,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.name }],
    body: html`<h1>${o.name} <span class="muted">(${o.code}, ${o.direction === 'rtl' ? tr('right to left') : tr('left to right')})</span></h1>
<h2>${tr('Overview')}</h2>${statsTable(o.stats)}
<h2>${tr('Translations')}</h2>${listTable('translations', tr('Translations into this language'), o.translations, tr('Project / component'))}
${changesSection(o.changes)}`,
  });
}

export interface TranslationPageData extends Common, TranslationPlace {
  languageHref: string;
  direction: string;
  stats: Stats;
  translateHref: string;
  /** The review queue (translated strings not approved yet), when the project reviews translations. */
  reviewHref?: string | null;
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
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.projectName, href: o.projectHref }, { label: o.componentName, href: o.componentHref }, { label: o.languageName }],
    body: html`${notice(o.notice, o.noticeExtra)}${o.error ? html`<p class="error" role="alert" id="form-error">${tr(o.error)}</p>` : ''}
<h1>${o.componentName} — <a href="${o.languageHref}">${o.languageName}</a></h1>
<p class="actions"><a class="button" href="${o.translateHref}" id="translate">${tr('Translate')}</a>
<a class="button secondary" href="${o.translateHref}?q=${encodeURIComponent('state:<translated')}" id="translate-unfinished">${tr('Unfinished strings')}</a>
<a class="button secondary" href="${o.translateHref}?view=list" id="browse">${tr('List all strings')}</a>${o.reviewHref ? html`
<a class="button secondary" href="${o.reviewHref}" id="review-queue">${tr('Strings waiting for approval')}</a>` : ''}</p>
<h2>${tr('Overview')}</h2>${statsTable(o.stats, o.translateHref)}
${o.download ? html`<section class="panel" aria-labelledby="download-title"><h2 id="download-title">${tr('Download')}</h2>
<ul class="plain">${o.download.formats.map((f) => html`<li><a href="${o.download!.href}${f.id ? `?format=${encodeURIComponent(f.id)}` : ''}" id="download-${f.id || 'original'}">${tr(f.label)}</a></li>`)}</ul></section>` : ''}
${o.upload ? uploadForm(o.upload.action, o.upload.methods, o.viewer) : ''}
${o.autotranslate ?? ''}
${repositoryPanel(o.repository.status, o.repository.action, o.repository.allowed, o.viewer, o.repository.details)}
${changesSection(o.changes)}`,
  });
}

/** The contribution counts of a user page. */
const CONTRIBUTION_LABELS: Record<string, string> = { translated: msgid('Translated'), suggested: msgid('Suggested'), uploaded: msgid('Uploaded'), commented: msgid('Commented'), languages: msgid('Languages') };

const METHOD_LABELS: Record<string, string> = {
  translate: msgid('Add as translation'),
  approve: msgid('Add as approved translation'),
  suggest: msgid('Add as suggestion'),
  fuzzy: msgid('Add as translation needing edit'),
  replace: msgid('Replace existing translation file'),
  source: msgid('Update source strings'),
  add: msgid('Add new strings'),
};

function uploadForm(action: string, methods: string[], viewer: Viewer): SafeHtml {
  return html`<section class="panel" aria-labelledby="upload-title"><h2 id="upload-title">${tr('Upload')}</h2>
<form method="post" action="${action}" enctype="multipart/form-data" id="upload-form">${csrfField(viewer)}
<div class="field"><label for="upload-file">${tr('Translation file')}</label><input type="file" id="upload-file" name="file" required></div>
<div class="field"><label for="upload-method">${tr('File upload mode')}</label><select id="upload-method" name="method">${methods.map((m) => html`<option value="${m}">${METHOD_LABELS[m] ? tr(METHOD_LABELS[m]!) : m}</option>`)}</select></div>
<div class="field"><label for="upload-conflicts">${tr('Conflicts')}</label><select id="upload-conflicts" name="conflicts">
<option value="">${tr('Change only untranslated strings')}</option><option value="replace-translated">${tr('Change translated strings')}</option><option value="replace-approved">${tr('Change translated and approved strings')}</option></select></div>
<div class="field"><label for="upload-fuzzy">${tr('Strings needing edit in the file')}</label><select id="upload-fuzzy" name="fuzzy">
<option value="">${tr('Do not import')}</option><option value="process">${tr('Import as “Needs editing”')}</option><option value="approve">${tr('Import as translated')}</option></select></div>
<button type="submit" id="upload-submit">${tr('Upload')}</button></form></section>`;
}

export function loginPage(o: { viewer: Viewer; next: string; failed: boolean; throttled?: string; sso?: string | null; registration?: boolean }): string {
  return page({
    title: tr('Sign in'),
    viewer: o.viewer,
    here: '/accounts/login/',
    body: html`<h1>${tr('Sign in')}</h1>
${o.throttled ? html`<p class="error" role="alert" id="login-error">${o.throttled}</p>` : o.failed ? html`<p class="error" role="alert" id="login-error">${tr('Please enter a correct username and password. Note that both fields may be case-sensitive.')}</p>` : ''}
${o.viewer.username ? html`<p>${tr('You are signed in as {user}.', { user: o.viewer.username })}</p>` : ''}
<form method="post" action="/accounts/login/" id="login-form" class="panel">
<input type="hidden" name="next" value="${o.next}">
<div class="field"><label for="id_username">${tr('Username or email')}</label><input type="text" id="id_username" name="username" autocomplete="username" required autofocus></div>
<div class="field"><label for="id_password">${tr('Password')}</label><input type="password" id="id_password" name="password" autocomplete="current-password" required></div>
<button type="submit" id="login-submit">${tr('Sign in')}</button>
</form>
<p><a href="/accounts/reset/" id="forgot-password">${tr('Forgot your password?')}</a>${o.registration ? html` · <a href="/accounts/register/" id="register">${tr('Create an account')}</a>` : ''}</p>
${o.sso ? html`<p class="sso"><a class="button secondary" id="sso-login" href="/accounts/oidc/login/?next=${encodeURIComponent(o.next)}">${tr('Sign in with {provider}', { provider: o.sso })}</a></p>` : ''}`,
  });
}

export { seg };
