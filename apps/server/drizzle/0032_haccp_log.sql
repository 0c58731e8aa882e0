CREATE TABLE "haccp_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"kind" text NOT NULL,
	"controller_id" integer,
	"point" text,
	"excursion_start" timestamp with time zone,
	"period_from" date,
	"period_to" date,
	"text" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"corrects_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "haccp_entries" ADD CONSTRAINT "haccp_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haccp_entries" ADD CONSTRAINT "haccp_entries_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haccp_entries" ADD CONSTRAINT "haccp_entries_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haccp_entries" ADD CONSTRAINT "haccp_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "haccp_entries_location_idx" ON "haccp_entries" USING btree ("location_id","kind","taken_at");--> statement-breakpoint
CREATE INDEX "haccp_entries_excursion_idx" ON "haccp_entries" USING btree ("controller_id","point","excursion_start");--> statement-breakpoint
-- haccp_sign (signing a location's HACCP log) is new: the Administrator and Manager roles get it, and so
-- does a role that held every permission there was before it (an Administrator role someone renamed).
UPDATE "roles" SET "permissions" = array_append("permissions", 'haccp_sign')
WHERE NOT ('haccp_sign' = ANY ("permissions"))
  AND (
    "name" IN ('Administrator', 'Manager')
    OR "permissions" @> ARRAY[
      'locations_view', 'locations_view_all', 'locations_create', 'locations_edit',
      'controllers_view', 'controllers_view_all', 'controllers_edit', 'controllers_update', 'controller_authorize',
      'inventory_view', 'assets_view', 'reports_view', 'jobs_view',
      'organization_view', 'organization_view_all', 'organization_create', 'organization_edit',
      'alarms_view', 'settings_view', 'settings_update', 'search_view',
      'alarms_acknowledge', 'alarms_clear', 'users_impersonate', 'jobs_create', 'inventory_edit', 'assets_edit',
      'backups_manage'
    ]::text[]
  );
