-- The event log on PostgreSQL: the same tables as migrations/sqlite/0001_events.sql, in
-- PostgreSQL's types (EVENT-SOURCING.md §2.2).

CREATE TABLE streams (
    stream_id text PRIMARY KEY,
    stream_type text NOT NULL,
    current_version integer NOT NULL CHECK (current_version >= 0),
    created_at timestamptz NOT NULL
);

CREATE TABLE events (
    global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id uuid NOT NULL UNIQUE,
    stream_id text NOT NULL REFERENCES streams (stream_id),
    stream_version integer NOT NULL CHECK (stream_version >= 1),
    event_type text NOT NULL,
    schema_version smallint NOT NULL DEFAULT 1,
    payload jsonb NOT NULL,
    metadata jsonb NOT NULL DEFAULT '{}',
    recorded_at timestamptz NOT NULL,
    -- the concurrency backstop: two writers can never both take version n of a stream
    UNIQUE (stream_id, stream_version)
);

CREATE FUNCTION events_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only';
END
$$;

CREATE TRIGGER events_are_never_changed BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_are_append_only();

CREATE TABLE idempotency_keys (
    key text PRIMARY KEY,
    request_hash text NOT NULL,
    stream_id text NOT NULL REFERENCES streams (stream_id),
    first_version integer NOT NULL,
    last_version integer NOT NULL,
    first_position bigint NOT NULL,
    last_position bigint NOT NULL,
    created_at timestamptz NOT NULL
);
