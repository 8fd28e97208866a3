// The browsable API page's write form: sends the JSON body with fetch, as the session user, and shows the answer.
/* global document, window, fetch, URL */
(function () {
  'use strict';
  var form = document.getElementById('api-form');
  if (!form) return;
  var bodies = {};
  try {
    bodies = JSON.parse(form.getAttribute('data-bodies') || '{}');
  } catch {
    bodies = {};
  }
  var method = form.elements.namedItem('method');
  var textarea = form.elements.namedItem('body');
  var section = document.getElementById('api-response');
  var statusLine = document.getElementById('api-response-status');
  var output = document.getElementById('api-response-body');
  var csrfToken = null;
  var button = form.querySelector('button[type="submit"]');
  if (button) button.disabled = false;

  method.addEventListener('change', function () {
    if (Object.prototype.hasOwnProperty.call(bodies, method.value)) textarea.value = bodies[method.value];
  });

  /** A message in the page's language: the server puts the texts into data-text-* attributes of the form. */
  function text_(name, fallback) {
    return form.getAttribute(name) || fallback;
  }

  function show(status, text, failed) {
    section.hidden = false;
    section.className = failed ? 'error' : '';
    statusLine.textContent = status;
    var shown = text;
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // not JSON: show the text as it came
    }
    output.textContent = shown;
  }

  // Session writes need the session's CSRF token (X-CSRFToken); a page seen without a session has none to send.
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

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var verb = method.value;
    var text = textarea.value.trim();
    if (text !== '') {
      try {
        JSON.parse(text);
      } catch (e) {
        show(text_('data-text-invalid', '{error}').replace('{error}', e.message), '', true);
        return;
      }
    }
    // The same address without ?format=api, so the answer comes back as JSON.
    var target = new URL(window.location.href);
    target.searchParams.delete('format');
    csrf().then(function (token) {
      var headers = { Accept: 'application/json' };
      if (token) headers['X-CSRFToken'] = token;
      if (text !== '') headers['Content-Type'] = 'application/json';
      return fetch(target.toString(), { method: verb, credentials: 'same-origin', headers: headers, body: text !== '' ? text : undefined });
    }).then(function (res) {
      return res.text().then(function (answer) {
        show('HTTP ' + res.status + ' ' + res.statusText, answer, !res.ok);
        var location = res.headers.get('Location');
        if (location) statusLine.textContent += ' · Location: ' + location;
      });
    }).catch(function (error) {
      show(text_('data-text-failed', '{error}').replace('{error}', error.message), '', true);
    });
  });
})();
