-- Alarm counters per (organization, location, status, warranty), kept in the same transaction as
-- every alarm insert, status change and delete, so the dashboard's tiles never scan the alarms table.
CREATE OR REPLACE FUNCTION alarm_counters_apply(org integer, loc integer, st text, wr boolean, delta integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alarm_counters (organization_id, location_id, status, warranty, count)
  VALUES (org, coalesce(loc, 0), st, wr, delta)
  ON CONFLICT (organization_id, location_id, status, warranty)
  DO UPDATE SET count = alarm_counters.count + excluded.count;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alarm_counters_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM alarm_counters_apply(NEW.organization_id, NEW.location_id, NEW.status, NEW.warranty, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM alarm_counters_apply(OLD.organization_id, OLD.location_id, OLD.status, OLD.warranty, -1);
  ELSIF (OLD.status, OLD.organization_id, coalesce(OLD.location_id, 0), OLD.warranty)
        IS DISTINCT FROM (NEW.status, NEW.organization_id, coalesce(NEW.location_id, 0), NEW.warranty) THEN
    PERFORM alarm_counters_apply(OLD.organization_id, OLD.location_id, OLD.status, OLD.warranty, -1);
    PERFORM alarm_counters_apply(NEW.organization_id, NEW.location_id, NEW.status, NEW.warranty, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER alarms_counters AFTER INSERT OR UPDATE OR DELETE ON alarms
FOR EACH ROW EXECUTE FUNCTION alarm_counters_trigger();
