// Markup checks: xml-tags, xml-invalid, safe-html, bbcode, md-link, md-reflink, md-syntax, url.
import type { Check, CheckContext } from './registry.js';
import { PASS, fail, type CheckResult } from './result.js';
import { LOOKS_LIKE_MARKUP, scanXml as scanXmlUncached, type XmlTag } from './xml-fragment.js';
import { memoize } from './memo.js';
import { msgid } from '../shared/msgid.js';

// xml-invalid and xml-tags scan the same strings.
const scanXml = memoize(scanXmlUncached, 256);

type FormCheck = (source: string, target: string, ctx: CheckContext) => string | false;

function perForm(id: string, name: string, description: string, explanation: string, single: FormCheck, enableFlags?: readonly string[]): Check {
  return {
    id,
    name,
    description,
    explanation,
    ...(enableFlags ? { enableFlags } : {}),
    check(sources, targets, ctx): CheckResult {
      for (let i = 0; i < targets.length; i++) {
        const target = targets[i]!;
        if (target === '') continue;
        const result = single(sources[Math.min(i, sources.length - 1)]!, target, ctx);
        if (result !== false) return fail(result);
      }
      return PASS;
    },
  };
}

/**
 * The XML checks apply when the unit is flagged xml-text, or when the source contains tags and
 * is itself well-formed (so "a < b" or a broken source never blames the translator).
 */
function xmlSource(source: string, ctx: CheckContext): ReturnType<typeof scanXml> | undefined {
  if (!ctx.flags.has('xml-text') && !LOOKS_LIKE_MARKUP.test(source)) return undefined;
  const scanned = scanXml(source);
  return scanned.error ? undefined : scanned;
}

function tagSignature(tags: readonly XmlTag[]): string[] {
  return tags
    .filter((t) => !t.closing)
    .map((t) => (t.attributes.length ? `<${t.name} ${[...t.attributes].sort().join(' ')}>` : `<${t.name}>`))
    .sort();
}

/** The items of `a` left after removing those of `b`, counting repeats. */
export function multisetDiff(a: readonly string[], b: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const x of b) counts.set(x, (counts.get(x) ?? 0) + 1);
  const out: string[] = [];
  for (const x of a) {
    const c = counts.get(x) ?? 0;
    if (c > 0) counts.set(x, c - 1);
    else out.push(x);
  }
  return out;
}

// Bleach's defaults, which the reference's safe-html check starts from.
const SAFE_TAGS = new Set(['a', 'abbr', 'acronym', 'b', 'blockquote', 'code', 'em', 'i', 'li', 'ol', 'strong', 'ul']);
const SAFE_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'title'], abbr: ['title'], acronym: ['title'] };
const SAFE_PROTOCOL = /^\s*(?:https?:|mailto:|[^:]*$)/i;
// Browsers drop control characters and spaces inside URLs, so "java\tscript:" still runs.
// eslint-disable-next-line no-control-regex
const URL_NOISE = /[\u0000-\u0020]/g;
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href']);
const LENIENT_TAG = /<\/?([A-Za-z][-A-Za-z0-9]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g;
const QUOTES = /^["']|["']$/g;
const LENIENT_ATTRIBUTE = /([^\s=>/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g;

interface HtmlTag {
  name: string;
  attributes: [string, string][];
}

function htmlTags(text: string): HtmlTag[] {
  const out: HtmlTag[] = [];
  if (!text.includes('<')) return out;
  for (const m of text.matchAll(LENIENT_TAG)) {
    const attributes: [string, string][] = [];
    for (const a of (m[2] ?? '').matchAll(LENIENT_ATTRIBUTE)) {
      attributes.push([a[1]!.toLowerCase(), (a[2] ?? '').replace(QUOTES, '')]);
    }
    out.push({ name: m[1]!.toLowerCase(), attributes });
  }
  return out;
}

/**
 * What a sanitizer allowing the source's own markup plus bleach's defaults would remove from the
 * translation: tags and attributes the source does not use, and script URLs in any case.
 */
function unsafeHtml(source: string, target: string): string | false {
  if (!target.includes('<')) return false;
  const allowedTags = new Set(SAFE_TAGS);
  const allowedAttributes = new Map<string, Set<string>>();
  for (const [tag, attrs] of Object.entries(SAFE_ATTRIBUTES)) allowedAttributes.set(tag, new Set(attrs));
  for (const tag of htmlTags(source)) {
    allowedTags.add(tag.name);
    let attrs = allowedAttributes.get(tag.name);
    if (!attrs) allowedAttributes.set(tag.name, (attrs = new Set()));
    for (const [a] of tag.attributes) attrs.add(a);
  }
  for (const tag of htmlTags(target)) {
    if (!allowedTags.has(tag.name)) return `Unsafe HTML tag <${tag.name}>`;
    const attrs = allowedAttributes.get(tag.name);
    for (const [a, value] of tag.attributes) {
      if (!attrs?.has(a)) return `Unsafe HTML attribute ${a} on <${tag.name}>`;
      if (URL_ATTRIBUTES.has(a) && !SAFE_PROTOCOL.test(value.replace(URL_NOISE, ''))) {
        return `Unsafe URL in ${a} on <${tag.name}>`;
      }
    }
  }
  return false;
}

const BBCODE = /\[(\w+)(=[^\]]*)?\][^[]*\[\/\1\]/g;

function bbcodeTags(text: string): string[] {
  if (!text.includes('[/')) return [];
  return [...text.matchAll(BBCODE)].map((m) => m[1]!.toLowerCase());
}

const MD_LINK = /!?\[[^\]\n]*\]\(\s*<?([^)\s>]*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;

function markdownLinks(text: string): string[] {
  if (!text.includes('](')) return [];
  return [...text.matchAll(MD_LINK)].map((m) => m[1]!);
}

// "[text][label]" and "[text][]" (the text is the label); the classes exclude both brackets, so matching stays linear.
const MD_REFLINK = /\[([^[\]\n]*)\]\[([^[\]\n]*)\]/g;

function markdownReferences(text: string): Set<string> {
  const out = new Set<string>();
  if (!text.includes('][')) return out;
  for (const m of text.matchAll(MD_REFLINK)) out.add((m[2] || m[1]!).toLowerCase());
  return out;
}

// Emphasis and code markers; "_" inside a word (snake_case) is not emphasis in CommonMark.
const MD_MARKER = /\*\*|__|~~|`+|\*|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;

function markdownMarkers(text: string): string[] {
  if (!/[*_~`]/.test(text)) return [];
  return [...text.matchAll(MD_MARKER)].map((m) => m[0]).sort();
}

const URL_SHAPE = /^(?:https?|ftps?):\/\/[^\s/?#]+[^\s]*$/i;

function isUrl(text: string): boolean {
  if (!URL_SHAPE.test(text)) return false;
  try {
    const parsed = new URL(text);
    return parsed.hostname !== '';
  } catch {
    return false;
  }
}

export const MARKUP_CHECKS: readonly Check[] = [
  perForm('xml-invalid', msgid('XML syntax'), msgid('The translation is not valid XML'), msgid('The source contains XML or HTML tags (or the string has the xml-text flag) and the translation is not well-formed: a tag is not closed, closed twice or in the wrong order, or a "<" or "&" is not escaped. Fix the markup so that every tag opened is closed in the same order.'), (s, t, ctx) => {
    if (!xmlSource(s, ctx)) return false;
    const scanned = scanXml(t);
    return scanned.error ? `The translation is not valid XML: ${scanned.error}` : false;
  }),
  perForm('xml-tags', msgid('XML markup'), msgid('XML tags in translation do not match source'), msgid('The translation does not have the same XML or HTML tags as the source: one is missing, added, or has different attributes. The program relies on the tags (links, emphasis, placeholders), so keep every tag of the source; their order may change.'), (s, t, ctx) => {
    const src = xmlSource(s, ctx);
    if (!src) return false;
    const tgt = scanXml(t);
    if (tgt.error) return false; // xml-invalid reports it
    const srcTags = tagSignature(src.tags);
    const tgtTags = tagSignature(tgt.tags);
    const missing = multisetDiff(srcTags, tgtTags);
    const extra = multisetDiff(tgtTags, srcTags);
    if (!missing.length && !extra.length) return false;
    const parts: string[] = [];
    if (missing.length) parts.push(`Missing: ${missing.join(', ')}`);
    if (extra.length) parts.push(`Extra: ${extra.join(', ')}`);
    return parts.join('; ');
  }),
  perForm('safe-html', msgid('Unsafe HTML'), msgid('The translation uses unsafe HTML markup'), msgid('The string has the safe-html flag: it is shown as HTML, and the translation adds markup that is not allowed there (scripts, event handlers, javascript: links, tags other than simple formatting). Use only the markup the source uses.'), (s, t) => unsafeHtml(s, t), ['safe-html']),
  perForm('bbcode', msgid('BBCode markup'), msgid('BBCode in translation does not match source'), msgid('The source uses BBCode tags such as [b]…[/b] or [url=…] and the translation does not have the same ones. Keep every BBCode tag of the source around the matching translated words.'), (s, t) => {
    const src = bbcodeTags(s);
    if (!src.length) return false;
    const tgt = bbcodeTags(t);
    if (src.length !== tgt.length || [...src].sort().join() !== [...tgt].sort().join()) {
      return `BBCode tags differ: source [${src.join('], [')}], translation [${tgt.join('], [') || '-'}]`;
    }
    return false;
  }),
  perForm(
    'md-link',
    msgid('Markdown links'),
    msgid('Markdown links do not match source'),
    msgid('The string has the md-text flag and the translation has a different number of Markdown links, or changed where they point. Translate the link text but keep each link target; in-page anchors (#heading) may change.'),
    (s, t) => {
      const src = markdownLinks(s);
      const tgt = markdownLinks(t);
      if (src.length !== tgt.length) return `Markdown link count differs: ${src.length} in source, ${tgt.length} in translation`;
      // In-page anchors ("#installation") are derived from headings, which get translated.
      const urls = (links: string[]): string[] => links.filter((u) => !u.startsWith('#')).sort();
      const missing = multisetDiff(urls(src), urls(tgt));
      return missing.length ? `Markdown link targets changed: ${missing.join(', ')}` : false;
    },
    ['md-text'],
  ),
  perForm(
    'md-reflink',
    msgid('Markdown references'),
    msgid('Markdown link references do not match source'),
    msgid('The string has the md-text flag and the translation does not use the same Markdown link references ("[text][label]") as the source. The label points at a link defined elsewhere in the document, so translate the text in the first brackets but keep each label.'),
    (s, t) => {
      const src = markdownReferences(s);
      if (!src.size) return false;
      const tgt = markdownReferences(t);
      const missing = [...src].filter((r) => !tgt.has(r));
      const extra = [...tgt].filter((r) => !src.has(r));
      if (!missing.length && !extra.length) return false;
      return `Markdown link references differ: ${[...missing.map((r) => `missing [${r}]`), ...extra.map((r) => `extra [${r}]`)].join(', ')}`;
    },
    ['md-text'],
  ),
  perForm(
    'md-syntax',
    msgid('Markdown syntax'),
    msgid('Markdown syntax does not match source'),
    msgid('The string has the md-text flag and the translation has different Markdown emphasis or code markers (*, **, _, `, ~~) than the source. Keep the same markers around the matching translated words.'),
    (s, t) => {
      const src = markdownMarkers(s);
      const tgt = markdownMarkers(t);
      const missing = multisetDiff(src, tgt);
      const extra = multisetDiff(tgt, src);
      if (!missing.length && !extra.length) return false;
      return `Markdown syntax differs: ${[...missing.map((m) => `missing ${m}`), ...extra.map((m) => `extra ${m}`)].join(', ')}`;
    },
    ['md-text'],
  ),
  perForm('url', msgid('URL'), msgid('The translation does not contain an URL'), msgid('The string has the url flag: the whole translation must be a single valid URL (for example a localized documentation address). Enter only the address, without surrounding text.'), (_s, t) => (isUrl(t.trim()) ? false : 'The translation is not a valid URL'), ['url']),
];
