// WebVTT (.vtt) subtitles: cues with optional identifiers, timings and settings; NOTE blocks are the next cue's note.

import { FormatParseError, type CreateOptions, type ParsedStore, type ParseOptions, type TranslationFormat } from '../format.js';
import { blocksOf, CueStore, decodeSubtitle, lineNumberAt, removeEndAfter, withoutBlankLines, type CueSpan, type Line, type SubtitleDialect } from '../subtitle/cue-store.js';

const TIME = String.raw`(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}`;
const TIMING = new RegExp(String.raw`^[ \t]*(${TIME})[ \t]+-->[ \t]+(${TIME})(?:[ \t].*)?$`);
const SIGNATURE = /^WEBVTT(?:[ \t].*)?$/;
const NOTE = /^NOTE(?:[ \t]|$)/;
const OTHER_BLOCK = /^(?:STYLE|REGION)[ \t]*$/;

export const webvttDialect: SubtitleDialect = {
  label: 'WebVTT',
  /** The header block is kept as it is, as are STYLE and REGION blocks; a NOTE block is the note of the cue after it. */
  read(text: string, lines: Line[], filename: string | undefined): CueSpan[] {
    const lineText = (i: number) => text.slice(lines[i]!.start, lines[i]!.end);
    if (lines.length === 0 || !SIGNATURE.test(lineText(0))) throw new FormatParseError('a WebVTT file starts with "WEBVTT"', 1, filename);
    const cues: CueSpan[] = [];
    let note = '';
    for (const { first, last } of blocksOf(text, lines).slice(1)) {
      const head = lineText(first);
      if (NOTE.test(head)) {
        const body = [head.slice(4), ...Array.from({ length: last - first }, (_, k) => lineText(first + 1 + k))];
        note = body.join('\n').trim();
        continue;
      }
      if (OTHER_BLOCK.test(head)) continue;
      const timingLine = head.includes('-->') ? first : first < last && lineText(first + 1).includes('-->') ? first + 1 : -1;
      if (timingLine < 0) throw new FormatParseError('expected a cue timing line ("00:01.000 --> 00:02.000")', lineNumberAt(lines, first), filename);
      const m = TIMING.exec(lineText(timingLine));
      if (!m) throw new FormatParseError('malformed cue timing', lineNumberAt(lines, timingLine), filename);
      const timingEnd = lines[timingLine]!.end;
      const hasText = timingLine < last;
      cues.push({
        timing: `${m[1]} --> ${m[2]}`,
        timingEnd,
        textStart: hasText ? lines[timingLine + 1]!.start : timingEnd,
        textEnd: hasText ? lines[last]!.end : timingEnd,
        removeStart: lines[first]!.start,
        removeEnd: removeEndAfter(text, lines, last),
        note,
      });
      note = '';
    }
    return cues;
  },
  newCue(timing: string, text: string, eol: string): string {
    const head = timing || '00:00:00.000 --> 00:00:00.000';
    return text === '' ? head : head + eol + text;
  },
  /** "-->" would make a text line a timing line: it is written as "--&gt;", which players show as "-->". */
  cueText: (text: string) => withoutBlankLines(text).replaceAll('-->', '--&gt;'),
};

const parse = (bytes: Uint8Array, options?: ParseOptions): ParsedStore => {
  const { text, bom } = decodeSubtitle(bytes, 'WebVTT', options?.filename);
  return new CueStore(webvttDialect, text, bom, bytes, options);
};

export const webvttFormat: TranslationFormat = {
  id: 'webvtt',
  name: 'WebVTT subtitle file',
  extensions: ['vtt'],
  monolingual: true,
  mimeType: 'text/vtt',
  parse,
  /** A new file holds the signature only; the template's cues are added as they get translated. */
  create: (_options: CreateOptions): ParsedStore => parse(Buffer.from('WEBVTT\n', 'utf8')),
};
