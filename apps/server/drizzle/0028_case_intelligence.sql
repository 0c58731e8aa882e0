-- readings.product_value: added to the partitioned parent (or the TimescaleDB hypertable), every day
-- partition and the default take it; existing rows have none.
CREATE TABLE "case_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"controller_id" integer NOT NULL,
	"rack_ref" text NOT NULL,
	"addr" text NOT NULL,
	"kind" text NOT NULL,
	"alarm_type_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "case_hours" (
	"controller_id" integer NOT NULL,
	"addr" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"rack_ref" text NOT NULL,
	"observed_s" double precision NOT NULL,
	"held_s" double precision NOT NULL,
	"in_range_s" double precision NOT NULL,
	CONSTRAINT "case_hours_controller_id_addr_bucket_pk" PRIMARY KEY("controller_id","addr","bucket")
);
--> statement-breakpoint
ALTER TABLE "alarm_types" ADD COLUMN "defrost_recovery_minutes" integer DEFAULT 45 NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_types" ADD COLUMN "product_probe_minutes" integer;--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN "product_value" double precision;--> statement-breakpoint
ALTER TABLE "readings_hourly" ADD COLUMN "product_max" double precision;--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_alarm_type_id_alarm_types_id_fk" FOREIGN KEY ("alarm_type_id") REFERENCES "public"."alarm_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_hours" ADD CONSTRAINT "case_hours_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_events_controller_started_idx" ON "case_events" USING btree ("controller_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "case_events_open_uq" ON "case_events" USING btree ("controller_id","addr","kind") WHERE ended_at is null;