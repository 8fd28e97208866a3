// The read caches' stamp on PostgreSQL across hosts: every commit is announced on a Redis channel that every process follows.
import type { Redis } from 'ioredis';
import { ioredis } from '../shared/optional-dependency.js';
import { AnnouncedStamp } from './announced-stamp.js';

/**
 * Announcements are published on a Redis channel. Redis hands a message to the subscribers before it answers the
 * publisher, so it normally reaches another host ahead of any request that the publisher's answer made possible.
 * The subscription is made anew (and counted as news) at every connection: messages sent while it was away are lost.
 */
export class RedisStamp extends AnnouncedStamp {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(
    url: string,
    private readonly channel: string,
    warn: (message: string) => void = (message) => process.emitWarning(message),
  ) {
    super('Redis', warn);
    // A commit must not wait for a Redis that is away: publishing fails at once while disconnected.
    this.publisher = new (ioredis().Redis)(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 2000 });
    this.publisher.on('error', (error: Error) => this.failed(error));
    // Named after its channel (CLIENT LIST shows which installation's read caches a connection serves).
    this.subscriber = new (ioredis().Redis)(url, { autoResubscribe: false, connectionName: `parla-read-caches:${channel}` });
    this.subscriber.on('error', (error: Error) => this.failed(error));
    this.subscriber.on('close', () => this.lost());
    this.subscriber.on('message', (channel: string, from: string) => {
      if (channel === this.channel) this.heard(from);
    });
    let subscribedOnce: () => void = () => {};
    const subscription = new Promise<void>((resolve) => (subscribedOnce = resolve));
    this.subscriber.on('ready', () => void this.subscribe().finally(subscribedOnce));
    this.subscriber.once('error', () => subscribedOnce());
    this.startingWith(Promise.all([subscription, firstConnection(this.publisher)]));
  }

  protected async send(name: string): Promise<void> {
    await this.publisher.publish(this.channel, name);
  }

  override close(): void {
    super.close();
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
    this.listening();
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
