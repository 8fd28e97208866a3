// The data exports page of a project (/data/<project>/): the addresses of its feeds, statistics, hooks and files.
import { html, type SafeHtml } from './html.js';
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
<thead><tr><th scope="col">${heading}</th><th scope="col">Address</th><th scope="col">Link</th></tr></thead>
<tbody>${rows.map((r) => html`<tr><th scope="row">${r.label}</th><td><code>${r.url}</code></td><td><a href="${r.url}">${linkText}</a></td></tr>`)}</tbody>
</table></div>`;
}

export function dataPage(o: DataPageData): string {
  return page({
    title: `${o.projectName} / Data exports`,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: 'Dashboard', href: '/' }, { label: o.projectName, href: o.projectHref }, { label: 'Data exports' }],
    body: html`<h1>Data exports</h1>
<p>The data of ${o.projectName} is also available in machine-readable form at the addresses below.</p>
<h2 id="feeds">RSS feeds</h2>
<p>Each feed lists the latest changes. A feed of one language is the address of a component's feed followed by the language code and a slash.</p>
${linkTable('rss', 'RSS feeds', 'Object', o.feeds, 'RSS')}
<h2 id="statistics">Statistics</h2>
<p>The translation statistics of every component, as JSON (or CSV with <code>?format=csv</code>).</p>
${linkTable('stats', 'Statistics', 'Component', o.statistics, 'View')}
${o.example ? html`<p>For example, with an API token, the translations of a component:</p><pre>curl -H "Authorization: Token TOKEN" ${o.example}</pre>` : ''}
${o.download ? html`<h2 id="files">Files</h2><p>All translation files of the project: <a href="${o.download}" id="download-project">${o.download}</a></p>` : ''}
<h2 id="repositories">Repositories</h2>
<p>A <code>POST</code> to these addresses with <code>operation=pull</code> (or <code>commit</code>, <code>push</code> …) runs that operation on the repositories.</p>
${linkTable('repository', 'Repository operations', 'Object', o.repositories, 'Repository')}
${o.repositories.length ? html`<pre>curl -d operation=pull -H "Authorization: Token TOKEN" ${o.repositories[0].url}</pre>` : ''}
${o.hooks ? html`<h2 id="hooks">Notification hooks</h2><p>Code hosting sites notify Parla of pushes at these addresses, which then updates the matching components.</p>
${linkTable('hooks', 'Notification hooks', 'Hosting site', o.hooks, 'Hook')}` : ''}`,
  });
}
