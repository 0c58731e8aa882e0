CREATE TABLE "refrigerant_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"controller_id" integer NOT NULL,
	"rack_ref" text NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"amount_value" double precision,
	"amount_unit" text,
	"full_charge_kg" double precision,
	"appliance_type" text,
	"technician" text NOT NULL,
	"certification_number" text,
	"result" text,
	"test_kind" text,
	"leak_location" text,
	"notes" text,
	"job_id" integer,
	"corrects_event_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refrigerant_systems" (
	"controller_id" integer NOT NULL,
	"rack_ref" text NOT NULL,
	"refrigerant" text NOT NULL,
	"full_charge_value" double precision NOT NULL,
	"full_charge_unit" text NOT NULL,
	"appliance_type" text NOT NULL,
	"leak_detection_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refrigerant_systems_controller_id_rack_ref_pk" PRIMARY KEY("controller_id","rack_ref")
);
--> statement-breakpoint
ALTER TABLE "refrigerant_events" ADD CONSTRAINT "refrigerant_events_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refrigerant_events" ADD CONSTRAINT "refrigerant_events_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refrigerant_events" ADD CONSTRAINT "refrigerant_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refrigerant_systems" ADD CONSTRAINT "refrigerant_systems_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refrigerant_events_system_idx" ON "refrigerant_events" USING btree ("controller_id","rack_ref","at");