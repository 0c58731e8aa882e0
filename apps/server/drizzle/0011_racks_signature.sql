ALTER TABLE "racks" ADD COLUMN "sig" text;--> statement-breakpoint
ALTER TABLE "racks" ADD COLUMN "points_at" timestamp with time zone;