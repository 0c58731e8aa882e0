import fs from 'node:fs';
import { backupInfo, backupName, storageStatus } from '@rcm/shared/backups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { type AuditRepo, auditActor } from '../audit/repo.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import type { Backups } from './backups.ts';
import type { DiskWatch } from './disk-watch.ts';

/**
 * Backups of the embedded database (`backups_manage`: a backup holds every organization and every
 * password hash) and its storage state (administrators who see every organization, for the disk
 * banner). On PostgreSQL the backup calls answer 409 (pg_dump and base backups, README).
 */
export function backupRoutes(deps: {
  backups: Backups;
  disk: DiskWatch | null;
  audit: AuditRepo;
}): FastifyPluginAsyncZod {
  const { backups, disk, audit } = deps;
  const external = () => new AppError(409, 'backups_external');
  return async (app) => {
    app.get(
      '/admin/storage',
      { config: needs('storage.view'), schema: { response: { 200: z.object({ data: storageStatus }) } } },
      async () => {
        const status = disk?.status();
        return {
          data: {
            embedded: backups.available,
            disk_low: status?.low ?? false,
            free_bytes: status?.free_bytes ?? null,
            min_free_bytes: status?.min_free_bytes ?? null,
            backup_keep: backups.available ? backups.keep : null,
          },
        };
      },
    );

    app.get(
      '/admin/backups',
      { config: needs('backup.manage'), schema: { response: { 200: z.object({ data: z.array(backupInfo) }) } } },
      async () => {
        if (!backups.available) throw external();
        return { data: backups.list() };
      },
    );

    app.post(
      '/admin/backups',
      { config: needs('backup.manage'), schema: { response: { 201: z.object({ data: backupInfo }) } } },
      async (request, reply) => {
        if (!backups.available) throw external();
        // A backup writes about the database's size: not on a disk that is already almost full.
        if (disk?.low()) throw new AppError(503, 'disk_low');
        const info = await backups.create('manual');
        // A backup holds every organization's data: who made one, and who took one away, is recorded.
        await audit.recordAction({
          ...auditActor(requireAuth(request)),
          action: 'backup.create',
          subjectType: 'backup',
          subjectId: info.name,
          after: info,
        });
        return reply.status(201).send({ data: info });
      },
    );

    app.get(
      '/admin/backups/:name',
      { config: needs('backup.manage'), schema: { params: z.object({ name: z.string() }) } },
      async (request, reply) => {
        if (!backups.available) throw external();
        // Only a backup's name: anything else (a path, say) is simply not one.
        const file = backupName.safeParse(request.params.name).success ? backups.file(request.params.name) : null;
        if (!file) throw new AppError(404, 'not_found');
        await audit.recordAction({
          ...auditActor(requireAuth(request)),
          action: 'backup.download',
          subjectType: 'backup',
          subjectId: request.params.name,
        });
        return reply
          .header('Content-Type', 'application/gzip')
          .header('Content-Disposition', `attachment; filename="${request.params.name}"`)
          .header('Content-Length', String(fs.statSync(file).size))
          .header('Cache-Control', 'no-store')
          .send(fs.createReadStream(file));
      },
    );
  };
}
