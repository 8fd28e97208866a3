// Where a notification mail says a change happened: the language named in the mail's language, the rest as stored.
import { describe, expect, it } from 'vitest';
import type { ChangeRow } from '../../db/schema.js';
import type { ChangeRefs } from '../activity/changes.service.js';
import { runInLanguage, SOURCE_CATALOG } from '../../ui/i18n.js';
import { placeOf } from './messages.js';

const refs = {
  translations: new Map([[7, { project: 'shop', component: 'app', language: 'cs', projectName: 'Shop', componentName: 'App', languageName: 'Czech' }]]),
  components: new Map(),
  projects: new Map(),
} as unknown as ChangeRefs;
const change = { translation_id: 7, component_id: null, project_id: null } as unknown as ChangeRow;

describe('placeOf', () => {
  it('names the language in the language of the mail', () => {
    expect(placeOf(change, refs)).toBe('Shop / App — Czech');
    expect(runInLanguage({ ...SOURCE_CATALOG, code: 'de' }, () => placeOf(change, refs))).toBe('Shop / App — Tschechisch');
    expect(runInLanguage({ ...SOURCE_CATALOG, code: 'cs' }, () => placeOf(change, refs))).toBe('Shop / App — čeština');
  });
});
