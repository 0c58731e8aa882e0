-- Search: trigram indexes for contains and typo-tolerant matches.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "alarms_open_reason_trgm" ON "alarms" USING gin ("reason" gin_trgm_ops) WHERE status <> 'cleared';--> statement-breakpoint
CREATE INDEX "controllers_mac_trgm" ON "controllers" USING gin ("mac_address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "controllers_name_trgm" ON "controllers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "controllers_alias_trgm" ON "controllers" USING gin ("store_alias" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_name_trgm" ON "locations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_address_trgm" ON "locations" USING gin ("address_line_1" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_city_trgm" ON "locations" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_name_trgm" ON "organizations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);