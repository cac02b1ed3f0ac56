"""``--svg``: ``tiki play --svg DIR`` and ``replay --svg DIR`` write a picture of every
position of the game, ``show --svg FILE`` one (issue 8: a designer flips through a
game). CLI-usability tests; the pictures themselves are tested in test_svg.py."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tiki
import tiki.svg
from tiki.text.record import read_record, replay
from tiki.tools.cli import main


def _pictures(where: Path) -> list[Path]:
    return sorted(where.glob("*.svg"))


def test_play_and_replay_write_the_same_pictures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKI-TURN-1 (each action marked in the position it led to): one picture per
    position, the start first; each the library's picture of that position with the
    action that led there; the record's replay draws byte for byte the same ones."""
    record = tmp_path / "game.rec"
    argv = ["play", "--shaman", "--seed", "5", "--quiet", "--record", str(record)]
    assert main([*argv, "--svg", str(tmp_path / "play")]) == 0
    out = capsys.readouterr().out
    read = read_record(record.read_text(encoding="utf-8"))
    states = replay(read)
    pictures = _pictures(tmp_path / "play")
    assert len(pictures) == len(states) == len(read.actions) + 1
    assert f"{len(states) + 1} files written into" in out
    assert pictures[0].read_text(encoding="utf-8") == tiki.svg.board(states[0]) + "\n"
    for i in range(1, len(states)):
        drawn = tiki.svg.board(states[i], lastaction=read.actions[i - 1]) + "\n"
        assert pictures[i].read_text(encoding="utf-8") == drawn
        ET.fromstring(drawn)
    assert main(["replay", str(record), "--svg", str(tmp_path / "replay")]) == 0
    again = _pictures(tmp_path / "replay")
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in pictures]
    index = (tmp_path / "play" / "index.html").read_text(encoding="utf-8")
    assert index.count("<img ") == len(pictures) and "<title>Tiki game, seed 5</title>" in index


def test_show_writes_one_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TIKI-SETUP-2: ``show --svg FILE`` writes the position's picture."""
    state = tiki.new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=tiki.X)
    target = tmp_path / "position.svg"
    assert main(["show", "--svg", str(target), tiki.to_text(state)]) == 0
    assert target.read_text(encoding="utf-8") == tiki.svg.board(state) + "\n"
    assert f"picture written to {target}" in capsys.readouterr().out


def test_an_unwritable_directory_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 8 (bad input gets a clear error, never a traceback): exit status 2 and one
    line naming the directory."""
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    assert main(["play", "--seed", "1", "--quiet", "--svg", str(blocker)]) == 2
    err = capsys.readouterr().err
    assert f"cannot write the pictures into {str(blocker)!r}" in err
    assert "Traceback" not in err
