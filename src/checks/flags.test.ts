import { describe, expect, it } from 'vitest';
import { FlagSyntaxError, Flags, mergeFlags, parseFlags, serializeFlags } from './flags.js';

describe('parseFlags', () => {
  it('reads bare flags and parameters', () => {
    const f = parseFlags('c-format, max-length:80,  read-only');
    expect(f.names()).toEqual(['c-format', 'max-length', 'read-only']);
    expect(f.intValue('max-length')).toBe(80);
    expect(f.params('c-format')).toEqual([]);
    expect(f.has('python-format')).toBe(false);
  });

  it('reads quoted parameters with commas, colons and escapes', () => {
    const f = parseFlags('placeholders:"special:value":"other value", regex:.*');
    expect(f.params('placeholders')!.map((p) => p.value)).toEqual(['special:value', 'other value']);
    expect(f.value('regex')).toBe('.*');
    const q = parseFlags(`placeholders:"quoted \\"string\\"":'single \\'quoted\\''`);
    expect(q.params('placeholders')!.map((p) => p.value)).toEqual(['quoted "string"', "single 'quoted'"]);
    expect(parseFlags('placeholders:"{x}":"{y}", font-size:22').params('placeholders')!.map((p) => p.value)).toEqual(['{x}', '{y}']);
  });

  it('keeps backslashes in raw r"…" parameters and marks them', () => {
    const f = parseFlags('placeholders:r"\\]\\([^h].*?\\)"');
    expect(f.params('placeholders')).toEqual([{ value: '\\]\\([^h].*?\\)', raw: true }]);
  });

  it('is lenient by default and strict on request', () => {
    expect(parseFlags('c-format, placeholders:"open').has('c-format')).toBe(true);
    expect(() => parseFlags('placeholders:"open', { strict: true })).toThrow(FlagSyntaxError);
    expect(() => parseFlags('c-format,,  ,python-format', { strict: true })).not.toThrow();
  });

  it('normalises aliases and ignore flags', () => {
    const f = parseFlags('java-messageformat, ignore-end-stop, ignore-same');
    expect(f.has('java-format')).toBe(true);
    expect(f.ignores('end_stop')).toBe(true);
    expect(f.ignores('same')).toBe(true);
    expect(f.ignores('end_colon')).toBe(false);
  });
});

describe('mergeFlags', () => {
  it('lets later sources override parameters', () => {
    const f = mergeFlags('max-length:80, python-format', 'c-format', Flags.parse('max-length:40'));
    expect(f.intValue('max-length')).toBe(40);
    expect(f.has('python-format') && f.has('c-format')).toBe(true);
  });

  it('lets a PO no-c-format cancel a component c-format', () => {
    const f = mergeFlags('c-format, safe-html', 'no-c-format');
    expect(f.has('c-format')).toBe(false);
    expect(f.has('no-c-format')).toBe(true);
    expect(mergeFlags('no-python-format', 'python-format').has('no-python-format')).toBe(false);
  });

  it('skips empty sources', () => {
    expect(mergeFlags(undefined, null, '', 'url').names()).toEqual(['url']);
  });
});

describe('serializeFlags', () => {
  it('round-trips through parseFlags', () => {
    const text = `c-format, max-length:80, placeholders:"special:value":"other value":"a,b", regex:"^foo|bar$", placeholders2:r"%\\w+%"`;
    const f = parseFlags(text);
    const again = parseFlags(serializeFlags(f));
    expect(again.entries()).toEqual(f.entries());
    expect(serializeFlags(parseFlags('c-format, max-length:80'))).toBe('c-format, max-length:80');
    expect(serializeFlags(new Flags().set('placeholders', ['say "hi"']))).toBe('placeholders:"say \\"hi\\""');
  });
});
