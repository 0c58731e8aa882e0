CREATE TABLE "alarm_floods" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"alarm_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_shelvings" (
	"id" serial PRIMARY KEY NOT NULL,
	"alarm_id" integer NOT NULL,
	"user_id" integer,
	"reason" text NOT NULL,
	"shelved_at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" integer
);
--> statement-breakpoint
CREATE TABLE "maintenance_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"controller_id" integer,
	"rack_ref" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"recurrence" jsonb,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "alarms_org_status_raised_id_idx";--> statement-breakpoint
DROP INDEX "alarms_status_raised_id_idx";--> statement-breakpoint
ALTER TABLE "alarm_types" ADD COLUMN "chatter_count" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_types" ADD COLUMN "chatter_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "suppressed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "maintenance_window_id" integer;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "shelved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "shelved_by" integer;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "shelve_reason" text;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "chattering" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "list_status" text GENERATED ALWAYS AS (case when status = 'cleared' then 'cleared' when suppressed then 'suppressed' when shelved_until is not null then 'shelved' else status end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_floods" ADD CONSTRAINT "alarm_floods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_floods" ADD CONSTRAINT "alarm_floods_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_shelvings" ADD CONSTRAINT "alarm_shelvings_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_shelvings" ADD CONSTRAINT "alarm_shelvings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_shelvings" ADD CONSTRAINT "alarm_shelvings_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_floods_location_started_idx" ON "alarm_floods" USING btree ("location_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_floods_open_uq" ON "alarm_floods" USING btree ("location_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "alarm_shelvings_alarm_idx" ON "alarm_shelvings" USING btree ("alarm_id");--> statement-breakpoint
CREATE INDEX "alarm_shelvings_shelved_at_idx" ON "alarm_shelvings" USING btree ("shelved_at");--> statement-breakpoint
CREATE INDEX "maintenance_windows_location_idx" ON "maintenance_windows" USING btree ("location_id","ends_at");--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_maintenance_window_id_maintenance_windows_id_fk" FOREIGN KEY ("maintenance_window_id") REFERENCES "public"."maintenance_windows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_shelved_by_users_id_fk" FOREIGN KEY ("shelved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_org_list_status_raised_id_idx" ON "alarms" USING btree ("organization_id","list_status","raised_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alarms_list_status_raised_id_idx" ON "alarms" USING btree ("list_status","raised_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alarms_condition_raised_idx" ON "alarms" USING btree ("controller_id","alarm_type_id","subject","raised_at");--> statement-breakpoint
CREATE INDEX "alarms_location_raised_idx" ON "alarms" USING btree ("location_id","raised_at");--> statement-breakpoint
-- Counters file an alarm under its list status: a suppressed or shelved open alarm counts as
-- neither active nor acknowledged (the Active tile leaves it out). Existing alarms are neither, so
-- their counters stay as they are.
CREATE OR REPLACE FUNCTION alarm_counters_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM alarm_counters_add(NEW.organization_id, NEW.location_id, NEW.list_status, NEW.warranty, NEW.severity, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM alarm_counters_add(OLD.organization_id, OLD.location_id, OLD.list_status, OLD.warranty, OLD.severity, -1);
  ELSIF (OLD.list_status, OLD.organization_id, coalesce(OLD.location_id, 0), OLD.warranty, OLD.severity)
        IS DISTINCT FROM (NEW.list_status, NEW.organization_id, coalesce(NEW.location_id, 0), NEW.warranty, NEW.severity) THEN
    PERFORM alarm_counters_add(OLD.organization_id, OLD.location_id, OLD.list_status, OLD.warranty, OLD.severity, -1);
    PERFORM alarm_counters_add(NEW.organization_id, NEW.location_id, NEW.list_status, NEW.warranty, NEW.severity, 1);
  END IF;
  RETURN NULL;
END;
$$;
