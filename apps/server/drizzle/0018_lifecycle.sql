DROP INDEX "controllers_mac_uq";--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "clear_reason" text;--> statement-breakpoint
ALTER TABLE "controllers" ADD COLUMN "decommissioned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "controllers_mac_uq" ON "controllers" USING btree ("mac_address") WHERE "controllers"."decommissioned_at" is null;--> statement-breakpoint
UPDATE "alarms" SET "health_status" = 'cleared_by_user' WHERE "status" = 'cleared' AND "cleared_by" IS NOT NULL AND "health_status" = 'resolved';
