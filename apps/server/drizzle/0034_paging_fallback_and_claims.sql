ALTER TABLE "alarm_pages" ADD COLUMN "fallback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_pages" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "alarm_pages" ADD COLUMN "send_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarm_pages" ADD COLUMN "sent_body" text;--> statement-breakpoint
-- Alarm emails became a subscription each person turns on: the people of an organization who were
-- emailed by default (no saved preferences, alarms_view, not staff who see every organization) keep
-- their emails as a saved subscription they can now see and turn off.
INSERT INTO "notification_preferences" ("user_id", "enabled", "min_severity", "time_zone")
SELECT u."id", true, 'high', 'America/Chicago'
FROM "users" u JOIN "roles" r ON r."id" = u."role_id"
WHERE u."deleted_at" IS NULL AND 'alarms_view' = ANY(r."permissions")
  AND NOT ('controllers_view_all' = ANY(r."permissions") OR 'organization_view_all' = ANY(r."permissions"))
  AND NOT EXISTS (SELECT 1 FROM "notification_preferences" p WHERE p."user_id" = u."id");
