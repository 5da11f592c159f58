// Shared by the lobby, table and replay pages: API calls and per-game renderers.

// A signed-in browser repeats its CSRF cookie in a header on every change (docs/security.md).
export function csrfHeader(options = {}) {
  const method = (options.method || "GET").toUpperCase();
  const token = document.cookie.split("; ").find((c) => c.startsWith("dicehall_csrf="));
  return method === "GET" || !token ? {} : { "x-csrf-token": token.slice("dicehall_csrf=".length) };
}
export async function api(path, options = {}) {
  const init = { headers: { "content-type": "application/json", ...csrfHeader(options) }, ...options };
  if (init.body && typeof init.body !== "string") init.body = JSON.stringify(init.body);
  const res = await fetch(path, init);
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    let msg = data && (data.message || data.detail);
    if (Array.isArray(msg)) msg = msg.map((d) => `${(d.loc || []).join(".")}: ${d.msg}`).join("; ");
    throw new Error(msg || `${res.status} ${res.statusText}`);
  }
  return data;
}

const renderers = {};
export async function renderer(gameId) {
  if (!renderers[gameId]) {
    try {
      renderers[gameId] = await import(`/games/${encodeURIComponent(gameId)}/renderer.js`);
    } catch (e) {
      console.warn(`no renderer for ${gameId}; using the generic one`, e);
      renderers[gameId] = await import("/static/games/generic.js");
    }
  }
  return renderers[gameId];
}

// The one naming scheme: a seat's chosen name, else "Player 2" / "Bot 2 (best move now)" (the server
// fills those in); games write "Player N" in their texts and `named` puts the names in.
// a numbered log's markers widen with its longest number ("2763." must not be clipped)
export function fitLogNumbers(ol) {
  ol.style.setProperty("--digits", String(Math.max(ol.children.length, 10)).length);
}

export function seatName(seats, seat) {
  if (seat === null || seat === undefined) return "Spectator";
  if (seat === -1) return "Dice";
  if (seat === -2) return "Timer";
  const cfg = seats && seats[seat];
  return (cfg && cfg.name) || `Player ${seat + 1}`;
}

export function named(text, seats) {
  return String(text).replace(/\bPlayer (\d+)\b('s)?/g, (all, n, own, at) => {
    const seat = Number(n) - 1;
    if (!seats || !seats[seat]) return all;
    const name = seatName(seats, seat);
    if (!own) return name;
    if (name === "You") return at === 0 ? "Your" : "your"; // a guided game's learner: "sending your 2"
    return `${name}'s`;
  });
}

export function resultHtml(result, seats, h) {
  const rows = result.ranks
    .map((rank, s) => ({ s, rank, score: result.scores[s] }))
    .sort((a, b) => a.rank - b.rank);
  const winners = result.winners.map((s) => seatName(seats, s)).join(" & ") || "nobody";
  return h(
    "div",
    {},
    h("p", { class: "winner" }, `★ ${winners} ${result.winners.length > 1 ? "win" : "wins"}!`),
    h("p", { class: "muted" }, `Why the game ended: ${named(result.reason, seats)}`),
    h(
      "table",
      { class: "result-table" },
      h("tr", {}, h("th", {}, "Rank"), h("th", {}, "Player"), h("th", {}, "Score")),
      rows.map((r) =>
        h(
          "tr",
          { class: result.winners.includes(r.s) ? "winner" : "" },
          h("td", {}, r.rank),
          h("td", {}, seatName(seats, r.s)),
          h("td", {}, r.score),
        ),
      ),
    ),
    h(
      "ul",
      { class: "result-notes" },
      (result.notes || []).map((n) => h("li", {}, named(n, seats))),
    ),
  );
}
