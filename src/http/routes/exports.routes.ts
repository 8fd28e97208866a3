// Exports outside /api/: RSS 2.0 feeds of recent changes, the legacy statistics export (JSON, JSONP of the earlier
// revision, CSV) and a project's data exports page (/data/<project>/). Not negotiated like /api/: each answers its own type.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { ChangeRow } from '../../db/schema.js';
import { ACTION_NAMES } from '../../domain/change-actions.js';
import { componentPathSegment, PATH_SEPARATOR } from '../../domain/component-paths.js';
import type { ChangeRefs, ChangeScope } from '../../services/activity/changes.service.js';
import type { LanguageStatsRow, TranslationStatsRow } from '../../services/activity/exports.service.js';
import { percent } from '../../services/common/statistics-counters.js';
import { ValidationError } from '../../shared/errors.js';
import { HOOK_SERVICES } from '../../hooks/registry.js';
import { dataPage } from '../../ui/data-page.js';
import { currentCatalog, tr } from '../../ui/i18n.js';
import { languageName } from '../../ui/language-names.js';
import { uiKit } from '../ui-kit.js';
import { urlsFor } from '../context.js';
import { ComponentParams, ProjectParams, TranslationParams } from '../schemas/common.js';
import { ComponentStatsItemSchema, DataPageBody, ProjectStatsItemSchema, RssFeed, StatsExport, StatsExportQuery } from '../schemas/export.js';
import { requestBaseUrl, type Urls } from '../urls.js';

/** Where the reference writes its own name. */
const SERVICE_NAME = 'Parla';

/** The hosting sites of the notification hooks, as the data exports page names them. */
const FORGE_NAMES: Record<string, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  bitbucket: 'Bitbucket',
  pagure: 'Pagure',
  azure: 'Azure Repos',
  gitea: 'Gitea',
  forgejo: 'Forgejo',
  gitee: 'Gitee',
};

// ------------------------------------------------------------------ RSS

/** Escapes text for XML, dropping the control characters XML 1.0 cannot carry at all. */
export function xmlEscape(s: string): string {
  return s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** RFC 822 date as RSS 2.0 wants it (Django writes +0000 for UTC). */
function rfc822(iso: string): string {
  return new Date(iso).toUTCString().replace(/GMT$/, '+0000');
}

interface Channel {
  title: string;
  description: string;
  link: string;
}

/** A translation's name in a feed: project/component — language, the language named in the reader's language. */
function translationLabel(projectName: string, componentName: string, languageCode: string, languageStoredName: string): string {
  return `${projectName}/${componentName} — ${languageName(languageCode, languageStoredName)}`;
}

/** The object a change is about, as the reference prints it (translation, else component, else project). */
function objectLabel(c: ChangeRow, refs: ChangeRefs): string | null {
  const t = c.translation_id === null ? undefined : refs.translations.get(c.translation_id);
  if (t) return translationLabel(t.projectName, t.componentName, t.language, t.languageName);
  const comp = c.component_id === null ? undefined : refs.components.get(c.component_id);
  if (comp) return `${comp.projectName}/${comp.name}`;
  const p = c.project_id === null ? undefined : refs.projects.get(c.project_id);
  return p ? p.name : null;
}

/** The most specific page of the change: unit, translation, component, project, else the site. */
function itemLink(u: Urls, c: ChangeRow, refs: ChangeRefs): string {
  const t = c.translation_id === null ? undefined : refs.translations.get(c.translation_id);
  if (t && c.unit_id !== null && refs.units.has(c.unit_id)) return u.webUnit(t.project, t.component, t.language, c.unit_id);
  if (t) return u.webTranslation(t.project, t.component, t.language);
  const comp = c.component_id === null ? undefined : refs.components.get(c.component_id);
  if (comp) return u.webComponent(comp.project, comp.component);
  const p = c.project_id === null ? undefined : refs.projects.get(c.project_id);
  if (p) return u.webProject(p.slug);
  return `${u.web}/`;
}

function renderFeed(u: Urls, selfUrl: string, channel: Channel, rows: ChangeRow[], refs: ChangeRefs): string {
  const e = xmlEscape;
  const out: string[] = [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>',
    `<title>${e(channel.title)}</title><link>${e(channel.link)}</link><description>${e(channel.description)}</description>`,
    `<atom:link href="${e(selfUrl)}" rel="self"></atom:link><language>${e(currentCatalog().code)}</language>`,
  ];
  if (rows.length) out.push(`<lastBuildDate>${rfc822(rows[0].timestamp)}</lastBuildDate>`);
  for (const c of rows) {
    const action = ACTION_NAMES[c.action] ? tr(ACTION_NAMES[c.action]!) : tr('Action {number}', { number: c.action });
    const user = c.user_id === null ? undefined : refs.users.get(c.user_id);
    const userName = user ? user.fullName || user.username : null;
    const label = objectLabel(c, refs);
    const vars = { action, time: c.timestamp, object: label ?? '', user: userName ?? '' };
    const description =
      label && userName
        ? tr('{action} at {time} on {object} by {user}', vars)
        : label
          ? tr('{action} at {time} on {object}', vars)
          : userName
            ? tr('{action} at {time} by {user}', vars)
            : tr('{action} at {time}', vars);
    out.push(
      '<item>',
      `<title>${e(action)}</title><link>${e(itemLink(u, c, refs))}</link><description>${e(description)}</description>`,
      userName ? `<dc:creator>${e(userName)}</dc:creator>` : '',
      `<pubDate>${rfc822(c.timestamp)}</pubDate><guid isPermaLink="false">${e(u.change(c.id))}</guid>`,
      '</item>',
    );
  }
  out.push('</channel></rss>\n');
  return out.join('');
}

// ------------------------------------------------------------------ stats export

type Item = Record<string, string | number | null>;

/** The characters, failing and fuzzy columns, in the order both exports give them. */
function charsFailingFuzzy(c: LanguageStatsRow['counters'], review: boolean): Item {
  return {
    total_chars: c.total_chars,
    translated_chars: c.translated_chars,
    translated_chars_percent: percent(c.translated_chars, c.total_chars, !review),
    failing: c.failing,
    failing_percent: percent(c.failing, c.total),
    fuzzy: c.fuzzy,
    fuzzy_percent: percent(c.fuzzy, c.total),
  };
}

function componentItem(u: Urls, project: string, component: string, r: TranslationStatsRow, review: boolean): Item {
  const c = r.counters;
  const translate = u.webTranslate(project, component, r.languageCode);
  return {
    name: r.languageName,
    code: r.languageCode,
    total: c.total,
    translated: c.translated,
    translated_percent: percent(c.translated, c.total, !review),
    translated_words_percent: percent(c.translated_words, c.total_words, !review),
    total_words: c.total_words,
    translated_words: c.translated_words,
    ...charsFailingFuzzy(c, review),
    url_translate: translate,
    url: u.webEngage(project, r.languageCode),
    translate_url: translate,
    last_change: r.lastChange,
    last_author: r.lastAuthor,
    recent_changes: r.recentChanges,
    readonly: c.readonly,
    readonly_percent: percent(c.readonly, c.total),
    approved: c.approved,
    approved_percent: percent(c.approved, c.total, review),
    suggestions: c.suggestions,
    comments: c.comments,
  };
}

function projectItem(u: Urls, project: string, r: LanguageStatsRow, review: boolean): Item {
  const c = r.counters;
  const words = percent(c.translated_words, c.total_words, !review);
  return {
    language: r.languageName,
    name: r.languageName,
    code: r.languageCode,
    total: c.total,
    translated: c.translated,
    translated_percent: percent(c.translated, c.total, !review),
    total_words: c.total_words,
    translated_words: c.translated_words,
    words_percent: words,
    translated_words_percent: words,
    ...charsFailingFuzzy(c, review),
    url: u.webEngage(project, r.languageCode),
    readonly: c.readonly,
    readonly_percent: percent(c.readonly, c.total),
    approved: c.approved,
    approved_percent: percent(c.approved, c.total, review),
    suggestions: c.suggestions,
    comments: c.comments,
  };
}

/** The columns of both CSV exports, a project's rows leaving empty what only a translation has. */
const STATS_COLUMNS = [
  'name', 'code', 'total', 'translated', 'translated_percent', 'translated_words_percent', 'total_words', 'translated_words',
  'total_chars', 'translated_chars', 'translated_chars_percent', 'failing', 'failing_percent', 'fuzzy', 'fuzzy_percent',
  'url_translate', 'url', 'translate_url', 'last_change', 'last_author', 'recent_changes', 'readonly', 'readonly_percent',
  'approved', 'approved_percent', 'suggestions', 'comments',
];

function csvField(v: string | number | null): string {
  const s = v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Header row and one row per item, CRLF line ends (what Python's csv writer produced). */
export function toCsv(columns: readonly string[], items: readonly Item[]): string {
  return [columns, ...items.map((item) => columns.map((k) => item[k] ?? null))].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A JSONP callback: dotted JavaScript identifiers only, so nothing but a function call can be injected. */
const CALLBACK = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

type Query = Record<string, unknown>;
const lastValue = (v: unknown): string | undefined => {
  const one: unknown = Array.isArray(v) ? v.at(-1) : v;
  return one === undefined ? undefined : String(one);
};

function sendStats(reply: FastifyReply, query: Query, filename: string, columns: readonly string[], items: Item[]) {
  if (lastValue(query.format) === 'csv') {
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename=${filename}.csv`)
      .send(toCsv(columns, items));
  }
  // indent: the earlier revision's pretty-print switch (an integer); the current default is 2.
  const rawIndent = lastValue(query.indent);
  const indent = rawIndent !== undefined && /^\d$/.test(rawIndent) ? Number(rawIndent) : 2;
  const json = JSON.stringify(items, null, indent);
  const callback = lastValue(query.jsonp);
  if (callback !== undefined && callback !== '') {
    if (callback.length > 100 || !CALLBACK.test(callback)) throw ValidationError.field('jsonp', 'Invalid JSONP callback name.');
    return reply.type('application/javascript; charset=utf-8').header('X-Content-Type-Options', 'nosniff').send(`${callback}(${json})`);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}

// ------------------------------------------------------------------ routes

type P = FastifyRequest<{ Params: { project: string } }>;
type C = FastifyRequest<{ Params: { project: string; component: string } }>;
type T = FastifyRequest<{ Params: { project: string; component: string; language: string } }>;
type L = FastifyRequest<{ Params: { code: string } }>;

/** What these routes use of the container. */
export type ExportsDeps = Pick<Container, 'access' | 'comments' | 'components' | 'config' | 'exports' | 'projects' | 'sessions' | 'stats' | 'suggestions' | 'translations'>;

export function exportsRoutes(app: FastifyInstance, c: ExportsDeps): void {
  const feed = async (request: FastifyRequest, reply: FastifyReply, channel: (u: Urls) => Channel, scope: ChangeScope) => {
    const u = urlsFor(c, request);
    const { rows, refs } = await c.exports.feed(request.actor, scope);
    const selfUrl = `${requestBaseUrl(request)}${request.url.split('?')[0]}`;
    return reply.type('application/rss+xml; charset=utf-8').send(renderFeed(u, selfUrl, channel(u), rows, refs));
  };
  const about = (name: string, link: string): Channel => ({
    title: tr('Recent changes in {name}', { name }),
    description: tr('All recent changes made using {site} in {name}.', { site: SERVICE_NAME, name }),
    link,
  });

  const rss = { schema: { response: { 200: RssFeed } } };
  const stats = { described: { querystring: StatsExportQuery } };

  app.get('/exports/rss/', rss, async (request, reply) =>
    feed(request, reply, (u) => ({ title: tr('Recent changes on {site}', { site: SERVICE_NAME }), description: tr('All recent changes made using {site} on {site}.', { site: SERVICE_NAME }), link: `${u.web}/` }), {}),
  );

  app.get('/exports/rss/language/:code/', { schema: { ...rss.schema, params: Type.Object({ code: Type.String() }) } }, async (request: L, reply) => {
    const language = await c.exports.language(request.params.code);
    return feed(request, reply, (u) => about(languageName(language.code, language.name), u.webLanguage(language.code)), { languageId: language.id });
  });

  app.get('/exports/rss/:project/', { schema: { ...rss.schema, params: ProjectParams } }, async (request: P, reply) => {
    const project = await c.projects.getVisible(request.actor, request.params.project);
    return feed(request, reply, (u) => about(project.name, u.webProject(project.slug)), { projectId: project.id });
  });

  app.get('/exports/rss/:project/:component/', { schema: { ...rss.schema, params: ComponentParams } }, async (request: C, reply) => {
    const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
    return feed(request, reply, (u) => about(`${refs.project.name}/${refs.component.name}`, u.webComponent(refs.project.slug, componentPathSegment(refs.component))), { componentId: refs.component.id });
  });

  app.get('/exports/rss/:project/:component/:language/', { schema: { ...rss.schema, params: TranslationParams } }, async (request: T, reply) => {
    const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
    const t = await c.translations.getVisible(request.actor, refs, request.params.language);
    const name = translationLabel(refs.project.name, refs.component.name, t.language.code, t.language.name);
    return feed(request, reply, (u) => about(name, u.webTranslation(refs.project.slug, componentPathSegment(refs.component), t.language.code)), { translationId: t.translation.id });
  });

  // Deprecated by the reference since 2.6: per-translation statistics, visible as the statistics endpoints.
  app.get('/exports/stats/:project/:component/', { schema: { params: ComponentParams, response: { 200: StatsExport(ComponentStatsItemSchema) } }, config: stats }, async (request: C, reply) => {
    const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
    const u = urlsFor(c, request);
    const rows = await c.exports.componentStats(request.actor, refs);
    const review = refs.project.translation_review === 1;
    const items = rows.map((r) => componentItem(u, refs.project.slug, componentPathSegment(refs.component), r, review));
    // Category slugs join the file name with dashes, as in ZIP downloads.
    const name = componentPathSegment(refs.component).split(PATH_SEPARATOR).join('-');
    return sendStats(reply, request.query as Query, `stats-${refs.project.slug}-${name}`, STATS_COLUMNS, items);
  });

  // The data exports page of a project: an HTML page of the addresses above, for the project and each of its components.
  const { pageRoute, viewerOf } = uiKit(c);
  app.get('/data/:project/', { schema: { params: ProjectParams, response: { 200: DataPageBody } } }, pageRoute(async (request: P) => {
    const project = await c.projects.getVisible(request.actor, request.params.project);
    const u = urlsFor(c, request);
    const components = await c.components.visibleOfProject(request.actor, project);
    const base = requestBaseUrl(request);
    const p = encodeURIComponent(project.slug);
    const path = (comp: (typeof components)[number]) => encodeURIComponent(componentPathSegment(comp));
    const hooksOn = c.config.enableHooks && project.enable_hooks === 1;
    return dataPage({
      viewer: viewerOf(request),
      here: request.url,
      projectName: project.name,
      projectHref: `/projects/${p}/`,
      feeds: [{ label: project.name, url: `${base}/exports/rss/${p}/` }, ...components.map((comp) => ({ label: comp.name, url: `${base}/exports/rss/${p}/${path(comp)}/` }))],
      statistics: components.map((comp) => ({ label: comp.name, url: `${u.component(project.slug, componentPathSegment(comp))}statistics/` })),
      repositories: [{ label: project.name, url: `${u.project(project.slug)}repository/` }, ...components.map((comp) => ({ label: comp.name, url: `${u.component(project.slug, componentPathSegment(comp))}repository/` }))],
      download: c.access.can(request.actor, 'translation.download', project) ? `${u.project(project.slug)}file/` : null,
      hooks: hooksOn ? HOOK_SERVICES.map((id) => ({ label: FORGE_NAMES[id] ?? id, url: `${base}/hooks/${id}/` })) : null,
      example: components.length ? `${u.component(project.slug, componentPathSegment(components[0]))}translations/` : null,
    });
  }));

  app.get('/exports/stats/:project/', { schema: { params: ProjectParams, response: { 200: StatsExport(ProjectStatsItemSchema) } }, config: stats }, async (request: P, reply) => {
    const project = await c.projects.getVisible(request.actor, request.params.project);
    const u = urlsFor(c, request);
    const rows = await c.exports.projectStats(request.actor, project);
    const items = rows.map((r) => projectItem(u, project.slug, r, project.translation_review === 1));
    return sendStats(reply, request.query as Query, `stats-${project.slug}`, STATS_COLUMNS, items);
  });
}
