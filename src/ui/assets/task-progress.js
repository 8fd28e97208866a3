// Task progress on a page: follows the task of [data-task-url] through the tasks API, moves the bar and shows the log's
// last line; when the task has ended, the part of the page named by data-task-swap is replaced by the same part as the
// server now draws it (the outcome), without a reload, and the outcome ([data-task-outcome]) gets the focus.
/* global document, window, fetch, DOMParser */
(function () {
  'use strict';
  var box = document.querySelector('[data-task-url]');
  if (!box) return;
  var api = box.getAttribute('data-task-url');
  var swapId = box.getAttribute('data-task-swap') || '';
  var bar = box.querySelector('progress');
  var message = box.querySelector('[data-task-message]');
  var refresh = box.querySelector('[data-task-refresh]');
  if (refresh) refresh.hidden = true;
  box.setAttribute('aria-busy', 'true');

  function stalled() {
    // The page still works by hand: show the link again.
    if (refresh) refresh.hidden = false;
  }

  function showOutcome() {
    fetch(window.location.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
      .then(function (res) {
        if (!res.ok) throw new Error('HTTP ' + res.status);
        return res.text();
      })
      .then(function (text) {
        var fresh = new DOMParser().parseFromString(text, 'text/html').getElementById(swapId);
        var current = document.getElementById(swapId);
        if (!fresh || !current) {
          window.location.reload();
          return;
        }
        current.replaceWith(document.importNode(fresh, true));
        var outcome = document.querySelector('[data-task-outcome]');
        if (outcome) {
          outcome.setAttribute('tabindex', '-1');
          outcome.focus();
        }
      })
      .catch(stalled);
  }

  function poll() {
    fetch(api, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(function (res) {
        if (!res.ok) throw new Error('HTTP ' + res.status);
        return res.json();
      })
      .then(function (task) {
        if (bar) {
          bar.value = task.progress;
          bar.textContent = task.progress + '%';
        }
        var lines = String(task.log || '').trim().split('\n');
        if (message && lines[lines.length - 1]) message.textContent = lines[lines.length - 1];
        if (task.completed) showOutcome();
        else window.setTimeout(poll, 1000);
      })
      .catch(stalled);
  }
  window.setTimeout(poll, 300);
})();
