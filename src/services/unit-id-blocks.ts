// The per-block unit counts live in src/db/unit-id-blocks.ts; tests fold their PostgreSQL delta rows through here.
export { foldDeltas } from '../db/unit-id-blocks.js';
