// Unit tests of the SubRip format: keys and locations from timings, empty cues, additions, blank lines in cues.
import { describe, expect, it } from 'vitest';
import { srtFormat } from './srt.format.js';

const FILE = '1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:01,000 --> 00:00:02,000\nSame timing\n\n3\n00:00:03,000 --> 00:00:04,000\n';
const parse = (text: string) => srtFormat.parse(Buffer.from(text, 'utf8'));

describe('srt format', () => {
  it('keys cues by their timing, repeated timings numbered, the timing also as location', () => {
    const units = parse(FILE).units;
    expect(units.map((u) => [u.key, u.context, u.location, u.target[0]])).toEqual([
      ['00:00:01,000 --> 00:00:02,000', '00:00:01,000 --> 00:00:02,000', '00:00:01,000 --> 00:00:02,000', 'One'],
      ['00:00:01,000 --> 00:00:02,000 (2)', '00:00:01,000 --> 00:00:02,000 (2)', '00:00:01,000 --> 00:00:02,000', 'Same timing'],
      ['00:00:03,000 --> 00:00:04,000', '00:00:03,000 --> 00:00:04,000', '00:00:03,000 --> 00:00:04,000', ''],
    ]);
  });

  it('fills an empty cue at the end of the file and empties a cue', () => {
    const store = parse(FILE);
    store.updateUnit(2, { target: ['Tři'] });
    store.updateUnit(0, { target: [''] });
    expect(store.serialize().toString('utf8')).toBe('1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:01,000 --> 00:00:02,000\nSame timing\n\n3\n00:00:03,000 --> 00:00:04,000\nTři\n');
  });

  it('drops blank lines from a new text, since a blank line ends a cue', () => {
    const store = parse(FILE);
    store.updateUnit(1, { target: ['a\n\nb'] });
    expect(parse(store.serialize().toString('utf8')).units[1]!.target).toEqual(['a\nb']);
  });

  it('reads a block without number or timing as more text of the cue before it', () => {
    const units = parse('1\n00:00:01,000 --> 00:00:02,000\nFirst\n\nstill first\n\n2\n00:00:03,000 --> 00:00:04,000\nSecond\n').units;
    expect(units.map((u) => u.target[0])).toEqual(['First\n\nstill first', 'Second']);
  });

  it('numbers added cues after the existing ones and uses the key as their timing', () => {
    const store = parse('1\n00:00:01,000 --> 00:00:02,000\nOne\n');
    store.addUnit({ key: '00:00:05,000 --> 00:00:06,000', source: ['x'], target: ['Pět'] });
    expect(store.serialize().toString('utf8')).toBe('1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:05,000 --> 00:00:06,000\nPět\n');
  });

  it('refuses files over the size bound', () => {
    expect(() => srtFormat.parse(new Uint8Array(33 * 1024 * 1024))).toThrow(/larger than/);
  });
});
