// The live collaboration hook of the editor and the list view: where live.js finds the event stream and the texts it shows.
import { html, type SafeHtml } from './html.js';
import { assetUrl } from './assets.js';
import { tr } from './i18n.js';

export interface LiveRegion {
  /** The translation's /translate/…/ address; the stream is its events/ address. */
  translateHref: string;
  /** The string open in the editor (null in the list view). */
  unitId: number | null;
  /** The viewer's username: their own saves (from another tab) bring no banner. */
  username: string | null;
}

/** State names as the badges show them, for the badges live.js redraws. */
function stateNames(): Record<number, [string, string]> {
  return {
    0: [tr('Not translated'), 'empty'],
    10: [tr('Needs editing'), 'fuzzy'],
    11: [tr('Needs rewriting'), 'fuzzy'],
    12: [tr('Needs checking'), 'fuzzy'],
    20: [tr('Translated'), 'translated'],
    30: [tr('Approved'), 'translated'],
    100: [tr('Read-only'), 'translated'],
  };
}

/** What the notice of a change of many strings calls each reason. */
function reasonNames(): Record<string, string> {
  return {
    upload: tr('file upload'),
    autotranslate: tr('automatic translation'),
    'bulk-edit': tr('bulk edit'),
    replace: tr('search and replace'),
    repository: tr('repository update'),
  };
}

/**
 * The live region: a banner (shown when someone else saves the open string, with "Keep mine" and "Take theirs"; it
 * floats above the bottom of the window), who else is viewing and the translation's counters. The editor puts it below
 * the save buttons, so that it never moves the fields. When many strings changed at once (an upload, automatic
 * translation, a bulk edit) and the page may show some of them stale, a notice offers a reload. Without JavaScript it
 * stays empty and hidden.
 */
export function liveRegion(o: LiveRegion): SafeHtml {
  return html`<div id="live" class="live" data-live-url="${o.translateHref}events/" data-unit-id="${o.unitId ?? ''}" data-username="${o.username ?? ''}"
 data-states="${JSON.stringify(stateNames())}" data-reasons="${JSON.stringify(reasonNames())}"
 data-text-changed="${tr('Strings changed by {user} ({reason}): {count}. Reload to see the latest.')}"
 data-text-changed-anonymous="${tr('Strings changed ({reason}): {count}. Reload to see the latest.')}"
 data-text-saved="${tr('{user} just saved this string:')}"
 data-text-keep="${tr('Keep mine')}" data-text-take="${tr('Take theirs')}"
 data-text-taken="${tr('Their text is in the fields now: save to keep it.')}"
 data-text-kept="${tr('Your text stays in the fields: saving it replaces theirs.')}"
 data-text-viewers="${tr('Also here: {names}')}"
 data-text-counters="${tr('Translated: {translated} of {total} · Needs editing: {fuzzy} · Failing checks: {failing}')}">
<div id="live-banner" class="warning live-banner" role="alert" hidden></div>
<p id="live-status" class="muted" role="status" hidden></p>
<p id="live-notice" class="muted" role="status" hidden><span id="live-notice-text"></span> <a id="live-reload" href="">${tr('Reload')}</a></p>
<p id="live-line" class="muted" hidden><span id="live-presence" role="status"></span><span id="live-separator" hidden> · </span><span id="live-counters"></span></p>
<script src="${assetUrl('live.js')}" defer></script>
</div>`;
}
