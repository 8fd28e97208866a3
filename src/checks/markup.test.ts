import { describe, expect, it } from 'vitest';
import { failing, failingIds } from './test-support.js';

describe('xml-invalid', () => {
  it('checks translations of well-formed sources', () => {
    expect(failing('xml-invalid', 'Click <b>Save</b>', 'Klikněte na <b>Uložit</b>')).toBe(false);
    expect(failing('xml-invalid', 'Click <b>Save</b>', 'Klicken Sie auf <b>Speichern</b', 'de')).toMatch(/not valid XML/);
    expect(failing('xml-invalid', 'Click <b>Save</b>', '<b>保存</i>をクリック', 'ja')).toMatch(/closes/);
    expect(failing('xml-invalid', 'Tom &amp; Jerry <br/>', 'Том &amp; Джерри <br/>', 'ru')).toBe(false);
    expect(failing('xml-invalid', 'Tom &amp; Jerry <br/>', 'Tom & Jerry <br/>', 'fr')).toMatch(/&/);
  });
  it('skips sources that are not markup unless xml-text', () => {
    expect(failing('xml-invalid', 'a < b', 'a < b')).toBe(false);
    expect(failing('xml-invalid', 'Broken <b>source', 'Kaputt <b>', 'de')).toBe(false);
    expect(failing('xml-invalid', 'Plain text', 'Texte <b>gras', 'fr', 'xml-text')).toBeTruthy();
  });
});

describe('xml-tags', () => {
  it('compares tag names and attribute names in any order', () => {
    expect(failing('xml-tags', 'Read <a href="/doc">the docs</a> <b>now</b>', '<b>Jetzt</b> <a href="/doc/de">die Doku</a> lesen', 'de')).toBe(false);
    expect(failing('xml-tags', 'Read <a href="/doc">the docs</a>', 'Lisez la documentation', 'fr')).toMatch(/Missing: <a href>/);
    expect(failing('xml-tags', 'Click <b>Save</b>', 'Нажмите <i>Сохранить</i>', 'ru')).toMatch(/Extra: <i>/);
  });
});

describe('safe-html', () => {
  it('allows markup the source uses and bleach defaults', () => {
    expect(failing('safe-html', 'Read <a href="https://example.com">docs</a>', 'Lies <a href="https://example.com/de">Doku</a>', 'de')).toBe(false);
    expect(failing('safe-html', 'Hello', 'Dobrý <strong>den</strong>')).toBe(false);
  });
  it('fails on scripts, event handlers and javascript: URLs', () => {
    expect(failing('safe-html', 'Hello', 'Bonjour<script>alert(1)</script>', 'fr')).toMatch(/<script>/);
    expect(failing('safe-html', 'Read <a href="/x">docs</a>', 'Lies <a href="/x" onclick="steal()">Doku</a>', 'de')).toMatch(/onclick/);
    expect(failing('safe-html', 'Read <a href="/x">docs</a>', 'Читать <a href="javascript:alert(1)">доки</a>', 'ru')).toMatch(/Unsafe URL/);
  });
  it('runs only with the safe-html flag', () => {
    expect(failingIds('Hello', 'Bonjour<script>x</script>', 'fr')).not.toContain('safe-html');
    expect(failingIds('Hello', 'Bonjour<script>x</script>', 'fr', 'safe-html')).toContain('safe-html');
  });
});

describe('bbcode', () => {
  it('compares BBCode tags', () => {
    expect(failing('bbcode', 'This is [b]bold[/b]', 'Das ist [b]fett[/b]', 'de')).toBe(false);
    expect(failing('bbcode', 'This is [b]bold[/b]', 'C’est [i]gras[/i]', 'fr')).toBeTruthy();
    expect(failing('bbcode', 'This is [b]bold[/b]', 'Это жирный', 'ru')).toBeTruthy();
    expect(failing('bbcode', 'Array [0]', 'Pole [1]')).toBe(false);
  });
});

describe('md-link', () => {
  it('compares link targets, letting in-page anchors change', () => {
    expect(failing('md-link', 'See [the docs](https://docs.example.com)', 'Viz [dokumentace](https://docs.example.com)', 'cs', 'md-text')).toBe(false);
    expect(failing('md-link', 'See [install](#installation)', 'Siehe [Installation](#installation-1)', 'de', 'md-text')).toBe(false);
    expect(failing('md-link', 'See [the docs](https://docs.example.com)', 'Voir [la doc](https://evil.example.com)', 'fr', 'md-text')).toMatch(/targets changed/);
    expect(failing('md-link', 'See [the docs](https://docs.example.com)', 'См. документацию', 'ru', 'md-text')).toMatch(/count/);
  });
  it('runs only with md-text', () => {
    expect(failingIds('See [docs](https://a.example)', 'Viz dokumentace', 'cs')).not.toContain('md-link');
    expect(failingIds('See [docs](https://a.example)', 'Viz dokumentace', 'cs', 'md-text')).toContain('md-link');
  });
});

describe('md-syntax', () => {
  it('compares emphasis and code markers', () => {
    expect(failing('md-syntax', 'This is **important** and `code`', 'Das ist **wichtig** und `code`', 'de', 'md-text')).toBe(false);
    expect(failing('md-syntax', 'Set the snake_case_name', 'Nastavte snake_case_name', 'cs', 'md-text')).toBe(false);
    expect(failing('md-syntax', 'This is **important**', 'C’est *important*', 'fr', 'md-text')).toMatch(/missing \*\*/);
    expect(failing('md-syntax', 'Run `make`', 'Запустите make', 'ru', 'md-text')).toBeTruthy();
  });
});

describe('url', () => {
  it('requires the translation to be a URL when flagged', () => {
    expect(failing('url', 'https://weblate.org/', 'https://weblate.org/cs/', 'cs', 'url')).toBe(false);
    expect(failing('url', 'https://weblate.org/', 'weblate.org', 'de', 'url')).toBeTruthy();
    expect(failing('url', 'https://weblate.org/', 'https://weblate org/', 'fr', 'url')).toBeTruthy();
    expect(failingIds('https://weblate.org/', 'weblate', 'fr')).not.toContain('url');
  });
});

describe('md-reflink', () => {
  it('keeps the labels of reference links, the text may change', () => {
    expect(failing('md-reflink', 'See [the guide][guide].', 'Viz [návod][guide].', 'cs', 'md-text')).toBe(false);
    expect(failing('md-reflink', 'See [Guide][].', 'Voir [Guide][].', 'fr', 'md-text')).toBe(false);
    expect(failing('md-reflink', 'See [the guide][guide].', 'Siehe [die Anleitung][anleitung].', 'de', 'md-text')).toMatch(/missing \[guide\].*extra \[anleitung\]/);
    expect(failing('md-reflink', 'See [the guide][guide].', 'انظر الدليل.', 'ar', 'md-text')).toBeTruthy();
  });
  it('runs only with md-text', () => {
    expect(failingIds('See [the guide][guide].', 'Viz návod.')).not.toContain('md-reflink');
    expect(failingIds('See [the guide][guide].', 'Viz návod.', 'cs', 'md-text')).toContain('md-reflink');
  });
});
