"""The readers keep the contract under fuzzing (``tikalspeed.tools.fuzzing``, ``tikalspeed fuzz``).

For every reader (from_text, parse_action, read_record, rules_from_text, the JSON
readers and the manifest readers) and every input, mutated from real games or generated
by Hypothesis: only ``NotationError`` (``ManifestError`` is one) and
``IllegalActionError`` escape; whatever is accepted writes and reads back as an equal
object; an accepted state plays on, and every state it reaches reads back
(TIKAL-TURN-4 for who may act, SPEED-JUMP-1 for the token choices, TIKAL-TILE-7 for
manifests, TIKAL-END-1 for the end of a game). Inputs are judged by ``fuzz.judge``, the
same oracle the command uses. The older mutation tests of ``test_tikal_holes.py``
(position strings, state JSON, records) stay beside these.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tikalspeed
from gamekit.fuzzing import harness as _fuzzing
from gamekit.fuzzing import mutations as _mutations
from tikalspeed.tools.cli import main
from tikalspeed.tools.fuzzing import readers as fuzz

CORPUS = fuzz.build_corpus(0)
READER_NAMES = [r.name for r in fuzz.READERS]
TEXT_READERS = ("from_text", "read_record", "rules_from_text", "jsonio.loads", "load_manifest")
JSON_READERS = ("state_from_json", "action_from_json", "record_from_json", "manifest_from_json")
ARGS = (None, *fuzz.RULESETS[-2:], fuzz.VARIANT)
"""``rules=``/``manifest=`` arguments: none, the rules of custom-manifest games, the
custom manifest (a reader given the wrong kind raises, which the contract allows only
as a NotationError)."""


def _assert_kept(reader: str, value: Any, seed: int = 0) -> str:
    verdict, kind, error = fuzz.judge(reader, value, random.Random(seed))
    assert verdict != "finding", f"{reader} {kind}: {error}\n  input: {fuzz._show_input(value)}"
    return verdict


def test_the_corpus_covers_every_mode_the_variant_and_the_speed_tokens() -> None:
    """The corpus plays every mode with 2 to 4 players, the custom manifest, and the
    options the contract's edge cases hang on (SPEED-JUMP-1, TIKAL-AUCTION-3)."""
    rules = {s.rules for s in CORPUS.states}
    assert {(r.mode, r.players) for r in rules} >= {
        ("classic", 2), ("classic", 3), ("classic", 4), ("professional", 2),
        ("professional", 3), ("speed", 2), ("speed", 3), ("speed", 4),
    }  # fmt: skip
    assert any(r.manifest == fuzz.VARIANT for r in rules)
    assert any(r.max_bid == "any" for r in rules) and any(r.forfeit for r in rules)
    assert any(r.jump_limits == "jump" for r in rules)
    assert any(t.startswith("P2:tokens:") for t in CORPUS.tokens)
    phases = {s.phase for s in CORPUS.states}
    assert phases == set(tikalspeed.Phase)
    given = [arg for _, arg in CORPUS.positions]
    assert None in given and any(isinstance(a, tikalspeed.Rules) for a in given)


@settings(deadline=None)
@given(
    reader=st.sampled_from(READER_NAMES),
    seed=st.integers(0, 2**32 - 1),
    index=st.integers(0, 10**6),
)
def test_mutated_real_inputs_keep_the_contract(reader: str, seed: int, index: int) -> None:
    """The fuzzer's own inputs (real inputs of random games, mutated), from seeds
    Hypothesis chooses: TIKAL-TURN-4 and the reading clauses hold."""
    _assert_kept(reader, fuzz.make_input(CORPUS, reader, seed, index), seed)


def _fields(texts: list[str], sep: str) -> list[str]:
    return sorted({part for text in texts for part in text.split(sep)})


POSITION_FIELDS = _fields([t for t, _ in CORPUS.positions], " ")
RECORD_LINES = _fields([t for t, _ in CORPUS.record_texts], "\n")
RULE_ENTRIES = _fields([t for t, _ in CORPUS.rules_texts], ";")
ODD = ["", "-", "+", "0", "9" * 40, "\x00", "\t", "\u2028", "é", "rules:", "speed:", "[", '"']

texts = st.one_of(
    st.text(max_size=60),
    st.lists(st.sampled_from(POSITION_FIELDS + ODD), min_size=19, max_size=22).map(" ".join),
    st.lists(st.sampled_from(RECORD_LINES + ODD), min_size=1, max_size=12).map("\n".join),
    st.lists(st.sampled_from(RULE_ENTRIES + ODD), min_size=1, max_size=4).map(";".join),
)
"""Any text, and texts made of the real fields of positions, records and rules."""


@settings(deadline=None)
@given(reader=st.sampled_from(TEXT_READERS), text=texts, arg=st.sampled_from(ARGS))
def test_any_text_keeps_the_contract_tikal_turn_4(reader: str, text: str, arg: Any) -> None:
    """Any text, for every text reader, with any ``rules=``/``manifest=`` argument:
    refused, or read back and played on (TIKAL-TURN-4, TIKAL-TILE-7). ``load_manifest``
    is given JSON text (any other ``str`` is a path)."""
    if reader == "jsonio.loads":
        _assert_kept(reader, text)
    elif reader == "load_manifest":
        _assert_kept(reader, "{" + text)
    else:
        if reader == "rules_from_text" and isinstance(arg, tikalspeed.Rules):
            arg = arg.manifest
        elif reader != "rules_from_text" and isinstance(arg, tikalspeed.Manifest):
            arg = None
        _assert_kept(reader, (text, arg))


TOKENS = [*CORPUS.tokens, "draw=", "take:", "P2:", "P0:", "tokens:", "bid:", ":", "end", "="]


@settings(deadline=None)
@given(
    state=st.sampled_from(CORPUS.states),
    token=st.one_of(
        st.text(max_size=12),
        st.lists(st.sampled_from(TOKENS), min_size=1, max_size=3).map("".join),
    ),
    player=st.sampled_from([None, tikalspeed.CHANCE, 0, 1, 2, 3, 4, -2]),
)
def test_any_token_keeps_the_contract_speed_jump_1(
    state: tikalspeed.State, token: str, player: int | None
) -> None:
    """Any token in any state of the corpus, with any ``player=``: refused, or an action
    whose token (``P2:tokens:3`` at a Speed Jump's choices, SPEED-JUMP-1) and JSON read
    back, legal exactly when step takes it (TIKAL-TURN-4)."""
    _assert_kept("parse_action", (state, token, player))


KEYS = sorted(
    {key for value, _ in CORPUS.state_json[:50] + CORPUS.action_json[:20] for key in value}
    | {key for value in CORPUS.manifest_json for key in value}
    | {"type", "headers", "actions", "result", "seed", "start", "tile", "cell", "count"}
)
json_values: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([999, 1000, 1998, 1999, 2**128, 10**100, -1])
    | st.floats()
    | st.text(max_size=8)
    | st.sampled_from(["chance", "d3", "A1", "state", "record", "tokens", "speed", "default"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=4), inner, max_size=6),
    max_leaves=25,
)
"""Any JSON value (and Python's float and big-int extremes), keys mostly real ones."""


@settings(deadline=None)
@given(reader=st.sampled_from(JSON_READERS), value=json_values)
def test_any_json_value_keeps_the_contract_tikal_tile_7(reader: str, value: Any) -> None:
    """Any JSON value, for every JSON reader, and as JSON text for ``loads`` and
    ``load_manifest`` (TIKAL-TILE-7 for manifests, TIKAL-TURN-4)."""
    _assert_kept(reader, value if reader == "manifest_from_json" else (value, None))
    try:
        text = json.dumps(value)
    except ValueError:  # a number too big for Python to write
        return
    _assert_kept("jsonio.loads", text)
    _assert_kept("load_manifest", "{" + text)


def _splice(value: Any, path: list[int], new: Any) -> Any:
    """Replace the node of ``value`` that ``path`` picks (by index among its keys)."""
    value = _mutations.copy_json(value)
    node = value
    for step in path:
        if not isinstance(node, (dict, list)) or not node:
            break
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = keys[step % len(keys)]
        if not isinstance(node[key], (dict, list)) or not node[key]:
            node[key] = new
            return value
        node = node[key]
    return value


@settings(deadline=None)
@given(
    which=st.integers(0, 3),
    pick=st.integers(0, 10**6),
    path=st.lists(st.integers(0, 50), min_size=1, max_size=6),
    new=json_values,
)
def test_real_json_with_any_value_spliced_in_keeps_the_contract_tikal_turn_4(
    which: int, pick: int, path: list[int], new: Any
) -> None:
    """A real state, action, record or manifest object with one node replaced by any
    JSON value, read with the argument its game needs (TIKAL-TURN-4, TIKAL-TILE-7)."""
    if which == 3:
        pool = CORPUS.manifest_json
        _assert_kept("manifest_from_json", _splice(pool[pick % len(pool)], path, new))
        return
    pairs = (CORPUS.state_json, CORPUS.action_json, CORPUS.record_json)[which]
    value, arg = pairs[pick % len(pairs)]
    _assert_kept(JSON_READERS[which], (_splice(value, path, new), arg))


def test_run_reports_no_finding_tikal_turn_4() -> None:
    """``run(200, 0)``: 200 inputs per reader, no finding (TIKAL-TURN-4)."""
    report = fuzz.run(200, 0)
    assert report.ok, report.findings
    assert [r.reader for r in report.readers] == READER_NAMES
    for r in report.readers:
        assert r.inputs == 200 == r.accepted + r.refused
        assert r.accepted > 10 and r.refused > 10  # both sides are exercised


def test_run_is_reproducible() -> None:
    """The same seed gives the same inputs and the same report; another seed others."""
    assert fuzz.run(4, 3) == fuzz.run(4, 3)
    assert fuzz.make_input(CORPUS, "from_text", 3, 7) == fuzz.make_input(CORPUS, "from_text", 3, 7)
    inputs = {repr(fuzz.make_input(CORPUS, "from_text", s, 0)) for s in range(20)}
    assert len(inputs) > 10


def test_both_games_fuzz_with_the_shared_harness() -> None:
    """The harness and the mutations know neither game: both fuzzers are the shared
    kit's :class:`gamekit.fuzzing.harness.Fuzzer`, each given its game's refusals and
    the bounds of the numbers it reads (docs/architecture.md)."""
    import tiki
    from tiki.tools.fuzzing import readers as tiki_fuzz

    assert type(fuzz._FUZZER) is type(tiki_fuzz._FUZZER) is _fuzzing.Fuzzer
    assert fuzz._FUZZER.refusals == (tikalspeed.NotationError, tikalspeed.IllegalActionError)
    assert tiki_fuzz._FUZZER.refusals == (tiki.NotationError, tiki.IllegalActionError)
    assert type(fuzz.MUTATOR) is type(tiki_fuzz.MUTATOR) is _mutations.Mutator
    assert tiki_fuzz.MUTATOR.limits == (tiki.NUMBER_LIMIT,)


def test_judge_reports_escapes_and_broken_round_trips(monkeypatch: pytest.MonkeyPatch) -> None:
    """The oracle itself: another exception is an 'escape', an accepted value that
    does not read back a 'round-trip' finding, a refusal is fine."""
    reader = fuzz._BY_NAME["from_text"]
    good = CORPUS.positions[5]
    assert fuzz.judge("from_text", good, random.Random(0)) == ("accepted", "", "")
    assert fuzz.judge("from_text", ("nonsense", None), random.Random(0)) == ("refused", "", "")

    def boom(value: Any) -> tikalspeed.State:
        raise IndexError("boom")

    monkeypatch.setitem(fuzz._BY_NAME, "from_text", attrs.evolve(reader, read=boom))
    verdict, kind, error = fuzz.judge("from_text", good, random.Random(0))
    assert (verdict, kind) == ("finding", "escape") and error.startswith("IndexError: boom")
    read = tikalspeed.from_text(good[0])
    wrong = read.replace(ap=read.ap + 1)
    monkeypatch.setitem(
        fuzz._BY_NAME,
        "from_text",
        attrs.evolve(reader, check=lambda v, s, rng: _fuzzing.same(s, wrong, "test")),
    )
    assert fuzz.judge("from_text", good, random.Random(0))[:2] == ("finding", "round-trip")


def test_cli_fuzz_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    """``tikalspeed fuzz --inputs N --seed S`` prints one line per reader and exits 0."""
    assert main(["fuzz", "--inputs", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "tikalspeed fuzz: 3 inputs per reader, seed 2"
    assert out[1].split() == ["reader", "inputs", "accepted", "refused", "findings"]
    assert [line.split()[0] for line in out[2:12]] == READER_NAMES
    assert all(line.split()[1] == "3" and line.split()[4] == "0" for line in out[2:12])
    assert out[12].startswith("no findings in ")
    assert main(["fuzz", "--inputs", "-1"]) == 2
    assert "--inputs must not be negative" in capsys.readouterr().err


def test_cli_fuzz_exits_1_on_a_finding(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A finding is printed with its input, and the exit status is 1."""
    finding = fuzz.Finding("from_text", 3, "escape", "IndexError: x", "'bad' with None")
    counts = tuple(fuzz.ReaderCounts(n, 1, 0, 0, n == "from_text") for n in READER_NAMES)
    report = fuzz.Report(0, 1, counts, (finding,))
    monkeypatch.setattr(fuzz, "run", lambda n, seed: report)
    assert main(["fuzz", "--inputs", "1"]) == 1
    out = capsys.readouterr().out
    assert "finding: from_text #3 (escape): IndexError: x\n  input: 'bad' with None" in out
    assert "1 finding in " in out
