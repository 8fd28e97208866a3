// The API reference page: Swagger UI from local assets, started by its own script file so a strict CSP holds.
import { escapeHtml } from '../browsable-api.js';
import { assetUrl } from './assets.js';

/**
 * Scripts only from this origin, no inline ones. Swagger UI sets some inline styles and draws icons from data: URLs
 * in its stylesheet, hence those two allowances.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function renderDocsPage(schemaUrl: string): string {
  const a = (name: string) => escapeHtml(assetUrl(name));
  const schema = escapeHtml(schemaUrl);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Parla API reference</title>
<link rel="stylesheet" href="${a('swagger-ui.css')}">
<link rel="icon" type="image/png" sizes="32x32" href="${a('favicon-32x32.png')}">
<link rel="icon" type="image/png" sizes="16x16" href="${a('favicon-16x16.png')}">
</head><body>
<div id="swagger-ui" data-schema-url="${schema}"></div>
<noscript><p>The API reference needs JavaScript. The OpenAPI document itself is at <a href="${schema}">${schema}</a>.</p></noscript>
<script src="${a('swagger-ui-bundle.js')}"></script>
<script src="${a('docs-init.js')}"></script>
</body></html>
`;
}
