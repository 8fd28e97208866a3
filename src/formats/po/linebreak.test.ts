// Tests for the libunistring-compatible line-break opportunities and column widths used by the PO wrapper.

import { describe, expect, it } from 'vitest';
import { BREAK_MANDATORY, BREAK_POSSIBLE, codePointWidth, possibleLineBreaks } from './linebreak.js';
import { widthLineBreaks } from './wrap.js';

/** Shows break opportunities as "|" before the character they precede. */
function show(text: string): string {
  const breaks = possibleLineBreaks(text);
  let out = '';
  for (let i = 0; i < text.length; i++) out += (breaks[i] === BREAK_POSSIBLE ? '|' : breaks[i] === BREAK_MANDATORY ? '¶' : '') + text[i];
  return out;
}

describe('possibleLineBreaks', () => {
  it('breaks after spaces, never before them', () => {
    expect(show('the quick  brown')).toBe('the |quick  |brown');
    expect(show(' leading')).toBe(' leading');
  });

  it('follows libunistring where it deviates from UAX #14 (punctuation before letters)', () => {
    expect(show('time;timer;alarm')).toBe('time;|timer;|alarm');
    expect(show('e.g. <P>x.</P>')).toBe('e.|g. |<P>x.|</|P>');
    expect(show('1,000.50')).toBe('1,000.50');
  });

  it('breaks after hyphens and slashes but not inside numbers or before closing punctuation', () => {
    expect(show('well-known a/b (x) 10-20')).toBe('well-|known |a/|b |(x) |10-20');
    expect(show('"quoted" «x» end!')).toBe('"quoted" |«x» |end!');
  });

  it('handles ideographs, combining marks, joiners and flags', () => {
    expect(show('日本語')).toBe('日|本|語');
    expect(show('a\u0301b c\u0301')).toBe('a\u0301b |c\u0301');
    expect(show('سلام\u200cدنیا')).toBe('سلام\u200cدنیا');
    expect(show('👍🏽👍')).toBe('👍🏽|👍');
    expect(show('🇨🇿🇩🇪')).toBe('🇨🇿|🇩🇪');
    expect(show('a\u2028b')).toBe('a¶\u2028b');
  });
});

describe('codePointWidth', () => {
  it('counts columns like libunistring in a UTF-8 locale', () => {
    expect(['a', 'é', 'ж', 'ا'].map((c) => codePointWidth(c.codePointAt(0)!))).toEqual([1, 1, 1, 1]);
    expect(['日', '한', '😀', '（'].map((c) => codePointWidth(c.codePointAt(0)!))).toEqual([2, 2, 2, 2]);
    expect(['\u0301', '\u200b', '\u200c', '\u00ad'].map((c) => codePointWidth(c.codePointAt(0)!))).toEqual([0, 0, 0, 0]);
    expect(codePointWidth(0x07)).toBe(-1);
  });
});

describe('widthLineBreaks', () => {
  it('wraps greedily at the last opportunity that fits', () => {
    const text = 'aaa bbb ccc ddd';
    const breaks = widthLineBreaks(text, 8, 0);
    const lines: string[] = [];
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      if (breaks[i] === BREAK_POSSIBLE) {
        lines.push(text.slice(from, i));
        from = i;
      }
    }
    lines.push(text.slice(from));
    expect(lines).toEqual(['aaa bbb ', 'ccc ddd']);
  });

  it('keeps a word longer than the width on its own line', () => {
    const breaks = widthLineBreaks('a ' + 'x'.repeat(20) + ' b', 10, 0);
    expect([...breaks.keys()].filter((i) => breaks[i] === BREAK_POSSIBLE)).toEqual([2, 23]);
  });
});
