CREATE TABLE "webauthn_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "credential_id" text;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "public_key" text;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "sign_count" integer;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "transports" text[];--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webauthn_challenges_uq" ON "webauthn_challenges" USING btree ("challenge");--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_factors_credential_uq" ON "mfa_factors" USING btree ("credential_id");