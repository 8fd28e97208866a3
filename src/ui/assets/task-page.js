// The task page: follows the task of [data-task-url] through the tasks API, moves the bar and shows the log's last line,
// and when the task has ended puts the outcome the server draws (the same page, fetched again) in place, without a reload.
/* global document, window, fetch, DOMParser */
(function () {
  'use strict';
  var box = document.querySelector('#task-status[data-task-url]');
  if (!box) return;
  var api = box.getAttribute('data-task-url');
  var pageUrl = box.getAttribute('data-task-page');
  var bar = box.querySelector('progress');
  var message = box.querySelector('[role="status"]');
  var refresh = box.querySelector('#task-refresh');
  if (refresh) refresh.hidden = true;

  function failed() {
    // The page still works by hand: show the link again.
    if (refresh) refresh.hidden = false;
  }

  function showOutcome() {
    fetch(pageUrl, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
      .then(function (res) {
        if (!res.ok) throw new Error('HTTP ' + res.status);
        return res.text();
      })
      .then(function (text) {
        var fresh = new DOMParser().parseFromString(text, 'text/html').getElementById('task-body');
        var current = document.getElementById('task-body');
        if (!fresh || !current) throw new Error('no outcome');
        current.replaceWith(document.importNode(fresh, true));
        var outcome = document.getElementById('task-result') || document.getElementById('task-error');
        if (outcome) {
          outcome.setAttribute('tabindex', '-1');
          outcome.focus();
        }
      })
      .catch(failed);
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
      .catch(failed);
  }
  window.setTimeout(poll, 300);
})();
