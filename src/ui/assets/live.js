// Live collaboration in the editor and the list view: follows the translation's event stream (server-sent events) and
// shows who else is viewing, updates states and counters as others save, and offers "Keep mine" / "Take theirs" when
// someone else saves the string open here, alone or with many others at once (an upload, automatic translation, a bulk
// edit); when more strings changed than the event lists, a notice offers a reload. Every text comes translated from
// the language's script texts (parlaText in parla.js).
/* global document, window, EventSource, Event */
(function () {
  'use strict';

  var root = document.getElementById('live');
  if (!root || typeof EventSource !== 'function') return;
  var data = root.dataset;
  var unitId = data.unitId ? Number(data.unitId) : null;
  var me = data.username || '';
  var catalog = window.parlaMessages || {};
  var states = catalog.states || {};
  var reasons = catalog.reasons || {};

  /** A translated script text with its {name} placeholders filled in. */
  function text(key, values) {
    return window.parlaText(key, values);
  }

  function personName(p) {
    return p ? p.full_name || p.username : '';
  }

  /** The state badge as the server draws it: <span class="state …">label</span>. */
  function badge(state) {
    var s = states[state] || [String(state), 'empty'];
    var span = document.createElement('span');
    span.className = 'state ' + s[1];
    span.textContent = s[0];
    return span;
  }

  function replaceBadge(container, state) {
    if (!container) return;
    var old = container.querySelector('.state');
    var fresh = badge(state);
    if (old) old.parentNode.replaceChild(fresh, old);
    else container.insertBefore(fresh, container.firstChild);
  }

  var line = document.getElementById('live-line');
  var presence = document.getElementById('live-presence');
  var counters = document.getElementById('live-counters');
  var banner = document.getElementById('live-banner');
  var status = document.getElementById('live-status');
  var notice = document.getElementById('live-notice');

  var separator = document.getElementById('live-separator');

  function showLine() {
    line.hidden = !presence.textContent && !counters.textContent;
    separator.hidden = !presence.textContent || !counters.textContent;
  }

  function showViewers(viewers) {
    var others = (viewers || []).filter(function (v) {
      return v.username !== me;
    });
    presence.textContent = others.length ? text('liveViewers', { names: others.map(personName).join(', ') }) : '';
    showLine();
  }

  function showCounters(c) {
    if (!c) return;
    counters.textContent = text('liveCounters', c);
    showLine();
  }

  function fields() {
    return Array.prototype.slice.call(document.querySelectorAll('textarea[data-target-form]'));
  }

  function say(message) {
    if (!status) return;
    status.textContent = message;
    status.hidden = !message;
  }

  /** Puts their forms into the fields (and "Needs editing" as they left it), as if typed. */
  function take(saved) {
    fields().forEach(function (field, i) {
      field.value = saved.target[i] !== undefined ? saved.target[i] : '';
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    var fuzzy = document.getElementById('fuzzy');
    if (fuzzy) {
      fuzzy.checked = saved.state >= 10 && saved.state < 20;
      fuzzy.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }

  function closeBanner() {
    banner.hidden = true;
    banner.textContent = '';
  }

  function button(id, label, onClick, secondary) {
    var b = document.createElement('button');
    b.type = 'button';
    b.id = id;
    if (secondary) b.className = 'secondary';
    b.textContent = label;
    b.addEventListener('click', onClick);
    return b;
  }

  /** Someone else saved the open string: who, what they wrote, and the choice between their text and ours. */
  function showConflict(saved) {
    closeBanner();
    say('');
    var heading = document.createElement('p');
    heading.id = 'live-banner-title';
    heading.textContent = text('liveSaved', { user: personName(saved.user) });
    banner.appendChild(heading);
    var lang = fields()[0] || document.getElementById('target-0');
    saved.target.forEach(function (form, i) {
      var div = document.createElement('div');
      div.className = 'source-text';
      div.id = 'live-theirs-' + i;
      if (lang) {
        div.lang = lang.lang;
        div.dir = lang.dir;
      }
      div.textContent = form;
      banner.appendChild(div);
    });
    banner.appendChild(badge(saved.state));
    if (fields().length) {
      var actions = document.createElement('div');
      actions.className = 'actions';
      actions.appendChild(
        button('live-keep', text('liveKeep'), function () {
          closeBanner();
          say(text('liveKept'));
          var first = fields()[0];
          if (first) first.focus();
        }, true),
      );
      actions.appendChild(
        button('live-take', text('liveTake'), function () {
          take(saved);
          closeBanner();
          say(text('liveTaken'));
          var first = fields()[0];
          if (first) first.focus();
        }),
      );
      banner.appendChild(actions);
    }
    banner.setAttribute('aria-labelledby', 'live-banner-title');
    banner.hidden = false;
  }

  /**
   * Shows a unit's new target and state: its row in the list view; in the editor, the open string's state and its
   * read-only text. True when it is the string open in the editor.
   */
  function showUnit(u) {
    var row = document.getElementById('unit-' + u.unit);
    if (row && row.tagName === 'TR') {
      var cells = row.getElementsByTagName('td');
      if (cells[1]) cells[1].textContent = u.target.join(' | ');
      if (cells[2]) replaceBadge(cells[2], u.state);
    }
    if (unitId === null || u.unit !== unitId) return false;
    replaceBadge(document.getElementById('unit-state'), u.state);
    var readonly = document.getElementById('target-readonly');
    if (readonly) {
      u.target.forEach(function (form, i) {
        var el = document.getElementById('target-' + i);
        if (el) el.textContent = form;
      });
    }
    return true;
  }

  function byMe(user) {
    return !!user && user.username === me;
  }

  function unitSaved(saved) {
    showCounters(saved.counters);
    // The banner when someone else saved the open string.
    if (!showUnit(saved) || byMe(saved.user)) return;
    showConflict(saved);
  }

  /** More strings changed than the event lists: the page may show some of them stale, a reload shows them all. */
  function showNotice(changed) {
    var values = { user: personName(changed.user), count: changed.count, reason: reasons[changed.reason] || changed.reason };
    document.getElementById('live-notice-text').textContent = text(changed.user ? 'liveChanged' : 'liveChangedAnonymous', values);
    document.getElementById('live-reload').href = window.location.href;
    notice.hidden = false;
  }

  function unitsChanged(changed) {
    showCounters(changed.counters);
    var open = null;
    changed.units.forEach(function (u) {
      if (showUnit(u)) open = u;
    });
    if (byMe(changed.user)) return;
    // The open string is among them: the same choice as when someone saves it alone.
    if (open) showConflict({ unit: open.unit, user: changed.user, target: open.target, state: open.state });
    else if (changed.more && notice) showNotice(changed);
  }

  var source = new EventSource(data.liveUrl);
  source.addEventListener('unit-saved', function (e) {
    unitSaved(JSON.parse(e.data));
  });
  source.addEventListener('units-changed', function (e) {
    unitsChanged(JSON.parse(e.data));
  });
  source.addEventListener('presence', function (e) {
    showViewers(JSON.parse(e.data).viewers);
  });
  source.addEventListener('snapshot', function (e) {
    var snapshot = JSON.parse(e.data);
    showViewers(snapshot.viewers);
    showCounters(snapshot.counters);
  });
  // Leaving the page ends the stream at once, so others stop seeing this viewer.
  window.addEventListener('pagehide', function () {
    source.close();
  });
})();
