-- Where a reader resumes in one stream after a global position (SSE Last-Event-ID, pages).
CREATE INDEX events_by_stream_position ON events (stream_id, global_position);
