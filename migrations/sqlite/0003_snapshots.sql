-- One snapshot of the tournament fold per stream: a cache beside the log, not a fact in it
-- (events/projections/snapshot.py). Replaced freely; ignored when projection_version is
-- not the running code's.
CREATE TABLE snapshots (
    stream_id TEXT PRIMARY KEY REFERENCES streams (stream_id),
    stream_version INTEGER NOT NULL CHECK (stream_version >= 1),
    projection_version TEXT NOT NULL,
    state BLOB NOT NULL,
    created_at TEXT NOT NULL
);
