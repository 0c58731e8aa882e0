import { RACK_TELEMETRY_MIN_INTERVAL_MS, type RackTelemetryEvent } from '@rcm/shared/realtime';
import type { EventBus } from '../events/bus.ts';
import { targetRooms, withheldRoom } from '../features/auth/scope.ts';
import type { RealtimeServer } from './socket.ts';

/** Domain events → client events, each to exactly the rooms allowed to see it. */
export function bridgeEvents(io: RealtimeServer, bus: EventBus): () => void {
  const lastSent = new Map<number, number>();
  const pending = new Map<number, RackTelemetryEvent>();
  const timers = new Set<NodeJS.Timeout>();

  const sendTelemetry = (event: RackTelemetryEvent) => {
    lastSent.set(event.controller_id, performance.now());
    // Ingest hands over the message's racks as they came (no copy per message); only what is sent,
    // at most once a second per controller, is cut down to the event's fields.
    io.to(`controller:${event.controller_id}`).emit('rack.telemetry', {
      controller_id: event.controller_id,
      ts: event.ts,
      racks: event.racks.map((r) => ({
        ref: r.ref,
        metrics: r.metrics,
        points: r.points.map((p) => ({ addr: p.addr, value: p.value, status: p.status })),
      })),
    });
  };

  const offs = [
    ...(['alarm.raised', 'alarm.updated'] as const).map((event) =>
      bus.on(event, (alarm) => {
        io.to(targetRooms('alarms', { organizationId: alarm.organization_id, locationId: alarm.location_id }))
          .except(withheldRoom('alarms', alarm.organization_id))
          .emit(event, alarm);
      }),
    ),
    bus.on('controller.status', (e) => {
      io.to(targetRooms('controllers', e))
        .except(withheldRoom('controllers', e.organizationId))
        .emit('controller.status', {
          controller_id: e.controllerId,
          online: e.online,
          last_seen_at: e.lastSeenAt,
          ...(e.offlineReason !== undefined && { offline_reason: e.offlineReason }),
        });
    }),
    bus.on('job.updated', ({ organization_id, ...job }) => {
      io.to(targetRooms('jobs', { organizationId: organization_id, locationId: job.location_id }))
        .except(withheldRoom('jobs', organization_id))
        .emit('job.updated', job);
    }),
    bus.on('notification.updated', (e) => {
      io.to(targetRooms('alarms', e)).except(withheldRoom('alarms', e.organizationId)).emit('notification.updated', {
        alarm_ref: e.alarmRef,
        controller_id: e.controllerId,
      });
    }),
    // The SPA refetches auth/user (and reconnects for its new rooms); a disabled user's sockets end now.
    bus.on('auth.changed', ({ userIds, disconnect }) => {
      for (const id of userIds) {
        io.to(`user:${id}`).emit('auth.changed', {});
        if (disconnect) io.in(`user:${id}`).disconnectSockets(true);
      }
    }),
    bus.on('controller.pending', (controller) => {
      io.to('pending').emit('controller.pending', { controller });
    }),
    bus.on('alarms.bulk.progress', ({ userId, request_id, done, total }) => {
      io.to(`user:${userId}`).emit('alarms.bulk.progress', { request_id, done, total });
    }),
    // At most one rack.telemetry per controller per second: the latest wins.
    bus.on('rack.telemetry', (e) => {
      const event: RackTelemetryEvent = { controller_id: e.controllerId, ts: e.ts, racks: e.racks };
      const since = performance.now() - (lastSent.get(e.controllerId) ?? Number.NEGATIVE_INFINITY);
      if (since >= RACK_TELEMETRY_MIN_INTERVAL_MS) return sendTelemetry(event);
      const waiting = pending.has(e.controllerId);
      pending.set(e.controllerId, event);
      if (waiting) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        const latest = pending.get(e.controllerId);
        pending.delete(e.controllerId);
        if (latest) sendTelemetry(latest);
      }, RACK_TELEMETRY_MIN_INTERVAL_MS - since);
      timers.add(timer);
    }),
  ];
  return () => {
    for (const off of offs) off();
    for (const t of timers) clearTimeout(t);
  };
}
