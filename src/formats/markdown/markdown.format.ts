// Markdown document format: headings, paragraphs, list items, table cells and link titles become segments.

import type { CreateOptions, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { DocumentStore, type Appended, type DocumentSyntax } from '../html/document-store.js';
import { decodeDocument, detectEol } from '../html/document-text.js';
import { segmentMarkdown } from './markdown-segmenter.js';

/** New segments are paragraphs at the end, after a blank line. */
function appendParagraph(text: string): Appended {
  const eol = detectEol(text);
  const before = text === '' ? '' : text.endsWith('\n') ? (/\n[ \t]*\r?\n$/.test(text) ? '' : eol) : eol + eol;
  return { at: text.length, before, after: eol, render: (t) => t.split(/\r?\n/).join(eol) };
}

const syntax: DocumentSyntax = { segment: segmentMarkdown, append: appendParagraph };

function parseMarkdown(bytes: Uint8Array, options?: ParseOptions): ParsedStore {
  const { text, bom } = decodeDocument(bytes, options?.filename);
  return new DocumentStore({ text, bom, original: bytes, syntax, template: options?.template, filename: options?.filename });
}

/** With a template: the template's document with every segment untranslated; otherwise an empty document. */
function createMarkdown(options: CreateOptions): ParsedStore {
  if (!options.template) return new DocumentStore({ text: '', bom: false, original: null, syntax });
  const { text, bom } = decodeDocument(options.template.serialize());
  return new DocumentStore({ text, bom, original: null, syntax, template: options.template });
}

/**
 * Markdown document ("docfile" component), CommonMark with GFM tables and task lists. Units are
 * segments: headings, paragraphs (in list items and block quotes too), table cells, link
 * reference titles and the text of HTML blocks; inline markup stays in the text as written.
 * Code, front matter and HTML comments are not translated. Keys are hashes of the source text; a
 * translated document parsed with ParseOptions.template aligns its segments with the template's by
 * position. Any text parses: Markdown has no syntax errors (only invalid UTF-8 is rejected).
 */
export const markdownFormat: TranslationFormat = {
  id: 'markdown',
  name: 'Markdown file',
  extensions: ['md', 'markdown'],
  monolingual: true,
  mimeType: 'text/markdown',
  parse: parseMarkdown,
  create: createMarkdown,
};
