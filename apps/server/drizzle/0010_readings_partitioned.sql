-- Readings partitioned by range on ts, one partition per UTC day, where TimescaleDB has not made
-- readings a hypertable (0009): PGlite and plain PostgreSQL. Partitions are created ahead by the
-- scheduled job 'readings-partitions' (db/readings-partitions.ts); a DEFAULT partition takes any
-- timestamp outside them (a device clock years off is stored, never refused); retention drops whole
-- day partitions. Existing rows stay where they are: the old table becomes the partition of
-- everything before tomorrow (its rows are not copied), and is dropped by retention once all of it
-- has expired. Day arithmetic uses '24 hours', not '1 day': a day added to a timestamptz follows the
-- session's time zone, and across a daylight-saving change that is 23 or 25 hours.
DO $$
DECLARE
  today timestamptz := date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  legacy_to timestamptz := today + interval '24 hours';
  first_day timestamptz;
  d timestamptz;
BEGIN
  IF (SELECT relkind FROM pg_class WHERE oid = 'public.readings'::regclass) = 'p' THEN
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'timescaledb') THEN
    IF EXISTS (SELECT 1 FROM timescaledb_information.hypertables WHERE hypertable_name = 'readings') THEN
      RETURN;
    END IF;
  END IF;
  ALTER TABLE readings RENAME TO readings_legacy;
  ALTER INDEX readings_controller_key_ts_idx RENAME TO readings_legacy_controller_key_ts_idx;
  CREATE TABLE readings (
    controller_id integer NOT NULL,
    key text NOT NULL,
    ts timestamp with time zone NOT NULL,
    value double precision NOT NULL
  ) PARTITION BY RANGE (ts);
  CREATE INDEX readings_controller_key_ts_idx ON readings USING btree (controller_id, key, ts);
  CREATE TABLE readings_default PARTITION OF readings DEFAULT;
  IF EXISTS (SELECT 1 FROM readings_legacy) THEN
    first_day := legacy_to;
  ELSE
    first_day := today;
  END IF;
  -- A week of days ahead (the scheduled job keeps it so).
  d := first_day;
  WHILE d < today + interval '192 hours' LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF readings FOR VALUES FROM (%L) TO (%L)',
      'readings_p' || to_char(d AT TIME ZONE 'UTC', 'YYYYMMDD'), d, d + interval '24 hours');
    d := d + interval '24 hours';
  END LOOP;
  IF first_day = today THEN
    DROP TABLE readings_legacy;
  ELSE
    -- Rows stamped tomorrow or later (clocks ahead) move to the day partitions or the default.
    INSERT INTO readings SELECT controller_id, key, ts, value FROM readings_legacy WHERE ts >= legacy_to;
    DELETE FROM readings_legacy WHERE ts >= legacy_to;
    EXECUTE format('ALTER TABLE readings ATTACH PARTITION readings_legacy FOR VALUES FROM (MINVALUE) TO (%L)', legacy_to);
  END IF;
END $$;
