// The lobby: create a game (which game, its mode and players, who sits in each seat,
// a clock), hand out each seat's link, and list the games with a seat open.
//
// The server says which games it hosts only in the message that refuses an unknown
// game, so the page asks with an empty request and reads the names from the refusal;
// if that fails it offers every game it knows how to set up.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);

  // What the lobby knows of each game it can set up: its name, its seats' names, and
  // whether it has Tikal's modes and player counts.
  const GAMES = {
    tiki: { name: "Tiki", seats: () => ["x", "o"], options: false },
    tikalspeed: {
      name: "Tikal",
      seats: (n) => Array.from({ length: n }, (_, i) => "P" + (i + 1)),
      options: true,
    },
  };
  const BOTS = ["greedy", "random", "mcts"];

  let made = null; // the last created game

  async function hosted() {
    // the games this server hosts (GET /api/hosted), those this page knows how to seat
    try {
      const r = await fetch("/api/hosted");
      const body = await r.json();
      const ours = body.games.map((g) => g.game).filter((n) => n in GAMES);
      if (ours.length) return ours;
    } catch (err) {
      // fall through: offer every game
    }
    return Object.keys(GAMES);
  }

  function seatCount() {
    const g = GAMES[$("game").value];
    return g && g.options ? Number($("players").value) : 2;
  }

  function seatNames() {
    const g = GAMES[$("game").value];
    return g ? g.seats(seatCount()) : [];
  }

  function drawSeats() {
    const box = $("seats");
    const before = [...box.querySelectorAll(".seat")].map((s) => ({
      kind: s.querySelector(".kind").value,
      bot: s.querySelector(".bot").value,
      playouts: s.querySelector(".playouts").value,
    }));
    box.textContent = "";
    seatNames().forEach((name, i) => {
      const was = before[i] || { kind: i === 0 ? "human" : "bot", bot: "greedy", playouts: "200" };
      const row = document.createElement("div");
      row.className = "seat";
      row.dataset.seat = String(i);
      row.innerHTML = `<span class="name"></span>
        <select class="kind" aria-label="who sits here">
          <option value="human">human (a link)</option>
          <option value="open">open (anyone may take it)</option>
          <option value="bot">bot</option>
        </select>
        <select class="bot" aria-label="which bot">${BOTS.map((b) => `<option value="${b}">${b}</option>`).join("")}</select>
        <label class="playouts-label">playouts
          <input class="playouts" type="number" min="1" max="5000" step="1"></label>`;
      row.querySelector(".name").textContent = name;
      row.querySelector(".kind").value = was.kind;
      row.querySelector(".bot").value = was.bot;
      row.querySelector(".playouts").value = was.playouts;
      const sync = () => {
        const bot = row.querySelector(".kind").value === "bot";
        row.querySelector(".bot").hidden = !bot;
        row.querySelector(".playouts-label").hidden =
          !bot || row.querySelector(".bot").value !== "mcts";
      };
      row.querySelector(".kind").addEventListener("change", sync);
      row.querySelector(".bot").addEventListener("change", sync);
      sync();
      box.appendChild(row);
    });
  }

  function request() {
    const game = $("game").value;
    const body = { game: game, seats: [] };
    if (GAMES[game].options) {
      body.rules = { mode: $("mode").value, players: seatCount() };
    }
    for (const row of $("seats").querySelectorAll(".seat")) {
      const kind = row.querySelector(".kind").value;
      if (kind === "bot") {
        const seat = { kind: "bot", bot: row.querySelector(".bot").value };
        if (seat.bot === "mcts") seat.playouts = Number(row.querySelector(".playouts").value || 200);
        body.seats.push(seat);
      } else {
        body.seats.push(kind === "open" ? { kind: "human", open: true } : { kind: "human" });
      }
    }
    const clock = $("clock").value.trim();
    body.clock = clock === "" ? null : Number(clock);
    body.listed = $("listed").checked || body.seats.some((s) => s.open);
    return body;
  }

  function absolute(link) {
    return new URL(link, location.href).href;
  }

  function linkRow(label, link, id) {
    const div = document.createElement("div");
    div.className = "seat-link";
    const span = document.createElement("span");
    span.textContent = label;
    const input = document.createElement("input");
    input.readOnly = true;
    input.value = absolute(link);
    input.id = id;
    input.addEventListener("focus", () => input.select());
    const copy = document.createElement("button");
    copy.type = "button";
    copy.textContent = "copy";
    copy.addEventListener("click", async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(input.value);
        copy.textContent = "copied";
      } catch (err) {
        document.execCommand("copy");
      }
    });
    div.append(span, input, copy);
    return div;
  }

  function showCreated(game) {
    made = game;
    const box = $("links");
    box.textContent = "";
    for (const s of game.seats) {
      let label = `${s.name}: `;
      if (s.kind === "bot") label += `bot (${s.bot})`;
      else if (s.open) label += "open, listed below";
      if (s.link) box.appendChild(linkRow(label, s.link, `link-${s.seat}`));
      else {
        const p = document.createElement("p");
        p.textContent = label;
        box.appendChild(p);
      }
    }
    box.appendChild(linkRow("spectators: ", game.spectator.link, "link-spectator"));
    const mine = game.seats.find((s) => s.link);
    $("open-seat").hidden = !mine;
    $("open-seat").dataset.link = mine ? mine.link : "";
    $("created").hidden = false;
  }

  async function create(e) {
    e.preventDefault();
    const err = $("create-error");
    err.hidden = true;
    $("create").disabled = true;
    try {
      const r = await fetch("/api/games", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(request()),
      });
      const body = await r.json();
      if (!r.ok) throw new Error((body.error && body.error.message) || r.statusText);
      showCreated(body);
      listGames();
    } catch (x) {
      err.textContent = "the server refused the game: " + x.message;
      err.hidden = false;
    } finally {
      $("create").disabled = false;
    }
  }

  function describe(g) {
    const name = GAMES[g.game] ? GAMES[g.game].name : g.game;
    const rules = g.rules && g.rules.mode ? ` (${g.rules.mode}, ${g.seats.length} players)` : "";
    const who = g.seats
      .map((s) => `${s.name}: ${s.kind === "bot" ? s.bot : s.open ? "open" : "taken"}`)
      .join(", ");
    const clock = g.clock ? ` · ${g.clock} s a decision` : "";
    return `${name}${rules} · ${who}${clock} · move ${g.seq}`;
  }

  async function take(g, s) {
    const r = await fetch(`/api/games/${encodeURIComponent(g.id)}/seats/${s.seat}`, {
      method: "POST",
    });
    const body = await r.json();
    if (!r.ok) {
      alert((body.error && body.error.message) || "the seat is taken");
      listGames();
      return;
    }
    location.href = body.link;
  }

  async function listGames() {
    let games = [];
    try {
      const r = await fetch("/api/games");
      games = (await r.json()).games || [];
    } catch (err) {
      games = [];
    }
    const list = $("open-games");
    list.textContent = "";
    const open = games.filter((g) => !g.over && g.seats.some((s) => s.open));
    for (const g of open) {
      const li = document.createElement("li");
      li.dataset.game = g.id;
      li.appendChild(document.createTextNode(describe(g) + " "));
      for (const s of g.seats.filter((x) => x.open)) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "take";
        b.dataset.seat = String(s.seat);
        b.textContent = `take seat ${s.name}`;
        b.addEventListener("click", () => take(g, s));
        li.appendChild(b);
      }
      list.appendChild(li);
    }
    $("no-open-games").hidden = open.length > 0;
  }

  async function start() {
    const select = $("game");
    for (const name of await hosted()) {
      const o = document.createElement("option");
      o.value = name;
      o.textContent = GAMES[name].name;
      select.appendChild(o);
    }
    const sync = () => {
      $("tikal-options").hidden = !GAMES[select.value].options;
      drawSeats();
    };
    select.addEventListener("change", sync);
    $("players").addEventListener("change", drawSeats);
    $("new-game").addEventListener("submit", create);
    $("open-seat").addEventListener("click", () => {
      location.href = $("open-seat").dataset.link;
    });
    $("refresh").addEventListener("click", listGames);
    sync();
    document.body.dataset.ready = "true";
    listGames();
  }

  start();
})();
