// Project backups: /api/projects/<p>/backups/ (list, create in the background, download; project.edit) and
// /api/projects/restore/ (a new project from an uploaded backup; project.add).
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import { urlsFor } from '../context.js';
import { resource } from '../resource.js';
import { BackupFile, BackupListSchema, BackupParams, BackupScheduledSchema, RestoreBody, RestoreWriteBody } from '../schemas/backup.js';
import { ProjectParams } from '../schemas/common.js';
import { errorResponses, errorStatuses } from '../schemas/error-responses.js';
import { ProjectSchema } from '../schemas/project.js';
import { serializeProject } from '../serializers/serializers.js';

/** What these routes use of the container. */
export type BackupsDeps = Pick<Container, 'backups' | 'config' | 'projects'>;

type P = FastifyRequest<{ Params: { project: string } }>;
type B = FastifyRequest<{ Params: { project: string; name: string } }>;

export const RESTORE_URL = '/api/projects/restore/';

export function backupsRoutes(app: FastifyInstance, c: BackupsDeps): void {
  const backupsUrl = (request: FastifyRequest, slug: string) => `${urlsFor(c, request).project(slug)}backups/`;

  resource(app, '/api/projects/:project/backups/', { name: 'Project Backups', description: 'Backups of a whole project, kept on the server.' }, {
    GET: {
      summary: 'List the backups of a project',
      schema: { params: ProjectParams, response: { 200: BackupListSchema } },
      handler: async (request: P) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const base = backupsUrl(request, project.slug);
        return (await c.backups.list(request.actor, project)).map((b) => ({ ...b, url: `${base}${encodeURIComponent(b.name)}/` }));
      },
    },
    POST: {
      summary: 'Back up a project',
      schema: { params: ProjectParams, response: { 202: BackupScheduledSchema } },
      handler: async (request: P, reply: FastifyReply) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const task = await c.backups.schedule(request.actor, project);
        return reply.code(202).send({ detail: 'Backup scheduled. It will be available soon.', url: backupsUrl(request, project.slug), task_url: urlsFor(c, request).task(task) });
      },
    },
  });

  resource(app, '/api/projects/:project/backups/:name/', { name: 'Project Backup', description: 'One kept backup of a project, as a ZIP file.' }, {
    GET: {
      summary: 'Download a backup of a project',
      rawFormat: true,
      schema: { params: BackupParams, response: { 200: BackupFile } },
      handler: async (request: B, reply: FastifyReply) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const file = await c.backups.file(request.actor, project, request.params.name);
        return reply
          .type('application/zip')
          .header('Content-Disposition', `attachment; filename="${file.name}"`)
          .header('Content-Length', file.size)
          .send(fs.createReadStream(file.path));
      },
    },
  });

  // Only POST: a project may be named "restore", and its other addresses stay its own.
  const statuses = errorStatuses('POST', RESTORE_URL, false, true);
  app.route({
    method: 'POST',
    url: RESTORE_URL,
    schema: { body: RestoreBody, response: { ...errorResponses(statuses), 201: ProjectSchema } },
    config: {
      allow: 'POST, OPTIONS',
      resourceName: 'Project Restore',
      resourceDescription: 'Creates a project from a backup uploaded as `zipfile` (multipart), named by `name` and `slug`.',
      summary: 'Restore a project from a backup',
      described: { body: RestoreWriteBody },
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const project = await c.backups.restore(request.actor, (request.body ?? {}) as { name?: unknown; slug?: unknown }, request.uploads.zipfile);
      const body = serializeProject(urlsFor(c, request), project);
      return reply.code(201).header('Location', body.url).send(body);
    },
  });
}
