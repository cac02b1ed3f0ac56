"""Nothing lost (issue 20): an action is acknowledged only once it is stored; a server
killed with SIGKILL in the middle of games and started again goes on from the last
acknowledged action of each, draws the chance outcomes it would have drawn, and each
client that reconnects gets its view back."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

from running import Server

import tikalspeed
from gamekit.server.store import SQLiteStore
from gamekit.server.table import Table


def test_sigkill_loses_nothing_acknowledged(tmp_path: Path) -> None:
    store = str(tmp_path / "games.sqlite3")
    server = Server(store).start()
    rng = random.Random(5)
    try:
        made = server.create("tikalspeed", [{"kind": "human"}, {"kind": "bot"}],
                             rules={"mode": "speed", "players": 2})
        tiki = server.create("tiki", [{"kind": "human"}, {"kind": "human"}])
        me = server.client(made["id"], made["seats"][0]["token"])
        acked = 0
        for _ in range(25):
            me.my_turn()
            acked = me.play(rng.choice(me.tokens()))["seq"]
        other = server.client(tiki["id"], tiki["seats"][0]["token"])
        before_tiki = other.hello
        server.kill()
        me.close()
        other.close()

        # every acknowledged row is in the store, and nothing after it is half-written
        stored = SQLiteStore(store)
        rows = stored.log(made["id"])
        assert rows[-1].seq >= acked and [r.seq for r in rows] == list(range(1, len(rows) + 1))
        found = stored.game(made["id"])
        assert found is not None
        row, _seats = found
        stored.close()

        server.start()
        me = server.client(made["id"], made["seats"][0]["token"])
        assert me.hello["seq"] >= acked
        # the bot seat may act as soon as the server is back, before this client's hello:
        # the rows stored before the kill stand as they were, and the hello's view is the
        # one replayed from the stored rows up to the hello's sequence number
        stored = SQLiteStore(store)
        upto = [r for r in stored.log(made["id"]) if r.seq <= me.hello["seq"]]
        stored.close()
        assert tuple(upto[:len(rows)]) == tuple(rows)
        rows = upto
        # the next chance outcomes are what the seed and the sequence number give,
        # killed or not
        rules = tikalspeed.GAME.json.rules_from_json(json.loads(row.rules))
        again = Table.start(tikalspeed.GAME, rules, seed=row.seed, seats=2, log=rows)
        assert json.dumps(me.hello["view"], sort_keys=True) == json.dumps(
            tikalspeed.GAME.json.to_json(again.view(0)), sort_keys=True)
        for _ in range(15):
            me.my_turn()
            assert me.play(rng.choice(me.tokens()))["type"] == "ack"
        db = sqlite3.connect(store)
        after = db.execute("SELECT seq, seat, kind, token FROM log WHERE game_id = ? AND seq > ?"
                           " ORDER BY seq", (made["id"], len(rows))).fetchall()
        db.close()
        for seq, seat, kind, token in after:
            if kind == "chance":
                assert again.pending()[0].token == token, seq
            else:  # replay the others' rows as stored
                again.advance(again.plan(seat, kind, token)[:1])
                continue
            again.advance(again.pending()[:1])
        assert any(kind == "chance" for _, _, kind, _ in after)

        # the other game, untouched, is back as it was
        back = server.client(tiki["id"], tiki["seats"][0]["token"])
        assert back.hello["view"] == before_tiki["view"] and back.hello["seq"] == before_tiki["seq"]
    finally:
        server.stop()
