-- Severity becomes a counter dimension, so the dashboard's Severity filter reads counters instead of
-- counting rows (bench:api: the staff list filtered by severity was the slowest call at 1M alarms).
ALTER TABLE "alarm_counters" DROP CONSTRAINT "alarm_counters_organization_id_location_id_status_warranty_pk";--> statement-breakpoint
ALTER TABLE "alarm_counters" ADD COLUMN "severity" text DEFAULT '' NOT NULL;--> statement-breakpoint
DELETE FROM "alarm_counters";--> statement-breakpoint
INSERT INTO "alarm_counters" (organization_id, location_id, status, warranty, severity, count)
  SELECT organization_id, coalesce(location_id, 0), status, warranty, severity, count(*)::int
  FROM alarms GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
ALTER TABLE "alarm_counters" ADD CONSTRAINT "alarm_counters_organization_id_location_id_status_warranty_severity_pk" PRIMARY KEY("organization_id","location_id","status","warranty","severity");--> statement-breakpoint
CREATE OR REPLACE FUNCTION alarm_counters_add(org integer, loc integer, st text, wr boolean, sev text, delta integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alarm_counters (organization_id, location_id, status, warranty, severity, count)
  VALUES (org, coalesce(loc, 0), st, wr, sev, delta)
  ON CONFLICT (organization_id, location_id, status, warranty, severity)
  DO UPDATE SET count = alarm_counters.count + excluded.count;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alarm_counters_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM alarm_counters_add(NEW.organization_id, NEW.location_id, NEW.status, NEW.warranty, NEW.severity, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM alarm_counters_add(OLD.organization_id, OLD.location_id, OLD.status, OLD.warranty, OLD.severity, -1);
  ELSIF (OLD.status, OLD.organization_id, coalesce(OLD.location_id, 0), OLD.warranty, OLD.severity)
        IS DISTINCT FROM (NEW.status, NEW.organization_id, coalesce(NEW.location_id, 0), NEW.warranty, NEW.severity) THEN
    PERFORM alarm_counters_add(OLD.organization_id, OLD.location_id, OLD.status, OLD.warranty, OLD.severity, -1);
    PERFORM alarm_counters_add(NEW.organization_id, NEW.location_id, NEW.status, NEW.warranty, NEW.severity, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP FUNCTION alarm_counters_apply(integer, integer, text, boolean, integer);
