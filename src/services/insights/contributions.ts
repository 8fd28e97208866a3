// Credits and contributor statistics built from content changes, and their HTML and reStructuredText renderings.
import { distance } from 'fastest-levenshtein';
import type { ContributionRow, CreditRow } from '../../db/contributions.repository.js';
import { splitPlurals } from '../../domain/plurals.js';
import { countChars, countWords } from '../../domain/text-metrics.js';

export type SortBy = 'count' | 'date_joined';
export type SortOrder = 'descending' | 'ascending';

export interface Credit {
  email: string;
  username: string;
  full_name: string;
  change_count: number;
}

/** One object per language (by name), each listing its contributors: `[{"Czech": [credit, …]}, …]`. */
export type Credits = Record<string, Credit[]>[];

/** Credits: languages by name; contributors by change count (or by date joined), ties by name. */
export function buildCredits(rows: readonly CreditRow[], sortBy: SortBy = 'count', order: SortOrder = 'descending'): Credits {
  const byLanguage = new Map<string, { credit: Credit; joined: string }[]>();
  for (const r of rows) {
    let list = byLanguage.get(r.language_name);
    if (!list) byLanguage.set(r.language_name, (list = []));
    list.push({ credit: { email: r.email, username: r.username, full_name: r.full_name, change_count: Number(r.change_count) }, joined: String(r.date_joined) });
  }
  const sign = order === 'ascending' ? 1 : -1;
  return [...byLanguage.keys()].sort((a, b) => a.localeCompare(b)).map((language) => {
    const list = byLanguage.get(language)!;
    list.sort((a, b) => {
      const primary = sortBy === 'date_joined' ? a.joined.localeCompare(b.joined) : a.credit.change_count - b.credit.change_count;
      return primary * sign || a.credit.full_name.localeCompare(b.credit.full_name) || a.credit.username.localeCompare(b.credit.username);
    });
    return { [language]: list.map((x) => x.credit) };
  });
}

/** The figures of one kind of change: strings, source and target characters and words, edit distance. */
const FIGURES = ['count', 'chars', 'words', 't_chars', 't_words', 'edits'] as const;
const KINDS = ['', '_new', '_approve', '_edit'] as const;

export type ContributorStats = { name: string; email: string; username: string } & Record<string, number | string>;

/** Change actions counted as new translations and as approvals; every other content change is an edit. */
const ACTION_KIND: Record<number, '_new' | '_approve'> = { 5: '_new', 36: '_approve' };
/** Texts longer than this are compared by length only (the edit distance is quadratic). */
const MAX_DISTANCE_TEXT = 10_000;

/**
 * Contributor statistics: per author, the number of changes and the characters and words of their source
 * strings (chars, words) and of the new translations (t_chars, t_words), the edit distance from the previous
 * text (edits), in total and split into new translations (_new), approvals (_approve) and other edits (_edit).
 * In the "unique" counting mode a string counts once per author (their last change of it).
 */
export function buildContributorStats(rows: readonly ContributionRow[], countingMode: 'unique' | 'all', sortBy: SortBy = 'count', order: SortOrder = 'descending'): ContributorStats[] {
  let counted: readonly ContributionRow[] = rows;
  if (countingMode === 'unique') {
    const last = new Map<string, ContributionRow>();
    rows.forEach((r, i) => last.set(r.unit_id === null ? `c${i}` : `${r.author_id}:${r.unit_id}`, r));
    counted = [...last.values()];
  }
  const byAuthor = new Map<number, { stats: ContributorStats; joined: string }>();
  for (const r of counted) {
    let entry = byAuthor.get(r.author_id);
    if (!entry) {
      const stats: ContributorStats = { name: r.full_name, email: r.email, username: r.username };
      for (const kind of KINDS) for (const f of FIGURES) stats[`${f}${kind}`] = 0;
      byAuthor.set(r.author_id, (entry = { stats, joined: String(r.date_joined) }));
    }
    const source = splitPlurals(r.source ?? '');
    const target = splitPlurals(r.target);
    const old = r.old ?? '';
    const figures: Record<(typeof FIGURES)[number], number> = {
      count: 1,
      chars: countChars(source),
      words: r.num_words ?? countWords(source),
      t_chars: countChars(target),
      t_words: countWords(target),
      edits: r.target.length > MAX_DISTANCE_TEXT || old.length > MAX_DISTANCE_TEXT ? Math.abs(r.target.length - old.length) : distance(old, r.target),
    };
    const kind = ACTION_KIND[r.action] ?? '_edit';
    for (const f of FIGURES) {
      entry.stats[f] = Number(entry.stats[f]) + figures[f];
      entry.stats[`${f}${kind}`] = Number(entry.stats[`${f}${kind}`]) + figures[f];
    }
  }
  const sign = order === 'ascending' ? 1 : -1;
  return [...byAuthor.values()]
    .sort((a, b) => (sortBy === 'date_joined' ? a.joined.localeCompare(b.joined) : Number(a.stats.count) - Number(b.stats.count)) * sign || a.stats.name.localeCompare(b.stats.name))
    .map((e) => e.stats);
}

const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
/** Text for reStructuredText: markup characters escaped, lines joined. */
const rst = (s: string) => s.replace(/\s+/g, ' ').replace(/([\\`*_|<>[\]])/g, '\\$1');

export function creditsHtml(credits: Credits): string {
  const rows = credits.flatMap((entry) =>
    Object.entries(entry).map(
      ([language, people]) =>
        `<tr>\n<th>${html(language)}</th>\n<td><ul>${people.map((p) => `<li><a href="mailto:${html(p.email)}">${html(p.full_name || p.username)}</a> (${p.change_count})</li>`).join('')}</ul></td>\n</tr>`,
    ),
  );
  return `<table>\n${rows.join('\n')}\n</table>\n`;
}

export function creditsRst(credits: Credits): string {
  const blocks = credits.flatMap((entry) =>
    Object.entries(entry).map(([language, people]) => `* ${rst(language)}\n\n${people.map((p) => `    * ${rst(p.full_name || p.username)} <${rst(p.email)}> (${p.change_count})`).join('\n')}\n`),
  );
  return blocks.join('\n');
}

const STAT_COLUMNS = ['name', 'email', ...KINDS.flatMap((kind) => FIGURES.map((f) => `${f}${kind}`))];

export function contributorStatsHtml(stats: readonly ContributorStats[]): string {
  const head = `<tr>${STAT_COLUMNS.map((c) => `<th>${html(c)}</th>`).join('')}</tr>`;
  const body = stats.map((s) => `<tr>${STAT_COLUMNS.map((c) => `<td>${html(String(s[c] ?? ''))}</td>`).join('')}</tr>`);
  return `<table>\n${[head, ...body].join('\n')}\n</table>\n`;
}

/** A reStructuredText simple table: one column per figure. */
export function contributorStatsRst(stats: readonly ContributorStats[]): string {
  const cells = [STAT_COLUMNS, ...stats.map((s) => STAT_COLUMNS.map((c) => rst(String(s[c] ?? '')) || '-'))];
  const widths = STAT_COLUMNS.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = widths.map((w) => '='.repeat(w)).join(' ');
  const row = (r: readonly string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(' ').trimEnd();
  return [line, row(cells[0]!), line, ...cells.slice(1).map(row), line, ''].join('\n');
}
