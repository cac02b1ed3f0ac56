"""``--svg``: ``tikalspeed play --svg DIR`` and ``replay --svg DIR`` write a picture of
every position of the game, ``show --svg FILE`` one (issue 8: a designer flips through
a game). CLI-usability tests; the pictures themselves are tested in test_tikal_svg.py."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tikalspeed.svg
from tikalspeed.text.notation import to_text
from tikalspeed.text.record import read_record, replay
from tikalspeed.tools.cli import main


def _pictures(where: Path) -> list[Path]:
    return sorted(where.glob("*.svg"))


def test_play_and_replay_write_the_same_pictures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKAL-TURN-4 (each action marked in the position it led to): one picture per
    position, the start first; each the library's picture of that position with the
    action that led there; the record's replay draws byte for byte the same ones."""
    record = tmp_path / "game.rec"
    argv = ["play", "--mode", "classic", "--players", "3", "--seed", "4", "--quiet"]
    assert main([*argv, "--record", str(record), "--svg", str(tmp_path / "play")]) == 0
    out = capsys.readouterr().out
    states = replay(read_record(record.read_text(encoding="utf-8")))
    actions = read_record(record.read_text(encoding="utf-8")).actions
    pictures = _pictures(tmp_path / "play")
    assert len(pictures) == len(states) == len(actions) + 1
    assert f"{len(states) + 1} files written into" in out
    assert pictures[0].read_text(encoding="utf-8") == tikalspeed.svg.board(states[0]) + "\n"
    for i in (1, len(actions) // 2, len(actions)):
        drawn = tikalspeed.svg.board(states[i], lastaction=actions[i - 1]) + "\n"
        assert pictures[i].read_text(encoding="utf-8") == drawn
    for picture in pictures:
        ET.fromstring(picture.read_text(encoding="utf-8"))
    assert main(["replay", str(record), "--svg", str(tmp_path / "replay")]) == 0
    again = _pictures(tmp_path / "replay")
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in pictures]
    index = (tmp_path / "play" / "index.html").read_text(encoding="utf-8")
    assert index.count("<img ") == len(pictures)
    assert "1. P1 places" in index and "<title>Tikal game, seed 4</title>" in index


def test_the_captions_keep_the_token_choices_secret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEED-JUMP-1: the pictures and captions of a Speed game never tell a token choice
    before its reveal (a caption says who chose, the panel says ``chose ?``)."""
    argv = ["play", "--players", "2", "--seed", "2", "--quiet", "--max-plies", "400"]
    assert main([*argv, "--svg", str(tmp_path)]) == 0
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "chooses tokens in secret" in index
    assert not re.search(r"takes \d+ tokens? in secret", index)
    assert any("chose ?" in p.read_text(encoding="utf-8") for p in _pictures(tmp_path))
    assert not any(
        re.search(r"chose \d", p.read_text(encoding="utf-8")) for p in _pictures(tmp_path)
    )


def test_show_writes_one_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TIKAL-BOARD-1: ``show --svg FILE`` writes the position's picture."""
    state = tikalspeed.new_game(tikalspeed.Rules(mode="professional", players=3), seed=2)
    target = tmp_path / "position.svg"
    assert main(["show", "--svg", str(target), to_text(state)]) == 0
    assert target.read_text(encoding="utf-8") == tikalspeed.svg.board(state) + "\n"
    assert f"picture written to {target}" in capsys.readouterr().out


def test_an_unwritable_directory_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 8 (bad input gets a clear error, never a traceback): exit status 2 and one
    line naming the directory."""
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    argv = ["play", "--seed", "1", "--quiet", "--max-plies", "3", "--svg", str(blocker)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"cannot write the pictures into {str(blocker)!r}" in err
    assert "Traceback" not in err
