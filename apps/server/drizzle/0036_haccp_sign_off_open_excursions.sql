ALTER TABLE "haccp_entries" ADD COLUMN "excursions" integer;--> statement-breakpoint
ALTER TABLE "haccp_entries" ADD COLUMN "excursions_without_action" integer;