// The permission matrix (permission-matrix.ts) on SQLite.
import { permissionMatrix } from './permission-matrix.js';

permissionMatrix('sqlite');
