CREATE TABLE "support_grant_uses" (
	"grant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"grantee_organization_id" integer,
	"grantee_user_id" integer,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
ALTER TABLE "support_grant_uses" ADD CONSTRAINT "support_grant_uses_grant_id_support_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."support_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_grant_uses" ADD CONSTRAINT "support_grant_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_grants" ADD CONSTRAINT "support_grants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_grants" ADD CONSTRAINT "support_grants_grantee_organization_id_organizations_id_fk" FOREIGN KEY ("grantee_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_grants" ADD CONSTRAINT "support_grants_grantee_user_id_users_id_fk" FOREIGN KEY ("grantee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_grants" ADD CONSTRAINT "support_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_grants" ADD CONSTRAINT "support_grants_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_grant_uses_uq" ON "support_grant_uses" USING btree ("grant_id","user_id","day");--> statement-breakpoint
CREATE INDEX "support_grants_organization_idx" ON "support_grants" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "support_grants_grantee_organization_idx" ON "support_grants" USING btree ("grantee_organization_id") WHERE "support_grants"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "support_grants_grantee_user_idx" ON "support_grants" USING btree ("grantee_user_id") WHERE "support_grants"."revoked_at" is null;