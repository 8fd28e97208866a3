// Parla UI enhancements (the pages work without this file): keyboard shortcuts, the "?" help,
// copy-source buttons and machine translation / memory matches fetched on demand.
/* global document, window, fetch, Event, FormData, DOMParser */
(function () {
  'use strict';

  // The translated script texts of the page's language (texts-<lang>.js, loaded before this script):
  // text('key', { name: value }), or with n for plurals.
  function text(key, vars, n) {
    var catalog = window.parlaMessages || {};
    var message = '';
    if (n !== undefined && catalog.plurals && catalog.plurals[key]) {
      var forms = catalog.plurals[key];
      var category = window.Intl && Intl.PluralRules ? new Intl.PluralRules(catalog.lang || 'en').select(n) : n === 1 ? 'one' : 'other';
      message = forms[category] || forms.other || '';
      vars = Object.assign({ n: n }, vars || {});
    } else if (catalog.messages) {
      message = catalog.messages[key] || '';
    }
    return message.replace(/\{([a-z_][a-z0-9_]*)\}/gi, function (whole, name) {
      return vars && Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole;
    });
  }
  window.parlaText = text;

  function typing(el) {
    return el && (el.tagName === 'TEXTAREA' || el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.isContentEditable);
  }

  function targets() {
    return Array.prototype.slice.call(document.querySelectorAll('textarea[data-target-form]'));
  }

  var lastTarget = null;
  document.addEventListener('focusin', function (e) {
    if (e.target.hasAttribute && e.target.hasAttribute('data-target-form')) lastTarget = e.target;
  });

  /** The translation field the user works in: the focused one, else the last focused, else the first. */
  function currentTarget() {
    var active = document.activeElement;
    if (active && active.hasAttribute && active.hasAttribute('data-target-form')) return active;
    return lastTarget || targets()[0] || null;
  }

  function sourceFor(field) {
    var i = Number(field.getAttribute('data-target-form'));
    var el = document.getElementById('source-' + i) || document.getElementById('source-0');
    return el ? el.textContent : '';
  }

  function fill(field, text) {
    if (!field || field.readOnly) return;
    field.value = text;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.focus();
  }

  function follow(id) {
    var link = document.getElementById(id);
    if (link && link.href) window.location.href = link.href;
  }

  function press(id) {
    var button = document.getElementById(id);
    if (button && !button.disabled) button.click();
  }

  /** Fills the shortcuts dialog from the script texts (keys as the server wrote them, with <kbd>) the first time. */
  function buildHelp(dialog) {
    var catalog = window.parlaMessages || {};
    var title = document.createElement('h2');
    title.id = 'shortcuts-title';
    title.textContent = text('shortcutsTitle');
    var list = document.createElement('dl');
    list.className = 'keys';
    (catalog.shortcuts || []).forEach(function (row) {
      var dt = document.createElement('dt');
      dt.innerHTML = row[0];
      var dd = document.createElement('dd');
      dd.textContent = row[1];
      list.appendChild(dt);
      list.appendChild(dd);
    });
    var form = document.createElement('form');
    form.method = 'dialog';
    var close = document.createElement('button');
    close.type = 'submit';
    close.id = 'shortcuts-close';
    close.textContent = text('close');
    form.appendChild(close);
    dialog.appendChild(title);
    dialog.appendChild(list);
    dialog.appendChild(form);
  }

  function showHelp() {
    var dialog = document.getElementById('shortcuts');
    if (!dialog || typeof dialog.showModal !== 'function' || dialog.open) return;
    if (!dialog.firstChild) buildHelp(dialog);
    dialog.showModal();
  }

  document.addEventListener('keydown', function (e) {
    if (e.key === '?' && !typing(e.target) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      showHelp();
      return;
    }
    var ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && e.key === 'Enter') {
      e.preventDefault();
      // In a field of another form (a comment, the search) the keys send that form, not the translation.
      // getAttribute, not .id: the translation form has a field named "id", which shadows the property.
      var own = e.target && e.target.form;
      if (own && own.getAttribute('id') !== 'translate-form') {
        if (typeof own.requestSubmit === 'function') own.requestSubmit();
        return;
      }
      press(e.shiftKey ? 'save' : 'save-next');
    } else if ((e.altKey && e.key === 'PageDown') || (ctrl && e.key === 'ArrowDown')) {
      e.preventDefault();
      follow('next');
    } else if ((e.altKey && e.key === 'PageUp') || (ctrl && e.key === 'ArrowUp')) {
      e.preventDefault();
      follow('prev');
    } else if (ctrl && (e.key === 'b' || e.key === 'B')) {
      var field = currentTarget();
      if (field) {
        e.preventDefault();
        fill(field, sourceFor(field));
      }
    } else if (ctrl && (e.key === 'e' || e.key === 'E')) {
      var box = document.getElementById('fuzzy');
      if (box) {
        e.preventDefault();
        box.checked = !box.checked;
      }
    } else if (ctrl && (e.key === 'm' || e.key === 'M')) {
      if (document.getElementById('machinery-load')) {
        e.preventDefault();
        loadMachinery();
      }
    }
  });

  document.addEventListener('click', function (e) {
    var el = e.target.closest ? e.target.closest('[data-copy-source]') : null;
    if (el) {
      var field = document.getElementById(el.getAttribute('data-copy-source'));
      if (field) fill(field, sourceFor(field));
      return;
    }
    var help = e.target.closest ? e.target.closest('[data-show-shortcuts]') : null;
    if (help) showHelp();
  });

  /**
   * Forms marked data-async (suggestions, votes, comments) post with fetch and swap in the named sections of
   * the page the server redirects to, so that text typed in the translation fields stays. Any failure falls
   * back to the ordinary form post, which shows the server's answer.
   */
  function postAsync(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    var ids = form.getAttribute('data-async').split(' ').concat(['notice']);
    // Not form.action: the buttons are named "action", and a named control shadows the form's property.
    var url = form.getAttribute('action') || window.location.href;
    fetch(url, { method: 'POST', body: data, credentials: 'same-origin', headers: { Accept: 'text/html' } })
      .then(function (res) {
        if (!res.ok || !res.redirected) throw new Error('status ' + res.status);
        return res.text();
      })
      .then(function (text) {
        var fresh = new DOMParser().parseFromString(text, 'text/html');
        ids.forEach(function (id) {
          var now = document.getElementById(id);
          var next = fresh.getElementById(id);
          if (now && next) now.replaceWith(document.importNode(next, true));
          else if (!now && next && id === 'notice') document.querySelector('main').prepend(document.importNode(next, true));
        });
        var notice = document.getElementById('notice');
        if (notice) notice.focus();
      })
      .catch(function () {
        form.removeAttribute('data-async');
        if (submitter && submitter.name) {
          var hidden = document.createElement('input');
          hidden.type = 'hidden';
          hidden.name = submitter.name;
          hidden.value = submitter.value;
          form.appendChild(hidden);
        }
        form.submit();
      });
  }

  document.addEventListener('submit', function (e) {
    var form = e.target;
    var question = form.getAttribute && form.getAttribute('data-confirm');
    if (question && !window.confirm(question)) {
      e.preventDefault();
      return;
    }
    if (form.hasAttribute && form.hasAttribute('data-async') && typeof fetch === 'function') {
      e.preventDefault();
      postAsync(form, e.submitter);
    }
  });

  function loadMachinery() {
    var button = document.getElementById('machinery-load');
    var list = document.getElementById('machinery-results');
    var status = document.getElementById('machinery-status');
    if (!button || !list) return;
    button.disabled = true;
    status.textContent = text('loading');
    fetch(button.getAttribute('data-url'), { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (res) {
        return res.json().then(function (body) {
          if (!res.ok) throw new Error(body && body.detail ? body.detail : text('requestFailed', { status: res.status }));
          return body;
        });
      })
      .then(function (body) {
        list.textContent = '';
        var dir = list.getAttribute('data-dir') || 'ltr';
        var lang = list.getAttribute('data-lang') || '';
        body.results.forEach(function (m, i) {
          var item = document.createElement('li');
          item.className = 'match';
          var matchText = document.createElement('div');
          matchText.className = 'source-text';
          matchText.dir = dir;
          if (lang) matchText.lang = lang;
          matchText.textContent = m.text;
          var info = document.createElement('div');
          info.className = 'muted';
          info.textContent = text('matchInfo', { service: m.service, quality: Math.round(m.quality), source: m.source });
          var use = document.createElement('button');
          use.type = 'button';
          use.className = 'secondary';
          use.id = 'machinery-use-' + i;
          use.textContent = text('use');
          use.setAttribute('aria-label', text('useThis', { text: m.text }));
          use.addEventListener('click', function () {
            fill(currentTarget(), m.text);
          });
          item.appendChild(matchText);
          item.appendChild(info);
          item.appendChild(use);
          list.appendChild(item);
        });
        var problems = (body.errors || []).map(function (x) { return x.service + ': ' + x.detail; });
        status.textContent = (body.results.length ? text('matches', {}, body.results.length) : text('noMatches')) + (problems.length ? ' ' + problems.join(' ') : '');
      })
      .catch(function (err) {
        status.textContent = err.message;
      })
      .then(function () {
        button.disabled = false;
      });
  }

  document.addEventListener('DOMContentLoaded', function () {
    var button = document.getElementById('machinery-load');
    if (button) button.addEventListener('click', loadMachinery);
    var help = document.getElementById('shortcuts-open');
    if (help) help.hidden = false;
  });
})();
