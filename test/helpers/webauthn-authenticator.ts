// A software WebAuthn authenticator for tests: an ECDSA P-256 key (node:crypto), attestation "none", assertions signed as authenticators sign them.
import crypto from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | Record<string, unknown>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  throw new Error('CBOR length too large for this encoder');
}

/** The small part of CBOR that attestation objects and COSE keys need: integers, strings, byte strings, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k as Cbor), cbor(v as Cbor)])]);
}

const b64url = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();

export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
}
export interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export class SoftwareAuthenticator {
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = crypto.randomBytes(16);
  private signCount = 0;

  constructor(private readonly origin: string) {}

  private coseKey(): Buffer {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  /** navigator.credentials.create() answered in its JSON form (RegistrationResponseJSON). */
  create(options: CreationOptions) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    const counter = Buffer.alloc(4);
    const idLength = Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]);
    // Flags: user present (0x01) and attested credential data included (0x40).
    const authData = Buffer.concat([sha256(rpId), Buffer.from([0x41]), counter, Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const attestationObject = cbor({ fmt: 'none', attStmt: new Map(), authData });
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['usb'] },
    };
  }

  /** navigator.credentials.get() answered in its JSON form (AuthenticationResponseJSON); `tamper` spoils the signature. */
  get(options: RequestOptions, tamper = false) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(++this.signCount);
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([0x01]), counter]);
    const signature = crypto.sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.keys.privateKey);
    if (tamper) signature[signature.length - 1] ^= 0x01;
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature) },
    };
  }
}
