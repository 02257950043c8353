"""Tests of the command line (server/cli)."""
