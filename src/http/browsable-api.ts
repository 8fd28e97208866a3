// The browsable API page: any JSON response rendered as HTML with clickable links and the allowed methods.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export interface BrowsablePage {
  method: string;
  url: string;
  status: number;
  allow: string;
  json: string;
}

export function renderBrowsableApi(page: BrowsablePage): string {
  let pretty = page.json;
  try {
    pretty = JSON.stringify(JSON.parse(page.json), null, 2);
  } catch {
    // not JSON after all: show it as it is
  }
  // Links are made clickable after escaping, so no markup from the data can get through.
  const body = escapeHtml(pretty).replace(/&quot;(https?:\/\/[^\s&]+?)&quot;/g, (_m, url: string) => `&quot;<a href="${url}">${url}</a>&quot;`);
  const title = escapeHtml(`${page.method} ${page.url}`);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${title} – Parla API</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}pre{background:#f6f8fa;padding:1rem;overflow:auto;border-radius:6px}.meta{color:#555}</style>
</head><body>
<h1>Parla API</h1>
<p class="meta"><strong>${title}</strong></p>
<p class="meta">HTTP ${page.status} · Allow: ${escapeHtml(page.allow)} · Content-Type: application/json</p>
<pre>${body}</pre>
</body></html>
`;
}
