// Component discovery from a file list: groups the files of known formats into file masks (`po/*.po`) with their languages and base files.

/** What discovery needs to know of a file format. */
export interface DiscoverableFormat {
  id: string;
  extensions: readonly string[];
  monolingual: boolean;
}

export interface DiscoveredLayout {
  filemask: string;
  file_format: string;
  /** Language codes found in place of the mask's `*`, sorted. */
  languages: string[];
  /** The monolingual base file (the source language's file), '' when none. */
  template: string;
  /** The file new translations start from (a `.pot` beside `.po` files), '' when none. */
  new_base: string;
}

// Language codes as repositories spell them: cs, pt_BR, pt-BR, zh_Hant, sr@latin, values-de (Android) is handled by the prefix.
const LANGUAGE = /^[a-z]{2,3}(?:[_-](?:[A-Z]{2}|[A-Za-z]{4}|\d{3}))?(?:@[a-z]+)?$/;
// Words of the right shape that are file or folder names, not languages.
const NOT_LANGUAGES = new Set(['app', 'src', 'lib', 'doc', 'res', 'www', 'web', 'api', 'cli', 'log', 'tmp', 'bin', 'etc', 'var', 'dev', 'pot', 'out', 'ui', 'js', 'ts', 'py', 'go', 'md', 'po', 'mo']);

function isLanguage(s: string): boolean {
  return LANGUAGE.test(s) && !NOT_LANGUAGES.has(s.toLowerCase());
}

/** Every way of reading one file as a translation file: the mask with `*` for the language it names, and that language. */
function masksOf(file: string, ext: string): { mask: string; language: string }[] {
  const parts = file.split('/');
  const out: { mask: string; language: string }[] = [];
  const base = parts[parts.length - 1]!;
  const stem = base.slice(0, base.length - ext.length - 1);
  // The file name itself (po/cs.po), or its last dot-separated part (messages.cs.json, strings_cs.properties).
  if (isLanguage(stem)) out.push({ mask: [...parts.slice(0, -1), `*.${ext}`].join('/'), language: stem });
  for (const sep of ['.', '_', '-']) {
    const at = stem.lastIndexOf(sep);
    if (at > 0 && isLanguage(stem.slice(at + 1))) out.push({ mask: [...parts.slice(0, -1), `${stem.slice(0, at + 1)}*.${ext}`].join('/'), language: stem.slice(at + 1) });
  }
  // A folder (locale/cs/LC_MESSAGES/app.po, values-cs/strings.xml).
  parts.slice(0, -1).forEach((dir, i) => {
    const prefixed = /^(values-)(.+)$/.exec(dir);
    const code = prefixed ? prefixed[2]!.replace('-r', '_') : dir;
    if (isLanguage(code)) out.push({ mask: [...parts.slice(0, i), `${prefixed ? prefixed[1] : ''}*`, ...parts.slice(i + 1)].join('/'), language: code });
  });
  return out;
}

/** The `.pot` beside the mask's files, or one named like them (locale/<language>/LC_MESSAGES/app.po and locale/app.pot). */
function potFor(filemask: string, files: readonly string[]): string {
  const pots = files.filter((f) => f.endsWith('.pot'));
  const dir = filemask.split('/').slice(0, -1).join('/');
  const stem = (filemask.split('/').pop() ?? '').replace(/\.po$/, '');
  if (!dir.includes('*')) {
    const beside = pots.find((f) => f.split('/').slice(0, -1).join('/') === dir);
    if (beside) return beside;
  }
  return pots.find((f) => (f.split('/').pop() ?? '') === `${stem}.pot`) ?? '';
}

/**
 * The file layouts a repository's files suggest, most languages first: files of one format whose paths differ only in a
 * language code share a mask. Ambiguous extensions (json) are offered with the first registered format that reads them.
 */
export function discoverLayouts(files: readonly string[], formats: readonly DiscoverableFormat[], sourceLanguage = 'en'): DiscoveredLayout[] {
  const formatOf = new Map<string, DiscoverableFormat>();
  for (const f of formats) for (const ext of f.extensions) if (!formatOf.has(ext)) formatOf.set(ext, f);
  const groups = new Map<string, { format: DiscoverableFormat; ext: string; languages: Set<string> }>();
  const present = new Set(files);
  for (const file of files) {
    if (file.split('/').some((p) => p.startsWith('.'))) continue;
    const ext = /\.([A-Za-z0-9]+)$/.exec(file)?.[1]?.toLowerCase();
    const format = ext ? formatOf.get(ext) : undefined;
    if (!format || !ext || ext === 'pot') continue;
    for (const { mask, language } of masksOf(file, file.slice(file.length - ext.length))) {
      const key = `${format.id}\0${mask}`;
      const group = groups.get(key) ?? { format, ext, languages: new Set<string>() };
      group.languages.add(language);
      groups.set(key, group);
    }
  }
  const out: DiscoveredLayout[] = [];
  for (const [key, g] of groups) {
    const filemask = key.split('\0')[1]!;
    const languages = [...g.languages].sort();
    const sourceFile = filemask.replace('*', sourceLanguage);
    const template = g.format.monolingual && present.has(sourceFile) ? sourceFile : '';
    const pot = g.ext === 'po' ? potFor(filemask, files) : '';
    out.push({ filemask, file_format: g.format.id, languages, template, new_base: pot });
  }
  // Single-file groups are noise unless nothing better exists.
  const useful = out.filter((l) => l.languages.length > 1);
  return (useful.length ? useful : out).sort((a, b) => b.languages.length - a.languages.length || a.filemask.localeCompare(b.filemask));
}
