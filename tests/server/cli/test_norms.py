"""``arbiter norms``: the list and the certificate, on the hand-worked case A of
tests/events/test_norms.py (7/9: a GM norm after round 9, Ra 2387, Rp 2607), imported from
its TRF export."""

from __future__ import annotations

import csv
import io
from datetime import date
from fractions import Fraction
from pathlib import Path

from tests.events.test_norms import ALL_ESP, CASE_A, results, tournament
from tests.server.cli.test_commands import Arbiter
from trf import export_document, write_trf


def imported(arbiter: Arbiter, tmp_path: Path, rounds_played: int, total: Fraction) -> None:
    path = tmp_path / "norm.trf"
    path.write_text(write_trf(export_document(tournament(CASE_A, results(total, rounds_played)))))
    arbiter("import", str(path), "--id", "norm")


def test_the_list_and_the_certificate(arbiter: Arbiter, tmp_path: Path) -> None:
    imported(arbiter, tmp_path, 9, Fraction(7))
    rows = list(csv.reader(io.StringIO(arbiter("norms", "norm", "--format", "csv").stdout)))
    assert rows[0] == ["name", "id", "norm", "games", "pts", "Ra", "Rp", "status"]
    assert rows[1][0] == "Candidate" and rows[1][2:] == [
        "GM", "9", "7", "2387", "2607", "norm made after round 9",
    ]  # fmt: skip
    page = arbiter("norms", "norm", "--certificate", "Candidate", "--lang", "es").stdout
    assert "Certificado de resultado de título: GM" in page and "2607" in page
    refused = arbiter.error("norms", "norm", "--certificate", "P2")
    assert "has not made a norm after round 9" in refused


def test_after_an_earlier_round(arbiter: Arbiter, tmp_path: Path) -> None:
    # Case A's results are seven wins, then two losses: after round 8 the candidate has 7/8.
    # Even a loss in round 9 gives 7/9 = 78% -> dp
    # 220, and any ninth opponent is at least the floor 2200: Ra >= (19280 + 2200)/9 -> 2387,
    # Rp 2607.
    imported(arbiter, tmp_path, 9, Fraction(7))
    text = arbiter("norms", "norm", "--round", "8").stdout
    assert "title norms after round 8" in text
    assert "needs in the last round: a win against any opponent or a draw against any " in text
    assert "or a loss against any opponent" in text


def test_a_zonal_set_by_the_settings_command_exempts_an_all_domestic_field(
    arbiter: Arbiter, tmp_path: Path
) -> None:
    # ALL_ESP (tests/events/test_norms.py): case A's ratings and titles, every opponent of ESP;
    # 7/9 makes the GM norm only under an exemption from the foreigner requirement (1.4.3c).
    path = tmp_path / "zonal.trf"
    path.write_text(write_trf(export_document(tournament(ALL_ESP, results(Fraction(7), 9)))))
    arbiter("import", str(path), "--id", "zonal")
    rows = list(csv.reader(io.StringIO(arbiter("norms", "zonal", "--format", "csv").stdout)))
    assert rows[1][2] == "GM" and rows[1][-1].startswith("out of reach")
    said = arbiter("settings", "zonal", "--norm-event", "zonal", "--reason", "the zonal").stdout
    assert said == "zonal: changed norm_event\n"
    text = arbiter("norms", "zonal").stdout
    assert "norm made after round 9" in text
    assert "1.4.3c: a zonal or sub-zonal tournament, exempt from the foreigner requirement" in text
    # The certificate names the exemption among the exceptions used (its IT1 fields).
    certificate = arbiter("norms", "zonal", "--certificate", "Candidate").stdout
    assert "1.4.3c: a zonal or sub-zonal tournament, exempt from the foreigner" in certificate
    # "none": an ordinary event again, and no exemption is said.
    arbiter("settings", "zonal", "--norm-event", "none")
    assert "1.4.3c" not in arbiter("norms", "zonal").stdout


def test_a_2019_zonal_cites_the_2017_numbering(arbiter: Arbiter, tmp_path: Path) -> None:
    # A tournament starting in May 2019 is judged by the 2017 text (B.01 0.22), whose zonal
    # exemption is 1.43c (1.4.3c from 2022): the list and the certificate say 1.43c.
    path = tmp_path / "zonal.trf"
    state = tournament(ALL_ESP, results(Fraction(7), 9), start=date(2019, 5, 1))
    path.write_text(write_trf(export_document(state)))
    arbiter("import", str(path), "--id", "zonal")
    arbiter("settings", "zonal", "--norm-event", "zonal", "--reason", "the zonal")
    text = arbiter("norms", "zonal").stdout
    assert "edition 2017" in text and "norm made after round 9" in text
    assert "1.43c: a zonal or sub-zonal tournament, exempt from the foreigner requirement" in text
    certificate = arbiter("norms", "zonal", "--certificate", "Candidate").stdout
    assert "1.43c: a zonal or sub-zonal tournament, exempt from the foreigner" in certificate
    assert "1.4.3c" not in text + certificate
