-- Idempotency keys are scoped to one stream (a key used in one tournament is free in
-- another) and expire: lookups ignore rows older than the store's time to live, and
-- appends delete them (created_at is indexed for that). The events stay forever.

ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey;
ALTER TABLE idempotency_keys ADD PRIMARY KEY (stream_id, key);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
