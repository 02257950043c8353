-- Idempotency keys are scoped to one stream (a key used in one tournament is free in
-- another) and expire: lookups ignore rows older than the store's time to live, and
-- appends delete them (created_at is indexed for that). The events stay forever.

CREATE TABLE idempotency_keys_by_stream (
    stream_id TEXT NOT NULL REFERENCES streams (stream_id),
    key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    first_version INTEGER NOT NULL,
    last_version INTEGER NOT NULL,
    first_position INTEGER NOT NULL,
    last_position INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (stream_id, key)
);

INSERT INTO idempotency_keys_by_stream
SELECT stream_id, key, request_hash, first_version, last_version, first_position,
       last_position, created_at
FROM idempotency_keys;

DROP TABLE idempotency_keys;

ALTER TABLE idempotency_keys_by_stream RENAME TO idempotency_keys;

CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
