// Security keys in the two-factor pages: registration (navigator.credentials.create) and sign-in (navigator.credentials.get) against the /accounts/2fa/ endpoints.
/* global document, window, navigator, fetch, atob, btoa */
(function () {
  'use strict';

  function toBytes(b64url) {
    var b64 = b64url.replace(/-/g, '+').replace(/_/g, '/');
    while (b64.length % 4) b64 += '=';
    var bin = atob(b64);
    var out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out.buffer;
  }

  function toB64url(buffer) {
    var bytes = new Uint8Array(buffer);
    var bin = '';
    for (var i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
    return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  /** A credential in the JSON shape the server's WebAuthn library reads; `response` holds the ceremony's own fields. */
  function credentialJson(cred, response) {
    return {
      id: cred.id,
      rawId: toB64url(cred.rawId),
      type: cred.type,
      clientExtensionResults: cred.getClientExtensionResults(),
      authenticatorAttachment: cred.authenticatorAttachment || undefined,
      response: response,
    };
  }

  function post(url, body, csrf) {
    var headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (csrf) headers['X-CSRFToken'] = csrf;
    return fetch(url, { method: 'POST', credentials: 'same-origin', headers: headers, body: JSON.stringify(body) }).then(function (res) {
      return res.json().then(function (data) {
        if (!res.ok) throw new Error(data && data.detail ? data.detail : window.parlaText('requestFailed', { status: res.status }));
        return data;
      });
    });
  }

  function showError(message) {
    var el = document.getElementById('webauthn-error');
    if (!el) return;
    el.textContent = message;
    el.hidden = false;
  }

  function credentialsSupported() {
    if (window.PublicKeyCredential && navigator.credentials) return true;
    showError(window.parlaText('noSecurityKeys'));
    return false;
  }

  function register(button) {
    if (!credentialsSupported()) return;
    var csrf = button.getAttribute('data-csrf');
    var nameField = document.getElementById('id_key_name');
    button.disabled = true;
    post('/accounts/2fa/webauthn/options/', {}, csrf)
      .then(function (options) {
        var publicKey = Object.assign({}, options, {
          challenge: toBytes(options.challenge),
          user: Object.assign({}, options.user, { id: toBytes(options.user.id) }),
          excludeCredentials: (options.excludeCredentials || []).map(function (c) {
            return Object.assign({}, c, { id: toBytes(c.id) });
          }),
        });
        return navigator.credentials.create({ publicKey: publicKey });
      })
      .then(function (cred) {
        var response = cred.response;
        var json = credentialJson(cred, {
          clientDataJSON: toB64url(response.clientDataJSON),
          attestationObject: toB64url(response.attestationObject),
          transports: response.getTransports ? response.getTransports() : [],
        });
        return post('/accounts/2fa/webauthn/', { name: nameField ? nameField.value : '', credential: json }, csrf);
      })
      .then(function (result) {
        if (!result.recovery_codes) {
          window.location.assign('/accounts/2fa/');
          return;
        }
        var list = document.getElementById('webauthn-code-list');
        result.recovery_codes.forEach(function (code) {
          var li = document.createElement('li');
          var c = document.createElement('code');
          c.textContent = code;
          li.appendChild(c);
          list.appendChild(li);
        });
        document.getElementById('webauthn-codes').hidden = false;
      })
      .catch(function (error) {
        showError(error && error.message ? error.message : String(error));
      })
      .then(function () {
        button.disabled = false;
      });
  }

  function signIn(button) {
    if (!credentialsSupported()) return;
    var next = button.getAttribute('data-next') || '/';
    button.disabled = true;
    post('/accounts/2fa/verify/webauthn/', {})
      .then(function (options) {
        var publicKey = Object.assign({}, options, {
          challenge: toBytes(options.challenge),
          allowCredentials: (options.allowCredentials || []).map(function (c) {
            return Object.assign({}, c, { id: toBytes(c.id) });
          }),
        });
        return navigator.credentials.get({ publicKey: publicKey });
      })
      .then(function (cred) {
        var response = cred.response;
        var json = credentialJson(cred, {
          clientDataJSON: toB64url(response.clientDataJSON),
          authenticatorData: toB64url(response.authenticatorData),
          signature: toB64url(response.signature),
          userHandle: response.userHandle ? toB64url(response.userHandle) : undefined,
        });
        return post('/accounts/2fa/verify/', { webauthn: json });
      })
      .then(function () {
        window.location.assign(next);
      })
      .catch(function (error) {
        showError(error && error.message ? error.message : String(error));
        button.disabled = false;
      });
  }

  document.addEventListener('DOMContentLoaded', function () {
    var reg = document.getElementById('webauthn-register');
    if (reg) reg.addEventListener('click', function () { register(reg); });
    var sign = document.getElementById('webauthn-signin');
    if (sign) sign.addEventListener('click', function () { signIn(sign); });
  });
})();
