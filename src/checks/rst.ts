// reStructuredText checks for strings with the rst-text flag: rst-references (roles, links, footnotes) and rst-syntax (inline markup).
import type { Check } from './registry.js';
import { perForm } from './chars.js';
import { multisetDiff } from './markup.js';
import { msgid } from '../shared/msgid.js';

// Roles whose text is meant to be translated (a label, a file name shown to the reader): only the role must stay.
const TRANSLATABLE_ROLES = new Set([
  'guilabel', 'file', 'code', 'math', 'eq', 'abbr', 'dfn', 'menuselection', 'sub', 'sup', 'kbd', 'samp', 'command', 'program',
  'strong', 'emphasis', 'literal', 'abbreviation', 'subscript', 'superscript',
]);
// Roles every docutils reader knows; a translation may use them even where the source does not.
const STANDARD_ROLES = new Set([
  'emphasis', 'literal', 'code', 'math', 'pep-reference', 'pep', 'rfc-reference', 'rfc', 'strong', 'subscript', 'sub',
  'superscript', 'sup', 'title-reference', 'title', 't', 'abbreviation', 'ab', 'acronym', 'ac',
]);

interface RstScan {
  /** References: "role" or "role:target" for roles, "`text`_" for links, "<url>" for inline links, "[#x]_" for footnotes. */
  references: string[];
  /** Role names used. */
  roles: Set<string>;
  /** The first inline markup error, if any. */
  error?: string;
}

const isWordChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c);
const ROLE_CHAR = /^[\w.+-]$/;

/** The role written right before position `at` (":ref:" before "`"), walking back at most 64 characters. */
function roleBefore(text: string, at: number): string | undefined {
  if (text[at - 1] !== ':') return undefined;
  let k = at - 2;
  const stop = Math.max(0, at - 64);
  while (k >= stop && (ROLE_CHAR.test(text[k]!) || (text[k] === ':' && ROLE_CHAR.test(text[k - 1] ?? '')))) k--;
  if (k < 0 || text[k] !== ':' || k === at - 2) return undefined;
  const role = text.slice(k + 1, at - 1);
  return /^[A-Za-z]/.test(role) ? role : undefined;
}
const FOOTNOTE = /\[#[^\]\s]*\]_/g;

/**
 * One linear pass over the text: inline literals ("``…``"), interpreted text with or without a role
 * (":ref:`target`", "`text`_", "`text <url>`_"), strong emphasis ("**"), and footnote references.
 */
function scanRst(text: string): RstScan {
  const references: string[] = [];
  const roles = new Set<string>();
  let error: string | undefined;
  let strong = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '`' && text[i + 1] === '`') {
      const end = text.indexOf('``', i + 2);
      if (end < 0) {
        error ??= 'Inline literal start-string without end-string';
        break;
      }
      i = end + 2;
      continue;
    }
    if (c === '*' && text[i + 1] === '*') {
      strong++;
      i += 2;
      continue;
    }
    if (c !== '`') {
      i++;
      continue;
    }
    const role = roleBefore(text, i);
    const end = text.indexOf('`', i + 1);
    if (end < 0) {
      error ??= 'Inline interpreted text or phrase reference start-string without end-string';
      break;
    }
    const inner = text.slice(i + 1, end);
    let after = end + 1;
    let link = false;
    if (text[after] === '_') {
      link = true;
      after += text[after + 1] === '_' ? 2 : 1;
    }
    if (isWordChar(text[after]) || text[after] === '`') error ??= 'Inline markup end-string must be followed by whitespace or punctuation';
    const angle = /<([^<>]*)>\s*$/.exec(inner);
    if (role) {
      roles.add(role);
      const target = angle ? angle[1]! : inner;
      references.push(TRANSLATABLE_ROLES.has(role) ? `:${role}:` : `:${role}:${target}`);
    } else if (link) {
      references.push(angle ? `<${angle[1]}>` : `\`${inner}\`_`);
    }
    i = after;
  }
  if (strong % 2 === 1) error ??= 'Inline strong start-string without end-string';
  if (text.includes('[#')) for (const m of text.matchAll(FOOTNOTE)) references.push(m[0]);
  return error ? { references, roles, error } : { references, roles };
}

const hasMarkup = (s: string): boolean => s.includes('`') || s.includes('*') || s.includes('[#');

export const RST_CHECKS: readonly Check[] = [
  {
    ...perForm(
      'rst-references',
      msgid('Inconsistent reStructuredText references'),
      msgid('Inconsistent reStructuredText term references in the translated message'),
      msgid('The string has the rst-text flag and the translation does not have the same reStructuredText references as the source: roles such as :ref:`target` or :doc:`page`, links such as `text`_ or `text <url>`_, and footnotes [#note]_. Keep every reference; translate the visible text of :guilabel:, :file: and similar roles, and the title before <url>, but not the targets.'),
      (s, t) => {
        if (!hasMarkup(s) && !hasMarkup(t)) return false;
        const src = scanRst(s).references;
        const tgt = scanRst(t).references;
        const missing = multisetDiff(src, tgt);
        const extra = multisetDiff(tgt, src);
        if (!missing.length && !extra.length) return false;
        const parts: string[] = [];
        if (missing.length) parts.push(`Missing references: ${missing.join(', ')}`);
        if (extra.length) parts.push(`Extra references: ${extra.join(', ')}`);
        return parts.join('; ');
      },
    ),
    enableFlags: ['rst-text'],
  },
  {
    ...perForm(
      'rst-syntax',
      msgid('reStructuredText syntax error'),
      msgid('reStructuredText syntax error in the translation'),
      msgid('The string has the rst-text flag and the inline markup of the translation is broken: a ``literal``, `interpreted text` or **strong** text is not closed, the closing mark is followed by a letter (write a space or punctuation after it, or "\\ " to join), or a role is used that neither the source nor docutils knows. Fix the markup so that it matches the source.'),
      (s, t) => {
        if (!hasMarkup(t)) return false;
        const scanned = scanRst(t);
        if (scanned.error) return `reStructuredText syntax error: ${scanned.error}`;
        const sourceRoles = scanRst(s).roles;
        const unknown = [...scanned.roles].filter((r) => !sourceRoles.has(r) && !STANDARD_ROLES.has(r));
        return unknown.length ? `reStructuredText syntax error: unknown interpreted text role ${unknown.map((r) => `":${r}:"`).join(', ')}` : false;
      },
    ),
    enableFlags: ['rst-text'],
  },
];
