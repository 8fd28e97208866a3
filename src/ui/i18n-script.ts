// The texts the browser scripts show, in the reader's language: one small script per language (window.parlaMessages),
// served at a content-hash address so browsers keep it, instead of the same texts inside every page.
import crypto from 'node:crypto';
import { cldrRule } from '../languages/plural-rule.js';
import { html, type SafeHtml } from './html.js';
import type { Asset } from './assets.js';
import { currentCatalog, ntr, perLanguage, runInLanguage, SOURCE_CATALOG, tr, trHtml } from './i18n.js';
import { uiCatalogs } from './i18n-catalogs.js';

/** The single messages of the scripts, by key. {name} placeholders are filled in the browser. */
function singles(): Record<string, string> {
  return {
    loading: tr('Loading…'),
    requestFailed: tr('Request failed ({status})'),
    use: tr('Use'),
    useThis: tr('Use this translation: {text}'),
    matchInfo: tr('{service} · {quality}% · source: {source}'),
    noMatches: tr('No matches.'),
    noSecurityKeys: tr('This browser does not support security keys.'),
    // The counter under a translation field (editor-tools.js).
    counter: tr('Characters: {chars} · words: {words}'),
    counterLimit: tr('Characters: {chars} / {max} · words: {words}'),
    counterOver: tr('Over the limit of {max} characters.'),
    counterWithin: tr('Within the limit of {max} characters.'),
    // The context panels (editor-context.js).
    contextFailed: tr('This panel could not be loaded.'),
    // Live collaboration (live.js).
    liveChanged: tr('Strings changed by {user} ({reason}): {count}. Reload to see the latest.'),
    liveChangedAnonymous: tr('Strings changed ({reason}): {count}. Reload to see the latest.'),
    liveSaved: tr('{user} just saved this string:'),
    liveKeep: tr('Keep mine'),
    liveTake: tr('Take theirs'),
    liveTaken: tr('Their text is in the fields now: save to keep it.'),
    liveKept: tr('Your text stays in the fields: saving it replaces theirs.'),
    liveViewers: tr('Also here: {names}'),
    liveCounters: tr('Translated: {translated} of {total} · Needs editing: {fuzzy} · Failing checks: {failing}'),
    // Zen mode's row status (zen.js).
    zenSaving: tr('Saving…'),
    zenSaved: tr('Saved.'),
    zenFailed: tr('Not saved: {detail}'),
    shortcutsTitle: tr('Keyboard shortcuts'),
    close: tr('Close'),
  };
}

/** State names and badge classes as the server draws them, for the badges live.js redraws. */
function states(): Record<number, [string, string]> {
  return {
    0: [tr('Not translated'), 'empty'],
    10: [tr('Needs editing'), 'fuzzy'],
    11: [tr('Needs rewriting'), 'fuzzy'],
    12: [tr('Needs checking'), 'fuzzy'],
    20: [tr('Translated'), 'translated'],
    30: [tr('Approved'), 'translated'],
    100: [tr('Read-only'), 'translated'],
  };
}

/** What the notice of a change of many strings calls each reason. */
function reasons(): Record<string, string> {
  return {
    upload: tr('file upload'),
    autotranslate: tr('automatic translation'),
    'bulk-edit': tr('bulk edit'),
    replace: tr('search and replace'),
    repository: tr('repository update'),
  };
}

const kbd = (...keys: string[]): SafeHtml => html`${keys.map((k, i) => html`${i ? '+' : ''}<kbd>${k}</kbd>`)}`;
const either = (first: SafeHtml, second: SafeHtml): SafeHtml => trHtml('{first} or {second}', { first, second });

/** The keyboard shortcuts the "?" help lists: the keys as markup and what they do (parla.js builds the dialog). */
function shortcuts(): [string, string][] {
  const rows: [SafeHtml, string][] = [
    [kbd('Ctrl', 'Enter'), tr('Save and go to the next string (in the comment field: add the comment)')],
    [kbd('Ctrl', 'Shift', 'Enter'), tr('Save and stay')],
    [either(kbd('Alt', 'PageDown'), kbd('Ctrl', '↓')), tr('Next string')],
    [either(kbd('Alt', 'PageUp'), kbd('Ctrl', '↑')), tr('Previous string')],
    [either(kbd('Alt', '↓'), kbd('Alt', '↑')), tr('Next or previous string')],
    [kbd('Alt', 'Home'), tr('First string of the search')],
    [kbd('Alt', 'End'), tr('Last string of the search')],
    [kbd('Alt', 'Enter'), tr('Save as a suggestion')],
    [kbd('Ctrl', 'B'), tr('Copy the source into the focused translation field')],
    [kbd('Ctrl', 'E'), tr('Toggle “Needs editing”')],
    [kbd('Ctrl', 'M'), tr('Load machine translation and memory matches')],
    [either(kbd('Ctrl', 'O'), kbd('Ctrl', 'Y')), tr('Copy the source; toggle “Needs editing” (the reference’s keys)')],
    [kbd('Ctrl', 'I'), tr('Focus the translation field')],
    [kbd('Ctrl', 'J'), tr('Go to the panels beside the string (nearby strings, other languages, …)')],
    [kbd('Ctrl', 'U'), tr('Focus the comment field')],
    [kbd('Ctrl', 'S'), tr('Focus the search field')],
    [html`${kbd('Ctrl', 'Enter')} ${tr('in zen mode')}`, tr('Save the string and go to the next one')],
    [kbd('?'), tr('Show this help')],
  ];
  return rows.map(([keys, text]) => [keys.value, text]);
}

/** A whole number CLDR puts in each plural category of the page's language, to pick the form for it on the server. */
function samples(): Record<string, number> {
  const out: Record<string, number> = {};
  const rule = cldrRule(currentCatalog().code.replace(/-/g, '_'));
  (rule?.categories ?? ['one', 'other']).forEach((category, i) => {
    const first = /\d+/.exec(rule?.examples[i] ?? (category === 'one' ? '1' : '2'))?.[0];
    if (first !== undefined) out[category] = Number(first);
  });
  return out;
}

/** The plural messages of the scripts: each form by CLDR category; the browser picks one with Intl.PluralRules. */
function plurals(): Record<string, Record<string, string>> {
  const forms = (pick: (n: number) => string) => Object.fromEntries(Object.entries(samples()).map(([category, n]) => [category, pick(n).replace(String(n), '{n}')]));
  return {
    matches: forms((n) => ntr('{n} match.', '{n} matches.', n)),
  };
}

export interface ScriptTexts {
  body: Buffer;
  hash: string;
}

/** The script of the current language's texts, with the hash of its content. */
export const scriptTexts: () => ScriptTexts = perLanguage(() => {
  const texts = { lang: currentCatalog().code, messages: singles(), plurals: plurals(), states: states(), reasons: reasons(), shortcuts: shortcuts() };
  // "<" escaped: the texts can never end a script element, wherever the script is inlined or shown.
  const body = Buffer.from(`window.parlaMessages=${JSON.stringify(texts).replace(/</g, '\\u003c')};\n`);
  return { body, hash: crypto.createHash('sha256').update(body).digest('hex').slice(0, 12) };
});

/** The address of the current language's texts script (cacheable for good: its hash changes with the texts). */
export function scriptTextsUrl(): string {
  return `/ui/static/texts-${encodeURIComponent(currentCatalog().code)}.js?v=${scriptTexts().hash}`;
}

/** The script element every page loads before its own scripts (deferred scripts run in document order). */
export function scriptMessages(): SafeHtml {
  return html`<script src="${scriptTextsUrl()}" defer></script>`;
}

/** The texts script as an asset (for the static route): texts-<language code>.js, for the UI's languages only. */
export function scriptTextsAsset(file: string): Asset | undefined {
  const code = /^texts-([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*)\.js$/.exec(file)?.[1];
  if (!code) return undefined;
  const catalog = code === SOURCE_CATALOG.code ? SOURCE_CATALOG : uiCatalogs().lookup(code);
  if (!catalog || catalog.code !== code) return undefined;
  const texts = runInLanguage(catalog, scriptTexts);
  return { body: texts.body, type: 'text/javascript; charset=utf-8', hash: texts.hash };
}
