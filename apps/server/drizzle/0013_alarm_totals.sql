CREATE TABLE "alarm_total_changes" (
	"status" text NOT NULL,
	"warranty" boolean NOT NULL,
	"severity" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_totals" (
	"status" text NOT NULL,
	"warranty" boolean NOT NULL,
	"severity" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "alarm_totals_status_warranty_severity_pk" PRIMARY KEY("status","warranty","severity")
);
--> statement-breakpoint
-- Every change to the counters is also appended to alarm_total_changes; the alarm-totals job folds
-- them into alarm_totals (features/alarms/totals.ts).
CREATE OR REPLACE FUNCTION alarm_counters_add(org integer, loc integer, st text, wr boolean, sev text, delta integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alarm_counters (organization_id, location_id, status, warranty, severity, count)
  VALUES (org, coalesce(loc, 0), st, wr, sev, delta)
  ON CONFLICT (organization_id, location_id, status, warranty, severity)
  DO UPDATE SET count = alarm_counters.count + excluded.count;
  INSERT INTO alarm_total_changes (status, warranty, severity, delta) VALUES (st, wr, sev, delta);
END;
$$;
--> statement-breakpoint
INSERT INTO "alarm_totals" (status, warranty, severity, count)
  SELECT status, warranty, severity, sum(count) FROM alarm_counters GROUP BY 1, 2, 3;
