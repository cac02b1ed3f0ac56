// The game page: one seat's (or a spectator's) window on a game of the server.
//
// It reads the seat's secret token from location.hash, joins the game's WebSocket
// (/ws/{id}) and keeps what the server last said in window.gameState: the game, the
// seat's view, the decision, who the game waits for, the events. After every hello
// and update it asks for the picture (the game's own SVG of the seat's view) and
// draws the decision as buttons, one per legal action, each carrying its token in
// data-token. A dropped connection is tried again with exponential backoff (capped
// at MAX_BACKOFF ms); the server sends the whole view back in its hello.
//
// It knows no game: the only things it reads from a game's picture are the cells'
// groups (<g class="cell a1"> in Tikal, <g class="village b2"> in Tiki), to filter the
// actions naming a clicked cell, and it groups tokens by their first word.
"use strict";

(function () {
  const MAX_BACKOFF = 4000;
  const FIRST_BACKOFF = 250;
  const MANY = 16; // more actions than this: a filter box and groups

  const $ = (id) => document.getElementById(id);
  const gameId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());
  const token = decodeURIComponent(location.hash.replace(/^#/, ""));

  // What the page knows, for the page and for whoever inspects it (the tests).
  const gameState = {
    game: null, // the hello's game: id, game, name, rules, clock, seats
    seat: null, // this page's seat (null: a spectator)
    seq: -1, // the seq of the last hello/update
    view: null,
    decision: null,
    asked: null,
    waiting: [],
    over: false,
    result: null,
    clock: null,
    record: null,
    events: [],
    pictureSeq: -1,
  };
  window.gameState = gameState;

  let ws = null;
  let backoff = FIRST_BACKOFF;
  let retry = null;
  let stopped = false; // the server refused the token: no point in trying again
  let clockAt = 0; // performance.now() when the clock was last told
  let cell = null; // the cell the actions are filtered to
  let refs = 0;
  let pictureAsked = false; // a picture request is on its way
  let decisionSvg = null; // the picture's decision_svg, where the server sends one

  function seatName(seat) {
    const seats = gameState.game ? gameState.game.seats : [];
    for (const s of seats) if (s.seat === seat) return s.name;
    return "P" + (seat + 1);
  }

  function setStatus(text, connection) {
    $("status").textContent = text;
    if (connection) document.body.dataset.connection = connection;
  }

  function showError(text) {
    const e = $("error");
    e.textContent = text || "";
    e.hidden = !text;
  }

  // connecting -------------------------------------------------------------------------

  function connect() {
    retry = null;
    if (!token) {
      stopped = true;
      setStatus("this link has no token: open the link the lobby gave you", "refused");
      return;
    }
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    let socket;
    try {
      socket = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(gameId)}`);
    } catch (err) {
      reconnectLater();
      return;
    }
    ws = socket;
    setStatus(gameState.seq < 0 ? "connecting…" : "reconnecting…", "connecting");
    socket.onopen = () => {
      queue.length = 0;
      pictureAsked = false;
      socket.send(JSON.stringify({ type: "join", token: token }));
    };
    socket.onmessage = (e) => {
      if (socket !== ws) return;
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch (err) {
        return;
      }
      receive(msg);
    };
    socket.onclose = () => {
      if (socket !== ws) return;
      ws = null;
      if (!stopped) reconnectLater();
    };
  }

  function reconnectLater() {
    if (retry !== null || stopped) return;
    const wait = backoff;
    backoff = Math.min(MAX_BACKOFF, backoff * 2);
    setStatus(`connection lost; trying again in ${(wait / 1000).toFixed(1)} s…`, "reconnecting");
    disableActions(true);
    retry = setTimeout(connect, wait);
  }

  // The server allows a connection 10 messages a second (30 at once): the page keeps
  // under it with a bucket of its own, and waits rather than be refused.
  const RATE = 8;
  const BURST = 20;
  let bucket = BURST;
  let bucketAt = performance.now();
  const queue = [];
  let draining = null;

  function send(msg) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    queue.push(msg);
    drain();
    return true;
  }

  function drain() {
    draining = null;
    const now = performance.now();
    bucket = Math.min(BURST, bucket + ((now - bucketAt) / 1000) * RATE);
    bucketAt = now;
    while (queue.length && bucket >= 1) {
      if (!ws || ws.readyState !== WebSocket.OPEN) {
        queue.length = 0;
        return;
      }
      ws.send(JSON.stringify(queue.shift()));
      bucket -= 1;
    }
    if (queue.length && draining === null) {
      draining = setTimeout(drain, Math.ceil(((1 - bucket) / RATE) * 1000));
    }
  }

  // what the server says ---------------------------------------------------------------

  function receive(msg) {
    switch (msg.type) {
      case "hello":
        backoff = FIRST_BACKOFF;
        gameState.game = msg.game;
        gameState.seat = msg.for;
        gameState.events = [];
        gameState.pictureSeq = -1; // draw it anew from what this server says
        $("picture").dataset.seq = "";
        $("log").textContent = "";
        take(msg);
        break;
      case "update":
        if (msg.seq <= gameState.seq) return; // an echo of what a hello already said
        take(msg);
        break;
      case "picture":
        pictureAsked = false;
        if (msg.seq >= gameState.pictureSeq) showPicture(msg);
        if (msg.seq < gameState.seq) askPicture(); // drawn before the last update
        break;
      case "ack":
        showError("");
        break;
      case "error":
        if (gameState.seq < 0 && msg.error && msg.error.code === "unauthorized") {
          stopped = true;
          setStatus("the server does not know this link: " + msg.error.message, "refused");
          return;
        }
        if (typeof msg.ref === "string" && msg.ref.startsWith("picture-")) {
          pictureAsked = false; // refused (too fast): ask again in a moment
          setTimeout(askPicture, 1000);
          return;
        }
        showError(msg.error ? msg.error.message : "refused");
        disableActions(false);
        if (msg.error && (msg.error.code === "busy" || msg.error.code === "stale")) {
          askPicture();
        }
        break;
      default:
        break;
    }
  }

  function take(msg) {
    gameState.seq = msg.seq;
    gameState.view = msg.view;
    gameState.decision = msg.decision;
    gameState.asked = msg.asked;
    gameState.waiting = msg.waiting || [];
    gameState.over = !!msg.over;
    gameState.result = msg.result;
    gameState.clock = clockOf(msg);
    gameState.record = msg.record || null;
    clockAt = performance.now();
    for (const e of msg.events || []) {
      gameState.events.push(e);
      addEvent(e);
    }
    document.body.dataset.seq = String(msg.seq);
    document.body.dataset.over = String(gameState.over);
    render();
    askPicture();
  }

  // One picture asked at a time; an answer older than the last update asks again.
  // The seconds left to each seat the game waits for. The server tells them, but an
  // update may come before the next decision's clock is started (then it says none):
  // the page then counts a whole decision's time from when that decision was asked.
  const clockStarts = {};
  function clockOf(msg) {
    const per = gameState.game ? gameState.game.clock : null;
    const told = msg.clock || {};
    if (per === null || per === undefined || msg.over) return null;
    const out = {};
    const now = performance.now();
    const humans = new Set(
      gameState.game.seats.filter((s) => s.kind === "human").map((s) => s.seat),
    );
    for (const w of msg.waiting || []) {
      if (!humans.has(w.seat)) continue;
      const key = String(w.seat);
      const asked = w.seat === msg.for ? msg.asked : null;
      let start = clockStarts[key];
      if (!start || (asked !== null && start.asked !== asked)) {
        start = { asked: asked, at: now };
        clockStarts[key] = start;
      }
      out[key] = key in told ? told[key] : Math.max(0, per - (now - start.at) / 1000);
    }
    for (const key of Object.keys(clockStarts)) {
      if (!(key in out)) delete clockStarts[key]; // not waited for: a new decision next time
    }
    return out;
  }

  function askPicture() {
    if (pictureAsked || gameState.pictureSeq >= gameState.seq) return;
    refs += 1;
    pictureAsked = send({ type: "picture", ref: "picture-" + refs });
  }

  // drawing ----------------------------------------------------------------------------

  function render() {
    const g = gameState.game;
    const me = gameState.seat;
    const who = me === null ? "watching" : "you are " + seatName(me);
    $("title").textContent = g ? `${g.name} · ${who}` : "…";
    const mine = myActions().length > 0;
    document.title = (mine ? "● your turn · " : "") + (g ? `${g.name} (${who})` : "play");
    setStatus(`${g ? g.name : ""} · ${who} · move ${gameState.seq} · connected`, "connected");
    renderPrompt();
    renderWaiting();
    renderResult();
    renderActions();
    renderClock();
  }

  function myActions() {
    const d = gameState.decision;
    if (!d || gameState.seat === null || gameState.asked === null || gameState.over) return [];
    const out = [];
    for (const entry of d.legal || []) {
      // a game names its player by number (Tikal) or by name (Tiki's "x")
      const p = entry.player;
      if (p === gameState.seat || p === seatName(gameState.seat)) out.push(...entry.actions);
    }
    return out;
  }

  function renderPrompt() {
    const d = gameState.decision || {};
    const p = $("prompt");
    const mine = myActions().length > 0;
    p.dataset.kind = d.kind || "";
    p.dataset.yours = String(mine);
    if (gameState.over) p.textContent = "";
    else p.textContent = (mine ? "Your turn: " : "") + (d.words || "");
  }

  function renderWaiting() {
    const w = $("waiting");
    const parts = [];
    if (!gameState.over) {
      for (const x of gameState.waiting) {
        if (x.seat === gameState.seat) continue;
        parts.push(x.secret ? `${x.name} is choosing in secret` : `waiting for ${x.name}`);
      }
    }
    w.textContent = parts.join(" · ");
  }

  function resultText(r) {
    if (!r) return "";
    if (r.resigned !== undefined) {
      const winners = (r.winners || []).map(seatName).join(", ");
      return `${seatName(r.resigned)} resigned; ${winners} win${r.winners.length === 1 ? "s" : ""}`;
    }
    const parts = [];
    // players are seat numbers in both games' JSON: named here by the game's seats
    const named = (p) => (typeof p === "number" ? seatName(p) : String(p));
    if (r.winner === null || r.winner === undefined) parts.push("a shared result");
    else if (Array.isArray(r.winner)) parts.push(`${r.winner.map(named).join(", ")} win`);
    else parts.push(`${named(r.winner)} wins`);
    if (r.reason) parts.push(`by ${r.reason}`);
    if (Array.isArray(r.scores)) {
      parts.push(`(${r.scores.map((v, i) => `${seatName(i)} ${v}`).join(", ")})`);
    } else if (r.scores && typeof r.scores === "object") {
      const s = Object.entries(r.scores).map(([k, v]) => `${k} ${v}`).join(", ");
      if (s) parts.push(`(${s})`);
    }
    return parts.join(" ");
  }

  function renderResult() {
    const r = $("result");
    r.hidden = !gameState.over;
    r.textContent = gameState.over ? "Game over: " + resultText(gameState.result) : "";
    $("resign-box").hidden = gameState.over || gameState.seat === null;
    const box = $("record-box");
    box.hidden = !gameState.record;
    $("record").textContent = gameState.record || "";
  }

  function addEvent(e) {
    const log = $("log");
    const li = document.createElement("li");
    li.dataset.seq = String(e.seq);
    li.dataset.event = e.event || "";
    li.textContent = e.words || e.text || "";
    log.appendChild(li);
    log.scrollTop = log.scrollHeight; // the newest at the bottom, in sight
  }

  // the actions ------------------------------------------------------------------------

  // The group of a token: its first word (the player's name before it left out).
  function groupOf(tok) {
    let t = tok;
    const names = gameState.game ? gameState.game.seats.map((s) => s.name) : [];
    for (const n of names) if (t.startsWith(n + ":")) t = t.slice(n.length + 1);
    const place = /^place:([^:]+):\d$/.exec(t);
    if (place) return "place at " + place[1];
    const m = /^[A-Za-z_]+/.exec(t);
    if (m && t.length > m[0].length && /[:]/.test(t[m[0].length])) return m[0];
    if (t.startsWith("+")) return "+cell";
    if (/^[a-z]\d+-[a-z]\d+$/i.test(t)) return "cell-cell";
    return m ? m[0] : t;
  }

  function partsOf(tok) {
    return tok.split(/[^A-Za-z0-9]+/).filter(Boolean);
  }

  function actionButton(a) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "action";
    b.dataset.token = a.token;
    const label = document.createElement("span");
    label.className = "token";
    label.textContent = a.token;
    b.appendChild(label);
    const extra = [];
    if (a.words) extra.push(a.words);
    if (a.cost !== undefined && a.cost !== null) extra.push(`${a.cost} AP`);
    else if (a.action && typeof a.action.cost === "number") extra.push(`${a.action.cost} AP`);
    if (extra.length) {
      const small = document.createElement("small");
      small.textContent = extra.join(" · ");
      b.appendChild(small);
    }
    b.addEventListener("click", () => act(a.token));
    return b;
  }

  function renderActions() {
    const box = $("actions");
    box.textContent = "";
    box.dataset.pending = "false"; // fresh buttons for the decision just told
    const all = myActions();
    if (cell !== null && !all.some((a) => partsOf(a.token).includes(cell))) cell = null;
    const many = all.length > MANY;
    $("filters").hidden = !many && cell === null;
    const words = many ? $("filter").value.trim().toLowerCase().split(/\s+/).filter(Boolean) : [];
    const shown = all.filter((a) => {
      if (cell !== null && !partsOf(a.token).includes(cell)) return false;
      const hay = (a.token + " " + (a.words || "")).toLowerCase();
      return words.every((w) => hay.includes(w));
    });
    box.dataset.count = String(shown.length);
    const cf = $("cell-filter");
    cf.hidden = cell === null;
    cf.textContent = cell === null ? "" : `only ${cell} ✕`;
    markCells(all);
    renderTurns(all);
    if (!all.length) return;
    if (!shown.length) {
      box.textContent = "no action matches the filter";
      return;
    }
    const groups = new Map();
    for (const a of shown) {
      const g = groupOf(a.token);
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g).push(a);
    }
    const grouped = many || groups.size > 1;
    for (const [g, list] of groups) {
      const section = document.createElement("div");
      section.className = "group";
      section.dataset.group = g;
      if (grouped) {
        const h = document.createElement("h3");
        h.textContent = `${g} (${list.length})`;
        section.appendChild(h);
      }
      const row = document.createElement("div");
      row.className = "buttons";
      for (const a of list) row.appendChild(actionButton(a));
      section.appendChild(row);
      box.appendChild(section);
    }
  }

  // Tikal's tile placement: the tile's turns as a row of buttons per cell. The
  // picture of each turn is the server's to draw (see docs/server.md); the page
  // shows the turns a cell allows as buttons once a cell is chosen.
  function renderTurns(all) {
    const t = $("turns");
    const places = all.filter((a) => /^place:[^:]+:\d$/.test(a.token));
    t.hidden = !places.length;
    t.textContent = "";
    if (!places.length) return;
    const cells = [...new Set(places.map((a) => a.token.split(":")[1]))];
    const p = document.createElement("p");
    p.textContent =
      cell === null
        ? `click a cell to place the tile (${cells.join(", ")}), then choose its turn`
        : `the turns of the tile at ${cell}: each turns it once more clockwise`;
    t.appendChild(p);
    if (decisionSvg) {
      const pic = document.createElement("div");
      pic.className = "decision-picture";
      pic.innerHTML = decisionSvg;
      t.appendChild(pic);
    }
  }

  function act(tok) {
    if (gameState.asked === null) return;
    showError("");
    disableActions(true);
    refs += 1;
    if (!send({ type: "action", seq: gameState.seq, token: tok, ref: "act-" + refs })) {
      showError("not connected: the action was not sent");
      disableActions(false);
    }
  }

  function disableActions(on) {
    for (const b of $("actions").querySelectorAll("button")) b.disabled = on;
    $("actions").dataset.pending = String(on);
  }

  $("filter").addEventListener("input", () => renderActions());
  $("cell-filter").addEventListener("click", () => {
    cell = null;
    renderActions();
  });

  // the picture ------------------------------------------------------------------------

  function cellName(g) {
    return g.classList.length > 1 ? g.classList[1] : null;
  }

  function showPicture(msg) {
    gameState.pictureSeq = msg.seq;
    // what the decision is about, if the server draws it (a tile's six turns)
    decisionSvg = typeof msg.decision_svg === "string" ? msg.decision_svg : null;
    renderTurns(myActions());
    const box = $("picture");
    box.innerHTML = msg.svg;
    box.dataset.seq = String(msg.seq);
    const svg = box.querySelector("svg");
    if (svg) {
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      svg.setAttribute("role", "img");
    }
    markCells(myActions());
  }

  function markCells(all) {
    const named = new Set();
    for (const a of all) for (const p of partsOf(a.token)) named.add(p);
    for (const g of $("picture").querySelectorAll("g.cell, g.village")) {
      const name = cellName(g);
      g.classList.toggle("can", name !== null && named.has(name));
      g.classList.toggle("chosen", name !== null && name === cell);
    }
  }

  $("picture").addEventListener("click", (e) => {
    const g = e.target.closest ? e.target.closest("g.cell, g.village") : null;
    if (!g) return;
    const name = cellName(g);
    if (name === null || !myActions().some((a) => partsOf(a.token).includes(name))) return;
    cell = cell === name ? null : name;
    renderActions();
  });

  // the clock --------------------------------------------------------------------------

  function renderClock() {
    const c = $("clock");
    const clock = gameState.clock;
    if (!clock || gameState.over || !Object.keys(clock).length) {
      c.hidden = true;
      return;
    }
    const gone = (performance.now() - clockAt) / 1000;
    const parts = Object.entries(clock).map(([seat, left]) => {
      const s = Math.max(0, left - gone);
      return `${seatName(Number(seat))} ${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
    });
    c.hidden = false;
    c.textContent = "⏱ " + parts.join(" · ");
  }
  setInterval(renderClock, 250);

  // resigning --------------------------------------------------------------------------

  $("resign").addEventListener("click", () => {
    $("resign-confirm").hidden = false;
    $("resign").hidden = true;
  });
  $("resign-no").addEventListener("click", () => {
    $("resign-confirm").hidden = true;
    $("resign").hidden = false;
  });
  $("resign-yes").addEventListener("click", () => {
    $("resign-confirm").hidden = true;
    $("resign").hidden = false;
    send({ type: "resign", seq: gameState.seq });
  });

  window.addEventListener("hashchange", () => location.reload());
  connect();
})();
