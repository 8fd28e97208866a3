// Starts Swagger UI on the API reference page; a file of its own so the page's CSP needs no inline script.
/* global document, window, fetch, SwaggerUIBundle */
(function () {
  'use strict';
  var root = document.getElementById('swagger-ui');
  if (!root || typeof SwaggerUIBundle !== 'function') return;
  var csrfToken = null;

  // "Try it out" from a logged-in browser: session writes need the CSRF token, fetched once.
  function csrf() {
    if (csrfToken !== null) return Promise.resolve(csrfToken);
    return fetch('/accounts/csrf/', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(function (res) {
        return res.ok ? res.json() : {};
      })
      .then(function (data) {
        csrfToken = (data && data.csrf_token) || '';
        return csrfToken;
      })
      .catch(function () {
        return '';
      });
  }

  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-schema-url') || '/api/schema/',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    requestInterceptor: function (request) {
      var method = (request.method || 'GET').toUpperCase();
      var hasToken = request.headers && request.headers.Authorization;
      if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || hasToken) return request;
      return csrf().then(function (token) {
        if (token) request.headers['X-CSRFToken'] = token;
        return request;
      });
    },
  });
})();
