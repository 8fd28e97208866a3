// Task progress on a page: follows the task of [data-task-url] through the tasks API and moves its bar. When the task has
// ended the page reloads, or, when the box names its outcome elements (data-task-done, data-task-failed), shows the task's
// result (result.message) or error (result.error) in place without a reload.
/* global document, window, fetch */
(function () {
  'use strict';
  var box = document.querySelector('[data-task-url]');
  if (!box) return;
  var url = box.getAttribute('data-task-url');
  var bar = box.querySelector('progress');
  var message = box.querySelector('[data-task-message]') || box.querySelector('[role="status"]');
  var refresh = box.querySelector('[data-task-refresh]') || box.querySelector('#discovery-refresh');
  var done = document.getElementById(box.getAttribute('data-task-done') || '');
  var failed = document.getElementById(box.getAttribute('data-task-failed') || '');
  if (refresh) refresh.hidden = true;

  function show(el, text) {
    var slot = el.querySelector('[data-task-text]') || el;
    slot.textContent = text;
    el.hidden = false;
    el.focus();
  }

  function finish(task) {
    if (!done || !failed) {
      window.location.reload();
      return;
    }
    var result = task.result || {};
    if (bar) {
      bar.value = 100;
      bar.textContent = '100%';
    }
    box.setAttribute('aria-busy', 'false');
    if (typeof result.error === 'string') show(failed, result.error);
    else show(done, result.message || 'Done.');
  }

  function poll() {
    fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
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
        if (task.completed) finish(task);
        else window.setTimeout(poll, 1000);
      })
      .catch(function () {
        // The page still works by hand: show the link again.
        if (refresh) refresh.hidden = false;
      });
  }
  if (done && failed) box.setAttribute('aria-busy', 'true');
  window.setTimeout(poll, 500);
})();
