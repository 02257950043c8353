"""The SQLite schema as sqlite_utils.Migrations steps."""
