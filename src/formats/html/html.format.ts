// HTML document format: block text and reader-facing attributes become segments; a translation is the template with segments replaced.

import { FormatParseError, type CreateOptions, type ParsedStore, type ParseOptions, type TranslationFormat } from '../format.js';
import { DocumentStore, type Appended, type DocumentSyntax } from './document-store.js';
import { decodeDocument, detectEol, lineAt } from './document-text.js';
import { markupRulesFor } from './html-escape.js';
import { segmentHtml } from './html-segmenter.js';
import { TagError } from './html-tags.js';

const identity = (text: string): string => text;

/** New segments become paragraphs just before </body> (or at the end of a fragment). */
function appendParagraph(text: string, lastSegmentEnd: number): Appended {
  const eol = detectEol(text);
  const body = text.toLowerCase().lastIndexOf('</body');
  if (body >= lastSegmentEnd) {
    const lineStart = text.lastIndexOf('\n', body - 1) + 1;
    const indent = text.slice(lineStart, body);
    if (/^[ \t]*$/.test(indent) && lineStart >= lastSegmentEnd) return { at: lineStart, before: `${indent}<p>`, after: `</p>${eol}`, render: identity };
    return { at: body, before: '<p>', after: `</p>${eol}`, render: identity };
  }
  const needsEol = text !== '' && !text.endsWith('\n');
  return { at: text.length, before: `${needsEol ? eol : ''}<p>`, after: `</p>${eol}`, render: identity };
}

function syntaxFor(filename: string | undefined): DocumentSyntax {
  return {
    segment: (text) => {
      try {
        return segmentHtml(text, 0, text.length, markupRulesFor(text, filename));
      } catch (error) {
        if (error instanceof TagError) throw new FormatParseError(error.message, lineAt(text, error.offset), filename);
        throw error;
      }
    },
    append: appendParagraph,
    mergeDuplicates: true,
  };
}

function parseHtml(bytes: Uint8Array, options?: ParseOptions): ParsedStore {
  const { text, bom } = decodeDocument(bytes, options?.filename);
  return new DocumentStore({ text, bom, original: bytes, syntax: syntaxFor(options?.filename), template: options?.template, filename: options?.filename });
}

const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * With a template: the template's document with every segment untranslated. Without: an empty
 * HTML5 page in the language, to which addUnit appends paragraphs.
 */
function createHtml(options: CreateOptions): ParsedStore {
  if (options.template) {
    const bytes = options.template.serialize();
    const { text, bom } = decodeDocument(bytes);
    return new DocumentStore({ text, bom, original: null, syntax: syntaxFor(undefined), template: options.template });
  }
  const lang = escapeAttribute(options.language.replace(/_/g, '-'));
  const text = `<!DOCTYPE html>\n<html lang="${lang}">\n<head>\n<meta charset="utf-8">\n</head>\n<body>\n</body>\n</html>\n`;
  return new DocumentStore({ text, bom: false, original: null, syntax: syntaxFor(undefined) });
}

/**
 * HTML document ("docfile" component). Units are segments: the text of block elements (p, h1-h6,
 * li, td, th, dt, dd, caption, title, figcaption, text directly in div/section/blockquote, ...)
 * with inline markup kept as raw HTML, and alt/title/placeholder/aria-label attributes plus
 * <meta name="description|keywords"> content. Keys are hashes of the source text; a translated
 * document parsed with ParseOptions.template aligns its segments with the template's by position.
 */
export const htmlFormat: TranslationFormat = {
  id: 'html',
  name: 'HTML file',
  extensions: ['html', 'htm', 'xhtml'],
  monolingual: true,
  mimeType: 'text/html',
  parse: parseHtml,
  create: createHtml,
};
