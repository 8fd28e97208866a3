// Client libraries that only some set-ups use, loaded the first time one is needed: a process on SQLite
// without Redis never loads pg, ioredis or BullMQ (tens of MB of a small server's memory).
import { createRequire } from 'node:module';
import type * as BullMq from 'bullmq';
import type * as IoRedis from 'ioredis';
import type Pg from 'pg';

const require = createRequire(import.meta.url);
let pgLoaded: typeof Pg | null = null;

export function ioredis(): typeof IoRedis {
  return require('ioredis') as typeof IoRedis;
}

export function bullmq(): typeof BullMq {
  return require('bullmq') as typeof BullMq;
}

/** node-postgres, with COUNT(*) and SUM() read as numbers (int8/numeric arrive as strings; our counters fit in a double). */
export function pg(): typeof Pg {
  if (!pgLoaded) {
    pgLoaded = require('pg') as typeof Pg;
    pgLoaded.types.setTypeParser(20, (v) => Number(v));
    pgLoaded.types.setTypeParser(1700, (v) => Number(v));
  }
  return pgLoaded;
}
