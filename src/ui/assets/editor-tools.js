// Typing aids of the editor and zen mode (the pages work without this file): the character and word counter under each
// translation field, the special-characters bar, and the shortcuts parla.js leaves to the editor (first/last string,
// focus moves, suggest). Texts come from the language's script texts (parlaText in parla.js).
/* global document, window */
(function () {
  'use strict';

  // ---------------------------------------------------------------- counters

  function countOf(text) {
    return { chars: Array.from(text).length, words: text.split(/\s+/).filter(Boolean).length };
  }

  /** Brings the counter of `field` up to date; the live region speaks only when the text crosses the limit. */
  function updateCounter(field) {
    var box = document.querySelector('[data-counter-for="' + field.id + '"]');
    if (!box) return;
    var n = countOf(field.value);
    var maxAttr = box.getAttribute('data-max');
    var max = maxAttr === null ? null : Number(maxAttr);
    var text = box.querySelector('[data-counter-text]');
    var vars = { chars: n.chars, words: n.words, max: max };
    if (text) text.textContent = window.parlaText(max === null ? 'counter' : 'counterLimit', vars);
    if (max === null) return;
    var over = n.chars > max;
    var was = box.classList.contains('over');
    box.classList.toggle('over', over);
    if (over) field.setAttribute('aria-invalid', 'true');
    else field.removeAttribute('aria-invalid');
    if (over !== was) {
      var live = box.querySelector('[data-counter-live]');
      if (live) live.textContent = window.parlaText(over ? 'counterOver' : 'counterWithin', vars);
    }
  }

  document.addEventListener('input', function (e) {
    var el = e.target;
    if (el && el.id && el.tagName === 'TEXTAREA') updateCounter(el);
  });

  // ---------------------------------------------------------------- special characters

  var lastField = null;
  document.addEventListener('focusin', function (e) {
    var el = e.target;
    if (el && el.tagName === 'TEXTAREA' && (el.hasAttribute('data-target-form') || el.hasAttribute('data-zen-field'))) lastField = el;
  });

  /** The field a character goes into: the one focused last in the bar's own area (a zen row or the editor form). */
  function fieldFor(button) {
    var scope = button.closest('[data-zen-row]') || button.closest('form') || document;
    if (lastField && scope.contains(lastField)) return lastField;
    return scope.querySelector('textarea[data-target-form], textarea[data-zen-field]');
  }

  function insertAtCursor(field, text) {
    if (!field || field.readOnly || field.disabled) return;
    var start = field.selectionStart;
    var end = field.selectionEnd;
    if (typeof start !== 'number') {
      start = field.value.length;
      end = start;
    }
    field.focus();
    field.setRangeText(text, start, end, 'end');
    field.dispatchEvent(new window.Event('input', { bubbles: true }));
  }

  document.addEventListener('mousedown', function (e) {
    // Keep the field's cursor and focus: a click on a character button would otherwise take the focus first.
    if (e.target.closest && e.target.closest('[data-insert]')) e.preventDefault();
  });

  document.addEventListener('click', function (e) {
    var button = e.target.closest ? e.target.closest('[data-insert]') : null;
    if (!button) return;
    insertAtCursor(fieldFor(button), button.getAttribute('data-insert'));
  });

  // ---------------------------------------------------------------- shortcuts

  function go(href) {
    if (href) window.location.href = href;
  }

  function focusFirst(selector) {
    var el = document.querySelector(selector);
    if (el) {
      el.focus();
      return true;
    }
    return false;
  }

  document.addEventListener('keydown', function (e) {
    var ctrl = e.ctrlKey || e.metaKey;
    var nav = document.querySelector('.nav-units[data-first-href]');
    if (e.altKey && !ctrl && nav && (e.key === 'Home' || e.key === 'End')) {
      e.preventDefault();
      go(nav.getAttribute(e.key === 'Home' ? 'data-first-href' : 'data-last-href'));
    } else if (e.altKey && !ctrl && !e.shiftKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp') && !document.querySelector('[data-zen-list]')) {
      var link = document.getElementById(e.key === 'ArrowDown' ? 'next' : 'prev');
      if (link && link.href) {
        e.preventDefault();
        go(link.href);
      }
    } else if (e.altKey && !ctrl && e.key === 'Enter') {
      var suggest = document.getElementById('suggest');
      if (suggest) {
        e.preventDefault();
        suggest.click();
      }
    } else if (ctrl && !e.shiftKey && !e.altKey && (e.key === 'i' || e.key === 'I')) {
      if (focusFirst('textarea[data-target-form], textarea[data-zen-field]')) e.preventDefault();
    } else if (ctrl && !e.shiftKey && !e.altKey && (e.key === 'j' || e.key === 'J')) {
      var side = document.querySelector('.editor-side h2');
      if (side) {
        e.preventDefault();
        side.setAttribute('tabindex', '-1');
        side.focus();
      }
    } else if (ctrl && !e.shiftKey && !e.altKey && (e.key === 'u' || e.key === 'U')) {
      if (focusFirst('#comment-text')) e.preventDefault();
    } else if (ctrl && !e.shiftKey && !e.altKey && (e.key === 's' || e.key === 'S')) {
      if (focusFirst('#search-q')) e.preventDefault();
    } else if (ctrl && !e.shiftKey && !e.altKey && (e.key === 'o' || e.key === 'O')) {
      // The reference's key for copying the source; Ctrl+B does the same.
      var field = document.activeElement && document.activeElement.hasAttribute && document.activeElement.hasAttribute('data-target-form') ? document.activeElement : document.querySelector('textarea[data-target-form]');
      var copy = field ? document.querySelector('[data-copy-source="' + field.id + '"]') : null;
      if (copy) {
        e.preventDefault();
        copy.click();
      }
    } else if (ctrl && !e.shiftKey && !e.altKey && (e.key === 'y' || e.key === 'Y')) {
      // The reference's key for "Needs editing"; Ctrl+E does the same.
      var box = document.getElementById('fuzzy');
      if (box) {
        e.preventDefault();
        box.checked = !box.checked;
      }
    }
  });

  document.addEventListener('DOMContentLoaded', function () {
    Array.prototype.forEach.call(document.querySelectorAll('[data-special-chars]'), function (bar) {
      bar.hidden = false;
    });
  });
})();
