// The lobby: choose a game, its options and seats; create a table; list open and finished ones.
import { api, seatName } from "/static/js/common.js";
import { h } from "/static/js/svg.js";

const $ = (id) => document.getElementById(id);
let games = [],
  current = null,
  players = 0;

function paramInput(p) {
  const id = `param-${p.name}`;
  let input;
  if (p.kind === "bool")
    input = h("input", { type: "checkbox", id, name: p.name, checked: p.default === true });
  else if (p.choices.length)
    input = h(
      "select",
      { id, name: p.name },
      p.choices.map((c) => h("option", { value: c, selected: c === p.default }, String(c))),
    );
  else if (p.kind === "int")
    input = h("input", {
      type: "number",
      id,
      name: p.name,
      value: p.default,
      min: p.minimum,
      max: p.maximum,
      style: "width:5em",
    });
  else input = h("input", { type: "text", id, name: p.name, value: p.default ?? "", maxlength: 64 });
  input.addEventListener("change", () => (p.kind === "bool" ? settleSwitches(p.name) : refreshSeats()));
  return h(
    "label",
    { class: "param" },
    input,
    h("span", {}, h("b", {}, p.name.replace(/_/g, " ")), p.help ? ` — ${lobbyHelp(p)}` : ""),
  );
}

// Free-text options (file paths, die faces, character lists) are for the command line: the
// lobby offers choices, numbers and switches, and the game's defaults stand for the rest. A
// content option (a built-in name or a TOML file) is offered by its built-in names only, as the
// web takes no files; one that only ever names a file (Purrramid's board) is not offered.
function inLobby(p) {
  if (p.kind === "ContentSource") return p.default !== null;
  return !(p.kind === "str" && !p.choices.length);
}

function lobbyHelp(p) {
  return p.kind === "ContentSource" ? p.help.replace(/,? or a TOML file( path)?/i, "") : p.help;
}

function readParams() {
  const out = {};
  for (const p of current.params) {
    const el = $(`param-${p.name}`);
    if (!el || el.disabled) continue;
    if (p.kind === "bool") out[p.name] = el.checked;
    else if (p.kind === "int") out[p.name] = Number(el.value);
    else out[p.name] = el.value;
  }
  return out;
}

function pickGame(game) {
  current = game;
  for (const b of document.querySelectorAll(".game-card"))
    b.setAttribute("aria-pressed", String(b.dataset.id === game.id));
  $("summary").textContent = [
    game.summary,
    game.designers && `Design: ${game.designers}`,
    `${game.min_players}–${game.max_players} players`,
  ]
    .filter(Boolean)
    .join(" · ");
  $("rules-link").href = `/rules/${game.id}`;
  $("rules-link").textContent = `Read the rules of ${game.name}`;
  $("params").replaceChildren(...game.params.filter(inLobby).map(paramInput));
  refreshSeats();
}

let asked = 0;

// Switches that cannot go together (Full and Solo): turning one on turns the others off
// until the server accepts the combination, so a contradictory set is never shown.
async function settleSwitches(changed) {
  const box = $(`param-${changed}`);
  if (box.checked && !(await accepted())) {
    const others = current.params.filter((p) => p.kind === "bool" && p.name !== changed);
    const turnedOff = [];
    for (const p of others) {
      const other = $(`param-${p.name}`);
      if (!other || !other.checked) continue;
      other.checked = false;
      turnedOff.push(p.name);
      if (await accepted()) break;
    }
    if (!(await accepted())) {
      for (const name of turnedOff) $(`param-${name}`).checked = true;
      box.checked = false;
    } else if (turnedOff.length) $("param-note").textContent = `${turnedOff.join(", ")} turned off: it does not go with ${changed}.`;
  } else $("param-note").textContent = "";
  refreshSeats();
}

async function accepted() {
  try {
    await api(`/api/games/${current.id}/check`, { method: "POST", body: { params: readParams() } });
    return true;
  } catch {
    return false;
  }
}

async function refreshSeats() {
  $("param-error").textContent = "";
  const mine = ++asked; // only the latest answer counts (answers may arrive out of order)
  try {
    const check = await api(`/api/games/${current.id}/check`, {
      method: "POST",
      body: { params: readParams() },
    });
    if (mine !== asked) return;
    players = check.players;
  } catch (e) {
    if (mine === asked) $("param-error").textContent = e.message;
    return;
  }
  const old = [...document.querySelectorAll(".seat-row")].map((r) => ({
    kind: r.querySelector("select").value,
    name: r.querySelector(".seat-name").value,
    open: r.querySelector(".seat-open input").checked,
  }));
  const rows = [];
  for (let s = 0; s < players; s++) {
    const prev = old[s] || {
      kind: s === 0 ? "human" : `bot:${current.levels.includes("greedy") ? "greedy" : "random"}`,
      name: "",
      open: false,
    };
    const select = h(
      "select",
      { "aria-label": `Player ${s + 1}: person or bot` },
      h("option", { value: "human", selected: prev.kind === "human" }, "Person"),
      current.levels.map((l) =>
        h(
          "option",
          { value: `bot:${l}`, selected: prev.kind === `bot:${l}` },
          `Bot: ${(current.level_labels || {})[l] || l}` + // what the level is, not a difficulty word
            ((current.level_status || {})[l] === "preparing"
              ? " - preparing, not ready yet"
              : ""),
        ),
      ),
    );
    // a person's seat is invited (it belongs to its link) unless the creator opens it to anyone
    const open = h(
      "label",
      { class: "seat-open", title: "Anyone may take this seat from the lobby; no link needed" },
      h("input", { type: "checkbox", checked: prev.open, "aria-label": `Player ${s + 1} open to anyone` }),
      " open to anyone",
    );
    select.addEventListener("change", () => showOpenChoices());
    rows.push(
      h(
        "div",
        { class: "seat-row" },
        h("span", { class: "n" }, `Player ${s + 1}`),
        select,
        h("input", {
          type: "text",
          class: "seat-name",
          maxlength: 24,
          placeholder: "name (optional)",
          value: prev.name,
          "aria-label": `Player ${s + 1} name`,
        }),
        open,
      ),
    );
  }
  $("seats").replaceChildren(...rows);
  showOpenChoices();
}

// Beside the Rated box: whether this table could be rated, and if not why (the game's standard
// settings only; bots whose strength was measured), as the server will judge it.
let ratedAsked = 0;
async function showRated() {
  const mine = ++ratedAsked;
  const levels = [...document.querySelectorAll(".seat-row select")].map((s) => s.value).filter((v) => v.startsWith("bot:")).map((v) => v.slice(4));
  let why = null;
  try {
    why = (await api(`/api/games/${current.id}/check`, { method: "POST", body: { params: readParams(), levels } })).unrated;
  } catch {
    why = null; // the options' own error is shown beside them
  }
  if (mine === ratedAsked) $("rated-note").textContent = why ? `Unrated: ${why}.` : "";
}

// Open seats exist only for people at online tables: a hot-seat table's seats are this device's.
function showOpenChoices() {
  showRated();
  const online = document.querySelector("input[name=mode]:checked").value === "online";
  for (const r of document.querySelectorAll(".seat-row")) {
    const label = r.querySelector(".seat-open");
    label.hidden = !online || r.querySelector("select").value !== "human";
    if (label.hidden) label.querySelector("input").checked = false;
  }
}

// A turn-based table: the time per move and what happens when it runs out (null: live).
function turnBased() {
  const seconds = Number($("turn-based").value);
  return seconds ? { move_seconds: seconds, on_timeout: $("on-timeout").value } : null;
}

async function create() {
  $("create-error").textContent = "";
  const seats = [...document.querySelectorAll(".seat-row")].map((r) => {
    const kind = r.querySelector("select").value,
      name = r.querySelector(".seat-name").value.trim(),
      open = r.querySelector(".seat-open input").checked;
    return kind === "human" ? { kind, name, open } : { kind: "bot", level: kind.slice(4), name };
  });
  const mode = document.querySelector("input[name=mode]:checked").value;
  try {
    const made = await api("/api/tables", {
      method: "POST",
      body: { game: current.id, params: readParams(), seats, mode, private: $("private").checked, room: $("room").checked, series: Number($("series").value) || null, series_count: $("series-count").value, rated: $("rated").checked, coach: $("coach").checked, friends_only: $("friends-only").checked, turn_based: turnBased() },
    });
    showCreated(made, seats, mode);
    loadTables();
  } catch (e) {
    $("create-error").textContent = e.message;
  }
}

function copyButton(text) {
  return h(
    "button",
    {
      type: "button",
      class: "secondary",
      onclick: () => navigator.clipboard && navigator.clipboard.writeText(text),
    },
    "Copy",
  );
}

function showCreated(made, seats, mode) {
  const abs = (p) => new URL(p, location.origin).href;
  const humans = Object.keys(made.links); // invited seats: open ones have no link
  const opened = seats.map((s, i) => (s.kind === "human" && s.open ? i : -1)).filter((i) => i >= 0);
  const items = [];
  if (mode === "hotseat" || humans.length === 0) {
    const link = mode === "hotseat" && humans.length ? made.hotseat_link : made.url;
    items.push(
      h(
        "p",
        {},
        h(
          "a",
          { class: "button", id: "go", href: link },
          humans.length
            ? "Start (hot-seat on this device)"
            : opened.length
              ? "Go to the table"
              : "Watch the bots",
        ),
      ),
    );
  } else {
    items.push(
      h(
        "p",
        {},
        h(
          "a",
          { class: "button", id: "go", href: made.links[humans[0]] },
          `Play as ${seatName(seats, Number(humans[0]))}`,
        ),
      ),
    );
    const others = humans.slice(1);
    // the host's table page shows these again (invites.js): kept in this browser only
    if (others.length)
      localStorage.setItem(`dicehall.invites.${made.id}`, JSON.stringify(Object.fromEntries(others.map((s) => [s, made.links[s]]))));
    if (others.length)
      items.push(
        h("p", {}, "Send each friend their own link (it holds their seat's secret token):"),
        h(
          "ul",
          { class: "links" },
          others.map((s) =>
            h(
              "li",
              {},
              h("b", {}, `${seatName(seats, Number(s))}: `),
              h("code", {}, abs(made.links[s])),
              " ",
              copyButton(abs(made.links[s])),
            ),
          ),
        ),
      );
  }
  if (opened.length)
    items.push(
      h(
        "p",
        {},
        `Open to anyone (no link needed): ${opened.map((s) => seatName(seats, s)).join(", ")}. ` +
          "The first people to take them from the lobby or the table's page play them.",
      ),
    );
  items.push(h("p", { class: "muted" }, "Spectators: ", h("a", { href: made.url }, abs(made.url))));
  $("created-body").replaceChildren(...items);
  $("created").hidden = false;
  $("go").focus();
}

async function join(id, seat) {
  try {
    const got = await api(`/api/tables/${id}/claim`, { method: "POST", body: { seat } });
    location.href = got.link;
  } catch (e) {
    alert(e.message);
  }
}

// A finished match: when it ended (its last move), its players with their scores, the winner.
function finishedText(t) {
  const ended = new Date(t.updated).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
  const when = h("time", { class: "muted", datetime: t.updated }, `Ended ${ended}`);
  if (!t.result) return when;
  const players = t.seats.map((s) => `${seatName(t.seats, s.seat)} ${t.result.scores[s.seat]}`).join(", ");
  const won = t.result.winners.map((s) => seatName(t.seats, s)).join(" & ") || "nobody";
  return h("span", {}, when, " · ", players, " · ", h("b", {}, `${won} won`));
}

function gameName(id) {
  return (games.find((g) => g.id === id) || { name: id }).name;
}

async function loadTables() {
  const [live, done] = await Promise.all([
    api("/api/tables?status=live"),
    api("/api/tables?status=finished&limit=20"),
  ]);
  const listed = live; // the server leaves out tables nobody joined (DICEHALL_LISTED_IDLE)
  $("open").replaceChildren(
    listed.length
      ? h(
          "table",
          { class: "list" },
          listed.map((t) =>
            h(
              "tr",
              {},
              h("td", {}, h("b", {}, gameName(t.game)), t.options.friends_only ? h("span", { class: "muted" }, " · friends only") : ""),
              h("td", {}, t.seats.map((s) => seatName(t.seats, s.seat)).join(", ")),
              h(
                "td",
                {},
                (t.open_seats || []).map((s) =>
                  h(
                    "button",
                    { type: "button", class: "secondary", onclick: () => join(t.id, s) },
                    `Join as ${seatName(t.seats, s)}`,
                  ),
                ),
                " ",
                h("a", { href: `/table/${t.id}` }, "Watch"),
              ),
            ),
          ),
        )
      : h("p", { class: "muted" }, "No tables yet — create one."),
  );
  $("finished").replaceChildren(
    done.length
      ? h(
          "table",
          { class: "list" },
          done.map((t) =>
            h(
              "tr",
              {},
              h("td", {}, h("b", {}, gameName(t.game))),
              h("td", {}, finishedText(t)),
              h(
                "td",
                {},
                h("a", { href: `/replay/${t.id}` }, "Replay"),
                " · ",
                h("a", { href: `/api/tables/${t.id}/record`, download: "" }, "Record"),
              ),
            ),
          ),
        )
      : h("p", { class: "muted" }, "None yet."),
  );
}

async function main() {
  games = await api("/api/games");
  $("games").replaceChildren(
    ...games.map((g) =>
      h(
        "button",
        {
          type: "button",
          class: "game-card",
          "data-id": g.id,
          "aria-pressed": "false",
          onclick: () => pickGame(g),
        },
        h("b", {}, g.name),
        h(
          "span",
          { class: "muted" },
          `${g.min_players}–${g.max_players} players${g.real_time ? " · real time" : ""}`,
        ),
      ),
    ),
  );
  $("create").addEventListener("click", create);
  // Enter in a parameter's field must not submit (and reload) the page; a listener, not an
  // inline handler, which the Content-Security-Policy forbids
  $("params").addEventListener("submit", (event) => event.preventDefault());
  // a rated table has no coach (the server refuses both): ticking one unticks the other
  $("rated").addEventListener("change", () => $("rated").checked && ($("coach").checked = false));
  $("coach").addEventListener("change", () => $("coach").checked && ($("rated").checked = false));
  for (const radio of document.querySelectorAll("input[name=mode]"))
    radio.addEventListener("change", showOpenChoices);
  if (games.length) pickGame(games[0]);
  else $("games").textContent = "No games are installed.";
  loadTables();
  setInterval(loadTables, 5000);
}
main();
