-- Read models kept beside the log, one value per (name, stream): a cache, not a fact, like
-- snapshots (server/service/history.py keeps each tournament's entries for a player's
-- history, so a server's first request after a start reads them instead of folding every
-- tournament). Replaced freely; a value whose projection_version is not the running
-- code's, or whose stream_version is behind the stream, is computed again.
CREATE TABLE derived_values (
    name TEXT NOT NULL,
    stream_id TEXT NOT NULL REFERENCES streams (stream_id),
    stream_version INTEGER NOT NULL,
    projection_version TEXT NOT NULL,
    value BLOB NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (name, stream_id)
);
