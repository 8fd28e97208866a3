// The permission matrix (permission-matrix.ts) on PostgreSQL, in its own file so that it runs beside the SQLite one.
import { describe, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { permissionMatrix } from './permission-matrix.js';

if (DIALECTS.includes('postgres')) permissionMatrix('postgres');
else describe.skip('permission matrix on postgres (PARLA_TEST_DATABASE_URL is not set)', () => it('skipped', () => undefined));
