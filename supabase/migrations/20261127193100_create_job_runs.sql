-- The periodic jobs every copy of the server runs (the lead retention once a day, the page views'
-- retention and roll-up every hour) are claimed here, so that however many copies share the
-- database each run happens once, and a run whose copy stopped midway is taken by another when its
-- lease ends (server/product/jobs/periodic-job.ts, docs/decisions/0031-jobs-once-across-copies.md).

-- TABLES

-- One row per job: when its last run was claimed, until when that claim holds (null once it has
-- ended), and when a run last finished. A job is due once its last finished run is `every` old.
create table private.job_runs (
  job text primary key
    constraint job_runs_job_check check (job ~ '^[a-z][a-z0-9_-]{0,62}$'),
  started_at timestamptz,
  lease_until timestamptz,
  finished_at timestamptz
);

-- RLS

-- None: the private schema is closed to the API roles; only the server's own connection reads it.
