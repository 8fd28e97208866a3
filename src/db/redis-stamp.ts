// The read caches' stamp on PostgreSQL across hosts: every commit is announced on a Redis channel that every process follows.
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { ioredis } from '../shared/optional-dependency.js';

/**
 * Each process publishes its name on the channel after every commit that may have changed data, and awaits that
 * before it answers; each process counts the others' messages into its stamp. Redis hands a message to the
 * subscribers before it answers the publisher, so it normally reaches another host ahead of any request that the
 * publisher's answer made possible; nothing is asked of Redis per request. Not a guarantee: a request read in the
 * moment before the message is still answered from what was cached before the commit.
 *
 * While the subscription is not confirmed (start-up, a lost connection) the stamp is unknown and nothing is
 * cached; once confirmed again the stamp moves, as messages may have been missed meanwhile. A failed publish is
 * retried when the subscription is next confirmed, so the other processes learn of the commit once Redis is back.
 */
export class RedisStamp {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly name = crypto.randomBytes(9).toString('base64url');
  private subscribed = false;
  private others = 0;
  private writes = 0;
  private unannounced = false;
  private down = false;
  private closed = false;
  /** Settles at the first subscription or the first failure: requests wait for it only at start-up. */
  private starting: Promise<void> | null;

  constructor(
    url: string,
    private readonly channel: string,
    private readonly warn: (message: string) => void = (message) => process.emitWarning(message),
  ) {
    // A commit must not wait for a Redis that is away: publishing fails at once while disconnected.
    this.publisher = new (ioredis().Redis)(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 2000 });
    this.publisher.on('error', (error: Error) => this.failed(error));
    // Subscribed anew (and counted as news) at every connection: messages sent while it was away are lost.
    this.subscriber = new (ioredis().Redis)(url, { autoResubscribe: false });
    this.subscriber.on('error', (error: Error) => this.failed(error));
    this.subscriber.on('close', () => {
      this.subscribed = false;
    });
    this.subscriber.on('message', (channel: string, from: string) => {
      // Our own commits moved our stamp when they were made.
      if (channel === this.channel && from !== this.name) this.others++;
    });
    let subscribedOnce: () => void = () => {};
    const subscription = new Promise<void>((resolve) => (subscribedOnce = resolve));
    this.subscriber.on('ready', () => void this.subscribe().finally(subscribedOnce));
    this.subscriber.once('error', () => subscribedOnce());
    this.starting = Promise.all([subscription, firstConnection(this.publisher)]).then(() => {
      this.starting = null;
    });
  }

  /** What the read caches compare: it moves with every other process's commit and every write of this process. */
  stamp(): string | null {
    return this.subscribed ? `p${this.others}:${this.writes}` : null;
  }

  /** Nothing to ask per request; only the first requests wait for the first subscription (or its failure). */
  refresh(): Promise<void> | undefined {
    return this.starting ?? undefined;
  }

  /** After a commit that may have changed data: this process's caches are stale at once, the others' once they read the message. */
  async onCommit(): Promise<void> {
    this.writes++;
    if (this.starting) await this.starting;
    await this.announce();
  }

  /** Publishes this process's name; on failure the commit still stands, and the next subscription publishes again. */
  private async announce(): Promise<void> {
    try {
      await this.publisher.publish(this.channel, this.name);
    } catch (error) {
      this.unannounced = true;
      this.failed(error as Error);
    }
  }

  close(): void {
    this.closed = true;
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }

  private async subscribe(): Promise<void> {
    try {
      await this.subscriber.subscribe(this.channel);
    } catch (error) {
      this.failed(error as Error);
      return;
    }
    this.others++;
    this.subscribed = true;
    this.down = false;
    if (this.unannounced) {
      this.unannounced = false;
      void this.announce();
    }
  }

  private failed(error: Error): void {
    if (this.down || this.closed) return;
    this.down = true;
    this.warn(`read caches: Redis is unreachable (${error.message}); reads are not cached until it is back`);
  }
}

/** Settles when a client first connects or fails to. */
function firstConnection(redis: Redis): Promise<void> {
  return new Promise<void>((resolve) => {
    redis.once('ready', () => resolve());
    redis.once('error', () => resolve());
    redis.once('end', () => resolve());
  });
}
