-- Readings as a TimescaleDB hypertable (1-day chunks) where the extension is installed on the server;
-- a plain table otherwise (PGlite, Debian's PostgreSQL). Retention then drops whole chunks
-- (jobs/scheduler.ts applyRetention). Nothing here fails where TimescaleDB is absent or not preloaded.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'timescaledb') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS timescaledb;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'timescaledb is available but could not be enabled (%): readings stay a plain table', SQLERRM;
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'timescaledb') THEN
    EXECUTE $q$SELECT create_hypertable('readings', 'ts', chunk_time_interval => INTERVAL '1 day',
      migrate_data => true, if_not_exists => true)$q$;
  END IF;
END $$;
