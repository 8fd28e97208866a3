// Change rows → change objects, from references loaded once per page (ChangesService.refs).
import type { ChangeRow } from '../../db/schema.js';
import { ACTION_NAMES } from '../../domain/change-actions.js';
import type { ChangeRefs } from '../../services/activity/changes.service.js';
import type { Urls } from '../urls.js';

export function serializeChange(u: Urls, c: ChangeRow, refs: ChangeRefs) {
  const component = c.component_id === null ? undefined : refs.components.get(c.component_id);
  const translation = c.translation_id === null ? undefined : refs.translations.get(c.translation_id);
  const user = c.user_id === null ? undefined : refs.users.get(c.user_id);
  const author = c.author_id === null ? undefined : refs.users.get(c.author_id);
  let details: Record<string, unknown> = {};
  try {
    details = JSON.parse(c.details) as Record<string, unknown>;
  } catch {
    // a malformed row shows no details rather than failing the whole list
  }
  return {
    unit: c.unit_id !== null && refs.units.has(c.unit_id) ? u.unit(c.unit_id) : null,
    component: component ? u.component(component.project, component.component) : null,
    translation: translation ? u.translation(translation.project, translation.component, translation.language) : null,
    user: user ? u.user(user.username) : null,
    author: author ? u.user(author.username) : null,
    alert: null,
    timestamp: c.timestamp,
    action: c.action,
    target: c.target,
    old: c.old,
    details,
    id: c.id,
    action_name: ACTION_NAMES[c.action] ?? '',
    url: u.change(c.id),
  };
}

export type ChangeObject = ReturnType<typeof serializeChange>;
