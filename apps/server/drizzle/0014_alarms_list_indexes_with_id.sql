DROP INDEX "alarms_org_status_raised_idx";--> statement-breakpoint
DROP INDEX "alarms_status_raised_idx";--> statement-breakpoint
CREATE INDEX "alarms_org_status_raised_id_idx" ON "alarms" USING btree ("organization_id","status","raised_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alarms_status_raised_id_idx" ON "alarms" USING btree ("status","raised_at" DESC NULLS LAST,"id" DESC NULLS FIRST);