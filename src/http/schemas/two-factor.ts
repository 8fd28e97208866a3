// Two-factor authentication under /accounts/2fa/: the second step of a sign-in and the signed-in user's second factors.
import { Type } from 'typebox';
import { Nullable } from './common.js';

const Method = Type.Union([Type.Literal('totp'), Type.Literal('webauthn'), Type.Literal('recovery')]);

/** The answer of POST /accounts/login/ (JSON) for an account with a second factor: no session yet. */
export const SecondFactorRequiredSchema = Type.Object(
  {
    second_factor_required: Type.Literal(true),
    methods: Type.Array(Method, { description: 'The second factors the account can use: `totp` (authenticator app code), `webauthn` (security key), `recovery` (one-time recovery code).' }),
    token: Type.String({ description: 'Names this sign-in in POST /accounts/2fa/verify/ (also set as the parla_2fa cookie).' }),
    expires_in: Type.Integer({ description: 'Seconds left to give the second factor.' }),
    verify_url: Type.String({ description: 'Where to send the second factor: POST {"token", "code"} or {"token", "webauthn"}.' }),
    webauthn_options_url: Type.String({ description: 'POST {"token"}: the options for navigator.credentials.get().' }),
  },
  { title: 'SecondFactorRequired' },
);

/** Documented only: the route reads the body itself (forms send the same fields). */
export const VerifyBody = Type.Object(
  {
    token: Type.Optional(Type.String({ description: 'From the sign-in answer; browsers send the parla_2fa cookie instead.' })),
    code: Type.Optional(Type.String({ description: 'A six-digit code of the authenticator app, or an unused recovery code.' })),
    webauthn: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'The PublicKeyCredential of navigator.credentials.get(), in its JSON form (base64url fields).' })),
    next: Type.Optional(Type.String({ description: 'The web UI form: answer with a redirect to this local path instead of JSON.' })),
  },
  { additionalProperties: true },
);

export const PendingTokenBody = Type.Object({ token: Type.Optional(Type.String()) }, { additionalProperties: true });

/** WebAuthn options as @simplewebauthn/server makes them (PublicKeyCredentialRequestOptionsJSON / CreationOptionsJSON). */
export const WebauthnOptionsSchema = Type.Object({ challenge: Type.String() }, { additionalProperties: true, title: 'WebauthnOptions' });

export const SecondFactorStatusSchema = Type.Object(
  {
    totp: Type.Boolean({ description: 'An authenticator app is set up.' }),
    totp_pending: Type.Boolean({ description: 'An authenticator app enrolment waits for its confirming code.' }),
    webauthn: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), created: Type.String({ format: 'date-time' }), last_used: Nullable(Type.String({ format: 'date-time' })) })),
    recovery_codes: Type.Integer({ description: 'Unused recovery codes left.' }),
    last_2fa: Nullable(Type.String({ format: 'date-time' })),
    required_by: Type.Object(
      {
        teams: Type.Array(Type.String()),
        projects: Type.Array(Type.Object({ name: Type.String(), slug: Type.String() })),
      },
      { description: 'The user’s teams with enforced_2fa, and the projects with enforced_2fa those teams name: without a second factor they give the browser session no access.' },
    ),
  },
  { title: 'SecondFactorStatus' },
);

export const TotpEnrolmentSchema = Type.Object(
  {
    secret: Type.String({ description: 'The Base32 secret, for typing into an app; shown until a code confirms it, never after.' }),
    uri: Type.String({ description: 'The otpauth:// address the QR code holds.' }),
    qr_svg: Type.String({ description: 'The QR code as an SVG document.' }),
  },
  { title: 'TotpEnrolment' },
);

export const CodeBody = Type.Object({ code: Type.Optional(Type.String()) }, { additionalProperties: true });

export const RecoveryCodesSchema = Type.Object(
  { recovery_codes: Nullable(Type.Array(Type.String(), { description: 'New one-time recovery codes: shown this once, stored only hashed.' })) },
  { title: 'RecoveryCodes' },
);

export const WebauthnRegisterBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 100 })),
    credential: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'The PublicKeyCredential of navigator.credentials.create(), in its JSON form.' })),
  },
  { additionalProperties: true },
);

export const WebauthnRegisteredSchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), recovery_codes: Nullable(Type.Array(Type.String())) },
  { title: 'WebauthnRegistered' },
);
