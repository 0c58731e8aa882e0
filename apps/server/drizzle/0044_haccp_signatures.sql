CREATE TABLE "reauth_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reauth_tokens" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "haccp_entries" ADD COLUMN "signature" jsonb;--> statement-breakpoint
ALTER TABLE "reauth_failures" ADD CONSTRAINT "reauth_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reauth_failures_user_idx" ON "reauth_failures" USING btree ("user_id","failed_at");