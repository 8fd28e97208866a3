// Fuzzing every registered file format: hostile bytes parse or fail with FormatParseError, and unmodified stores write back their bytes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatParseError, formats, type ParsedStore, type TranslationFormat } from '../../src/formats/index.js';
import { alphabetOf, generatedSample, PARSE_OPTIONS, realSamples } from './format-samples.js';
import { describeError, mutatedBytes, params, timed, trickyString } from './support.js';

/** A parse either gives a well-formed store or a clean FormatParseError; anything else is a bug in the format. */
function checkParse(format: TranslationFormat, bytes: Uint8Array): ParsedStore | null {
  const outcome = timed(`${format.id}.parse`, () => format.parse(bytes, PARSE_OPTIONS));
  if (!outcome.ok) {
    if (!(outcome.error instanceof FormatParseError)) expect.fail(`${format.id}.parse threw ${describeError(outcome.error)}`);
    expect(outcome.error.message.length, 'a parse error says what is wrong').toBeGreaterThan(0);
    return null;
  }
  const store = outcome.value;
  for (const u of store.units) {
    expect(typeof u.key, 'unit key').toBe('string');
    expect(u.source.every((s) => typeof s === 'string')).toBe(true);
    expect(u.target.length, 'a unit read from a file has at least one target form').toBeGreaterThan(0);
    expect(u.target.every((t) => typeof t === 'string')).toBe(true);
  }
  return store;
}

/**
 * What a successful parse promises beyond not crashing: the unmodified store writes back the very bytes it read
 * (format.ts), and reading those bytes again gives the same units.
 */
function checkStable(format: TranslationFormat, bytes: Uint8Array, store: ParsedStore): void {
  const written = timed(`${format.id}.serialize`, () => store.serialize());
  if (!written.ok) expect.fail(`${format.id}.serialize of a parsed store threw ${describeError(written.error)}`);
  expect(Buffer.from(written.value).equals(Buffer.from(bytes)), `${format.id}: an unmodified store serializes to its input`).toBe(true);
}

/**
 * An edit of a parsed file must give a file that parses again with the new text in place and the same number of
 * units: what the upload-then-translate path of the server relies on for every file a user brings.
 */
function checkEdit(format: TranslationFormat, store: ParsedStore, index: number, text: string): void {
  const before = store.units.length;
  const forms = store.units[index]!.target.map((_, i) => (i === 0 ? text : `${text} ${i}`));
  store.updateUnit(index, { target: forms });
  const bytes = timed(`${format.id}.serialize`, () => store.serialize());
  if (!bytes.ok) expect.fail(`${format.id}.serialize after an edit threw ${describeError(bytes.error)}`);
  const again = timed(`${format.id}.parse`, () => format.parse(bytes.value, PARSE_OPTIONS));
  if (!again.ok) expect.fail(`${format.id}: the edited file does not parse: ${describeError(again.error)}\n${Buffer.from(bytes.value).toString('utf8').slice(0, 1500)}`);
  expect(again.value.units.length, 'unit count after an edit').toBe(before);
  expect(again.value.units[index]!.target, 'edited target after reparse').toEqual(forms);
}

/**
 * Text an edit of a fuzzed file may hold. Segments of documents (HTML, Markdown) are markup, trimmed: only words
 * (one space between them in HTML).
 * CSV sniffs its dialect from the first line on every read; the writer quotes what would change it in the first
 * record, but a garbage file whose quotes do not pair up can make that "line" span several records, so edits of
 * fuzzed CSV stay clear of delimiters and quotes (the round-trip suite covers them on well-formed files).
 */
function editText(format: TranslationFormat, text: string): string {
  // HTML segments have their whitespace collapsed, as the reference extracts them.
  if (format.id === 'html') return text.replace(/[^\p{L}\p{N} ]+/gu, '').replace(/ +/g, ' ').trim() || 'word';
  if (format.id === 'markdown') return text.replace(/[^\p{L}\p{N} ]+/gu, '').trim() || 'word';
  if (format.id.startsWith('csv')) return text.replace(/[,;\t|'"]/g, '') || 'word';
  // In Laravel a `|` always separates plural forms: a singular text cannot hold one.
  if (format.id === 'laravel') return text.replaceAll('|', '') || 'word';
  // A Fluent text is pattern syntax: edits keep to plain words, which every pattern can hold.
  if (format.id === 'fluent') return text.replace(/[^\p{L}\p{N} ]+/gu, '').replace(/ +/g, ' ').trim() || 'word';
  // A blank line ends a subtitle cue (and a WebVTT text line with "-->" would be a timing line).
  if (format.id === 'srt' || format.id === 'webvtt') return text.replaceAll('-->', '').split(/\r\n|\n|\r/).filter((l) => l.trim() !== '').join('\n') || 'word';
  // NUL separates the plural forms of an MO translation.
  if (format.id === 'mo') return text.replaceAll('\u0000', '') || 'word';
  return text;
}

const seeds = new Map<string, Uint8Array[]>();
for (const format of formats.list()) {
  const all = [generatedSample(format), ...realSamples(format)];
  // A seed must itself be valid, or the mutations would only exercise the first error path.
  seeds.set(
    format.id,
    all.filter((bytes) => {
      try {
        format.parse(bytes, PARSE_OPTIONS);
        return true;
      } catch {
        return false;
      }
    }),
  );
}

describe.each(formats.list().map((f) => [f.id, f] as const))('fuzzing the %s format', (_id, format) => {
  it('parses its own seeds', () => {
    expect(seeds.get(format.id)!.length, 'the generated sample parses').toBeGreaterThan(0);
  });

  it('arbitrary bytes: a store or a FormatParseError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const store = checkParse(format, bytes);
        if (store) checkStable(format, bytes, store);
      }),
      params(0.5),
    );
  });

  it('arbitrary text: a store or a FormatParseError', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const bytes = new Uint8Array(Buffer.from(text, 'utf8'));
        const store = checkParse(format, bytes);
        if (store) checkStable(format, bytes, store);
      }),
      params(0.5),
    );
  });

  it('deeply nested or long repetitive input: a store or a FormatParseError, not a stack overflow', () => {
    const piece = fc.constantFrom('[', '{"a":', '{"a":[', '<a>', '<a b="', '<!--', '- ', '  a:\n', 'a:\n  ', '- - ', '"', '\\', '#', '{{', '<![CDATA[', '&#', 'msgid "', '\n', '/*', '=', ',');
    fc.assert(
      fc.property(piece, fc.integer({ min: 1000, max: 60_000 }), fc.constantFrom('', 'x', ']', '}', '</a>'), (p, n, end) => {
        const bytes = new Uint8Array(Buffer.from(p.repeat(n) + end, 'utf8'));
        const store = checkParse(format, bytes);
        if (store) checkStable(format, bytes, store);
      }),
      { ...params(0.02), endOnFailure: true },
    );
  });

  it('mutated valid files that still parse can be edited and read back', () => {
    fc.assert(
      fc.property(mutatedBytes(seeds.get(format.id)!, alphabetOf(format)), fc.nat(), trickyString(30).filter((t) => t.trim() !== ''), (bytes, n, text) => {
        const store = checkParse(format, bytes);
        if (!store || store.units.length === 0) return;
        checkEdit(format, store, n % store.units.length, editText(format, text));
      }),
      params(),
    );
  });

  it('mutated valid files: a store or a FormatParseError, and a store writes back its bytes', () => {
    fc.assert(
      fc.property(mutatedBytes(seeds.get(format.id)!, alphabetOf(format)), (bytes) => {
        const store = checkParse(format, bytes);
        if (store) checkStable(format, bytes, store);
      }),
      params(),
    );
  });
});
