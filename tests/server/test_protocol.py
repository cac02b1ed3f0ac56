"""The server's protocol over a real server (issue 20): every message validates
against docs/schema/server.schema.json; stale, foreign-seat, spectator and malformed
actions are refused with a clear error in the envelope, and the connection goes on;
an action is acknowledged with the seq it was stored at; chance events reach the
clients; a resignation ends the game."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from referencing import Registry, Resource
from running import Client, Server, running
from websockets.exceptions import ConnectionClosed

SCHEMAS = Path(__file__).resolve().parents[2] / "docs" / "schema"


def _validator() -> jsonschema.Draft202012Validator:
    docs = {n: json.loads((SCHEMAS / f"{n}.schema.json").read_text())
            for n in ("server", "tikal", "tiki")}
    registry: Registry[Any] = Registry().with_resources(
        (d["$id"], Resource.from_contents(d)) for d in docs.values()
    )
    return jsonschema.Draft202012Validator(docs["server"], registry=registry)


VALIDATOR = _validator()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from running(tmp_path)


def _check(messages: list[dict[str, Any]]) -> None:
    for msg in messages:
        errors = sorted(VALIDATOR.iter_errors(msg), key=lambda e: list(e.path))
        assert not errors, (msg["type"], errors[0].message[:300], list(errors[0].path))


def _play_out(clients: dict[int, Client], rng: random.Random, limit: int) -> int:
    """Each seat answers its open decisions with a random offered token, until the
    game ends or ``limit`` actions; returns how many were played."""
    played = 0
    spoke: dict[int, float] = {}
    while played < limit:
        last = max((c.last for c in clients.values()), key=lambda m: m["seq"])
        if last["over"]:
            return played
        movers = [(s, c) for s, c in clients.items()
                  if c.last["seq"] == last["seq"] and c.last["asked"] is not None]
        if not movers:
            next(iter(clients.values())).until(lambda m: m["type"] == "update")
            continue
        seat, c = movers[0]
        time.sleep(max(0.0, spoke.get(seat, 0.0) + 0.11 - time.monotonic()))  # 10 a second
        spoke[seat] = time.monotonic()
        c.send({"type": "action", "seq": c.last["seq"], "token": rng.choice(c.tokens())})
        reply = c.until(lambda m: m["type"] in ("ack", "error"))
        assert reply["type"] == "ack", reply
        played += 1
        for other in clients.values():  # every seat told (no waiting on a quiet socket)
            if other.last["seq"] < reply["seq"]:
                other.until(lambda m, s=reply["seq"]: m["type"] == "update" and m["seq"] >= s)
    return played


def test_a_whole_tiki_game_against_a_bot_validates(server: Server) -> None:
    """Issue 20, "every message validates against the schema": a whole Tiki game, a
    person against the greedy bot, and a spectator; the spectator is sent the record
    once the game is over."""
    made = server.create("tiki", [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}])
    me = server.client(made["id"], made["seats"][0]["token"])
    watcher = server.client(made["id"], made["spectator"]["token"])
    assert me.hello["type"] == "hello" and me.hello["for"] == 0
    assert watcher.hello["for"] is None and watcher.hello["decision"]["legal"] == []
    _play_out({0: me}, random.Random(1), 500)
    me.drain()
    assert me.last["over"] and me.last["result"] is not None
    watcher.until(lambda m: m.get("over") is True)
    assert "[Result" in watcher.last["record"]
    _check(me.seen + watcher.seen + [me.hello, watcher.hello])


def test_tikal_speed_messages_validate_and_carry_chance_events(server: Server) -> None:
    """Issue 20: chance nodes are resolved by the server and their events sent
    (TileRevealed, AuctionOpened, ...); every message of two seats and a spectator
    validates, through the first Jump and beyond."""
    made = server.create("tikalspeed", [{"kind": "human"}, {"kind": "human"}],
                         rules={"mode": "speed", "players": 2})
    seats = {s["seat"]: server.client(made["id"], s["token"]) for s in made["seats"]}
    watcher = server.client(made["id"], made["spectator"]["token"])
    _play_out(seats, random.Random(2), 80)
    watcher.drain()
    told = {e["event"] for m in [*watcher.seen, watcher.hello] for e in m.get("events", [])}
    assert {"TileRevealed", "AuctionOpened", "TokensChosen"} <= told
    for e in (e for m in watcher.seen for e in m.get("events", [])):
        assert "(" not in e["words"] or "-" not in e["words"].split("(")[-1], e["words"]
    _check([c.hello for c in seats.values()] + [watcher.hello])
    _check([m for c in [*seats.values(), watcher] for m in c.seen])


def test_stale_foreign_spectator_and_malformed_actions_are_refused(server: Server) -> None:
    """Issue 20: an action for an old decision is refused as stale; another seat's
    action, an action out of turn, a spectator's action and malformed messages are
    refused with their code, each in an error envelope, and the connection goes on."""
    made = server.create("tiki", [{"kind": "human"}, {"kind": "human"}])
    seats = {s["seat"]: server.client(made["id"], s["token"]) for s in made["seats"]}
    watcher = server.client(made["id"], made["spectator"]["token"])
    mover = next(s for s, c in seats.items() if c.hello["asked"] is not None)
    other = 1 - mover
    a, b = seats[mover], seats[other]

    def refused(c: Client, msg: Any) -> str:
        c.send(msg)
        reply = c.until(lambda m: m["type"] in ("error", "ack"))
        assert reply["type"] == "error", reply
        _check([reply])
        code: str = reply["error"]["code"]
        return code

    seq = a.hello["seq"]
    assert refused(b, {"type": "action", "seq": seq, "token": a.tokens()[0]}) == "not-your-turn"
    assert refused(watcher, {"type": "action", "seq": seq, "token": a.tokens()[0]}) == "spectator"
    assert refused(a, {"type": "action", "seq": seq, "token": "nonsense"}) == "illegal"
    assert refused(a, {"type": "action", "seq": seq + 5, "token": a.tokens()[0]}) == "stale"
    assert refused(a, "{not json") == "malformed"
    assert refused(a, {"type": "action", "seq": "1", "token": "x"}) == "malformed"
    assert refused(a, {"type": "teleport"}) == "malformed"
    assert refused(a, "[" * 50 + "]" * 50) == "too-deep"
    assert refused(a, {"type": "ping", "ref": "x" * 16500}) == "too-large"
    # still usable: the mover plays, and its old seq is stale for the next decision
    a.send({"type": "action", "seq": seq, "token": a.tokens()[0], "ref": "mine"})
    ack = a.until(lambda m: m["type"] in ("ack", "error"))
    assert ack["type"] == "ack" and ack["ref"] == "mine" and ack["seq"] > seq
    b.until(lambda m: m["type"] == "update" and m["asked"] is not None)
    assert refused(b, {"type": "action", "seq": seq, "token": b.tokens()[0]}) == "stale"
    # another seat's token, named as the seat's own: not among its actions
    assert refused(a, {"type": "action", "seq": b.last["seq"], "token": b.tokens()[0]}) in (
        "not-your-turn", "illegal")


def test_a_wrong_token_is_unauthorized_and_tells_nothing(server: Server) -> None:
    """Issue 20, a token acts and sees for its seat only: a wrong token, or a game that
    does not exist, get the same refusal and the socket is closed."""
    made = server.create("tiki", [{"kind": "human"}, {"kind": "human"}])
    for game_id, token in ((made["id"], "guess"), ("nope", made["seats"][0]["token"])):
        c = server.client(game_id, token)
        assert c.hello["type"] == "error" and c.hello["error"]["code"] == "unauthorized"
        assert c.hello["error"]["message"] == "no game with this id and token"


def test_a_huge_message_closes_the_socket(server: Server) -> None:
    """Issue 20, message sizes bounded: a frame far over the bound is not even read;
    the server closes the socket (1009, message too big) and the game is untouched."""
    made = server.create("tiki", [{"kind": "human"}, {"kind": "human"}])
    a = server.client(made["id"], made["seats"][0]["token"])
    a.send({"type": "ping", "ref": "x" * 1_000_000})
    with pytest.raises(ConnectionClosed) as closed:
        a.until(lambda m: False)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    again = server.client(made["id"], made["seats"][0]["token"])
    assert again.hello["seq"] == a.hello["seq"]


def test_resign_ends_the_game(server: Server) -> None:
    """Issue 20, resign: the seat that resigns loses, the game is over for every seat."""
    made = server.create("tiki", [{"kind": "human"}, {"kind": "human"}])
    a, b = (server.client(made["id"], s["token"]) for s in made["seats"])
    a.send({"type": "resign", "seq": a.hello["seq"]})
    a.until(lambda m: m["type"] == "update")
    assert a.last["over"] and a.last["result"] == {"resigned": 0, "winners": [1]}
    b.until(lambda m: m["type"] == "update" and m["over"])
    assert [e["words"] for e in b.last["events"]] == ["x resigns"]


def test_lobby_requests_are_bounded_and_explained(server: Server) -> None:
    """Issue 20, bad input gets a clear error naming where it broke, never a stack
    trace: the lobby's refusals name the field; an open seat is taken once."""
    cases = [
        ({"game": "chess", "seats": []}, "$.game"),
        ({"game": "tiki", "seats": [{"kind": "human"}]}, "$.seats"),
        ({"game": "tiki", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "deep"}]},
         "$.seats[1].bot"),
        ({"game": "tikalspeed", "rules": {"mode": "fast"}, "seats": [{"kind": "human"}] * 4},
         "$.rules"),
        ({"game": "tiki", "seats": [{"kind": "human"}] * 2, "clock": 0}, "$.clock"),
    ]
    for body, where in cases:
        status, answer = server.post("/api/games", body)
        assert status == 400 and where in answer["error"]["message"], answer
    status, answer = server.post("/api/games", b"[" * 100)
    assert status == 400 and answer["error"]["code"] == "malformed"
    status, answer = server.post("/api/games", b"x" * 100_000)
    assert status == 400 and "bytes" in answer["error"]["message"]
    made = server.create("tiki", [{"kind": "human"}, {"kind": "human", "open": True}])
    listed = {g["id"]: g for g in server.get("/api/games")["games"]}
    assert [s["open"] for s in listed[made["id"]]["seats"]] == [False, True]
    status, taken = server.post(f"/api/games/{made['id']}/seats/1", {})
    assert status == 201 and taken["seat"] == 1
    status, _again = server.post(f"/api/games/{made['id']}/seats/1", {})
    assert status == 409
    c = server.client(made["id"], taken["token"])
    assert c.hello["for"] == 1


def test_the_clock_plays_for_a_seat_that_does_not_answer(server: Server) -> None:
    """Issue 20, "an optional per-decision clock whose expiry plays a documented
    default (so a game never stalls)": nobody answers, and after the clock's seconds
    the greedy bot's choice is played for the seat; the messages say the time left."""
    made = server.create("tiki", [{"kind": "human"}, {"kind": "human"}], clock=5)
    a, _b = (server.client(made["id"], s["token"]) for s in made["seats"])
    mover = 0 if a.hello["asked"] is not None else 1
    assert a.hello["clock"] is not None and str(mover) in a.hello["clock"]
    assert 0 < a.hello["clock"][str(mover)] <= 5
    start = a.hello["seq"]
    played = a.until(lambda m: m["type"] == "update" and m["seq"] > start)
    assert played["events"] and played["events"][0]["seq"] == start + 1
    assert played["waiting"][0]["seat"] == 1 - mover
    _check([a.hello, played])


def test_the_lobby_cannot_be_flooded(server: Server) -> None:
    """Issue 20, every input bounded: one address that asks for games without end is
    told to wait (429, too-fast) once it has asked for a few hundred at once."""
    answers = [server.post("/api/games", {"game": "tiki"}) for _ in range(600)]
    assert answers[0][0] == 400
    told = [answer for status, answer in answers if status == 429]
    assert told and told[0]["error"]["code"] == "too-fast"


def test_hosted_games_and_the_pictures(server: Server) -> None:
    """Issue 20, the browser client: the server says which games it hosts (the lobby's
    choices), and draws a seat's view as SVG on request, with the tile in hand in its
    six turns while its player places it (TIKAL-TILE-6)."""
    hosted = {g["game"]: g for g in server.get("/api/hosted")["games"]}
    assert set(hosted) == {"tiki", "tikalspeed"}
    assert hosted["tikalspeed"]["max_players"] == 4 and "mcts" in hosted["tiki"]["bots"]
    made = server.create("tikalspeed", [{"kind": "human"}, {"kind": "human"}],
                         rules={"mode": "speed", "players": 2})
    seats = {s["seat"]: server.client(made["id"], s["token"]) for s in made["seats"]}
    rng = random.Random(3)
    for _ in range(40):
        for c in seats.values():
            c.drain()
        movers = [c for c in seats.values() if c.last["asked"] is not None]
        c = movers[0]
        if c.last["decision"]["kind"] == "place":
            break
        assert c.play(rng.choice(c.tokens()))["type"] == "ack"
    assert c.last["decision"]["kind"] == "place"
    c.send({"type": "picture", "ref": 7})
    picture = c.until(lambda m: m["type"] == "picture")
    assert picture["svg"].startswith("<svg") and picture["ref"] == 7
    assert picture["decision_svg"].count("turn ") >= 6
    other = next(o for o in seats.values() if o is not c)
    other.send({"type": "picture"})
    assert "decision_svg" not in other.until(lambda m: m["type"] == "picture")
    _check([picture])
