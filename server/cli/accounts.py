"""``arbiter user`` and ``arbiter grant``: named accounts, their roles per tournament, and
the API tokens they issue to programs, and one-time sign-in links. The command line acts as
the local administrator ("cli:<os user>": whoever can open the database file can write it
anyway), or as the account ``arbiter --as NAME`` names.
"""

from __future__ import annotations

from datetime import UTC, datetime

import click

from server.cli.support import CliContext, pass_service
from server.service.access import Role
from server.service.accounts import IssuedLink

__all__ = ["COMMANDS", "grant", "user"]

_ROLES = click.Choice(["deputy", "chief"])


_server_option = click.option(
    "--server", default="http://localhost:8080", show_default=True,
    help="The server's address as browsers reach it (the link starts with it).",
)  # fmt: skip


def _echo_link(link: IssuedLink, server: str) -> None:
    click.echo(f"One-time sign-in link for {link.account.name} (shown once; works until "
               f"{_when(link.expires_at)} UTC):")  # fmt: skip
    click.echo(f"  {server.rstrip('/')}{link.path}")


def _when(seconds: int | None) -> str:
    if seconds is None:
        return "-"
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M")


@click.group("user")
def user() -> None:
    """Named accounts: add, list, disable, enable; their API tokens."""


@user.command("add")
@click.argument("name")
@click.option("--email", default="", help="Where the account's owner is reached.")
@click.option("--administrator", is_flag=True, help="Server-wide: every tournament, accounts.")
@click.option(
    "--password", help="The password (asked, hidden, twice when not given; 12 to 128 characters)."
)
@click.option(
    "--link", is_flag=True,
    help="No password now: print a one-time sign-in link (a day) where the owner sets one.",
)  # fmt: skip
@_server_option
@pass_service
def user_add(
    ctx: CliContext, name: str, email: str, administrator: bool, password: str | None,
    link: bool, server: str,
) -> None:  # fmt: skip
    """Add an account that signs in with NAME and a password, or set it by a link.

    Example:

        arbiter user add ana --email ana@example.org --link
    """
    if link and password is not None:
        raise click.UsageError("give --password or --link, not both")
    if not link and password is None:
        password = click.prompt("Password", hide_input=True, confirmation_prompt=True)
    accounts = ctx.accounts()
    account = accounts.add(
        ctx.actor(), name, password=password, email=email, administrator=administrator
    )
    kind = "administrator" if account.administrator else "account"
    click.echo(f"Added {kind} {account.name} (id {account.account_id})")
    if link:
        _echo_link(accounts.sign_in_link(ctx.actor(), name), server)


@user.command("link")
@click.argument("name")
@_server_option
@pass_service
def user_link(ctx: CliContext, name: str, server: str) -> None:
    """Print a new one-time sign-in link for account NAME (a forgotten password); it works
    once, for a day, and earlier links stop working.

    Example:

        arbiter user link ana --server https://arbiter.example.org
    """
    _echo_link(ctx.accounts().sign_in_link(ctx.actor(), name), server)


@user.command("list")
@pass_service
def user_list(ctx: CliContext) -> None:
    """List the accounts, with their roles.

    Example:

        arbiter user list
    """
    service = ctx.accounts()
    for account in service.store.accounts():
        roles = service.store.roles(account.account_id)
        held = ", ".join(f"{role} of {t}" for t, role in sorted(roles.items()))
        flags = ["administrator"] * account.administrator + ["disabled"] * account.disabled
        click.echo(
            "\t".join([str(account.account_id), account.name, account.email,
                       " ".join(flags) or "-", held or "-"])
        )  # fmt: skip


def _switch(word: str, disabled: bool, summary: str, done: str) -> click.Command:
    """``user disable`` and ``user enable``: one command body, two words."""

    @click.argument("name")
    @pass_service
    def switch(ctx: CliContext, name: str) -> None:
        ctx.accounts().set_disabled(ctx.actor(), name, disabled=disabled)
        click.echo(done.format(name=name))

    switch.__doc__ = f"{summary}\n\nExample:\n\n    arbiter user {word} ana\n"
    return user.command(word)(switch)


user_disable = _switch(
    "disable", True, "Disable an account: its sessions end and its tokens are refused at once.",
    "Disabled {name}; its sessions are ended",
)  # fmt: skip
user_enable = _switch("enable", False, "Enable a disabled account again.", "Enabled {name}")


@user.group("token")
def user_token() -> None:
    """API tokens an account issues to programs: scoped, expiring, revocable."""


@user_token.command("issue")
@click.argument("name")
@click.option(
    "--tournament", "tournaments", multiple=True,
    help="A tournament it may act on (repeat; none: every one the account may).",
)  # fmt: skip
@click.option(
    "--role", type=click.Choice(["deputy", "chief", "administrator"]), default="deputy",
    show_default=True, help="The most it may do, within the account's own role.",
)  # fmt: skip
@click.option("--days", type=click.IntRange(1, 366), default=30, show_default=True,
              help="Days until it expires.")  # fmt: skip
@click.option("--label", default="", help="What it is for (shown in the list).")
@pass_service
def token_issue(
    ctx: CliContext, name: str, tournaments: tuple[str, ...], role: str, days: int, label: str
) -> None:
    """Issue an API token acting as account NAME; it is shown once.

    Example:

        arbiter user token issue ana --tournament open --days 7 --label results-feed
    """
    issued = ctx.accounts().issue_token(
        ctx.actor(), name, tournaments=tournaments, role=Role.named(role), days=days,
        label=label,
    )  # fmt: skip
    click.echo(f"Token {issued.stored.token_id} (shown once; keep it): {issued.token}")
    click.echo(f"  expires {_when(issued.stored.expires_at)} UTC; send it as a bearer token")


@user_token.command("list")
@click.argument("name")
@pass_service
def token_list(ctx: CliContext, name: str) -> None:
    """List an account's tokens (never the tokens themselves).

    Example:

        arbiter user token list ana
    """
    for token in ctx.accounts().tokens(ctx.actor(), name):
        state = "revoked" if token.revoked_at is not None else f"expires {_when(token.expires_at)}"
        click.echo(
            "\t".join([str(token.token_id), token.label or "-", token.role,
                       ",".join(token.tournaments) or "*", state])
        )  # fmt: skip


@user_token.command("revoke")
@click.argument("token_id", type=int)
@pass_service
def token_revoke(ctx: CliContext, token_id: int) -> None:
    """Revoke a token by its number: every server process refuses it from the next request.

    Example:

        arbiter user token revoke 3
    """
    ctx.accounts().revoke_token(ctx.actor(), token_id)
    click.echo(f"Revoked token {token_id}")


@click.command("grant")
@click.argument("tournament")
@click.argument("name")
@click.option("--role", type=_ROLES, default="deputy", show_default=True,
              help="Chief arbiter or deputy arbiter of TOURNAMENT.")  # fmt: skip
@click.option("--revoke", is_flag=True, help="Take the account's role in TOURNAMENT away.")
@pass_service
def grant(ctx: CliContext, tournament: str, name: str, role: str, revoke: bool) -> None:
    """Make account NAME chief or deputy arbiter of TOURNAMENT (or --revoke it).

    Example:

        arbiter grant open ana --role deputy
    """
    service = ctx.accounts()
    if revoke:
        removed = service.revoke(ctx.actor(), tournament, name)
        click.echo(f"{name} {'no longer has a role' if removed else 'had no role'} in {tournament}")
        return
    service.grant(ctx.actor(), tournament, name, Role.named(role))
    click.echo(f"{name} is {role} arbiter of {tournament}")


COMMANDS = (user, grant)
