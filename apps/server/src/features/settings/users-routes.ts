import { pageMeta } from '@rcm/shared/pagination';
import { idParams } from '@rcm/shared/params';
import {
  createdUser,
  type SettingsUser,
  settingsListQuery,
  settingsUser,
  userCreateBody,
  userPatchBody,
  userUpdateBody,
} from '@rcm/shared/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import { requireScope } from '../auth/scope.ts';
import type { SettingsRepo, SettingsUserRow } from './repo.ts';
import { list, one } from './responses.ts';
import type { UsersService } from './users-service.ts';

function toUser(u: SettingsUserRow): SettingsUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    language: u.language === 'es-MX' ? 'es-MX' : 'en-US',
    phone: u.phone,
    disabled: u.disabled,
    role: { id: u.roleId, name: u.roleName, color: u.roleColor },
    team: u.teamId !== null && u.teamName !== null ? { id: u.teamId, name: u.teamName } : null,
    organisation: { id: u.organizationId, name: u.organizationName },
    all_locations: u.allLocations,
    location_ids: u.allLocations ? [] : u.locationIds.map(Number),
    permissions: u.permissions,
    mfa_enrolled: !!u.mfaEnrolled,
  };
}

/** Settings → Users: `settings_view` to see, `settings_update` to change. */
export function userRoutes(deps: { repo: SettingsRepo; usersService: UsersService }): FastifyPluginAsyncZod {
  const { repo, usersService } = deps;
  return async (app) => {
    app.get(
      '/settings/users',
      { config: needs('settings.view'), schema: { querystring: settingsListQuery, response: list(settingsUser) } },
      async (request) => {
        const q = request.query;
        const { rows, total } = await repo.listUsers(requireScope(requireAuth(request), 'settings'), q);
        return { data: rows.map(toUser), meta: pageMeta(q.page, q.per_page, total) };
      },
    );
    app.get(
      '/settings/users/:id',
      { config: needs('settings.view'), schema: { params: idParams, response: one(settingsUser) } },
      async (request) => {
        const user = await repo.findUser(requireScope(requireAuth(request), 'settings'), request.params.id);
        if (!user) throw new AppError(404, 'not_found');
        return { data: toUser(user) };
      },
    );
    app.post(
      '/settings/users',
      {
        config: needs('user.edit'),
        schema: { body: userCreateBody, response: { 201: z.object({ data: createdUser }) } },
      },
      async (request, reply) => {
        const { user, invitation } = await usersService.create(requireAuth(request), request.body);
        const data = { ...toUser(user), invitation_sent: invitation.sent, invitation_url: invitation.url };
        return reply.status(201).send({ data });
      },
    );
    app.put(
      '/settings/users/:id',
      {
        config: needs('user.edit'),
        schema: { params: idParams, body: userUpdateBody, response: one(settingsUser) },
      },
      async (request) => ({
        data: toUser(await usersService.update(requireAuth(request), request.params.id, request.body)),
      }),
    );
    app.patch(
      '/settings/users/:id',
      {
        config: needs('user.edit'),
        schema: { params: idParams, body: userPatchBody, response: one(settingsUser) },
      },
      async (request) => ({
        data: toUser(await usersService.update(requireAuth(request), request.params.id, request.body)),
      }),
    );
    app.delete(
      '/settings/users/:id',
      { config: needs('user.edit'), schema: { params: idParams } },
      async (request, reply) => {
        await usersService.remove(requireAuth(request), request.params.id);
        return reply.status(204).send();
      },
    );
    app.delete(
      '/settings/users/:id/sessions',
      { config: needs('user.edit'), schema: { params: idParams } },
      async (request, reply) => {
        await usersService.endSessions(requireAuth(request), request.params.id);
        return reply.status(204).send();
      },
    );
    app.delete(
      '/settings/users/:id/mfa',
      { config: needs('user.edit'), schema: { params: idParams } },
      async (request, reply) => {
        await usersService.resetMfa(requireAuth(request), request.params.id);
        return reply.status(204).send();
      },
    );
    app.post(
      '/settings/users/:id/password-reset',
      {
        config: needs('user.edit'),
        schema: {
          params: idParams,
          response: { 202: z.object({ data: z.object({ ok: z.literal(true), email_sent: z.boolean() }) }) },
        },
      },
      async (request, reply) => {
        const { sent } = await usersService.sendPasswordReset(requireAuth(request), request.params.id);
        return reply.status(202).send({ data: { ok: true as const, email_sent: sent } });
      },
    );
  };
}
