"""Tests of the HTTP edge (server/http)."""
