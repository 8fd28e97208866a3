import { describe, expect, it } from 'vitest';
import { formats } from '../../formats/registry.js';
import { discoverLayouts } from './file-discovery.js';

const known = formats.list();

describe('discoverLayouts', () => {
  it('groups PO files by language into a mask with the template beside them', () => {
    const found = discoverLayouts(['README.md', 'po/app.pot', 'po/cs.po', 'po/de.po', 'po/pt_BR.po', 'src/main.c'], known);
    expect(found[0]).toEqual({ filemask: 'po/*.po', file_format: 'po', languages: ['cs', 'de', 'pt_BR'], template: '', new_base: 'po/app.pot' });
  });

  it('finds languages in folders and in name suffixes, and the base file of monolingual formats', () => {
    const found = discoverLayouts(
      ['locale/cs/LC_MESSAGES/django.po', 'locale/de/LC_MESSAGES/django.po', 'locale/django.pot', 'i18n/messages.en.json', 'i18n/messages.fr.json', 'i18n/messages.it.json'],
      known,
    );
    expect(found.map((l) => [l.filemask, l.file_format, l.languages.join(','), l.template, l.new_base])).toEqual([
      ['i18n/messages.*.json', 'json', 'en,fr,it', 'i18n/messages.en.json', ''],
      ['locale/*/LC_MESSAGES/django.po', 'po', 'cs,de', '', 'locale/django.pot'],
    ]);
  });

  it('reads Android resource folders and skips hidden folders and names that are no languages', () => {
    const found = discoverLayouts(['res/values/strings.xml', 'res/values-de/strings.xml', 'res/values-pt-rBR/strings.xml', '.github/cs.po', '.github/de.po', 'src/app.po', 'src/lib.po'], known);
    expect(found.map((l) => l.filemask)).toEqual(['res/values-*/strings.xml']);
    expect(found[0]!.languages).toEqual(['de', 'pt_BR']);
  });

  it('offers a single file when nothing else is there, and nothing for unknown formats', () => {
    expect(discoverLayouts(['docs/en.md'], known).map((l) => l.filemask)).toEqual(['docs/*.md']);
    expect(discoverLayouts(['src/main.c', 'Makefile'], known)).toEqual([]);
  });
});
