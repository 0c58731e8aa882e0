CREATE TABLE "alarm_escalations" (
	"alarm_id" integer PRIMARY KEY NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"last_notified_at" timestamp with time zone,
	"next_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"locale" text DEFAULT 'en-US' NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"alarm_id" integer,
	"user_id" integer,
	"tier" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"spam_at" timestamp with time zone,
	"soft_bounced_at" timestamp with time zone,
	"bounced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"min_severity" text DEFAULT 'high' NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"time_zone" text DEFAULT 'America/Chicago' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_types" ADD COLUMN "escalation_repeat_seconds" integer;--> statement-breakpoint
ALTER TABLE "alarm_types" ADD COLUMN "escalation_team_id" integer;--> statement-breakpoint
ALTER TABLE "alarm_types" ADD COLUMN "escalation_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_escalations" ADD CONSTRAINT "alarm_escalations_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_escalations_due_idx" ON "alarm_escalations" USING btree ("next_at") WHERE next_at is not null;--> statement-breakpoint
CREATE INDEX "email_messages_pending_idx" ON "email_messages" USING btree ("next_attempt_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "email_messages_alarm_idx" ON "email_messages" USING btree ("alarm_id","created_at");--> statement-breakpoint
CREATE INDEX "email_messages_provider_idx" ON "email_messages" USING btree ("provider_message_id");--> statement-breakpoint
ALTER TABLE "alarm_types" ADD CONSTRAINT "alarm_types_escalation_team_id_teams_id_fk" FOREIGN KEY ("escalation_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;