// The live collaboration hook of the editor and the list view: where live.js finds the event stream and what it fills in.
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

/**
 * The live region: a banner (shown when someone else saves the open string, with "Keep mine" and "Take theirs"; it
 * floats above the bottom of the window), who else is viewing and the translation's counters. The editor puts it below
 * the save buttons, so that it never moves the fields. When many strings changed at once (an upload, automatic
 * translation, a bulk edit) and the page may show some of them stale, a notice offers a reload. Without JavaScript it
 * stays empty and hidden.
 */
export function liveRegion(o: LiveRegion): SafeHtml {
  return html`<div id="live" class="live" data-live-url="${o.translateHref}events/" data-unit-id="${o.unitId ?? ''}" data-username="${o.username ?? ''}">
<div id="live-banner" class="warning live-banner" role="alert" hidden></div>
<p id="live-status" class="muted" role="status" hidden></p>
<p id="live-notice" class="muted" role="status" hidden><span id="live-notice-text"></span> <a id="live-reload" href="">${tr('Reload')}</a></p>
<p id="live-line" class="muted" hidden><span id="live-presence" role="status"></span><span id="live-separator" hidden> · </span><span id="live-counters"></span></p>
<script src="${assetUrl('live.js')}" defer></script>
</div>`;
}
