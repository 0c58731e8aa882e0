import { EventEmitter } from 'node:events';
import type { AlarmSummary } from '@rcm/shared/alarms';
import type { UnauthorizedController } from '@rcm/shared/auth';
import type { OfflineReason } from '@rcm/shared/controllers';
import type { JobUpdatedEvent } from '@rcm/shared/jobs';
import type { Db, Tx } from '../db/types.ts';

export type ControllerScope = { controllerId: number; organizationId: number | null; locationId: number | null };

/**
 * Internal domain events. Services emit them after their transaction commits; the realtime layer
 * (and later notifications) subscribe. Client-facing events are a separate map in packages/shared.
 */
export type DomainEvents = {
  'alarm.raised': [alarm: AlarmSummary];
  'alarm.updated': [alarm: AlarmSummary];
  'controller.status': [
    event: ControllerScope & { online: boolean; lastSeenAt: string | null; offlineReason?: OfflineReason | null },
  ];
  'controller.pending': [controller: UnauthorizedController];
  /** A bulk acknowledge/clear's progress, for the user who asked (request_id: the HTTP request's id). */
  'alarms.bulk.progress': [event: { userId: number; request_id: string; done: number; total: number }];
  /** Users whose permissions or account changed (settings); `disconnect`: drop their sockets (disabled). */
  'auth.changed': [event: { userIds: number[]; disconnect: boolean }];
  'job.updated': [event: JobUpdatedEvent & { organization_id: number | null }];
  /** An alarm's emails changed (notifications worker, Mandrill webhook). */
  'notification.updated': [
    event: { alarmRef: number; controllerId: number; organizationId: number; locationId: number | null },
  ];
  'rack.telemetry': [
    event: ControllerScope & {
      ts: string;
      racks: {
        ref: string;
        metrics: Record<string, number>;
        points: { addr: string; value: number | null; status: string }[];
      }[];
    },
  ];
};

/**
 * A domain event held until its transaction commits, then emitted (`emitAll`): one of the map's
 * events with its arguments. `K` narrows it to some of them (an alarm writer's raised and updated).
 */
export type QueuedEvent<K extends keyof DomainEvents = keyof DomainEvents> = {
  [P in K]: { name: P; args: DomainEvents[P] };
}[K];

export type EventBus = {
  emit<K extends keyof DomainEvents>(event: K, ...args: DomainEvents[K]): void;
  /** Emits queued events in their order. */
  emitAll(events: readonly QueuedEvent[]): void;
  on<K extends keyof DomainEvents>(event: K, listener: (...args: DomainEvents[K]) => void): () => void;
};

export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  return {
    emit(event, ...args) {
      emitter.emit(event, ...args);
    },
    emitAll(events) {
      for (const e of events) emitter.emit(e.name, ...e.args);
    },
    on(event, listener) {
      const wrapped = (...args: unknown[]) => listener(...(args as Parameters<typeof listener>));
      emitter.on(event, wrapped);
      return () => emitter.off(event, wrapped);
    },
  };
}

/**
 * What a transaction raises, held until it commits: a transaction's work gets this, never the bus
 * (`inTransaction`, the scheduler's tasks), so an event cannot leave before its data is visible, nor
 * at all when the transaction rolls back. lint/emit-after-commit.grit refuses `.emit(` inside a
 * transaction's callback and inside a scheduled task.
 */
export type AfterCommit = {
  queue<K extends keyof DomainEvents>(event: K, ...args: DomainEvents[K]): void;
  queueAll(events: readonly QueuedEvent[]): void;
};

/** Runs `work` in a transaction of `db`; the events it queued are emitted once the transaction commits. */
export async function inTransaction<T>(
  db: Db,
  bus: EventBus,
  work: (tx: Tx, events: AfterCommit) => Promise<T>,
): Promise<T> {
  const queued: QueuedEvent[] = [];
  const events: AfterCommit = {
    queue(event, ...args) {
      queued.push({ name: event, args } as QueuedEvent);
    },
    queueAll(list) {
      queued.push(...list);
    },
  };
  const result = await db.transaction((tx) => work(tx, events));
  bus.emitAll(queued);
  return result;
}
