CREATE TABLE "alarm_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"alarm_id" integer NOT NULL,
	"step" integer NOT NULL,
	"cycle" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"channel" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"detail" text,
	"email_id" integer
);
--> statement-breakpoint
CREATE TABLE "escalation_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"position" integer NOT NULL,
	"delay_minutes" integer NOT NULL,
	"targets" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oncall_layers" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"user_ids" integer[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"shift_hours" integer NOT NULL,
	"restrict" jsonb
);
--> statement-breakpoint
CREATE TABLE "oncall_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oncall_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"name" text NOT NULL,
	"time_zone" text DEFAULT 'America/Chicago' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escalation_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"name" text NOT NULL,
	"repeat" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_types" DROP CONSTRAINT "alarm_types_escalation_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "alarm_types" ADD COLUMN "escalation_policy_id" integer;--> statement-breakpoint
ALTER TABLE "alarm_escalations" ADD COLUMN "policy_id" integer;--> statement-breakpoint
ALTER TABLE "alarm_escalations" ADD COLUMN "next_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_escalations" ADD COLUMN "cycle" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "escalation_policy_id" integer;--> statement-breakpoint
ALTER TABLE "alarm_pages" ADD CONSTRAINT "alarm_pages_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_pages" ADD CONSTRAINT "alarm_pages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_pages" ADD CONSTRAINT "alarm_pages_email_id_email_messages_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_steps" ADD CONSTRAINT "escalation_steps_policy_id_escalation_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."escalation_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oncall_layers" ADD CONSTRAINT "oncall_layers_schedule_id_oncall_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."oncall_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oncall_overrides" ADD CONSTRAINT "oncall_overrides_schedule_id_oncall_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."oncall_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oncall_overrides" ADD CONSTRAINT "oncall_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oncall_schedules" ADD CONSTRAINT "oncall_schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_policies" ADD CONSTRAINT "escalation_policies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_pages_alarm_idx" ON "alarm_pages" USING btree ("alarm_id","at");--> statement-breakpoint
CREATE INDEX "alarm_pages_email_idx" ON "alarm_pages" USING btree ("email_id");--> statement-breakpoint
CREATE INDEX "escalation_steps_policy_idx" ON "escalation_steps" USING btree ("policy_id","position");--> statement-breakpoint
CREATE INDEX "oncall_layers_schedule_idx" ON "oncall_layers" USING btree ("schedule_id","position");--> statement-breakpoint
CREATE INDEX "oncall_overrides_schedule_idx" ON "oncall_overrides" USING btree ("schedule_id","ends_at");--> statement-breakpoint
CREATE INDEX "oncall_schedules_org_idx" ON "oncall_schedules" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "escalation_policies_org_idx" ON "escalation_policies" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "escalation_policies_default_uq" ON "escalation_policies" USING btree ("is_default") WHERE is_default;--> statement-breakpoint
ALTER TABLE "alarm_types" ADD CONSTRAINT "alarm_types_escalation_policy_id_escalation_policies_id_fk" FOREIGN KEY ("escalation_policy_id") REFERENCES "public"."escalation_policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_escalations" ADD CONSTRAINT "alarm_escalations_policy_id_escalation_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."escalation_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_escalation_policy_id_escalation_policies_id_fk" FOREIGN KEY ("escalation_policy_id") REFERENCES "public"."escalation_policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The default policy: the alarm's organization's people who may see it at once, then the service
-- company's on-call schedule after 15 minutes, once more if nobody acts.
INSERT INTO "oncall_schedules" ("organization_id", "name", "time_zone") VALUES (NULL, 'Service company on call', 'America/Chicago');--> statement-breakpoint
INSERT INTO "escalation_policies" ("organization_id", "name", "repeat", "is_default") VALUES (NULL, 'Default: store staff, then on call', 1, true);--> statement-breakpoint
INSERT INTO "escalation_steps" ("policy_id", "position", "delay_minutes", "targets")
SELECT p."id", 0, 0, '[{"type":"members"}]'::jsonb FROM "escalation_policies" p WHERE p."is_default";--> statement-breakpoint
INSERT INTO "escalation_steps" ("policy_id", "position", "delay_minutes", "targets")
SELECT p."id", 1, 15, jsonb_build_array(jsonb_build_object('type', 'schedule', 'id', s."id"))
FROM "escalation_policies" p, "oncall_schedules" s WHERE p."is_default" AND s."name" = 'Service company on call';--> statement-breakpoint
-- Every alarm type's email escalation becomes an equivalent policy: the same team and users after the
-- same delay (in whole minutes, rounded up); a repeat interval becomes a second step of that interval
-- with the chain repeated the most times a policy allows (9).
DO $$
DECLARE
  t record;
  pid integer;
  targets jsonb;
BEGIN
  FOR t IN SELECT * FROM "alarm_types" WHERE "escalation_delay_seconds" IS NOT NULL ORDER BY "id" LOOP
    targets := '[]'::jsonb;
    IF t."escalation_team_id" IS NOT NULL THEN
      targets := targets || jsonb_build_array(jsonb_build_object('type', 'team', 'id', t."escalation_team_id"));
    END IF;
    SELECT targets || coalesce(jsonb_agg(jsonb_build_object('type', 'user', 'id', u) ORDER BY o), '[]'::jsonb)
      INTO targets FROM unnest(t."escalation_user_ids") WITH ORDINALITY AS x(u, o);
    INSERT INTO "escalation_policies" ("organization_id", "name", "repeat")
      VALUES (NULL, t."name" || ' escalation',
        CASE WHEN coalesce(t."escalation_repeat_seconds", 0) > 0 THEN 9 ELSE 0 END)
      RETURNING "id" INTO pid;
    INSERT INTO "escalation_steps" ("policy_id", "position", "delay_minutes", "targets")
      VALUES (pid, 0, least(1440, ceil(t."escalation_delay_seconds" / 60.0)::int), targets);
    IF coalesce(t."escalation_repeat_seconds", 0) > 0 THEN
      INSERT INTO "escalation_steps" ("policy_id", "position", "delay_minutes", "targets")
        VALUES (pid, 1, least(1440, ceil(t."escalation_repeat_seconds" / 60.0)::int), targets);
    END IF;
    UPDATE "alarm_types" SET "escalation_policy_id" = pid WHERE "id" = t."id";
  END LOOP;
END $$;--> statement-breakpoint
-- Escalations under way go on with their type's policy: the first step when none fired yet, else the next.
UPDATE "alarm_escalations" e SET "policy_id" = coalesce(t."escalation_policy_id", (SELECT "id" FROM "escalation_policies" WHERE "is_default")),
  "next_step" = CASE WHEN e."rounds" > 0 AND (SELECT count(*) FROM "escalation_steps" s WHERE s."policy_id" = t."escalation_policy_id") > 1 THEN 1 ELSE 0 END
FROM "alarms" a JOIN "alarm_types" t ON t."id" = a."alarm_type_id"
WHERE a."id" = e."alarm_id";--> statement-breakpoint
ALTER TABLE "alarm_types" DROP COLUMN "escalation_delay_seconds";--> statement-breakpoint
ALTER TABLE "alarm_types" DROP COLUMN "escalation_repeat_seconds";--> statement-breakpoint
ALTER TABLE "alarm_types" DROP COLUMN "escalation_team_id";--> statement-breakpoint
ALTER TABLE "alarm_types" DROP COLUMN "escalation_user_ids";--> statement-breakpoint
ALTER TABLE "alarm_escalations" DROP COLUMN "rounds";