-- One snapshot of the tournament fold per stream: a cache beside the log, not a fact in it.
CREATE TABLE snapshots (
    stream_id text PRIMARY KEY REFERENCES streams (stream_id),
    stream_version integer NOT NULL CHECK (stream_version >= 1),
    projection_version text NOT NULL,
    state bytea NOT NULL,
    created_at timestamptz NOT NULL
);
