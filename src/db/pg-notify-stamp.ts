// The read caches' stamp on PostgreSQL without Redis: every commit is announced with NOTIFY on a channel every process LISTENs to.
import type Pg from 'pg';
import { pg } from '../shared/optional-dependency.js';
import { AnnouncedStamp } from './announced-stamp.js';

/** The channel, per database: installations on one PostgreSQL server do not hear each other. */
const CHANNEL = 'parla_commits';
/** How long an announcement, or the proof that announcements arrive, may take before the connection counts as lost. */
const TIMEOUT_MS = 5000;

/**
 * One connection per process listens and announces. PostgreSQL signals every listening connection as the
 * NOTIFY commits, before it answers the announcer, so an announcement normally reaches another host ahead of
 * any request that the announcer's answer made possible.
 *
 * A connection is trusted only once it has heard its own probe: behind a pooler in transaction mode, LISTEN
 * is accepted but nothing is ever delivered, and caching there would serve other hosts' old data. A lost
 * connection (server restart, network cut, a failed announcement) is opened again after a pause that grows
 * to 5 s; TCP keep-alive notices a peer that vanished without closing.
 */
export class PgNotifyStamp extends AnnouncedStamp {
  private client: Pg.Client | null = null;
  private confirmed = false;
  /** Whether a connection was ever confirmed: before that, an unreachable database is the database's own error to report. */
  private everConfirmed = false;
  private probes = 0;
  private readonly awaitedProbes = new Map<string, () => void>();
  private retry: NodeJS.Timeout | null = null;
  private pause = 250;
  /** Announcements wait for the one before: a client runs one query at a time, and queueing inside pg is going away. */
  private sending: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly connectTimeoutMs: number,
    warn: (message: string) => void = (message) => process.emitWarning(message),
  ) {
    super('PostgreSQL', warn);
    this.startingWith(this.connect());
  }

  protected async send(name: string): Promise<void> {
    const client = this.client;
    if (!client || !this.confirmed) throw new Error('not listening');
    const sent = this.sending.then(() => client.query({ text: 'SELECT pg_notify($1, $2)', values: [CHANNEL, name] }));
    this.sending = sent.catch(() => {});
    try {
      await sent;
    } catch (error) {
      this.broken(client, error as Error);
      throw error;
    }
  }

  override close(): void {
    super.close();
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    void client?.end().catch(() => {});
  }

  /** Opens the connection, listens and proves that announcements arrive; a failure schedules the next attempt. */
  private async connect(): Promise<void> {
    this.retry = null;
    const client = new (pg().Client)({
      connectionString: this.url,
      connectionTimeoutMillis: this.connectTimeoutMs,
      query_timeout: TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: 'parla read caches',
    });
    this.client = client;
    this.confirmed = false;
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || message.payload === undefined) return;
      const probe = this.awaitedProbes.get(message.payload);
      if (probe) probe();
      else this.heard(message.payload);
    });
    client.on('error', (error) => this.broken(client, error));
    client.on('end', () => this.broken(client, new Error('the connection was closed')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      await this.probe(client);
    } catch (error) {
      this.broken(client, error as Error);
      return;
    }
    if (this.client !== client) return;
    this.confirmed = true;
    this.everConfirmed = true;
    this.pause = 250;
    this.listening();
  }

  /** Announces a probe and waits to hear it back. */
  private async probe(client: Pg.Client): Promise<void> {
    const payload = `probe:${this.name}:${++this.probes}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve, reject) => {
      this.awaitedProbes.set(payload, resolve);
      timer = setTimeout(() => reject(new Error('LISTEN is accepted but notifications do not arrive (a connection pooler in transaction mode?)')), TIMEOUT_MS);
    });
    try {
      await client.query({ text: 'SELECT pg_notify($1, $2)', values: [CHANNEL, payload] });
      await heard;
    } finally {
      clearTimeout(timer);
      this.awaitedProbes.delete(payload);
    }
  }

  /** The connection is no longer trusted: nothing is cached until a new one has proven itself. */
  private broken(client: Pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.confirmed = false;
    this.lost();
    if (this.everConfirmed) this.failed(error);
    void client.end().catch(() => {});
    if (this.closed) return;
    this.retry = setTimeout(() => void this.connect(), this.pause);
    this.retry.unref();
    this.pause = Math.min(this.pause * 2, 5000);
  }
}
