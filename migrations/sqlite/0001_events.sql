-- The event log: one row per event, never updated or deleted (ARCHITECTURE.md, "The event log").

CREATE TABLE streams (
    stream_id TEXT PRIMARY KEY,
    stream_type TEXT NOT NULL,
    current_version INTEGER NOT NULL CHECK (current_version >= 0),
    created_at TEXT NOT NULL
);

CREATE TABLE events (
    global_position INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id TEXT NOT NULL UNIQUE,
    stream_id TEXT NOT NULL REFERENCES streams (stream_id),
    stream_version INTEGER NOT NULL CHECK (stream_version >= 1),
    event_type TEXT NOT NULL,
    schema_version INTEGER NOT NULL DEFAULT 1,
    payload TEXT NOT NULL CHECK (json_valid(payload)),
    metadata TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(metadata)),
    recorded_at TEXT NOT NULL,
    -- the concurrency backstop: two writers can never both take version n of a stream
    UNIQUE (stream_id, stream_version)
);

CREATE TRIGGER events_are_never_updated BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only');
END;

CREATE TRIGGER events_are_never_deleted BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only');
END;

CREATE TABLE idempotency_keys (
    key TEXT PRIMARY KEY,
    request_hash TEXT NOT NULL,
    stream_id TEXT NOT NULL REFERENCES streams (stream_id),
    first_version INTEGER NOT NULL,
    last_version INTEGER NOT NULL,
    first_position INTEGER NOT NULL,
    last_position INTEGER NOT NULL,
    created_at TEXT NOT NULL
);
