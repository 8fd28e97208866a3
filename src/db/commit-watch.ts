// A Kysely PostgreSQL dialect that reports every commit that may have changed data (read caches across processes).
import { PostgresDialect, type CompiledQuery, type DatabaseConnection, type Driver, type PostgresDialectConfig, type QueryResult, type TransactionSettings } from 'kysely';

/** Whether a statement may change data: anything but a SELECT (raw SQL is judged by its text; FOR UPDATE only locks). */
export function mayWrite(query: CompiledQuery): boolean {
  if (query.query.kind === 'SelectQueryNode') return false;
  return !/^\s*select\b/i.test(query.sql);
}

/** One acquisition of a pooled connection: remembers whether its open transaction wrote. */
class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  wrote = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly changed: () => void | Promise<void>,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Reads, and writes inside a transaction (reported when it ends), pass straight through: imports run many.
    if (!mayWrite(query)) return this.inner.executeQuery<R>(query);
    if (this.inTransaction) {
      this.wrote = true;
      return this.inner.executeQuery<R>(query);
    }
    // Also after a failure: whether a failed statement changed something is not known here.
    return this.inner.executeQuery<R>(query).then(
      async (result) => {
        await this.changed();
        return result;
      },
      async (error: unknown) => {
        await this.changed();
        throw error;
      },
    );
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (mayWrite(query)) {
      if (this.inTransaction) this.wrote = true;
      else void this.changed(); // before the rows come: at worst one needless report
    }
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  /** The end of a transaction: reported when it wrote, committed or not (a cache may have read its own writes). */
  ended(): void | Promise<void> {
    const wrote = this.wrote;
    this.inTransaction = false;
    this.wrote = false;
    if (wrote) return this.changed();
  }
}

class CommitWatchingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly changed: () => void | Promise<void>,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.inner.acquireConnection(), this.changed);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as WatchedConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.ending(connection, (inner) => this.inner.commitTransaction(inner));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.ending(connection, (inner) => this.inner.rollbackTransaction(inner));
  }

  /** A transaction's commit or rollback, after which its writes (if any) are reported whatever the outcome. */
  private async ending(connection: DatabaseConnection, end: (inner: DatabaseConnection) => Promise<void>): Promise<void> {
    const c = connection as WatchedConnection;
    try {
      await end(c.inner);
    } finally {
      await c.ended();
    }
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/**
 * PostgresDialect whose `changed` is called after every statement outside a transaction that may have
 * written, and after every transaction that did, once it has ended: before the caller goes on, so
 * before any response that follows from the write.
 */
export class CommitWatchingPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly changed: () => void | Promise<void>,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new CommitWatchingDriver(super.createDriver(), this.changed);
  }
}
