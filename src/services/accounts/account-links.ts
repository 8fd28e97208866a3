// Single-use links sent by e-mail: a random secret in the link, its keyed hash in the database, an expiry, and a used-at mark set once.
import crypto from 'node:crypto';
import type { Executor } from '../../db/database.js';
import type { AccountLinkRow } from '../../db/schema.js';
import { accountLinkByHash, insertAccountLink, retireAccountLinks, useAccountLink } from '../../db/account-links.repository.js';
import { nowIso } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';

export type LinkKind = 'invitation' | 'reset' | 'registration' | 'email';

/** Why a link does not work; the page says so and changes nothing. */
export class LinkError extends AppError {
  constructor(readonly reason: 'invalid' | 'expired' | 'used') {
    super(
      'invalid',
      reason === 'expired'
        ? 'This link has expired. Ask for a new one.'
        : reason === 'used'
          ? 'This link has already been used. Ask for a new one if you still need it.'
          : 'This link is not valid. Check that you copied the whole address, or ask for a new one.',
    );
  }
}

export interface NewLink {
  email: string;
  userId?: number | null;
  groupId?: number | null;
  authorId?: number | null;
  details?: Record<string, unknown>;
}

/** Secrets are 43 characters of base64url (32 random bytes); anything else is not worth a lookup. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export class AccountLinks {
  constructor(
    private readonly secretKey: string,
    /** Seconds a link stays valid. */
    readonly age: number,
  ) {}

  /** The stored form of a secret: keyed with the installation's secret key, so a copy of the database yields no working link. */
  private hash(kind: LinkKind, secret: string): string {
    return crypto.createHmac('sha256', this.secretKey).update(`account-link:${kind}:${secret}`).digest('hex');
  }

  /** Stores a new link in the caller's transaction, retiring the unused ones of the same kind for the same address (and team or user); returns its secret. */
  async issue(db: Executor, kind: LinkKind, link: NewLink): Promise<string> {
    const secret = crypto.randomBytes(32).toString('base64url');
    const now = nowIso();
    await retireAccountLinks(db, kind, link.email, now, kind === 'invitation' ? { groupId: link.groupId ?? null } : link.userId ? { userId: link.userId } : {});
    await insertAccountLink(db, {
      kind,
      secret_hash: this.hash(kind, secret),
      email: link.email,
      user_id: link.userId ?? null,
      group_id: link.groupId ?? null,
      author_id: link.authorId ?? null,
      details: JSON.stringify(link.details ?? {}),
      created: now,
      expires: new Date(Date.now() + this.age * 1000).toISOString(),
    });
    return secret;
  }

  /** The link of this secret if it still works; a LinkError saying why not otherwise. */
  async find(db: Executor, kind: LinkKind, secret: string): Promise<AccountLinkRow> {
    const row = SECRET_PATTERN.test(secret) ? await accountLinkByHash(db, kind, this.hash(kind, secret)) : undefined;
    if (!row) throw new LinkError('invalid');
    if (row.used) throw new LinkError('used');
    if (row.expires <= nowIso()) throw new LinkError('expired');
    return row;
  }

  /** Marks the link used in the caller's transaction; of two requests using it at once, the second gets a LinkError. */
  async consume(db: Executor, row: AccountLinkRow): Promise<void> {
    if (!(await useAccountLink(db, row.id, nowIso()))) throw new LinkError(row.expires <= nowIso() ? 'expired' : 'used');
  }
}

export function linkDetails(row: AccountLinkRow): Record<string, unknown> {
  return JSON.parse(row.details) as Record<string, unknown>;
}
