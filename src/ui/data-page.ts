// The data exports page of a project (/data/<project>/): the addresses of its feeds, statistics, hooks and files.
import { html, type SafeHtml } from './html.js';
import { tr, trHtml } from './i18n.js';
import { page, type Viewer } from './layout.js';

export interface DataLink {
  /** What the address is for: the project's or a component's name. */
  label: string;
  url: string;
}

export interface DataPageData {
  viewer: Viewer;
  here: string;
  projectName: string;
  projectHref: string;
  /** The project's feed, then one per component. */
  feeds: DataLink[];
  /** One per component: its statistics in the API. */
  statistics: DataLink[];
  /** The project's repository address in the API, then one per component. */
  repositories: DataLink[];
  /** The project's translation files as a ZIP, when the viewer may download them. */
  download: string | null;
  /** The notification hook addresses of the forges, when hooks are on for the project. */
  hooks: DataLink[] | null;
  /** A component's translations in the API, for the example. */
  example: string | null;
}

function linkTable(id: string, caption: string, heading: string, rows: DataLink[], linkText: string): SafeHtml {
  return html`<div class="table-wrap"><table id="${id}">
<caption class="muted">${caption}</caption>
<thead><tr><th scope="col">${heading}</th><th scope="col">${tr('Address')}</th><th scope="col">${tr('Link')}</th></tr></thead>
<tbody>${rows.map((r) => html`<tr><th scope="row">${r.label}</th><td><code>${r.url}</code></td><td><a href="${r.url}">${linkText}</a></td></tr>`)}</tbody>
</table></div>`;
}

export function dataPage(o: DataPageData): string {
  return page({
    title: tr('{projectName} / Data exports', { projectName: o.projectName }),
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.projectName, href: o.projectHref }, { label: tr('Data exports') }],
    body: html`<h1>${tr('Data exports')}</h1>
<p>${tr('The data of {projectName} is also available in machine-readable form at the addresses below.', { projectName: o.projectName })}</p>
<h2 id="feeds">${tr('RSS feeds')}</h2>
<p>${tr("Each feed lists the latest changes. A feed of one language is the address of a component's feed followed by the language code and a slash.")}</p>
${linkTable('rss', tr('RSS feeds'), tr('Object'), o.feeds, 'RSS')}
<h2 id="statistics">${tr('Statistics')}</h2>
<p>${trHtml('The translation statistics of every component, as JSON (or CSV with {query}).', { query: html`<code>?format=csv</code>` })}</p>
${linkTable('stats', tr('Statistics'), tr('Component'), o.statistics, tr('View'))}
${o.example ? html`<p>${tr('For example, with an API token, the translations of a component:')}</p><pre>curl -H "Authorization: Token TOKEN" ${o.example}</pre>` : ''}
${o.download ? html`<h2 id="files">${tr('Files')}</h2><p>${tr('All translation files of the project:')} <a href="${o.download}" id="download-project">${o.download}</a></p>` : ''}
<h2 id="repositories">${tr('Repositories')}</h2>
<p>${trHtml('A {post} to these addresses with {pull} (or {commit}, {push} …) runs that operation on the repositories.', { post: html`<code>POST</code>`, pull: html`<code>operation=pull</code>`, commit: html`<code>commit</code>`, push: html`<code>push</code>` })}</p>
${linkTable('repository', tr('Repository operations'), tr('Object'), o.repositories, tr('Repository'))}
${o.repositories.length ? html`<pre>curl -d operation=pull -H "Authorization: Token TOKEN" ${o.repositories[0].url}</pre>` : ''}
${o.hooks ? html`<h2 id="hooks">${tr('Notification hooks')}</h2><p>${tr('Code hosting sites notify Parla of pushes at these addresses, which then updates the matching components.')}</p>
${linkTable('hooks', tr('Notification hooks'), tr('Hosting site'), o.hooks, tr('Hook'))}` : ''}`,
  });
}
