"""FIDE players lists (spec/fide-rating-list.md): the TXT and XML layouts, zipped or not,
read as streams; facts checked against the sample files' own lines."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from events.directory import DirectoryPlayer
from tests.corpus import shared_path
from trf.rating_list import RatingListError, open_rating_list

LISTS = ("fixtures", "rating-list")


def sample(name: str) -> Path:
    return shared_path(*LISTS, name)


# players_list_foa.txt line 5 / the XML's fourth <player>:
# 900111 Núñez, Luis FRA F GM WGM FA ... 2720 9 40 2629 ... 2821 ... 1983 w
# (SRtng 2720, SGm 9, SK 40; RRtng 2629 and BRtng 2821 with no games or K given)
NUNEZ = DirectoryPlayer(
    fide_id=900111, name="Núñez, Luis", federation="FRA", sex="f", title="GM",
    women_title="WGM", other_titles="FA", standard=2720, standard_games=9, standard_k=40,
    rapid=2629, blitz=2821, birth_year=1983, flag="w",
)  # fmt: skip


def test_txt_is_read_by_the_header_positions() -> None:
    ratings = open_rating_list(sample("players_list_foa.txt"))
    players = list(ratings)
    assert (ratings.layout, ratings.encoding, len(players)) == ("txt", "utf-8", 60)
    assert players[3] == NUNEZ
    # line 3: 900037 Müller, Olga ARG M, FT, no rating in any time control
    assert players[1] == DirectoryPlayer(
        fide_id=900037, name="Müller, Olga", federation="ARG", sex="m", other_titles="FT",
        birth_year=1976,
    )  # fmt: skip


def test_xml_gives_the_same_players_as_txt() -> None:
    ratings = open_rating_list(sample("players_list_xml_foa.xml"))
    assert ratings.layout == "xml"
    assert list(ratings) == list(open_rating_list(sample("players_list_foa.txt")))


def test_xml_written_otherwise_gives_the_same_players(tmp_path: Path) -> None:
    """Indented elements, empty ones self-closed (the spec's own example), another element
    order, a comment, a CDATA name and a character reference: all are XML a list may hold,
    read like FIDE's own layout, in file order."""
    text = sample("players_list_xml_foa.xml").read_text("utf-8")
    players = text.split("<player>")
    players[2] = players[2].replace("><", ">\n    <").replace("<games></games>", "<games />")
    players[4] = players[4].replace(
        "<fideid>900111</fideid><name>Núñez, Luis</name>",
        "<name>N&#250;<![CDATA[ñez]]>, Luis</name><!-- moved --><fideid>900111</fideid>",
    )
    players[6] = players[6].replace("<title></title>", "<title/>")
    path = tmp_path / "written_otherwise.xml"
    path.write_text("<player>".join(players), encoding="utf-8")
    assert list(open_rating_list(path)) == list(open_rating_list(sample("players_list_foa.txt")))


def test_xml_declared_in_latin1_is_read_so(tmp_path: Path) -> None:
    text = sample("players_list_xml_foa.xml").read_text("utf-8")
    path = tmp_path / "latin1.xml"
    path.write_bytes(text.replace("utf-8", "ISO-8859-1", 1).encode("latin-1"))
    ratings = open_rating_list(path)
    players = list(ratings)
    assert players[3] == NUNEZ and ratings.encoding == "iso8859-1"


def test_xml_that_is_not_its_encoding_is_refused_by_line(tmp_path: Path) -> None:
    data = sample("players_list_xml_foa.xml").read_bytes()
    path = tmp_path / "latin1_inside.xml"
    path.write_bytes(data.replace("Núñez".encode(), "Núñez".encode("latin-1"), 1))
    with pytest.raises(RatingListError, match=r"latin1_inside.xml: line 6: not utf-8"):
        list(open_rating_list(path))


def test_a_truncated_xml_list_is_refused(tmp_path: Path) -> None:
    text = sample("players_list_xml_foa.xml").read_text("utf-8")
    path = tmp_path / "truncated.xml"
    path.write_text(text[: text.rindex("<player>") + 30], encoding="utf-8")
    with pytest.raises(RatingListError, match=r"line 62, after player 59: unclosed token"):
        list(open_rating_list(path))


@pytest.mark.parametrize("name", ["players_list_foa.txt", "players_list_xml_foa.xml"])
def test_a_zipped_list_reads_as_the_file_inside(tmp_path: Path, name: str) -> None:
    archive = tmp_path / "players_list.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.write(sample(name), name)
    zipped = open_rating_list(archive)
    assert zipped.member == name
    assert list(zipped) == list(open_rating_list(sample(name)))


def test_the_later_list_raises_standard_ratings_by_12_and_adds_one_player() -> None:
    """The fixture README: next month's list raised ten standard ratings by 12 (the first
    ten players; three of them are unrated and stay so) and added one player (902220,
    García, Ana: FM and WIM; FM is the higher title)."""
    before = {p.fide_id: p for p in open_rating_list(sample("players_list_xml_foa.xml"))}
    after = {p.fide_id: p for p in open_rating_list(sample("players_list_xml_foa.later.xml"))}
    assert set(after) - set(before) == {902220}
    risen = [i for i in before if after[i].standard != before[i].standard]
    assert risen == [900000, 900111, 900148, 900185, 900222, 900296, 900333]
    assert all(after[i].standard == (before[i].standard or 0) + 12 for i in risen)
    assert after[902220][:5] == (902220, "García, Ana", "ESP", "f", "FM")


def test_a_latin1_file_is_read_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "players_list.txt"
    path.write_bytes(sample("players_list_foa.txt").read_text("utf-8").encode("latin-1"))
    ratings = open_rating_list(path)
    players = list(ratings)
    assert ratings.encoding == "latin-1" and players[3] == NUNEZ


def test_a_single_list_names_its_month_and_rating_column(tmp_path: Path) -> None:
    """The standard-only layout: ``... FOA SEP26 Gms K  B-day Flag``."""
    path = tmp_path / "standard_sep26frl.txt"
    header = f"{'ID Number':<15}{'Name':<61}{'Fed':<4}{'Sex':<4}{'Tit':<5}{'FOA':<4}SEP26 Gms K  B-day Flag"
    line = f"{'900111':<15}{'Núñez, Luis':<61}{'FRA':<4}{'F':<4}{'g':<5}{'':<4}{'2720':<6}{'9':<4}{'40':<3}1983  w"
    path.write_text(f"{header}\n{line}\n", encoding="utf-8")
    ratings = open_rating_list(path)
    (player,) = list(ratings)
    assert (ratings.month, ratings.kind) == ("2026-09", "standard")
    assert (player.title, player.standard, player.rapid, player.birth_year) == (
        "GM",
        2720,
        None,
        1983,
    )
    # the month's games and K columns are the list's time control's
    assert (player.standard_games, player.standard_k, player.rapid_k) == (9, 40, None)
    rapid = path.rename(tmp_path / "rapid_sep26frl.txt")
    (player,) = list(open_rating_list(rapid))
    assert (player.rapid, player.rapid_games, player.rapid_k, player.standard_k) == (
        2720,
        9,
        40,
        None,
    )


def test_a_bad_number_names_its_line_and_field(tmp_path: Path) -> None:
    lines = sample("players_list_foa.txt").read_text("utf-8").splitlines()
    lines[6] = lines[6].replace("2546", "25x6", 1)
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(RatingListError, match=r"bad.txt: line 7: standard '25x6' is not a number"):
        list(open_rating_list(path))


@pytest.mark.parametrize("data", [b"", b"hello\n", bytes(range(256))])
def test_anything_else_is_refused(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "list.txt"
    path.write_bytes(data)
    with pytest.raises(RatingListError, match="neither a TXT nor an XML players list"):
        open_rating_list(path)


def test_broken_xml_names_its_line_and_the_last_player_read(tmp_path: Path) -> None:
    text = sample("players_list_xml_foa.xml").read_text("utf-8")
    cut = text.index("<player>", text.index("<player>") + 1)  # the second player's start
    path = tmp_path / "broken.xml"
    path.write_text(text[:cut] + "<player><name>Oops</player>\n" + text[cut:], encoding="utf-8")
    line = text[:cut].count("\n") + 1
    with pytest.raises(RatingListError, match=rf"line {line}, after player 1: mismatched tag"):
        list(open_rating_list(path))


def test_an_xml_entity_in_a_name_is_read_whole(tmp_path: Path) -> None:
    """expat hands a field's text over in pieces around an entity; the reader joins them."""
    text = sample("players_list_xml_foa.xml").read_text("utf-8")
    path = tmp_path / "entity.xml"
    path.write_text(text.replace("Núñez, Luis", "Núñez &amp; Co, Luis", 1), encoding="utf-8")
    players = list(open_rating_list(path))
    assert players[3] == NUNEZ._replace(name="Núñez & Co, Luis")
