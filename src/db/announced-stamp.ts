// The read caches' stamp where processes announce their commits to each other over a channel (Redis or PostgreSQL).
import crypto from 'node:crypto';

/**
 * Each process announces its name on the channel after every commit that may have changed data, and awaits that
 * before it answers; each process counts the others' announcements into its stamp. Nothing is asked per request.
 * Not a guarantee: a request read in the moment before an announcement arrives is still answered from what was
 * cached before that commit.
 *
 * While the channel is not confirmed (start-up, a lost connection) the stamp is unknown and nothing is cached;
 * once confirmed again the stamp moves, as announcements may have been missed meanwhile. A failed announcement is
 * sent again when the channel is next confirmed, so the other processes learn of the commit once it is back.
 * Subclasses connect, call `listening()`, `heard()` and `lost()`, and send.
 */
export abstract class AnnouncedStamp {
  protected readonly name = crypto.randomBytes(9).toString('base64url');
  protected closed = false;
  private subscribed = false;
  private others = 0;
  private writes = 0;
  private unannounced = false;
  private down = false;
  /** Settles at the first confirmation or the first failure: requests wait for it only at start-up. */
  private starting: Promise<void> | null = null;

  constructor(
    /** What the warnings call the channel's server ("Redis", "PostgreSQL"). */
    private readonly what: string,
    private readonly warn: (message: string) => void,
  ) {}

  /** What the read caches compare: it moves with every other process's commit and every write of this process. */
  stamp(): string | null {
    return this.subscribed ? `p${this.others}:${this.writes}` : null;
  }

  /** Nothing to ask per request; only the first requests wait for the first confirmation (or its failure). */
  refresh(): Promise<void> | undefined {
    return this.starting ?? undefined;
  }

  /** After a commit that may have changed data: this process's caches are stale at once, the others' once they hear of it. */
  async onCommit(): Promise<void> {
    this.writes++;
    if (this.starting) await this.starting;
    await this.announce();
  }

  close(): void {
    this.closed = true;
  }

  /** Subclasses pass the promise that settles once the channel is first confirmed or has first failed. */
  protected startingWith(first: Promise<unknown>): void {
    this.starting = first.then(() => {
      this.starting = null;
    });
  }

  /** Sends this process's name to the others. */
  protected abstract send(name: string): Promise<void>;

  /** The channel is confirmed: count what may have been missed, and send what could not be sent. */
  protected listening(): void {
    this.others++;
    this.subscribed = true;
    this.down = false;
    if (this.unannounced) {
      this.unannounced = false;
      void this.announce();
    }
  }

  /** An announcement arrived; our own commits moved our stamp when they were made. */
  protected heard(from: string): void {
    if (from !== this.name) this.others++;
  }

  protected lost(): void {
    this.subscribed = false;
  }

  protected failed(error: Error): void {
    if (this.down || this.closed) return;
    this.down = true;
    this.warn(`read caches: ${this.what} is unreachable (${error.message}); reads are not cached until it is back`);
  }

  /** On failure the commit still stands, and the next confirmation announces it again. */
  private async announce(): Promise<void> {
    try {
      await this.send(this.name);
    } catch (error) {
      this.unannounced = true;
      this.failed(error as Error);
    }
  }
}
