CREATE SEQUENCE "public"."alarm_ref_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "alarm_conditions" (
	"controller_id" integer NOT NULL,
	"alarm_type_id" integer NOT NULL,
	"subject" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"last_value" double precision,
	CONSTRAINT "alarm_conditions_controller_id_alarm_type_id_subject_pk" PRIMARY KEY("controller_id","alarm_type_id","subject")
);
--> statement-breakpoint
CREATE TABLE "alarm_counters" (
	"organization_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"status" text NOT NULL,
	"warranty" boolean NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alarm_counters_organization_id_location_id_status_warranty_pk" PRIMARY KEY("organization_id","location_id","status","warranty")
);
--> statement-breakpoint
CREATE TABLE "alarm_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_es" text NOT NULL,
	"source" text NOT NULL,
	"match" text NOT NULL,
	"comparator" text DEFAULT 'gt' NOT NULL,
	"threshold" double precision,
	"hysteresis" double precision DEFAULT 0 NOT NULL,
	"delay_seconds" integer DEFAULT 0 NOT NULL,
	"severity" text NOT NULL,
	"auto_clear" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"escalation_delay_seconds" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" integer DEFAULT nextval('alarm_ref_seq') NOT NULL,
	"alarm_type_id" integer NOT NULL,
	"controller_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"location_id" integer,
	"subject" text NOT NULL,
	"rack_ref" text,
	"device_address" text,
	"reason" text NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"value" double precision,
	"warranty" boolean DEFAULT false NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"cleared_at" timestamp with time zone,
	"cleared_by" integer,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"last_occurrence_at" timestamp with time zone NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"health_status" text DEFAULT 'unresolved' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingest_messages" (
	"controller_id" integer NOT NULL,
	"msg_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingest_messages_controller_id_msg_id_pk" PRIMARY KEY("controller_id","msg_id")
);
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"alarm_id" integer NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rack_points" (
	"controller_id" integer NOT NULL,
	"addr" text NOT NULL,
	"rack_ref" text NOT NULL,
	"name" text,
	"unit" text,
	"set_point" double precision,
	"status" text NOT NULL,
	"value" double precision,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rack_points_controller_id_addr_pk" PRIMARY KEY("controller_id","addr")
);
--> statement-breakpoint
CREATE TABLE "racks" (
	"controller_id" integer NOT NULL,
	"ref" text NOT NULL,
	"name" text,
	"metrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "racks_controller_id_ref_pk" PRIMARY KEY("controller_id","ref")
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"controller_id" integer NOT NULL,
	"key" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readings_hourly" (
	"controller_id" integer NOT NULL,
	"key" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "readings_hourly_controller_id_key_bucket_pk" PRIMARY KEY("controller_id","key","bucket")
);
--> statement-breakpoint
ALTER TABLE "alarm_conditions" ADD CONSTRAINT "alarm_conditions_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_conditions" ADD CONSTRAINT "alarm_conditions_alarm_type_id_alarm_types_id_fk" FOREIGN KEY ("alarm_type_id") REFERENCES "public"."alarm_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_alarm_type_id_alarm_types_id_fk" FOREIGN KEY ("alarm_type_id") REFERENCES "public"."alarm_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rack_points" ADD CONSTRAINT "rack_points_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "racks" ADD CONSTRAINT "racks_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_types_code_uq" ON "alarm_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_ref_uq" ON "alarms" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "alarms_org_status_raised_idx" ON "alarms" USING btree ("organization_id","status","raised_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alarms_status_raised_idx" ON "alarms" USING btree ("status","raised_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alarms_controller_raised_idx" ON "alarms" USING btree ("controller_id","raised_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_open_condition_uq" ON "alarms" USING btree ("controller_id","alarm_type_id","subject") WHERE status <> 'cleared';--> statement-breakpoint
CREATE INDEX "ingest_messages_received_idx" ON "ingest_messages" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "notification_outbox_pending_idx" ON "notification_outbox" USING btree ("created_at") WHERE processed_at is null;--> statement-breakpoint
CREATE INDEX "readings_controller_key_ts_idx" ON "readings" USING btree ("controller_id","key","ts");