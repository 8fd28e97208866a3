// Task progress on a page: follows the task of [data-task-url] through the tasks API and reloads the page when it has ended.
/* global document, window, fetch */
(function () {
  'use strict';
  var box = document.querySelector('[data-task-url]');
  if (!box) return;
  var url = box.getAttribute('data-task-url');
  var bar = box.querySelector('progress');
  var message = box.querySelector('[role="status"]');
  var refresh = box.querySelector('#discovery-refresh');
  if (refresh) refresh.hidden = true;

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
        if (task.completed) window.location.reload();
        else window.setTimeout(poll, 1000);
      })
      .catch(function () {
        // The page still works by hand: show the link again.
        if (refresh) refresh.hidden = false;
      });
  }
  window.setTimeout(poll, 500);
})();
