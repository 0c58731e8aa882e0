CREATE TABLE "controller_rejections" (
	"controller_id" integer PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_channel" text NOT NULL,
	"last_reason" text NOT NULL,
	"last_problem" text,
	"last_field" text
);
--> statement-breakpoint
ALTER TABLE "controller_rejections" ADD CONSTRAINT "controller_rejections_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;