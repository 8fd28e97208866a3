// Unit tests of the WebVTT format: notes, identifiers and settings kept, "-->" in a text, new cues.
import { describe, expect, it } from 'vitest';
import { webvttFormat } from './webvtt.format.js';

const FILE = 'WEBVTT\n\nNOTE for the translator\n\nid-1\n00:01.000 --> 00:02.000 align:end\nOne\n\n00:03.000 --> 00:04.000\nTwo\n';
const parse = (text: string) => webvttFormat.parse(Buffer.from(text, 'utf8'));

describe('webvtt format', () => {
  it('reads the NOTE before a cue as its note, the timing without settings as key and location', () => {
    const units = parse(FILE).units;
    expect(units.map((u) => [u.key, u.location, u.note, u.target[0]])).toEqual([
      ['00:01.000 --> 00:02.000', '00:01.000 --> 00:02.000', 'for the translator', 'One'],
      ['00:03.000 --> 00:04.000', '00:03.000 --> 00:04.000', '', 'Two'],
    ]);
  });

  it('changes only the cue text, keeping identifier and settings', () => {
    const store = parse(FILE);
    store.updateUnit(0, { target: ['Jedna'] });
    expect(store.serialize().toString('utf8')).toBe(FILE.replace('One', 'Jedna'));
  });

  it('writes "-->" in a text so that it stays text', () => {
    const store = parse(FILE);
    store.updateUnit(1, { target: ['a --> b'] });
    const back = parse(store.serialize().toString('utf8'));
    expect(back.units.length).toBe(2);
    expect(back.units[1]!.target).toEqual(['a --&gt; b']);
  });

  it('adds cues after the last one, with the key as timing', () => {
    const store = webvttFormat.create({ language: 'cs' });
    store.addUnit({ key: '00:05.000 --> 00:06.000', source: ['x'], target: ['Pět'] });
    expect(store.serialize().toString('utf8')).toBe('WEBVTT\n\n00:05.000 --> 00:06.000\nPět\n');
  });

  it('removes a cue with the blank lines after it', () => {
    const store = parse(FILE);
    store.removeUnit(0);
    expect(store.serialize().toString('utf8')).toBe('WEBVTT\n\nNOTE for the translator\n\n00:03.000 --> 00:04.000\nTwo\n');
  });
});
