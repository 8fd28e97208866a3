// Unit tests for component discovery planning: regex checks, grouping by filemask, templates, slugs.
import { describe, expect, it } from 'vitest';
import { compileLayout, DiscoveryConfigError, planDiscovery, renderTemplate, slugify, type DiscoveryLayout } from './discovery-plan.js';

const layout = (over: Partial<DiscoveryLayout> = {}): DiscoveryLayout => ({
  match: 'po/(?P<component>[^/]*)/(?P<language>[^/.]*)\\.po',
  name_template: '{{ component|title }}',
  base_file_template: '',
  new_base_template: 'po/{{ component }}.pot',
  language_regex: '^[^.]+$',
  ...over,
});

const FILES = ['README.md', 'po/app/de.po', 'po/app/cs.po', 'po/app.pot', 'po/web_ui/de.po', 'po/web_ui/fr_FR.po', 'po/web_ui/notes.txt', 'po/web_ui/sub/de.po', '.git/config'];

describe('discovery plan', () => {
  it('groups matching files into one component per filemask', () => {
    const plan = planDiscovery(FILES, layout());
    expect(plan.components).toEqual([
      { filemask: 'po/app/*.po', name: 'App', slug: 'app', template: '', new_base: 'po/app.pot', languages: ['cs', 'de'], files: ['po/app/cs.po', 'po/app/de.po'] },
      { filemask: 'po/web_ui/*.po', name: 'Web_Ui', slug: 'web_ui', template: '', new_base: 'po/web_ui.pot', languages: ['de', 'fr_FR'], files: ['po/web_ui/de.po', 'po/web_ui/fr_FR.po'] },
    ]);
  });

  it('needs the whole path to match and filters languages', () => {
    const plan = planDiscovery(['po/app/de.po', 'po/app/de.po.bak', 'po/app/en.po'], layout({ language_regex: '^(?:de|cs)$' }));
    expect(plan.components.map((c) => c.languages)).toEqual([['de']]);
  });

  it('supports language directories, component parts and base file templates', () => {
    const files = ['locale/de/LC_MESSAGES/django.po', 'locale/cs/LC_MESSAGES/django.po', 'locale/de/LC_MESSAGES/djangojs.po', 'src/en/a.json', 'src/de/a.json'];
    const gettext = planDiscovery(files, layout({ match: 'locale/(?P<language>[^/]*)/LC_MESSAGES/(?P<component>[^/]*)\\.po', name_template: '{{ component }}', new_base_template: '' }));
    expect(gettext.components.map((c) => [c.filemask, c.name, c.languages.join(',')])).toEqual([
      ['locale/*/LC_MESSAGES/django.po', 'django', 'cs,de'],
      ['locale/*/LC_MESSAGES/djangojs.po', 'djangojs', 'de'],
    ]);
    const parts = planDiscovery(files, layout({ match: '(?P<component_dir>src)/(?P<language>[^/]*)/(?P<component_file>[^/]*)\\.json', name_template: '{{ component|upper }}', base_file_template: '{{ component_dir }}/en/{{ component_file }}.json' }));
    expect(parts.components).toMatchObject([{ filemask: 'src/*/a.json', name: 'SRC-A', slug: 'src-a', template: 'src/en/a.json', languages: ['de', 'en'] }]);
  });

  it('drops matches whose name collides or is empty', () => {
    const plan = planDiscovery(['a/x/de.po', 'b/x/de.po', 'c//de.po'], layout({ match: '(?P<dir>[^/]*)/(?P<component>[^/]*)/(?P<language>[^/.]*)\\.po', new_base_template: '' }));
    expect(plan.components.map((c) => c.filemask)).toEqual(['a/x/*.po']);
    expect(plan.skipped).toHaveLength(2);
    expect(plan.skipped.join('\n')).toMatch(/slug "x"/);
  });

  it('rejects bad layouts with the field at fault', () => {
    const fieldOf = (over: Partial<DiscoveryLayout>): string | null => {
      try {
        compileLayout(layout(over));
        return null;
      } catch (e) {
        return e instanceof DiscoveryConfigError ? `${e.field}: ${e.message}` : `unexpected ${String(e)}`;
      }
    };
    expect(fieldOf({})).toBeNull();
    expect(fieldOf({ match: '(?P<component>[^/]*)/(' })).toMatch(/^match: Invalid regular expression/);
    expect(fieldOf({ match: '(?P<component>[^/]*)/x\\.po' })).toMatch(/^match: .*"language"/);
    expect(fieldOf({ match: '(?P<lang>[^/]*)/(?P<language>[^/]*)' })).toMatch(/^match: .*"component"/);
    // Nested repetition is safe under the linear-time engine; what it cannot run is refused.
    expect(fieldOf({ match: '(?P<component>(a+)+)/(?P<language>[^/]*)' })).toBeNull();
    expect(fieldOf({ language_regex: '^(?!en$)' })).toMatch(/^language_regex: .*lookaround/);
    expect(fieldOf({ language_regex: '(' })).toMatch(/^language_regex:/);
    expect(fieldOf({ name_template: '{{ component|evil }}' })).toMatch(/^name_template: Unknown template filter/);
    expect(fieldOf({ base_file_template: '../{{ component }}.po' })).toMatch(/^base_file_template: .*relative/);
  });

  it('renders templates and slugs like the reference', () => {
    expect(renderTemplate('{{ component|title }} ({{ language }}){{ missing }}', { component: 'my app', language: 'de' })).toBe('My App (de)');
    expect(slugify('Ünïcode App / Main')).toBe('unicode-app-main');
  });
});
