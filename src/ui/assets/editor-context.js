// The editor's context panels: each empty panel fetches its HTML fragment after the page shows, and "Copy" puts
// another language's text into the translation fields. Without this script each panel links to its own page.
/* global document, window, fetch, DOMParser, Event */
(function () {
  'use strict';

  function setStatus(body, text) {
    var status = body.querySelector('[data-context-status]');
    if (!status) return;
    var line = document.createElement('span');
    line.textContent = text + ' ';
    status.insertBefore(line, status.firstChild);
  }

  /** Copy buttons only make sense where the page has translation fields to fill. */
  function revealCopyButtons(root) {
    if (!document.querySelector('textarea[data-target-form]')) return;
    Array.prototype.forEach.call(root.querySelectorAll('[data-copy-language]'), function (button) {
      button.hidden = false;
    });
  }

  function load(body) {
    var url = body.getAttribute('data-context-url');
    body.setAttribute('aria-busy', 'true');
    fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
      .then(function (res) {
        if (!res.ok) throw new Error('status ' + res.status);
        return res.text();
      })
      .then(function (text) {
        var parsed = new DOMParser().parseFromString(text, 'text/html');
        body.textContent = '';
        Array.prototype.forEach.call(parsed.body.childNodes, function (node) {
          body.appendChild(document.importNode(node, true));
        });
        body.setAttribute('data-loaded', '1');
        revealCopyButtons(body);
      })
      .catch(function () {
        // The link to the panel's page stays, with the message before it.
        setStatus(body, window.parlaText('contextFailed'));
      })
      .then(function () {
        body.removeAttribute('aria-busy');
      });
  }

  function fill(field, text) {
    if (!field || field.readOnly) return;
    field.value = text;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }

  document.addEventListener('click', function (e) {
    var button = e.target.closest ? e.target.closest('[data-copy-language]') : null;
    if (!button) return;
    var item = button.closest('[data-copy-item]');
    if (!item) return;
    var first = null;
    Array.prototype.forEach.call(item.querySelectorAll('[data-copy-form]'), function (form) {
      var field = document.getElementById('target-' + form.getAttribute('data-copy-form'));
      if (field && field.tagName === 'TEXTAREA') {
        fill(field, form.textContent);
        first = first || field;
      }
    });
    if (first) first.focus();
  });

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll('[data-context-url]'), load);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
