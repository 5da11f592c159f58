// The table page: one websocket to the server, the board drawn by the game's renderer,
// legal moves only, the game log, hot-seat cover screens, the sand timer and the result.
// Hot-seat in a game with secrets: the server sends one seat's view and log at a time (the
// `focus` this page asks for once that seat's player confirms the cover), none in between.
import { api, fitLogNumbers, named, renderer, resultHtml, seatName } from "/static/js/common.js";
import { renderCoach } from "/static/js/coach.js";
import { renderTurnClock } from "/static/js/turnclock.js";
import { follow, markAgain, snapshot } from "/static/js/motion.js";
import { h, phoneLayout, seatColour } from "/static/js/svg.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const storeKey = `dicehall.tokens.${tableId}`;
let ws = null,
  state = null,
  seats = [],
  you = [],
  log = [],
  spec = null,
  draw = null;
let shown = null,
  revealed = null,
  asked = null,
  pending = false,
  resultShown = false,
  retry = 500,
  timerAt = 0;

// A private table's secret comes in its link's fragment (never sent to the server by the
// browser) and is kept in this browser, like the seat tokens; hello, claim and the table's
// details carry it (web/tables/secret.py).
const secretKey = `dicehall.secret.${tableId}`;
function loadSecret() {
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("secret");
  if (fromLink) localStorage.setItem(secretKey, fromLink);
  return localStorage.getItem(secretKey) || undefined;
}
const secret = loadSecret();

function loadTokens() {
  const tokens = new Set(JSON.parse(localStorage.getItem(storeKey) || "[]"));
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("token")) tokens.add(hash.get("token"));
  for (const t of (hash.get("tokens") || "").split(",")) if (t) tokens.add(t);
  localStorage.setItem(storeKey, JSON.stringify([...tokens]));
  if (location.hash) history.replaceState(null, "", location.pathname); // keep tokens out of view
  return [...tokens];
}

function toast(text) {
  const t = h("div", { class: "toast", role: "status" }, text);
  document.body.append(t);
  setTimeout(() => t.remove(), 4000);
}

// other parts of the page (chat.js) send through this table's socket
window.addEventListener("dicehall:send", (e) => {
  if (ws && ws.readyState === 1) ws.send(JSON.stringify(e.detail));
});

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  ws.onopen = () => {
    retry = 500;
    asked = null; // a new connection shows nobody's secrets until asked
    $("conn").textContent = "connected";
    ws.send(JSON.stringify({ type: "hello", tokens: loadTokens(), secret }));
  };
  ws.onmessage = (e) => {
    try {
      const msg = JSON.parse(e.data);
      window.dispatchEvent(new CustomEvent("dicehall:message", { detail: msg })); // chat.js, alerts.js
      receive(msg);
    } catch (err) {
      // a message this page cannot draw: say so and ask for a fresh copy of the table
      console.error(err);
      toast("The table could not be drawn; asking the server for a fresh copy…");
      if (ws.readyState === 1) ws.send(JSON.stringify({ type: "resync" }));
    }
  };
  ws.onclose = (e) => {
    $("conn").textContent = "reconnecting…";
    const final = { 4404: "no such table", 4403: "refused: open this table from its own server" };
    if (final[e.code]) {
      $("conn").textContent = final[e.code];
      $("turn").textContent = final[e.code];
      return;
    }
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

// Bot pace (this table, this browser): others' moves in turn-based games are shown at least
// `pace` ms apart, so a bot's turn can be followed; a real-time game is never held back.
const paceKey = `dicehall.pace.${tableId}`;
let pace = Number(localStorage.getItem(paceKey) ?? localStorage.getItem("dicehall.pace") ?? 1200),
  held = [],
  holding = false;

// an update made by another player's (or bot's) move, with nothing of this device's in it
function othersOnly(msg) {
  const lines = msg.log || [];
  return lines.some((l) => l.seat >= 0) && lines.every((l) => !you.includes(l.seat));
}

function receive(msg) {
  const paced = spec && !spec.real_time && pace > 0;
  if (msg.type === "update" && (held.length || (paced && othersOnly(msg) && holding))) {
    held.push(msg);
    return;
  }
  show(msg);
  if (msg.type === "update" && paced && othersOnly(msg)) holdNext();
}

function holdNext() {
  holding = true;
  setTimeout(() => {
    const next = held.shift();
    if (!next) {
      holding = false;
      return;
    }
    show(next);
    holdNext();
  }, pace);
}

function show(msg) {
  if (msg.type === "welcome") {
    held = [];
    seats = msg.seats;
    you = msg.you;
    log = msg.log;
    state = msg;
    pending = false;
    const options = (msg.table && msg.table.options) || {};
    $("game-name").textContent = [msg.game.name, options.rated && "rated", options.coach && "coach on", options.turn_based && "turn-based"]
      .filter(Boolean)
      .join(" · ");
    document.title = `dicehall — ${msg.game.name}`;
    renderAll();
    if (sharedSecrets() && revealed !== null && msg.focus !== revealed && asked !== revealed)
      askFocus(revealed); // reconnected: the same person is still in front of the device
  } else if (msg.type === "update") {
    // another player's move: its parts move on the board and stay marked (motion.js)
    const others = othersOnly(msg),
      before = others ? snapshot($("board")) : null;
    state = { ...state, ...msg };
    log.push(...msg.log);
    pending = false;
    followed = new Set();
    renderAll();
    if (others) followed = follow($("board"), before, Math.max(250, Math.min(700, pace * 0.6)));
  } else if (msg.type === "note") {
    log.push(msg.line);
    renderLog();
  } else if (msg.type === "seats") {
    seats = msg.seats;
    renderSeats();
  } else if (msg.type === "error") {
    pending = false;
    toast(msg.message);
    if (msg.code === "bad_token") {
      localStorage.removeItem(storeKey);
    }
    if (msg.code === "stale") ws.send(JSON.stringify({ type: "resync" }));
    renderMoves();
  }
}

function send(seat, move) {
  if (pending || !ws || ws.readyState !== 1) return;
  pending = true;
  guideFollowed();
  ws.send(
    JSON.stringify({
      type: "act",
      seat,
      action: move.action,
      version: state.version,
      id: crypto.randomUUID(),
    }),
  );
  renderMoves();
}

// one device, several seats, secrets: only the confirmed seat's view may be on this page
function sharedSecrets() {
  return you.length > 1 && !!spec && spec.hidden_information;
}

function askFocus(seat) {
  asked = seat;
  if (ws && ws.readyState === 1) ws.send(JSON.stringify({ type: "focus", seat }));
}

// the seat that should be in front of the device: the one shown while it acts, else one that acts
function wantedSeat() {
  const acting = you.filter((s) => state.actors.includes(s));
  if (you.includes(shown) && (acting.includes(shown) || !acting.length)) return shown;
  return acting.length ? acting[0] : you[0];
}

// the device changes hands: cover everything, and drop the last seat's secrets from the page
function handOver(seat) {
  revealed = null;
  shown = seat;
  if (state.focus !== null && state.focus !== undefined) {
    state.focus = null;
    state.panels = [{ seat: null, view: null, legal: [], hints: null }]; // drawn by nobody
    log = [];
    askFocus(null);
  }
}

function activePanel() {
  const panels = state.panels;
  if (panels.length === 1) return panels[0];
  const acting = panels.filter((p) => state.actors.includes(p.seat));
  const keep = panels.find((p) => p.seat === shown);
  if (keep && (acting.includes(keep) || !acting.length)) return keep;
  return acting[0] || keep || panels[0];
}

function renderAll() {
  if (!state) return;
  renderTurnClock(state, seats);
  if (sharedSecrets() && !state.over) {
    const want = wantedSeat();
    if (want !== revealed) handOver(want);
  }
  const panel = activePanel();
  if (!sharedSecrets()) shown = panel.seat;
  const covered = sharedSecrets() && !state.over && (revealed === null || panel.seat !== revealed);
  if (covered) {
    $("cover-title").textContent = `${seatName(seats, shown)}'s turn`;
    $("cover").hidden = false;
    $("board").replaceChildren();
    $("dock").replaceChildren();
    $("cover-go").disabled = revealed !== null; // confirmed: waiting for that seat's view
    $("cover-go").focus();
  } else {
    $("cover").hidden = true;
    if (!sharedSecrets()) revealed = shown;
    drawBoard(panel);
  }
  renderStatus(panel);
  renderPause();
  renderGuide(panel);
  renderMoves();
  renderCoach(tableId, state, covered ? null : panel, loadTokens());
  renderSeats();
  renderLog();
  renderResult();
  sheetResized();
  if (toReveal) reveal(toReveal); // once the action area has its final height
  toReveal = null;
  keepFocus(panel);
}

// Keyboard: a redraw removes the focused control; focus goes to the next choice (the action
// area's first control, else the first move) instead of dropping to the page.
// (for keyboard users only: on a touch screen a focus ring on a button nobody chose misleads)
let byKeyboard = false;
document.addEventListener("keydown", () => (byKeyboard = true), true);
document.addEventListener("pointerdown", () => (byKeyboard = false), true);

function keepFocus(panel) {
  if (!byKeyboard) return;
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  const me = panel.seat !== null && state.actors.includes(panel.seat) && $("cover").hidden && !state.over;
  if (!me) return;
  const next =
    $("dock").querySelector("button:not([disabled]), [role=button]") ||
    $("moves").querySelector("button.move:not([disabled])");
  if (next) next.focus({ preventScroll: true });
}

let toReveal = null,
  followed = new Set(); // the keys of the board parts the last move of another player changed

function drawBoard(panel) {
  if (!draw) return;
  const me = panel.seat !== null && state.actors.includes(panel.seat);
  $("dock").replaceChildren(); // a renderer without controls leaves the action area empty
  const out =
    draw.render($("board"), {
      dock: $("dock"),
      view: panel.view,
      seat: panel.seat,
      legal: me && !pending ? panel.legal : [],
      seats,
      me,
      over: state.over,
      version: state.version,
      act: (move) => send(panel.seat, move),
      result: state.result,
      hints: panel.hints,
    }) || {};
  panel.handled = out.handled || [];
  toReveal = out.reveal || null;
  markAgain($("board"), followed);
}

// The action area: on a phone a sheet fixed at the bottom of the screen that holds the moves
// list too (everything the player acts on stays in view); the page keeps room for it below.
function placeActions() {
  const phone = phoneLayout(),
    moves = $("moves");
  if (phone && moves.parentElement !== $("action")) $("action").append(moves);
  if (!phone && moves.parentElement === $("action")) $("moves-home").after(moves);
  sheetResized();
}

function sheetResized() {
  const height = phoneLayout() ? $("action").getBoundingClientRect().height : 0;
  document.body.style.setProperty("--sheet-h", `${Math.ceil(height)}px`);
}

// Bring a part of the board the player must act on (Paradice's machine) into the part of the
// screen the action area leaves free, unless it is already there.
function reveal(node) {
  const r = node.getBoundingClientRect(),
    bottom = window.innerHeight - (phoneLayout() ? $("action").getBoundingClientRect().height : 0);
  if (r.top >= 0 && r.bottom <= bottom) return;
  const by = r.height > bottom ? r.top : r.bottom > bottom ? r.bottom - bottom + 8 : r.top - 8;
  window.scrollBy({ top: by, behavior: "instant" });
}

// Hints for a first game: on until switched off, remembered per game in this browser.
function hintsOn() {
  return !!spec && localStorage.getItem(`dicehall.hints.${spec.id}`) !== "off";
}

// Each kind of decision gets its hint (the game's guide part, sent with the panel) until the
// player has made that decision once; remembered per game in this browser.
function guidesDone() {
  try {
    return new Set(JSON.parse(localStorage.getItem(`dicehall.guide.${spec.id}`) || "[]"));
  } catch {
    return new Set();
  }
}

let guideShown = null;

function renderGuide(panel) {
  const box = $("guide");
  const me = panel.seat !== null && state.actors.includes(panel.seat) && $("cover").hidden;
  const g = me && !state.over && hintsOn() ? panel.guide : null;
  guideShown = g && !guidesDone().has(g.key) ? g.key : null;
  $("guide-text").textContent = guideShown ? g.text : "";
  box.hidden = !guideShown;
  $("hints-toggle").checked = hintsOn();
}

function guideFollowed() {
  if (!guideShown || !spec) return;
  const done = guidesDone();
  done.add(guideShown);
  localStorage.setItem(`dicehall.guide.${spec.id}`, JSON.stringify([...done].slice(-64)));
}

// The table holds (a round's scoring, web/tables/pauses.py): what happened, and a Skip for the
// people at this device; the game goes on when everyone present skipped or time is up.
function renderPause() {
  const pause = !state.over && $("cover").hidden ? state.pause : null;
  $("pause").hidden = !pause;
  if (!pause) return;
  const last = log.filter((l) => l.kind === "explain").at(-1);
  const lines = last ? log.filter((l) => l.kind === "explain" && l.index === last.index) : [];
  $("pause-lines").replaceChildren(
    ...lines.map((l, i) => h("li", {}, i === 0 ? h("b", {}, named(l.text, seats)) : named(l.text, seats))),
  );
  const skipped = you.length && you.every((s) => pause.skipped.includes(s));
  $("pause-skip").hidden = !you.length || skipped;
  tickPause();
}

function tickPause() {
  const pause = state && state.pause;
  if (!pause || $("pause").hidden) return;
  const left = Math.max(0, pause.remaining - (performance.now() - timerAt) / 1000);
  const mine = you.length && you.every((s) => pause.skipped.includes(s));
  $("pause-left").textContent = mine
    ? `Waiting for the others (at most ${Math.ceil(left)} s)…`
    : `The game goes on in ${Math.ceil(left)} s.`;
}

function renderStatus(panel) {
  const t = $("turn");
  t.classList.toggle("mine", panel.seat !== null && state.actors.includes(panel.seat));
  if (state.over) t.textContent = "Game over";
  else if (state.pause) t.textContent = "A short pause to read what happened";
  else if (!state.actors.length) t.textContent = "…";
  else if (panel.seat !== null && state.actors.includes(panel.seat))
    t.textContent =
      state.actors.length > 1
        ? `Your move, ${seatName(seats, panel.seat)} (everyone plays at once)`
        : `Your turn, ${seatName(seats, panel.seat)}`;
  else t.textContent = `Waiting for ${state.actors.map((s) => seatName(seats, s)).join(", ")}`;
  $("you").textContent = you.length
    ? `You: ${you.map((s) => seatName(seats, s)).join(", ")}`
    : "Watching as a spectator";
  timerAt = performance.now();
}

function renderMoves() {
  if (!state) return;
  const panel = activePanel(),
    box = $("moves");
  const tabSeats = you.length > 1 ? you : [];
  const tabs = tabSeats.length
    ? h(
        "div",
        { role: "tablist" },
        tabSeats.map((seat) =>
          h(
            "button",
            {
              type: "button",
              role: "tab",
              class: seat === shown ? "" : "secondary",
              "aria-selected": String(seat === shown),
              onclick: () => {
                shown = seat;
                renderAll();
              },
            },
            seatName(seats, seat),
          ),
        ),
      )
    : null;
  const me = panel.seat !== null && state.actors.includes(panel.seat) && $("cover").hidden;
  const handled = new Set(panel.handled || []);
  const list = me ? panel.legal.filter((m) => !handled.has(m.action.type)) : [];
  const items = moveButtons(panel, list);
  const hint = !me
    ? h(
        "p",
        { class: "muted" },
        state.over
          ? "The game is over."
          : panel.seat === null
            ? "Spectators cannot move."
            : !$("cover").hidden
              ? `Pass the device to ${seatName(seats, shown)}, then continue.`
              : "Not your turn.",
      )
    : !items.length && !(phoneLayout() && $("dock").childElementCount) // a phone's sheet shows them
      ? h("p", { class: "muted" }, "Choose on the board.")
      : null;
  box.replaceChildren(...[tabs, hint, ...items].filter(Boolean));
  $("keys-hint").hidden = !items.length; // nothing to pick: no keys to explain
}

// Many moves of one kind ("fries: turn blue 5 into a 2", ...) fold into one button that opens
// them, with Back: the list stays short enough to sit in view (a phone's action area).
const GROUP_AT = 4;
let openGroup = null,
  openGroupAt = -1;
const groupOf = (text) => (text.indexOf(": ") > 0 ? text.slice(0, text.indexOf(": ")) : null);

function moveButtons(panel, list) {
  if (openGroupAt !== state.version) [openGroup, openGroupAt] = [null, state.version];
  const counts = new Map();
  for (const m of list) counts.set(groupOf(m.text), (counts.get(groupOf(m.text)) || 0) + 1);
  const folded = (g) => g !== null && counts.get(g) >= GROUP_AT && list.length > GROUP_AT;
  const open = (g) => () => {
    openGroup = g;
    renderMoves();
  };
  const entries = [];
  if (openGroup !== null && folded(openGroup)) {
    for (const m of list) if (groupOf(m.text) === openGroup) entries.push(m);
    entries.push({ back: true });
  } else
    for (const m of list) {
      const g = groupOf(m.text);
      if (!folded(g)) entries.push(m);
      else if (!entries.some((e) => e.group === g)) entries.push({ group: g, count: counts.get(g) });
    }
  return entries.map((e, k) => {
    const key = k < 9 ? h("kbd", {}, k + 1) : null;
    if (e.back) return h("button", { type: "button", class: "move secondary", onclick: open(null) }, key, "Back");
    if (e.group)
      return h(
        "button",
        { type: "button", class: "move", "aria-haspopup": "true", "data-group": e.group, onclick: open(e.group) },
        key,
        `${named(e.group, seats)}: ${e.count} choices …`,
      );
    return h(
      "button",
      { type: "button", class: "move", "data-i": e.i, disabled: pending, onclick: () => send(panel.seat, e) },
      key,
      named(e.text, seats),
    );
  });
}

function renderSeats() {
  $("seats").replaceChildren(
    ...seats.map((s) =>
      h(
        "li",
        {},
        h("span", { class: "dot", style: `background:${seatColour(s.seat)}` }),
        h(
          "span",
          { style: state && state.actors.includes(s.seat) ? "font-weight:800" : "" },
          seatName(seats, s.seat),
        ),
        h(
          "span",
          { class: "muted" },
          s.kind === "bot"
            ? `bot: ${(spec && spec.level_labels && spec.level_labels[s.bot]) || s.bot}` // as the lobby says
            : s.covered
              ? "away · a bot plays"
              : s.connected
                ? "online"
                : "offline",
        ),
        you.includes(s.seat) ? h("b", {}, "(you)") : null,
      ),
    ),
  );
  const open = seats.filter((s) => s.kind === "human" && s.open && !s.claimed); // open to anyone
  $("claim").replaceChildren(
    ...(!you.length && open.length && state && !state.over
      ? open.map((s) =>
          h(
            "button",
            { type: "button", class: "secondary", onclick: () => claim(s.seat) },
            `Play as ${seatName(seats, s.seat)}`,
          ),
        )
      : []),
  );
}

async function claim(seat) {
  try {
    const got = await api(`/api/tables/${tableId}/claim`, { method: "POST", body: { seat, secret } });
    localStorage.setItem(storeKey, JSON.stringify([got.token]));
    ws.close();
  } catch (e) {
    toast(e.message);
  }
}

// Long runs of chance lines (Paradice's 56 set-up drops) fold into one line that opens.
function logItems() {
  const out = [];
  for (let i = 0; i < log.length; ) {
    let j = i;
    while (j < log.length && log[j].seat === -1) j++;
    if (j - i >= 5) {
      out.push(
        h(
          "li",
          { class: "chance-run" },
          h(
            "details",
            {},
            h("summary", {}, `Dice: ${j - i} chance results (set-up or refills)`),
            h("ol", {}, log.slice(i, j).map((l) => h("li", {}, named(l.text, seats)))),
          ),
        ),
      );
      i = j;
      continue;
    }
    const l = log[i];
    out.push(h("li", { class: l.kind || (l.seat === null ? "note" : "") }, h("b", {}, `${l.who}: `), named(l.text, seats)));
    i += 1;
  }
  return out;
}

function renderLog() {
  const ol = $("log");
  if (!$("cover").hidden) {
    ol.replaceChildren(); // the log can hold the last seat's secrets
    return;
  }
  ol.replaceChildren(...logItems());
  fitLogNumbers(ol);
  ol.scrollTop = ol.scrollHeight;
}

function renderResult() {
  if (!state.over || !state.result || resultShown) return;
  resultShown = true;
  $("result-body").replaceChildren(resultHtml(state.result, seats, h), lastMoveWhy());
  $("replay-link").href = `/replay/${tableId}`;
  $("record-link").href = `/api/tables/${tableId}/record`;
  $("result").hidden = false;
  $("replay-link").focus();
}

// What the move that ended the game did, in the rules' own words (its log explanations: a
// Paradice prize's list and number), so every number the result shows has its reason here.
function lastMoveWhy() {
  const end = log.filter((l) => l.kind !== "explain" && l.index !== undefined).at(-1);
  const lines = end ? log.filter((l) => l.kind === "explain" && l.index === end.index) : [];
  if (!lines.length) return "";
  return h(
    "div",
    { class: "result-why" },
    h("h3", {}, "How the last move scored"),
    h("ul", {}, lines.map((l) => h("li", {}, named(l.text, seats)))),
  );
}

function hourglass(frac) {
  const NS = "http://www.w3.org/2000/svg",
    svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 20 28");
  svg.setAttribute("width", "16");
  svg.setAttribute("height", "22");
  const top = 12 * frac,
    bottom = 12 * (1 - frac);
  svg.innerHTML =
    `<path d="M3 2h14M3 26h14M5 2c0 8 10 8 10 12S5 18 5 26M15 2c0 8-10 8-10 12s10 4 10 12" fill="none" stroke="#7b4fd6" stroke-width="1.6"/>` +
    `<path d="M${10 - top * 0.4} ${14 - top}h${top * 0.8}L10 14Z" fill="#e9a800"/><path d="M${10 - bottom * 0.45} 25h${bottom * 0.9}L10 ${25 - bottom}Z" fill="#e9a800"/>`;
  return svg;
}

function tickTimer() {
  const el = $("timer");
  if (!state || !state.timer || state.over) {
    el.replaceChildren();
    return;
  }
  const left = Math.max(0, state.timer.remaining - (performance.now() - timerAt) / 1000);
  const total = state.timer.total || 10;
  el.replaceChildren(
    h(
      "span",
      { class: "timer", title: "sand timer" },
      hourglass(left / total),
      h("span", { class: "bar" }, h("span", { class: "fill", style: `width:${(100 * left) / total}%` })),
      `${left.toFixed(1)} s`,
    ),
  );
}

document.addEventListener("keydown", (e) => {
  if (!$("cover").hidden && (e.key === "Enter" || e.key === " ")) {
    e.preventDefault();
    $("cover-go").click();
    return;
  }
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  if (/^[1-9]$/.test(e.key)) {
    const b = $("moves").querySelectorAll("button.move")[Number(e.key) - 1];
    if (b) b.click();
  }
  if (e.key === "Escape") $("result").hidden = true;
});
$("cover-go").addEventListener("click", () => {
  revealed = shown;
  if (sharedSecrets()) askFocus(shown);
  renderAll();
});
$("pace").value = String(pace);
$("pace").addEventListener("change", () => {
  pace = Number($("pace").value);
  localStorage.setItem(paceKey, String(pace));
});
$("pause-skip").addEventListener("click", () => {
  if (ws && ws.readyState === 1) ws.send(JSON.stringify({ type: "skip" }));
  $("pause-skip").hidden = true;
});
$("hints-toggle").addEventListener("change", () => {
  if (spec) localStorage.setItem(`dicehall.hints.${spec.id}`, $("hints-toggle").checked ? "on" : "off");
  if (state) renderGuide(activePanel());
});
let resizing = 0;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => {
    placeActions();
    if (state && $("cover").hidden) drawBoard(activePanel());
  }, 150);
});
new ResizeObserver(sheetResized).observe($("action"));
placeActions();
$("result-close").addEventListener("click", () => {
  $("result").hidden = true;
});

async function loadQuickref(gameId) {
  try {
    const ref = await api(`/api/games/${encodeURIComponent(gameId)}/quickref`);
    $("quickref").innerHTML = ref.html; // rendered on the server from the game's own file, raw HTML off
    $("quickref").append(h("p", {}, h("a", { href: ref.rules }, "The full rules")));
    if (window.matchMedia("(max-width: 700px)").matches) $("quickref-panel").open = false;
  } catch {
    $("quickref-panel").hidden = true;
  }
}

async function main() {
  try {
    const info = await api(`/api/tables/${encodeURIComponent(tableId)}`, { headers: secret ? { "X-Table-Secret": secret } : {} });
    const games = await api("/api/games");
    spec = games.find((g) => g.id === info.game) || null;
    draw = await renderer(info.game);
    $("rules-link").href = `/rules/${info.game}`;
    loadQuickref(info.game);
  } catch (e) {
    $("turn").textContent = e.message;
    $("conn").textContent = /404|no table|not found/i.test(e.message) ? "no such table" : "cannot load";
    return;
  }
  connect();
  setInterval(() => {
    tickTimer();
    tickPause();
  }, 100);
}
main();
