"""Event types, the event store, projections and command decisions."""
