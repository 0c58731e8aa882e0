CREATE TABLE "account_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "twilio_requests" (
	"key" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"organization_id" integer,
	"type" text NOT NULL,
	"country" text,
	"refused" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "phone_countries" text[];--> statement-breakpoint
ALTER TABLE "verification_sends" ADD CONSTRAINT "verification_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "twilio_requests_received_idx" ON "twilio_requests" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "verification_sends_user_idx" ON "verification_sends" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "verification_sends_organization_idx" ON "verification_sends" USING btree ("organization_id","at");