// Segmentation of a real W3C page compared with the reference extraction's units for it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeWithFiles, REAL_WORLD_DIR } from '../contract/format-contract.js';
import { htmlFormat } from './html.format.js';

const DIR = path.join(REAL_WORLD_DIR, 'html/w3c-i18n-drafts/quicktips');

/*
 * Measured by running the reference HTML extraction on index.en.html: 87 segments, 73 distinct texts
 * (duplicates are one unit). Three of them are the JavaScript of <script> elements inside <header>,
 * <div> and <section>, which the reference treats as text; Parla never offers code for translation,
 * so it has 84 segments and 70 units. Every other unit has the same text, once numeric character
 * references are decoded (the reference decodes them, Parla keeps the document's spelling).
 */
describeWithFiles(DIR, 'the W3C quick tips page', () => {
  const store = () => htmlFormat.parse(fs.readFileSync(path.join(DIR, 'index.en.html')), { filename: 'index.en.html' });

  it('has the reference units, minus script code', () => {
    const units = store().units;
    expect(units.length).toBe(70);
    expect(units.reduce((n, u) => n + u.location.split(', ').length, 0)).toBe(84);
    expect(units.some((u) => u.source[0]!.includes('document.getElementById'))).toBe(false);
  });

  it('segments as the reference does', () => {
    const units = store().units;
    const sources = units.map((u) => u.source[0]);
    expect(sources.slice(0, 4)).toEqual([
      'en',
      'Internationalization Quick Tips for the Web',
      'Some key concepts of international Web design worth bearing in mind. These tips are not complete guidelines.',
      '<a href="#encoding">Encoding.</a> Use the UTF-8 (Unicode) character encoding for content, databases, etc. Always declare the encoding.',
    ]);
    // Lines joined, and the link wrapping the whole <dd> left in the document.
    expect(sources).toContain('<a href="#presentation">Presentation vs. content.</a> Use style sheets for presentational information. Restrict markup to semantics.');
    const authors = units.find((u) => u.source[0] === 'HTML &amp; CSS authors')!;
    expect(authors.location.split(', ')).toHaveLength(3);
    // Title and <h1> share their text: one unit.
    expect(units[1]!.location).toBe('index.en.html:5, index.en.html:50');
    const give = units.find((u) => u.source[0] === 'Give me more background')!;
    expect(give.location.split(', ')).toHaveLength(6);
  });
});
