"""``arbiter user``, ``arbiter grant`` and ``arbiter --as`` (issue 29): an account made with
a one-time link, a grant for a tournament that exists, and the command line acting as a
named account whose role the service checks."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from events import open_store
from server.cli import main
from server.cli.support import CliContext
from server.service.accounts import AccountService
from tests.server.cli.test_commands import Arbiter, by_tpn

PASSWORD = "correct horse battery"


def run(db: Path, *args: str, code: int = 0, input: str | None = None, token: str = "") -> Result:
    result = CliRunner().invoke(
        main, list(args), obj=CliContext(db, engines=by_tpn), input=input,
        env={"ARBITER_TOKEN": token or None},
    )  # fmt: skip
    assert result.exit_code == code, (result.output, result.stderr)
    return result


def test_an_account_added_with_a_link_sets_its_password_there(arbiter: Arbiter) -> None:
    added = arbiter("user", "add", "ana", "--link", "--server", "https://arbiter.example.org/")
    lines = added.stdout.splitlines()
    assert lines[0] == "Added account ana (id 1)"
    assert lines[1].startswith("One-time sign-in link for ana (shown once; works until ")
    url = lines[2].strip()
    assert url.startswith("https://arbiter.example.org/welcome/")
    secret = url.rsplit("/", 1)[1]
    accounts = AccountService(open_store(str(arbiter.db)))
    assert accounts.link_account(secret) is not None
    assert accounts.sign_in("ana", "") is None  # no password until the link is used
    accounts.redeem_link(secret, PASSWORD)
    assert accounts.sign_in("ana", PASSWORD) is not None
    # A new link for a forgotten password; --link and --password together are refused.
    again = arbiter("user", "link", "ana").stdout
    assert "http://localhost:8080/welcome/" in again and secret not in again
    assert (
        "not both" in arbiter("user", "add", "bo", "--link", "--password", PASSWORD, code=3).stderr
    )


def test_a_password_is_asked_twice_when_not_given(arbiter: Arbiter) -> None:
    run(arbiter.db, "user", "add", "ana", input=f"{PASSWORD}\n{PASSWORD}\n")
    accounts = AccountService(open_store(str(arbiter.db)))
    assert accounts.sign_in("ana", PASSWORD) is not None


def test_disable_and_enable(arbiter: Arbiter) -> None:
    arbiter("user", "add", "ana", "--password", PASSWORD)
    assert arbiter("user", "disable", "ana").stdout == "Disabled ana; its sessions are ended\n"
    assert "disabled" in arbiter("user", "list").stdout
    assert arbiter("user", "enable", "ana").stdout == "Enabled ana\n"
    assert "disabled" not in arbiter("user", "list").stdout
    assert "no account named 'bo'" in arbiter.error("user", "disable", "bo")


def test_a_grant_for_a_tournament_that_does_not_exist_is_refused(spring: Arbiter) -> None:
    spring("user", "add", "ana", "--password", PASSWORD)
    assert spring.error("grant", "sprnig-open", "ana") == "Error: no tournament 'sprnig-open'"
    assert spring("grant", "spring-open", "ana").stdout == "ana is deputy arbiter of spring-open\n"


def test_the_command_line_acts_as_a_named_account(spring: Arbiter) -> None:
    spring("user", "add", "dora", "--password", PASSWORD)
    spring("grant", "spring-open", "dora", "--role", "deputy")
    spring("pair-round", "spring-open")
    # The password is asked; a deputy records a result, and the event names her.
    run(spring.db, "--as", "dora", "record-result", "spring-open", "1", "1", "1-0",
        input=f"{PASSWORD}\n")  # fmt: skip
    log = run(spring.db, "log", "spring-open", "--json").stdout
    assert '"actor":"dora"' in log.replace(" ", "")
    # What a deputy may not do is refused, with exit code 3, and nothing is stored.
    refused = run(spring.db, "--as", "dora", "register", "spring-open", "Late, Lars", input=f"{PASSWORD}\n",
                  code=3)  # fmt: skip
    assert "dora may not write" in refused.stderr
    # A wrong password, or a token that is not hers, is refused before anything runs.
    wrong = run(spring.db, "--as", "dora", "record-result", "spring-open", "1", "2", "1-0",
                input="guess guess guess\n", code=3)  # fmt: skip
    assert "wrong password for 'dora'" in wrong.stderr
    token = spring("user", "token", "issue", "dora").stdout.split("keep it): ")[1].split()[0]
    run(spring.db, "--as", "dora", "record-result", "spring-open", "1", "2", "0-1", token=token)
    stolen = run(spring.db, "--as", "root", "close-tournament", "spring-open", token=token, code=3)
    assert "not a valid token of 'root'" in stolen.stderr
    results = [line for line in run(spring.db, "log", "spring-open").stdout.splitlines()
               if "result" in line.lower()]  # fmt: skip
    assert len(results) == 2
