import { pageMeta } from '@rcm/shared/pagination';
import { idParams } from '@rcm/shared/params';
import {
  AUDIT_EXPORT_MAX,
  alarmTypeBody,
  auditEntry,
  auditExportQuery,
  auditLogQuery,
  roleBody,
  type SettingsTeam,
  settingsAlarmType,
  settingsListQuery,
  settingsRole,
  settingsTeam,
  teamBody,
} from '@rcm/shared/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { createAuditNamesRepo } from '../audit/names-repo.ts';
import { createApiTokensRepo } from '../auth/api-tokens-repo.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import { createAuthRepo } from '../auth/repo.ts';
import { requireScope } from '../auth/scope.ts';
import type { FeatureContext } from '../context.ts';
import { mailServerConfigured } from '../mail/transport.ts';
import { createLocationsRepo } from '../organizations/locations-repo.ts';
import { createAlarmTypesSettings } from './alarm-types.ts';
import { createAuditLogRepo } from './audit-log-repo.ts';
import { createSettingsRepo, type SettingsTeamRow } from './repo.ts';
import { list, one } from './responses.ts';
import { createSettingsService } from './service.ts';
import { userRoutes } from './users-routes.ts';
import { createUsersService } from './users-service.ts';

function toTeam(t: SettingsTeamRow): SettingsTeam {
  return {
    id: t.id,
    name: t.name,
    organisation:
      t.organizationId !== null && t.organizationName !== null
        ? { id: t.organizationId, name: t.organizationName }
        : null,
    members: Number(t.members),
  };
}

/** Settings (users, teams, roles, alarm types) and the audit log: `settings_view` to see, `settings_update` to change. */
export function settingsModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const { db, audit, bus, now } = ctx;
  const repo = createSettingsRepo(db);
  const service = createSettingsService({ db, repo, audit, bus });
  const locations = createLocationsRepo(db);
  const sessions = createAuthRepo(db);
  const apiTokens = createApiTokensRepo(db);
  const usersService = createUsersService({
    db,
    repo,
    locationIdsInOrganization: (organizationId, ids) => locations.idsInOrganization(organizationId, ids),
    audit,
    bus,
    passwordLinks: ctx.shared.passwordLinks,
    mailConfigured: mailServerConfigured(ctx.config),
    revokeUserSessions: (userId, tx) => sessions.revokeUserSessions(userId, now(), undefined, tx),
    revokeUserTokens: (userId, tx) => apiTokens.revokeUserTokens(userId, now(), tx),
    resetMfa: (caller, user) => ctx.shared.mfa.reset(caller, user),
    now,
  });
  const alarmTypes = createAlarmTypesSettings({
    db,
    audit,
    invalidateRules: () => ctx.shared.ingest.rules.invalidate(),
    now,
  });
  const auditLog = createAuditLogRepo(db, createAuditNamesRepo(db));

  return async (app) => {
    await app.register(userRoutes({ repo, usersService }));

    app.get(
      '/settings/teams',
      { config: needs('settings.view'), schema: { querystring: settingsListQuery, response: list(settingsTeam) } },
      async (request) => {
        const q = request.query;
        const { rows, total } = await repo.listTeams(requireScope(requireAuth(request), 'settings'), q);
        return { data: rows.map(toTeam), meta: pageMeta(q.page, q.per_page, total) };
      },
    );
    app.get(
      '/settings/teams/:id',
      { config: needs('settings.view'), schema: { params: idParams, response: one(settingsTeam) } },
      async (request) => {
        const team = await repo.findTeam(requireScope(requireAuth(request), 'settings'), request.params.id);
        if (!team) throw new AppError(404, 'not_found');
        return { data: toTeam(team) };
      },
    );
    app.post(
      '/settings/teams',
      {
        config: needs('settings.edit'),
        schema: { body: teamBody, response: { 201: z.object({ data: settingsTeam }) } },
      },
      async (request, reply) => {
        const team = await service.saveTeam(requireAuth(request), null, request.body);
        return reply.status(201).send({ data: toTeam(team) });
      },
    );
    app.put(
      '/settings/teams/:id',
      { config: needs('settings.edit'), schema: { params: idParams, body: teamBody, response: one(settingsTeam) } },
      async (request) => ({
        data: toTeam(await service.saveTeam(requireAuth(request), request.params.id, request.body)),
      }),
    );

    app.delete(
      '/settings/teams/:id',
      { config: needs('settings.edit'), schema: { params: idParams } },
      async (request, reply) => {
        await service.deleteTeam(requireAuth(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/settings/roles',
      { config: needs('settings.view'), schema: { querystring: settingsListQuery, response: list(settingsRole) } },
      async (request) => {
        requireAuth(request);
        const q = request.query;
        const { rows, total } = await repo.listRoles(q);
        return { data: rows.map((r) => ({ ...r, users: Number(r.users) })), meta: pageMeta(q.page, q.per_page, total) };
      },
    );
    app.get(
      '/settings/roles/:id',
      { config: needs('settings.view'), schema: { params: idParams, response: one(settingsRole) } },
      async (request) => {
        requireAuth(request);
        const role = await repo.findRole(request.params.id);
        if (!role) throw new AppError(404, 'not_found');
        return { data: { ...role, users: Number(role.users) } };
      },
    );
    app.post(
      '/settings/roles',
      {
        config: needs('settings.edit'),
        schema: { body: roleBody, response: { 201: z.object({ data: settingsRole }) } },
      },
      async (request, reply) => {
        const role = await service.saveRole(requireAuth(request), null, request.body);
        return reply.status(201).send({ data: { ...role, users: Number(role.users) } });
      },
    );
    app.put(
      '/settings/roles/:id',
      { config: needs('settings.edit'), schema: { params: idParams, body: roleBody, response: one(settingsRole) } },
      async (request) => {
        const role = await service.saveRole(requireAuth(request), request.params.id, request.body);
        return { data: { ...role, users: Number(role.users) } };
      },
    );

    app.delete(
      '/settings/roles/:id',
      { config: needs('settings.edit'), schema: { params: idParams } },
      async (request, reply) => {
        await service.deleteRole(requireAuth(request), request.params.id, now());
        return reply.status(204).send();
      },
    );

    app.get(
      '/settings/alarm-types',
      { config: needs('settings.view'), schema: { querystring: settingsListQuery, response: list(settingsAlarmType) } },
      async (request) => {
        requireAuth(request);
        return alarmTypes.list(request.query);
      },
    );
    app.get(
      '/settings/alarm-types/:id',
      { config: needs('settings.view'), schema: { params: idParams, response: one(settingsAlarmType) } },
      async (request) => {
        requireAuth(request);
        return { data: await alarmTypes.find(request.params.id) };
      },
    );
    app.put(
      '/settings/alarm-types/:id',
      {
        config: needs('settings.edit'),
        schema: { params: idParams, body: alarmTypeBody, response: one(settingsAlarmType) },
      },
      async (request) => ({ data: await alarmTypes.update(requireAuth(request), request.params.id, request.body) }),
    );

    app.get(
      '/audit-log',
      { config: needs('settings.view'), schema: { querystring: auditLogQuery, response: list(auditEntry) } },
      async (request) => auditLog.list(requireScope(requireAuth(request), 'settings'), request.query, request.locale),
    );
    app.get(
      '/audit-log/export',
      { config: needs('settings.view'), schema: { querystring: auditExportQuery } },
      async (request, reply) => {
        const scope = requireScope(requireAuth(request), 'settings');
        const lines = await auditLog.exportLines(scope, new Date(request.query.since), AUDIT_EXPORT_MAX);
        return reply.type('application/x-ndjson; charset=utf-8').send(lines.length > 0 ? `${lines.join('\n')}\n` : '');
      },
    );
    app.get(
      '/audit-log/actions',
      { config: needs('settings.view'), schema: { response: { 200: z.object({ data: z.array(z.string()) }) } } },
      async (request) => {
        requireAuth(request);
        return { data: await auditLog.actions() };
      },
    );
  };
}
