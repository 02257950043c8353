"""Every TRF input of the engine and tie-break corpora reads cleanly through this reader.

The Dutch, Dubov and Burstein engines and the tie-break code read their fixtures through
``trf.read_trf``; a problem here would silently change their inputs.
"""

from __future__ import annotations

import pytest

from tests.corpus import shared_path
from trf import check_trf
from trf.codes import entry_kind

CORPORA = [
    ("dutch", "problems", "*.trf"),
    ("dutch", "tournaments", "*.trf"),
    ("dubov", "problems", "*.trf"),
    ("burstein", "problems", "*.trf"),
    ("burstein", "tournaments", "*.trf"),
    ("tiebreaks", ".", "dutch-*.trf"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("system", "folder", "pattern"), CORPORA)
def test_corpus_reads_and_validates_without_problems(
    system: str, folder: str, pattern: str
) -> None:
    files = sorted(shared_path("fixtures", system, folder).glob(pattern))
    assert files
    for path in files:
        doc, problems = check_trf(path.read_bytes())
        assert problems == [], (path.name, problems[:3])
        assert doc.players
        if folder == "problems":  # pairing inputs name the total rounds (XXR)
            assert doc.total_rounds is not None and doc.total_rounds > doc.rounds_in_file - 1
        kinds = {entry_kind(e) for p in doc.players for e in p.rounds}
        assert None not in kinds, path.name  # neither invalid nor pending
