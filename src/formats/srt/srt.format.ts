// SubRip (.srt) subtitles: numbered cues with a timing line; each cue's text is a unit keyed by its timing.

import { FormatParseError, type CreateOptions, type ParsedStore, type ParseOptions, type TranslationFormat } from '../format.js';
import { blocksOf, CueStore, decodeSubtitle, lineNumberAt, removeEndAfter, withoutBlankLines, type CueSpan, type Line, type SubtitleDialect } from '../subtitle/cue-store.js';

const TIME = String.raw`\d+:\d{1,2}:\d{1,2}[,.]\d{1,3}`;
const TIMING = new RegExp(String.raw`^[ \t]*(${TIME})[ \t]*-->[ \t]*(${TIME})(?:[ \t].*)?$`);
const INDEX = /^[ \t]*\d+[ \t]*$/;

function timingOf(line: string): string | null {
  const m = TIMING.exec(line);
  return m ? `${m[1]} --> ${m[2]}` : null;
}

export const srtDialect: SubtitleDialect = {
  label: 'SubRip',
  /**
   * A block is a cue when it starts with an index and a timing line, or with a timing line alone.
   * Any other block continues the previous cue's text: some files have blank lines inside a cue.
   */
  read(text: string, lines: Line[], filename: string | undefined): CueSpan[] {
    const cues: CueSpan[] = [];
    const lineText = (i: number) => text.slice(lines[i]!.start, lines[i]!.end);
    for (const { first, last } of blocksOf(text, lines)) {
      let timingLine = -1;
      if (INDEX.test(lineText(first)) && first < last && timingOf(lineText(first + 1))) timingLine = first + 1;
      else if (timingOf(lineText(first))) timingLine = first;
      if (timingLine < 0) {
        const previous = cues[cues.length - 1];
        if (!previous) throw new FormatParseError('expected a cue number or a timing line ("00:00:01,000 --> 00:00:02,000")', lineNumberAt(lines, first), filename);
        if (previous.textStart === previous.textEnd) previous.textStart = lines[first]!.start;
        previous.textEnd = lines[last]!.end;
        previous.removeEnd = removeEndAfter(text, lines, last);
        continue;
      }
      const timingEnd = lines[timingLine]!.end;
      const hasText = timingLine < last;
      cues.push({
        timing: timingOf(lineText(timingLine))!,
        timingEnd,
        textStart: hasText ? lines[timingLine + 1]!.start : timingEnd,
        textEnd: hasText ? lines[last]!.end : timingEnd,
        removeStart: lines[first]!.start,
        removeEnd: removeEndAfter(text, lines, last),
        note: '',
      });
    }
    return cues;
  },
  newCue(timing: string, text: string, eol: string, previous: readonly string[]): string {
    const head = `${previous.length + 1}${eol}${timing || '00:00:00,000 --> 00:00:00,000'}`;
    return text === '' ? head : head + eol + text;
  },
  cueText: withoutBlankLines,
};

const parse = (bytes: Uint8Array, options?: ParseOptions): ParsedStore => {
  const { text, bom } = decodeSubtitle(bytes, 'SubRip', options?.filename);
  return new CueStore(srtDialect, text, bom, bytes, options);
};

export const srtFormat: TranslationFormat = {
  id: 'srt',
  name: 'SubRip subtitle file',
  extensions: ['srt'],
  monolingual: true,
  mimeType: 'application/x-subrip',
  parse,
  /** A new file is empty; the template's cues are added with their timings as they get translated. */
  create: (_options: CreateOptions): ParsedStore => parse(new Uint8Array(0)),
};
