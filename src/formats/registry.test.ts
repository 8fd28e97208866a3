// Tests for the file-format registry and its default contents.

import { describe, expect, it } from 'vitest';
import type { TranslationFormat } from './format.js';
import { FormatRegistry, formats } from './registry.js';

function dummyFormat(id: string): TranslationFormat {
  return {
    id,
    name: `Dummy ${id}`,
    extensions: [id],
    monolingual: true,
    mimeType: 'text/plain',
    parse: () => {
      throw new Error('not implemented');
    },
    create: () => {
      throw new Error('not implemented');
    },
  };
}

describe('FormatRegistry', () => {
  it('registers, finds and lists formats in registration order', () => {
    const registry = new FormatRegistry();
    const a = dummyFormat('a');
    const b = dummyFormat('b');
    expect(registry.register(a).register(b)).toBe(registry);
    // The registry hands out the format behind a NUL check on parse; everything else is the format's own.
    expect(Object.getPrototypeOf(registry.get('a'))).toBe(a);
    expect(registry.get('a')!.name).toBe('Dummy a');
    expect(registry.get('a')!.parse).not.toBe(a.parse);
    expect(registry.has('b')).toBe(true);
    expect(registry.has('c')).toBe(false);
    expect(registry.get('c')).toBeUndefined();
    expect(registry.list().map((f) => f.id)).toEqual(['a', 'b']);
  });

  it('rejects a second format with the same id', () => {
    const registry = new FormatRegistry().register(dummyFormat('a'));
    expect(() => registry.register(dummyFormat('a'))).toThrow(/already registered/);
  });

  it('list() returns a copy', () => {
    const registry = new FormatRegistry().register(dummyFormat('a'));
    registry.list().pop();
    expect(registry.list()).toHaveLength(1);
  });
});

describe('default registry', () => {
  it('knows bilingual and monolingual PO', () => {
    const po = formats.get('po');
    const mono = formats.get('po-mono');
    expect(po).toMatchObject({ id: 'po', name: 'Gettext PO file', monolingual: false, mimeType: 'text/x-po' });
    expect(po?.extensions).toEqual(['po', 'pot']);
    expect(mono).toMatchObject({ id: 'po-mono', monolingual: true, mimeType: 'text/x-po' });
    expect(formats.list().map((f) => f.id)).toEqual(expect.arrayContaining(['po', 'po-mono']));
  });

  it('po-mono uses msgid as key and msgstr as value', () => {
    const store = formats.get('po-mono')!.parse(Buffer.from('msgid "greeting"\nmsgstr "Hello"\n'));
    expect(store.units[0]).toMatchObject({ key: 'greeting', context: 'greeting', target: ['Hello'] });
  });
});
