"""The ``arbiter`` command line: one click group; each command family lives in its own module."""

from __future__ import annotations

import click


@click.group()
@click.version_option(package_name="arbiter")
def main() -> None:
    """Arbiter: FIDE Swiss tournaments, event-sourced."""
