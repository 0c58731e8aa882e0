ALTER TABLE "controllers" ADD COLUMN "authorised_at" timestamp with time zone;--> statement-breakpoint
UPDATE "controllers" SET "authorised_at" = "created_at" WHERE "authorised";
