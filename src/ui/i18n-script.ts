// The texts the browser scripts show, translated for the page: a JSON script element the scripts read (parlaText in parla.js).
import { cldrRule } from '../languages/plural-rule.js';
import { html, SafeHtml } from './html.js';
import { currentCatalog, ntr, perLanguage, tr } from './i18n.js';

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
  };
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

/** The script element with the page's script texts (JSON, "<" escaped so that nothing ends the element early). */
export const scriptMessages: () => SafeHtml = perLanguage(() => {
  const json = JSON.stringify({ lang: currentCatalog().code, messages: singles(), plurals: plurals() }).replace(/</g, '\\u003c');
  // Inserted verbatim: html`` would escape its quotes (a script element's text is not decoded), and "<" is escaped above.
  return html`<script type="application/json" id="parla-messages">${new SafeHtml(json)}</script>`;
});
