// Unit tests of filemask matching and language code extraction.
import { describe, expect, it } from 'vitest';
import { checkFilemask, filenameFor, matchFilemask } from './filemask.js';

describe('filemask', () => {
  it('matches files and extracts the language code', () => {
    const files = ['po/cs.po', 'po/de.po', 'po/app.pot', 'po/sub/fr.po', 'locale/pt_BR/LC_MESSAGES/app.po', 'po/.hidden.po'];
    expect(matchFilemask(files, 'po/*.po')).toEqual([{ path: 'po/cs.po', code: 'cs' }, { path: 'po/de.po', code: 'de' }]);
    expect(matchFilemask(files, 'locale/*/LC_MESSAGES/app.po')).toEqual([{ path: 'locale/pt_BR/LC_MESSAGES/app.po', code: 'pt_BR' }]);
  });
  it('treats regex characters literally', () => {
    expect(matchFilemask(['a+b/cs.po', 'aab/cs.po'], 'a+b/*.po').map((m) => m.path)).toEqual(['a+b/cs.po']);
  });
  it('requires a language placeholder and a relative path', () => {
    expect(() => checkFilemask('po/cs.po')).toThrow(/placeholder/);
    expect(() => checkFilemask('../po/*.po')).toThrow(/relative/);
    expect(() => checkFilemask('/etc/*.po')).toThrow(/relative/);
    expect(filenameFor('po/*.po', 'de')).toBe('po/de.po');
  });
  it('takes the one file of a format that keeps every language in it, without a placeholder', () => {
    expect(() => checkFilemask('App/Localizable.xcstrings', true)).not.toThrow();
    expect(() => checkFilemask('App/*.xcstrings', true)).toThrow(/without \*/);
    expect(() => checkFilemask('../Localizable.xcstrings', true)).toThrow(/relative/);
    expect(filenameFor('App/Localizable.xcstrings', 'de')).toBe('App/Localizable.xcstrings');
  });
});
