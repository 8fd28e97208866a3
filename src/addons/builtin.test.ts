// Pure logic of the built-in add-ons: configuration validation, pseudo-localization, LINGUAS, MO paths, flags, commit grouping.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../shared/errors.js';
import { autotranslateAddon } from './autotranslate.addon.js';
import { bulkAddon } from './bulk.addon.js';
import { noConfiguration } from './config.js';
import { editFlags } from './flags-support.js';
import { linguasPath, updateLinguas } from './linguas.addon.js';
import { moAddon, moPathFor } from './mo.addon.js';
import { pseudolocaleAddon, pseudolocalize } from './pseudolocale.addon.js';
import { canonicalAddonName, getAddon, listAddons } from './registry.js';
import { groupCommits, squashAddon } from './squash.addon.js';

/** The field errors a validate() call throws (all under attr `configuration`). */
function errorsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    const errors = (e as ValidationError).fieldErrors;
    for (const err of errors) expect(err.attr).toBe('configuration');
    return errors.map((err) => err.detail);
  }
  throw new Error('no validation error');
}

describe('registry', () => {
  it('resolves parla.* as an alias of weblate.* and lists every built-in add-on once', () => {
    expect(canonicalAddonName('parla.gettext.mo')).toBe('weblate.gettext.mo');
    expect(getAddon('parla.gettext.mo')).toBe(moAddon);
    expect(getAddon('weblate.nope')).toBeUndefined();
    const names = listAddons().map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['weblate.gettext.mo', 'weblate.gettext.linguas', 'weblate.gettext.msgmerge', 'weblate.cleanup.generic', 'weblate.cleanup.blank', 'weblate.git.squash', 'weblate.flags.bulk', 'weblate.flags.same_edit', 'weblate.flags.source_edit', 'weblate.flags.target_edit', 'weblate.generate.pseudolocale', 'weblate.autotranslate.autotranslate']) {
      expect(names).toContain(name);
    }
  });
});

describe('configuration validation', () => {
  it('applies defaults and rejects unknown options and wrong types', () => {
    expect(moAddon.validate(undefined)).toEqual({ path: '{{ filename|stripext }}.mo', fuzzy: false });
    expect(errorsOf(() => moAddon.validate({ colour: 'red' }))).toEqual(['colour: Unknown configuration option.']);
    expect(errorsOf(() => moAddon.validate({ fuzzy: 'maybe' }))).toEqual(['fuzzy: Must be a valid boolean.']);
    expect(errorsOf(() => moAddon.validate([]))).toEqual(['Expected a dictionary of items.']);
    expect(noConfiguration({})).toEqual({});
    expect(errorsOf(() => noConfiguration({ x: 1 }))).toEqual(['x: Unknown configuration option.']);
  });

  it('squash: a required choice of all/language/file/author', () => {
    expect(errorsOf(() => squashAddon.validate({}))).toEqual(['squash: This field is required.']);
    expect(squashAddon.validate({ squash: 'all' })).toEqual({ squash: 'all', commit_message: '', append_trailers: true });
    expect(squashAddon.validate({ squash: 'author' }).squash).toBe('author');
    expect(errorsOf(() => squashAddon.validate({ squash: 'everything' }))).toEqual(['squash: Select a valid choice. everything is not one of the available choices.']);
  });

  it('bulk: needs a valid query and something to change', () => {
    expect(bulkAddon.validate({ q: 'state:<translated', state: 10, add_flags: 'read-only, max-length:5' })).toEqual({ q: 'state:<translated', state: 10, add_flags: ['read-only', 'max-length:5'], remove_flags: [], add_labels: [], remove_labels: [] });
    expect(errorsOf(() => bulkAddon.validate({ q: 'state:<translated' }))).toEqual(['state: Nothing to change: choose a state, flags or labels.']);
    expect(errorsOf(() => bulkAddon.validate({ state: 10 }))).toEqual(['q: This field is required.']);
    expect(errorsOf(() => bulkAddon.validate({ q: 'bogus:1', state: 10 }))[0]).toMatch(/^q: /);
  });

  it('pseudolocale: source and target translations, differing', () => {
    expect(pseudolocaleAddon.validate({ source: 1, target: '2' })).toMatchObject({ source: 1, target: 2, var_multiplier: 0.1, prefix: '' });
    expect(errorsOf(() => pseudolocaleAddon.validate({ source: 3, target: 3 }))).toEqual(['target: The source and target translations must differ.']);
    expect(errorsOf(() => pseudolocaleAddon.validate({ target: 2 }))).toEqual(['source: This field is required.']);
  });

  it('autotranslate: a legacy filter becomes a query; machine translation needs engines', () => {
    expect(autotranslateAddon.validate({})).toEqual({ mode: 'suggest', q: 'state:<translated', auto_source: 'others', component: null, engines: [], threshold: 80 });
    expect(errorsOf(() => autotranslateAddon.validate({ auto_source: 'mt' }))).toEqual(['engines: This field is required.']);
    expect(errorsOf(() => autotranslateAddon.validate({ threshold: 0 }))).toEqual(['threshold: Ensure this value is greater than or equal to 1.']);
  });
});

describe('pseudolocalize', () => {
  it('wraps the text and pads it by the multiplier', () => {
    const c = { prefix: '[', suffix: ']', var_prefix: '~', var_suffix: '!', var_multiplier: 0.5 };
    expect(pseudolocalize('Hello', c)).toBe('[~~Hello!!]');
    expect(pseudolocalize('', c)).toBe('');
    expect(pseudolocalize('Žluť', { ...c, var_multiplier: 1 })).toBe('[~~~~Žluť!!!!]');
  });
});

describe('LINGUAS', () => {
  it('adds missing codes, keeping comments and the file style', () => {
    expect(updateLinguas('', ['de', 'cs'])).toBe('cs\nde\n');
    expect(updateLinguas('# languages\ncs\n', ['cs', 'fr'])).toBe('# languages\ncs\nfr\n');
    expect(updateLinguas('cs de\n', ['cs', 'de', 'fr'])).toBe('cs de fr\n');
    expect(updateLinguas('cs\nde\n', ['de', 'cs'])).toBe('cs\nde\n');
    expect(linguasPath('po/*.po')).toBe('po/LINGUAS');
    expect(linguasPath('*.po')).toBe('LINGUAS');
  });
});

describe('MO paths', () => {
  it('replaces the placeholders', () => {
    expect(moPathFor('{{ filename|stripext }}.mo', 'po/cs.po', 'cs')).toBe('po/cs.mo');
    expect(moPathFor('locale/{{ language_code }}/LC_MESSAGES/app.mo', 'po/cs.po', 'cs')).toBe('locale/cs/LC_MESSAGES/app.mo');
  });
});

describe('flags', () => {
  it('adds, replaces and removes flags by name', () => {
    expect(editFlags('', ['read-only'], [])).toBe('read-only');
    expect(editFlags('max-length:10,read-only', ['max-length:20'], ['read-only'])).toBe('max-length:20');
    expect(editFlags('a, b', [], ['c'])).toBe('a,b');
  });
});

describe('squash grouping', () => {
  it('groups by key in order of first appearance', () => {
    const c = (authorName: string, files: string[]) => ({ authorName, authorEmail: `${authorName}@x`, files });
    const commits = [c('a', ['cs.po']), c('b', ['de.po']), c('a', ['de.po'])];
    expect(groupCommits(commits, (x) => x.authorName).map((g) => g.length)).toEqual([2, 1]);
    expect(groupCommits(commits, (x) => x.files.join()).map((g) => g.map((x) => x.authorName))).toEqual([['a'], ['b', 'a']]);
  });
});
