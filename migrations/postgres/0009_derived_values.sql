-- Read models kept beside the log, one value per (name, stream): a cache, not a fact, like
-- snapshots. The same table as migrations/sqlite/0009_derived_values.sql.
CREATE TABLE derived_values (
    name text NOT NULL,
    stream_id text NOT NULL REFERENCES streams (stream_id),
    stream_version integer NOT NULL,
    projection_version text NOT NULL,
    value bytea NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (name, stream_id)
);
