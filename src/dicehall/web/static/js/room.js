// The waiting room (docs/play-together.md, "Waiting room"): while the table waits for its
// people it shows who has joined and who is ready; each seated person marks themselves
// ready; the host changes a seat (invite a friend, open to anyone, a bot), the options, and
// starts the game. Everything it shows comes from the server (table.js passes each message on
// as a `dicehall:message` event); what it asks goes back as a `dicehall:send` event.
import { api, seatName } from "/static/js/common.js";
import { h } from "/static/js/svg.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
let room = null,
  seats = [],
  you = [],
  options = {},
  levels = [],
  levelNames = {};
const links = {}; // seat -> a new invitation's link (the server sends it to the host only)

function send(data) {
  window.dispatchEvent(new CustomEvent("dicehall:send", { detail: data }));
}

const isHost = () => room && you.includes(room.host);
const levelName = (l) => `${levelNames[l] || l} (${l})`;

function seatState(seat, cfg) {
  if (cfg.kind === "bot") return ["bot", `bot: ${levelName(cfg.bot)}`];
  if (room.ready.includes(seat)) return ["ready", "ready ✓"];
  if (cfg.claimed) return ["here", cfg.connected ? "here, not ready yet" : "joined, away"];
  return ["empty", cfg.open ? "open to anyone" : "invited, not here yet"];
}

function seatChoice(seat, cfg) {
  const now = cfg.kind === "bot" ? `bot:${cfg.bot}` : cfg.open ? "open" : "invited";
  const select = h(
    "select",
    { "aria-label": `${seatName(seats, seat)}: who plays this seat`, class: "room-choice" },
    h("option", { value: "invited", selected: now === "invited" }, "A friend with a link"),
    h("option", { value: "open", selected: now === "open" }, "Open to anyone"),
    levels.map((l) => h("option", { value: `bot:${l}`, selected: now === `bot:${l}` }, `Bot: ${levelName(l)}`)),
  );
  select.addEventListener("change", () => {
    const v = select.value;
    send(v.startsWith("bot:") ? { type: "room_seat", seat, as: "bot", level: v.slice(4) } : { type: "room_seat", seat, as: v });
  });
  return select;
}

function linkRow(seat) {
  const link = new URL(links[seat], location.origin).href;
  const copy = h("button", { type: "button", class: "secondary" }, "Copy link");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link);
      copy.textContent = "Copied";
    } catch {
      copy.textContent = "Select the link to copy it";
    }
  });
  return h("div", { class: "room-link" }, h("code", {}, link), copy);
}

function seatRow(cfg, seat) {
  const [state, text] = seatState(seat, cfg);
  const taken = cfg.kind === "human" && cfg.claimed;
  const row = h(
    "li",
    { class: `room-seat ${state}`, "data-seat": seat },
    h("b", {}, seatName(seats, seat)),
    seat === room.host ? h("span", { class: "muted" }, " (host)") : "",
    you.includes(seat) ? h("span", { class: "muted" }, " (you)") : "",
    " ",
    h("span", { class: "room-state" }, text),
  );
  if (isHost() && seat !== room.host && !taken) row.append(seatChoice(seat, cfg));
  if (isHost() && links[seat] && cfg.kind === "human" && !cfg.claimed) row.append(linkRow(seat));
  return row;
}

function hostControls() {
  const option = (name, label) => {
    const box = h("input", { type: "checkbox", id: `room-${name}`, checked: !!options[name] });
    box.addEventListener("change", () => send({ type: "room_options", [name]: box.checked }));
    return h("label", {}, box, ` ${label}`);
  };
  const fill = h(
    "select",
    { id: "room-fill", "aria-label": "Seats nobody took, at the start" },
    levels.map((l) => h("option", { value: l }, `become bots: ${levelName(l)}`)),
    h("option", { value: "open" }, "stay open to anyone"),
  );
  const start = h("button", { type: "button", id: "room-start" }, "Start now");
  start.addEventListener("click", () => send({ type: "start", fill: fill.value }));
  const rated = options.rated ? [] : [option("coach", "Coach")];
  return h(
    "div",
    { class: "room-host" },
    h("div", { class: "room-options" }, option("private", "Private (not listed in the lobby)"), ...rated),
    h("label", { class: "room-fill" }, "Seats nobody took at the start ", fill),
    h("p", {}, start),
  );
}

function render() {
  const waiting = !!(room && room.waiting);
  document.body.classList.toggle("waiting", waiting);
  $("room-panel").hidden = !waiting;
  if (!waiting) return;
  $("room-seats").replaceChildren(...seats.map(seatRow));
  const mine = you.length > 0;
  const ready = mine && you.every((s) => room.ready.includes(s));
  const toggle = $("room-ready");
  toggle.hidden = !mine;
  toggle.textContent = ready ? "Not ready after all" : "I'm ready";
  toggle.onclick = () => send({ type: "ready", ready: !ready });
  $("room-host").replaceChildren(...(isHost() ? [hostControls()] : []));
}

function remember(seat, link) {
  links[seat] = link;
  // the Invitations panel shows it after a reload too (invites.js): kept in this browser only
  const key = `dicehall.invites.${tableId}`;
  const kept = JSON.parse(localStorage.getItem(key) || "{}");
  localStorage.setItem(key, JSON.stringify({ ...kept, [seat]: link }));
}

async function loadLevels(gameId) {
  try {
    const game = (await api("/api/games")).find((g) => g.id === gameId);
    levels = game ? game.levels : [];
    levelNames = game ? game.level_names || {} : {};
  } catch {
    levels = [];
  }
  render();
}

window.addEventListener("dicehall:message", (e) => {
  const msg = e.detail;
  if (msg.type === "welcome") {
    room = msg.table.options.room || null;
    options = msg.table.options;
    you = msg.you || [];
    if (room && room.waiting && !levels.length) loadLevels(msg.table.game);
  }
  if (msg.type === "room") [room, options] = [msg.room, msg.options];
  if (msg.type === "room_link") remember(msg.seat, msg.link);
  if (msg.type === "error" && room && room.waiting) $("room-error").textContent = msg.message;
  if (msg.seats) seats = msg.seats;
  if (["welcome", "seats", "room", "room_link"].includes(msg.type)) {
    if (msg.type !== "welcome") $("room-error").textContent = "";
    render();
  }
});
