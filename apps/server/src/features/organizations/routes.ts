import { authUser } from '@rcm/shared/auth';
import {
  acceptInvitationBody,
  assignableRole,
  invitation,
  invitationBody,
  invitationPreview,
  location,
  locationBody,
  locationListQuery,
  member,
  membershipBody,
  organizationBody,
  organizationDetail,
  organizationListItem,
  organizationListQuery,
} from '@rcm/shared/organizations';
import { listMeta } from '@rcm/shared/pagination';
import { idParams, paramId } from '@rcm/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import { requireScope } from '../auth/scope.ts';
import type { AuthService } from '../auth/service.ts';
import type { InvitationsService } from './invitations-service.ts';
import type { RemovalService } from './removal-service.ts';
import type { OrganizationsRepo } from './repo.ts';
import type { OrganizationsService } from './service.ts';

const pickerLocation = z.object({ id: z.number().int(), name: z.string(), city: z.string(), state: z.string() });
const ok = { 200: z.object({ data: z.object({ ok: z.literal(true) }) }) };

export type OrganizationRoutesDeps = {
  repo: OrganizationsRepo;
  service: OrganizationsService;
  removal: RemovalService;
  invitations: InvitationsService;
  publicUrl?: string;
  /** The signed-in user as the API shows it (AuthService.present). */
  present: AuthService['present'];
};

/** Organizations, their locations, members and invitations (spec sections 2, 3 and 6). */
export function organizationRoutes(deps: OrganizationRoutesDeps): FastifyPluginAsyncZod {
  const { service, invitations } = deps;
  return async (app) => {
    app.get(
      '/organizations',
      {
        config: needs('organization.list'),
        schema: {
          querystring: organizationListQuery,
          response: { 200: z.object({ data: z.array(organizationListItem), meta: listMeta }) },
        },
      },
      async (request) => service.list(requireAuth(request), request.query),
    );

    app.post(
      '/organizations',
      {
        config: needs('organization.create'),
        schema: {
          body: organizationBody,
          response: { 201: z.object({ data: z.object({ id: z.number().int(), name: z.string() }) }) },
        },
      },
      async (request, reply) => {
        const data = await service.create(requireAuth(request), request.body.name);
        return reply.status(201).send({ data });
      },
    );

    app.get(
      '/organizations/:id',
      {
        config: needs('organization.list'),
        schema: { params: idParams, response: { 200: z.object({ data: organizationDetail }) } },
      },
      async (request) => ({ data: await service.view(requireAuth(request), request.params.id) }),
    );

    app.patch(
      '/organizations/:id',
      {
        config: needs('organization.edit'),
        schema: {
          params: idParams,
          body: organizationBody,
          response: { 200: z.object({ data: z.object({ id: z.number().int(), name: z.string() }) }) },
        },
      },
      async (request) => ({ data: await service.rename(requireAuth(request), request.params.id, request.body.name) }),
    );

    // The pickers' list (authorize and edit a controller, filters): unchanged for its callers.
    app.get(
      '/organizations/:id/locations',
      {
        config: needs('place.list'),
        schema: { params: idParams, response: { 200: z.object({ data: z.array(pickerLocation) }) } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        const scope = requireScope(ctx, 'locationPicker');
        const rows = await deps.repo.locationsOf(request.params.id, scope);
        if (!rows) throw new AppError(404, 'not_found');
        return { data: rows };
      },
    );

    app.post(
      '/organizations/:id/locations',
      {
        config: needs('location.create'),
        schema: { params: idParams, body: locationBody, response: { 201: z.object({ data: location }) } },
      },
      async (request, reply) => {
        const data = await service.createLocation(requireAuth(request), request.params.id, request.body);
        return reply.status(201).send({ data });
      },
    );

    app.get(
      '/locations',
      {
        config: needs('location.list'),
        schema: {
          querystring: locationListQuery,
          response: { 200: z.object({ data: z.array(location), meta: listMeta }) },
        },
      },
      async (request) => service.listLocations(requireAuth(request), request.query),
    );

    app.get(
      '/locations/:id',
      {
        config: needs('place.list'),
        schema: { params: idParams, response: { 200: z.object({ data: location }) } },
      },
      async (request) => ({ data: await service.findLocation(requireAuth(request), request.params.id) }),
    );

    app.patch(
      '/locations/:id',
      {
        config: needs('location.edit'),
        schema: { params: idParams, body: locationBody, response: { 200: z.object({ data: location }) } },
      },
      async (request) => ({
        data: await service.updateLocation(requireAuth(request), request.params.id, request.body),
      }),
    );

    // 204: deleted, or archived when history refers to it; 409 in_use while something still uses it.
    app.delete(
      '/locations/:id',
      { config: needs('location.edit'), schema: { params: idParams } },
      async (request, reply) => {
        await deps.removal.removeLocation(requireAuth(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.delete(
      '/organizations/:id',
      { config: needs('organization.edit'), schema: { params: idParams } },
      async (request, reply) => {
        await deps.removal.removeOrganization(requireAuth(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/organizations/:id/members',
      {
        config: needs('organization.list'),
        schema: { params: idParams, response: { 200: z.object({ data: z.array(member) }) } },
      },
      async (request) => ({ data: await service.listMembers(requireAuth(request), request.params.id) }),
    );

    app.post(
      '/organizations/:id/members',
      {
        config: needs('organization.edit'),
        schema: { params: idParams, body: invitationBody, response: { 201: z.object({ data: invitation }) } },
      },
      async (request, reply) => {
        const origin = deps.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
        const data = await invitations.invite(requireAuth(request), request.params.id, request.body, origin);
        return reply.status(201).send({ data });
      },
    );

    app.patch(
      '/organizations/:id/members/:userId',
      {
        config: needs('organization.edit'),
        schema: {
          params: idParams.extend({ userId: paramId }),
          body: membershipBody,
          response: { 200: z.object({ data: member }) },
        },
      },
      async (request) => ({
        data: await service.updateMember(requireAuth(request), request.params.id, request.params.userId, request.body),
      }),
    );

    app.delete(
      '/organizations/:id/members/:userId',
      { config: needs('organization.edit'), schema: { params: idParams.extend({ userId: paramId }), response: ok } },
      async (request) => {
        await service.removeMember(requireAuth(request), request.params.id, request.params.userId);
        return { data: { ok: true as const } };
      },
    );

    app.get(
      '/organizations/:id/invitations',
      {
        config: needs('organization.edit'),
        schema: { params: idParams, response: { 200: z.object({ data: z.array(invitation) }) } },
      },
      async (request) => ({ data: await invitations.pending(requireAuth(request), request.params.id) }),
    );

    app.delete(
      '/organizations/:id/invitations/:invitationId',
      {
        config: needs('organization.edit'),
        schema: { params: idParams.extend({ invitationId: paramId }), response: ok },
      },
      async (request) => {
        await invitations.revoke(requireAuth(request), request.params.id, request.params.invitationId);
        return { data: { ok: true as const } };
      },
    );

    app.get(
      '/member-roles',
      {
        config: needs('organization.edit'),
        schema: { response: { 200: z.object({ data: z.array(assignableRole) }) } },
      },
      async (request) => {
        const ctx = requireAuth(request);
        return { data: await invitations.assignableRoles(ctx) };
      },
    );

    // Public: the accept page reads and spends an invitation without being signed in.
    app.get(
      '/invitations/:token',
      {
        config: { public: true },
        schema: {
          params: z.object({ token: z.string().max(200) }),
          response: { 200: z.object({ data: invitationPreview }) },
        },
      },
      async (request) => ({ data: await invitations.preview(request.params.token) }),
    );

    app.post(
      '/invitations/:token/accept',
      {
        schema: {
          params: z.object({ token: z.string().max(200) }),
          body: acceptInvitationBody,
          response: { 200: z.object({ data: authUser }) },
        },
        config: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const { token, context } = await invitations.accept(request.params.token, request.body);
        reply.header('Authorization', `Bearer ${token}`);
        return { data: deps.present(context) };
      },
    );
  };
}
