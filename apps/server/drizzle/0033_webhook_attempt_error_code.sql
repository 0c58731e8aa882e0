ALTER TABLE "webhook_attempts" ADD COLUMN "error_code" text;--> statement-breakpoint
UPDATE "webhook_attempts" SET "error_code" = 'disabled', "error" = NULL WHERE "error" = 'The webhook is disabled.';--> statement-breakpoint
UPDATE "webhook_attempts" SET "error_code" = 'gone', "error" = NULL WHERE "error" LIKE 'The receiver answered 410 Gone%';--> statement-breakpoint
UPDATE "webhook_attempts" SET "error_code" = 'status', "error" = NULLIF(regexp_replace("error", '^The receiver answered [0-9]+(: |\.)', ''), '') WHERE "error_code" IS NULL AND "error" ~ '^The receiver answered [0-9]+';--> statement-breakpoint
UPDATE "webhook_attempts" SET "error_code" = 'timeout', "error" = NULL WHERE "error_code" IS NULL AND "error" ~ '^No answer within';--> statement-breakpoint
UPDATE "webhook_attempts" SET "error_code" = 'private', "error" = NULL WHERE "error_code" IS NULL AND "error" LIKE '%is a private or local address%';--> statement-breakpoint
UPDATE "webhook_attempts" SET "error_code" = 'invalid_url', "error" = NULL WHERE "error_code" IS NULL AND "error" IN ('Not a valid address.', 'Only http and https addresses are called.');--> statement-breakpoint
UPDATE "webhook_attempts" SET "error_code" = 'network' WHERE "error_code" IS NULL AND "error" IS NOT NULL;
