CREATE TABLE "gateway_statuses" (
	"controller_id" integer PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "controllers" ADD COLUMN "kind" text DEFAULT 'controller' NOT NULL;--> statement-breakpoint
ALTER TABLE "controllers" ADD COLUMN "gateway_id" integer;--> statement-breakpoint
ALTER TABLE "controllers" ADD COLUMN "bus" text;--> statement-breakpoint
ALTER TABLE "controllers" ADD COLUMN "offline_reason" text;--> statement-breakpoint
ALTER TABLE "gateway_statuses" ADD CONSTRAINT "gateway_statuses_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controllers" ADD CONSTRAINT "controllers_gateway_id_controllers_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."controllers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "controllers_gateway_idx" ON "controllers" USING btree ("gateway_id");