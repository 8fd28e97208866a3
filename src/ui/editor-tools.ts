// The editor's typing aids shared by the one-string editor and zen mode: the counter under a translation field and
// the special-characters bar of the translation's language (editor-tools.js makes both work).
import { html, type SafeHtml } from './html.js';
import { tr } from './i18n.js';

/** Primary and secondary quotation marks of a language (CLDR delimiters), by language code without region. */
const QUOTES: Record<string, [string, string, string, string]> = {
  en: ['“', '”', '‘', '’'],
  de: ['„', '“', '‚', '‘'],
  cs: ['„', '“', '‚', '‘'],
  sk: ['„', '“', '‚', '‘'],
  sl: ['„', '“', '‚', '‘'],
  hr: ['„', '“', '‚', '‘'],
  lt: ['„', '“', '„', '“'],
  et: ['„', '“', '‚', '‘'],
  is: ['„', '“', '‚', '‘'],
  bg: ['„', '“', '„', '“'],
  fr: ['«', '»', '“', '”'],
  es: ['«', '»', '“', '”'],
  ca: ['«', '»', '“', '”'],
  it: ['«', '»', '“', '”'],
  pt: ['«', '»', '“', '”'],
  el: ['«', '»', '“', '”'],
  ru: ['«', '»', '„', '“'],
  uk: ['«', '»', '„', '“'],
  be: ['«', '»', '„', '“'],
  fa: ['«', '»', '‹', '›'],
  nb: ['«', '»', '‘', '’'],
  nn: ['«', '»', '‘', '’'],
  no: ['«', '»', '‘', '’'],
  pl: ['„', '”', '«', '»'],
  ro: ['„', '”', '«', '»'],
  hu: ['„', '”', '»', '«'],
  nl: ['‘', '’', '“', '”'],
  sv: ['”', '”', '’', '’'],
  fi: ['”', '”', '’', '’'],
  da: ['“', '”', '‘', '’'],
  tr: ['“', '”', '‘', '’'],
  he: ['”', '”', '’', '’'],
  ar: ['”', '“', '’', '‘'],
  ja: ['「', '」', '『', '』'],
  zh: ['“', '”', '‘', '’'],
  ko: ['“', '”', '‘', '’'],
};

/** Regions and scripts whose quotation marks differ from their language's. */
const QUOTES_BY_LOCALE: Record<string, [string, string, string, string]> = {
  pt_br: ['“', '”', '‘', '’'],
  zh_hant: ['「', '」', '『', '』'],
  zh_tw: ['「', '」', '『', '』'],
  zh_hk: ['「', '」', '『', '』'],
  de_ch: ['«', '»', '‹', '›'],
  fr_ch: ['«', '»', '‹', '›'],
};

/** The quotation marks of a language code such as "de", "pt_BR" or "zh-Hant" (English ones for unknown languages). */
export function quotesOf(code: string): [string, string, string, string] {
  const norm = code.toLowerCase().replace(/-/g, '_');
  return QUOTES_BY_LOCALE[norm] ?? QUOTES[norm.split(/[_@]/)[0] ?? ''] ?? QUOTES.en!;
}

export interface SpecialCharacter {
  /** What the button inserts. */
  char: string;
  /** What the button shows (the character itself, or a sign for invisible ones). */
  display: string;
  /** The character's name, the button's accessible name. */
  name: string;
}

/** The characters of the special-characters bar for a language: spaces, its quotation marks, ellipsis and dashes. */
export function specialCharacters(code: string): SpecialCharacter[] {
  const [open, close, open2, close2] = quotesOf(code);
  const out: SpecialCharacter[] = [
    { char: '\u00a0', display: '⍽', name: tr('Non-breaking space') },
    { char: '\u202f', display: '⍽ₙ', name: tr('Narrow non-breaking space') },
    { char: open, display: open, name: tr('Opening quotation mark') },
    { char: close, display: close, name: tr('Closing quotation mark') },
    { char: open2, display: open2, name: tr('Opening secondary quotation mark') },
    { char: close2, display: close2, name: tr('Closing secondary quotation mark') },
    { char: '…', display: '…', name: tr('Ellipsis') },
    { char: '–', display: '–', name: tr('En dash') },
    { char: '—', display: '—', name: tr('Em dash') },
  ];
  // One button per character: languages with the same opening and closing mark (Swedish ” ”) need it once.
  const seen = new Set<string>();
  return out.filter((c) => (seen.has(c.char) ? false : (seen.add(c.char), true)));
}

/** The bar of special characters; a click inserts the character at the cursor of the translation field last focused. */
export function specialCharsBar(code: string, id = 'special-chars'): SafeHtml {
  return html`<div class="special-chars" role="toolbar" id="${id}" aria-label="${tr('Special characters')}" hidden data-special-chars>
${specialCharacters(code).map((c, i) => html`<button type="button" class="secondary char" data-insert="${c.char}" title="${c.name}" id="${id}-${i}"><span aria-hidden="true">${c.display}</span><span class="visually-hidden">${c.name}</span></button>`)}
</div>`;
}

/**
 * The counter under translation field `fieldId`: characters (out of the max-length flag's limit when there is one) and
 * words, which editor-tools.js keeps current; going over the limit is announced once, not every keystroke.
 */
export function fieldCounter(fieldId: string, text: string, maxLength: number | null): SafeHtml {
  const chars = [...text].length;
  const words = text.split(/\s+/).filter(Boolean).length;
  const over = maxLength !== null && chars > maxLength;
  const shown = maxLength !== null ? tr('Characters: {chars} / {max} · words: {words}', { chars, max: maxLength, words }) : tr('Characters: {chars} · words: {words}', { chars, words });
  return html`<div class="counter${over ? ' over' : ''}" id="${fieldId}-counter" data-counter-for="${fieldId}"${maxLength !== null ? html` data-max="${maxLength}"` : ''}><span data-counter-text>${shown}</span>
<span class="visually-hidden" role="status" aria-live="polite" data-counter-live>${over ? tr('Over the limit of {max} characters.', { max: maxLength }) : ''}</span></div>`;
}
