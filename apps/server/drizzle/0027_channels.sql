CREATE TABLE "ack_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"alarm_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "ack_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "contact_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"address" text NOT NULL,
	"verified_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"position" integer NOT NULL,
	"method" text NOT NULL,
	"contact_method_id" integer,
	"delay_minutes" integer NOT NULL,
	CONSTRAINT "notification_rules_contact_ck" CHECK (("notification_rules"."method" = 'contact') = ("notification_rules"."contact_method_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "alarm_pages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarm_pages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_pages" ADD COLUMN "contact_method_id" integer;--> statement-breakpoint
ALTER TABLE "alarm_pages" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "ack_links" ADD CONSTRAINT "ack_links_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ack_links" ADD CONSTRAINT "ack_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_methods" ADD CONSTRAINT "contact_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_rules" ADD CONSTRAINT "notification_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_rules" ADD CONSTRAINT "notification_rules_contact_method_id_contact_methods_id_fk" FOREIGN KEY ("contact_method_id") REFERENCES "public"."contact_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ack_links_alarm_idx" ON "ack_links" USING btree ("alarm_id");--> statement-breakpoint
CREATE INDEX "ack_links_expires_idx" ON "ack_links" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_methods_user_type_address_uq" ON "contact_methods" USING btree ("user_id","type","address");--> statement-breakpoint
CREATE INDEX "contact_methods_address_idx" ON "contact_methods" USING btree ("address");--> statement-breakpoint
CREATE INDEX "notification_rules_user_idx" ON "notification_rules" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "notification_rules_contact_idx" ON "notification_rules" USING btree ("contact_method_id");--> statement-breakpoint
ALTER TABLE "alarm_pages" ADD CONSTRAINT "alarm_pages_contact_method_id_contact_methods_id_fk" FOREIGN KEY ("contact_method_id") REFERENCES "public"."contact_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_pages_due_idx" ON "alarm_pages" USING btree ("next_attempt_at") WHERE "alarm_pages"."status" = 'queued' and "alarm_pages"."next_attempt_at" is not null;--> statement-breakpoint
CREATE INDEX "alarm_pages_provider_idx" ON "alarm_pages" USING btree ("provider_id");