// Zen mode (the page works without this file, as forms and pagination links): each row's translation is saved when its
// field loses the focus or on Ctrl+Enter, without leaving the page, and the next rows load as the reader scrolls.
/* global document, window, fetch, FormData, URLSearchParams, IntersectionObserver, DOMParser */
(function () {
  'use strict';

  /** What the form held when it was last saved (or loaded): saving again without a change is not needed. */
  function snapshot(form) {
    return new URLSearchParams(new FormData(form)).toString();
  }

  function save(form) {
    var row = form.closest('[data-zen-row]');
    var status = row.querySelector('[data-zen-status]');
    var now = snapshot(form);
    if (form.getAttribute('data-saved-as') === now) return;
    if (form.getAttribute('data-busy') === '1') {
      form.setAttribute('data-again', '1');
      return;
    }
    form.setAttribute('data-busy', '1');
    status.classList.remove('error');
    status.textContent = window.parlaText('zenSaving');
    fetch(form.getAttribute('action'), {
      method: 'POST',
      body: new URLSearchParams(new FormData(form)),
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    })
      .then(function (res) {
        return res.json().then(function (body) {
          if (!res.ok) throw new Error(body && body.detail ? body.detail : String(res.status));
          return body;
        });
      })
      .then(function (body) {
        form.setAttribute('data-saved-as', now);
        status.textContent = window.parlaText('zenSaved');
        var state = row.querySelector('[data-zen-state]');
        if (state && body.stateHtml) state.innerHTML = body.stateHtml;
        Array.prototype.forEach.call(form.querySelectorAll('textarea'), function (t) {
          t.removeAttribute('aria-invalid');
        });
      })
      .catch(function (err) {
        status.classList.add('error');
        status.textContent = window.parlaText('zenFailed', { detail: err.message });
        Array.prototype.forEach.call(form.querySelectorAll('textarea'), function (t) {
          t.setAttribute('aria-invalid', 'true');
          t.setAttribute('aria-describedby', status.id);
        });
      })
      .then(function () {
        form.removeAttribute('data-busy');
        if (form.getAttribute('data-again') === '1') {
          form.removeAttribute('data-again');
          save(form);
        }
      });
  }

  function prepare(root) {
    Array.prototype.forEach.call(root.querySelectorAll('form[data-zen-form]'), function (form) {
      if (form.hasAttribute('data-saved-as')) return;
      form.setAttribute('data-saved-as', snapshot(form));
    });
    Array.prototype.forEach.call(root.querySelectorAll('[data-special-chars]'), function (bar) {
      bar.hidden = false;
    });
  }

  document.addEventListener('submit', function (e) {
    var form = e.target;
    if (!form.hasAttribute || !form.hasAttribute('data-zen-form')) return;
    e.preventDefault();
    save(form);
  });

  document.addEventListener('focusout', function (e) {
    var el = e.target;
    if (!el || !el.form || !el.form.hasAttribute('data-zen-form')) return;
    // Moving within the same row (to its other plural fields, the checkbox, a special character) is no leaving.
    var row = el.closest('[data-zen-row]');
    if (e.relatedTarget && row && row.contains(e.relatedTarget)) return;
    save(el.form);
  });

  document.addEventListener('change', function (e) {
    var el = e.target;
    if (el && el.type === 'checkbox' && el.form && el.form.hasAttribute('data-zen-form')) save(el.form);
  });

  document.addEventListener(
    'keydown',
    function (e) {
      var el = e.target;
      if (!(e.ctrlKey || e.metaKey) || e.key !== 'Enter' || !el || !el.form || !el.form.hasAttribute('data-zen-form')) return;
      // Before parla.js, which would look for the one-string editor's buttons.
      e.preventDefault();
      e.stopImmediatePropagation();
      save(el.form);
      // Go on with the next row's first field.
      var row = el.closest('[data-zen-row]');
      var next = row && row.nextElementSibling;
      while (next && !next.querySelector('textarea[data-zen-field]')) next = next.nextElementSibling;
      if (next) next.querySelector('textarea[data-zen-field]').focus();
    },
    true,
  );

  // ---------------------------------------------------------------- loading more rows

  var loading = false;
  function loadMore(item) {
    var link = item.querySelector('a[data-fragment]');
    if (!link || loading) return;
    loading = true;
    fetch(link.getAttribute('data-fragment'), { credentials: 'same-origin', headers: { Accept: 'text/html' } })
      .then(function (res) {
        if (!res.ok) throw new Error(String(res.status));
        return res.text();
      })
      .then(function (text) {
        var doc = new DOMParser().parseFromString('<ol>' + text + '</ol>', 'text/html');
        var list = item.parentNode;
        var items = Array.prototype.slice.call(doc.body.firstChild.children);
        items.forEach(function (li) {
          list.insertBefore(document.importNode(li, true), item);
        });
        item.remove();
        prepare(list);
        watch(list);
      })
      .catch(function () {
        // The link still leads to the next page.
      })
      .then(function () {
        loading = false;
      });
  }

  var observer = null;
  function watch(root) {
    var more = root.querySelector('[data-zen-more]');
    if (!more || !observer) return;
    observer.observe(more);
  }

  document.addEventListener('DOMContentLoaded', function () {
    var list = document.querySelector('[data-zen-list]');
    if (!list) return;
    prepare(list);
    if (typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver(
        function (entries) {
          entries.forEach(function (entry) {
            if (entry.isIntersecting) {
              observer.unobserve(entry.target);
              loadMore(entry.target);
            }
          });
        },
        { rootMargin: '400px 0px' },
      );
      watch(list);
    }
  });
})();
