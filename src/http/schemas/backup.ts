// Project backups: a kept backup, the answer of a scheduled one, and the restore body.
import { Type } from 'typebox';
import { Url } from './common.js';
import { FileBody } from './file.js';

export const BackupSchema = Type.Object(
  {
    name: Type.String({ description: 'The file name: the creation time (Unix seconds) and ".zip".', examples: ['1719820800.zip'] }),
    size: Type.Integer({ description: 'Size in bytes.' }),
    timestamp: Type.String({ format: 'date-time' }),
    url: Url('Where the backup is downloaded.'),
  },
  { title: 'ProjectBackup' },
);

export const BackupListSchema = Type.Array(BackupSchema, { description: 'The kept backups, newest first (not paginated).' });

export const BackupScheduledSchema = Type.Object(
  {
    detail: Type.String(),
    url: Url('The list of the project\'s backups.'),
    task_url: Url('The background task writing the backup.'),
  },
  { title: 'ProjectBackupScheduled' },
);

export const BackupParams = Type.Object({ project: Type.String(), name: Type.String({ maxLength: 100 }) });

export const BackupFile = FileBody('application/zip', 'The backup archive.');

/** Multipart fields beside the `zipfile`: checked by the service. */
export const RestoreBody = Type.Object({ name: Type.Optional(Type.Unknown()), slug: Type.Optional(Type.Unknown()) });
export const RestoreWriteBody = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'The new project\'s name (the backup\'s when left out).' })),
    slug: Type.Optional(Type.String({ description: 'The new project\'s slug (the backup\'s when left out).' })),
  },
  { title: 'ProjectRestore' },
);
