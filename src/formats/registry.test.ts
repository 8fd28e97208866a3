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

describe('PHP and INI formats', () => {
  it('are registered under the reference ids and read their files', () => {
    expect(formats.get('php')).toMatchObject({ monolingual: true, mimeType: 'text/x-php', extensions: ['php'] });
    expect(formats.get('laravel')!.parse(Buffer.from("<?php return ['a' => ['b' => 'One|Many']];")).units[0]).toMatchObject({ key: 'a.b', target: ['One', 'Many'] });
    expect(formats.get('ini')!.parse(Buffer.from('[s]\nk = "v"\n')).units[0]).toMatchObject({ key: '[s]k', target: ['v'] });
    expect(formats.get('joomla')!.parse(Buffer.from('K="a "_QQ_"b"_QQ_""\n')).units[0]).toMatchObject({ key: 'K', target: ['a "b"'] });
  });
});

describe('go-i18n TOML, gotext and Fluent formats', () => {
  it('are registered under the reference ids and read their files', () => {
    expect(formats.get('go-i18n-toml')).toMatchObject({ monolingual: true, extensions: ['toml'] });
    expect(formats.get('go-i18n-toml')!.parse(Buffer.from('[Cats]\none = "cat"\nother = "cats"\n')).units[0]).toMatchObject({ key: 'Cats', target: ['cat', 'cats'] });
    expect(formats.get('gotext')!.parse(Buffer.from('{"language": "de", "messages": [{"id": "Hi", "message": "Hi", "translation": "Hallo"}]}')).units[0]).toMatchObject({ key: 'Hi', target: ['Hallo'] });
    expect(formats.get('fluent')!.parse(Buffer.from('login = Log in\n    .title = Title\n')).units.map((u) => u.key)).toEqual(['login', 'login.title']);
  });
});

describe('FormatJS, subtitle, MO and String Catalog formats', () => {
  it('are registered under their ids and read their files', () => {
    expect(formats.get('formatjs')!.parse(Buffer.from('{"a": {"defaultMessage": "A", "description": "d"}}')).units[0]).toMatchObject({ key: 'a', target: ['A'], note: 'd' });
    expect(formats.get('srt')!.parse(Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nHi\n')).units[0]).toMatchObject({ key: '00:00:01,000 --> 00:00:02,000', target: ['Hi'] });
    expect(formats.get('webvtt')!.parse(Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n')).units[0]).toMatchObject({ key: '00:01.000 --> 00:02.000', target: ['Hi'] });
    expect(formats.get('mo')).toMatchObject({ monolingual: false, extensions: ['mo'] });
    const mo = formats.get('mo')!.create({ language: 'cs' });
    mo.addUnit({ source: ['Hello'], target: ['Ahoj'] });
    expect(formats.get('mo')!.parse(mo.serialize()).units[0]).toMatchObject({ source: ['Hello'], target: ['Ahoj'] });
    const catalog = '{"sourceLanguage": "en", "strings": {"Hi": {"localizations": {"cs": {"stringUnit": {"state": "translated", "value": "Ahoj"}}}}}, "version": "1.0"}';
    expect(formats.get('xcstrings')!.parse(Buffer.from(catalog), { language: 'cs' }).units[0]).toMatchObject({ key: 'Hi', target: ['Ahoj'] });
  });
});

describe('Java properties dialects', () => {
  it('are registered under the reference ids and read their files', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hello=Ahoj světe\n', 'utf16le')]);
    expect(formats.get('properties-utf16')!.parse(utf16).units[0]).toMatchObject({ key: 'hello', target: ['Ahoj světe'] });
    expect(formats.get('gwt')!.parse(Buffer.from('items=You have {0} items\nitems[one]=You have one item\n')).units).toMatchObject([{ key: 'items', target: ['You have one item', 'You have {0} items'] }]);
    expect(formats.get('xwiki-java-properties')!.parse(Buffer.from("a=Can''t open {0}\nb=Don''t\n")).units.map((u) => u.target[0])).toEqual(["Can't open {0}", "Don''t"]);
    expect(formats.get('mi18n-lang')).toMatchObject({ extensions: ['lang'], monolingual: true });
    expect(formats.get('mi18n-lang')!.parse(Buffer.from('NATIVE_NAME = čeština\nsave=Uložit\n')).units.map((u) => [u.key, u.target[0]])).toEqual([['NATIVE_NAME', 'čeština'], ['save', 'Uložit']]);
    expect(formats.list().map((f) => f.id)).toEqual(expect.arrayContaining(['properties', 'properties-utf8', 'properties-utf16', 'gwt', 'xwiki-java-properties', 'mi18n-lang']));
  });
});

describe('Mozilla DTD format', () => {
  it('is registered under the reference id and reads entities', () => {
    expect(formats.get('dtd')).toMatchObject({ monolingual: true, extensions: ['dtd'] });
    expect(formats.get('dtd')!.parse(Buffer.from('<!-- note -->\n<!ENTITY a.label "Ahoj">\n')).units[0]).toMatchObject({ key: 'a.label', target: ['Ahoj'], note: 'note' });
  });
});

describe('.NET resources', () => {
  it('reads Windows .resw files as resx', () => {
    expect(formats.get('resx')!.extensions).toEqual(['resx', 'resw']);
    expect(formats.list().filter((f) => f.extensions.includes('resw')).map((f) => f.id)).toEqual(['resx']);
  });
});
