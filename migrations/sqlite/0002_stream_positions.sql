-- Where a reader resumes in one stream after a global position (SSE Last-Event-ID, event
-- pages): one index lookup instead of a scan of the stream.
CREATE INDEX events_by_stream_position ON events (stream_id, global_position);
