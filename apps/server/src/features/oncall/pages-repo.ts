import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PageChannel, PageStatus } from '../../db/schema-oncall.ts';
import { query } from '../../lib/sql.ts';

export type PageRow = {
  step: number;
  user_id: number | null;
  user_name: string | null;
  channel: PageChannel;
  status: PageStatus;
  at: unknown;
  detail: string | null;
  fallback: boolean;
};

export function createPagesRepo(db: Db) {
  return {
    /**
     * An alarm's pages, oldest first; an email page's status is its email's (queued → sent → delivered, or
     * failed); an email kept because no mail server is configured is failed with `no_mail_server`.
     */
    async pagesOf(alarmId: number): Promise<PageRow[]> {
      return query<PageRow>(
        db,
        sql`select p.step, p.user_id, u.name as user_name, p.channel, p.at, p.fallback,
            case when m.status = 'not_sent' then 'no_mail_server' else p.detail end as detail,
            case when p.status = 'acknowledged' or p.email_id is null then p.status
                 when m.status = 'not_sent' then 'failed'
                 when m.bounced_at is not null or m.rejected_at is not null or m.status = 'failed' then 'failed'
                 when m.delivered_at is not null then 'delivered'
                 when m.status = 'sent' then 'sent'
                 else 'queued' end as status
          from alarm_pages p
          left join users u on u.id = p.user_id
          left join email_messages m on m.id = p.email_id
          where p.alarm_id = ${alarmId}
          order by p.at, p.id`,
      );
    },
  };
}

export type PagesRepo = ReturnType<typeof createPagesRepo>;
