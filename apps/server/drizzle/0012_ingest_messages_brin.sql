DROP INDEX "ingest_messages_received_idx";--> statement-breakpoint
CREATE INDEX "ingest_messages_received_idx" ON "ingest_messages" USING brin ("received_at");