// A player's profile: games, ratings, recent matches (with replays) and achievements.
import { api } from "/static/js/common.js";
import { $, gameName, h, whoami } from "/static/js/account.js";

function outcome(m) {
  if (m.status !== "finished") return m.status === "live" ? "playing" : m.status;
  if (m.abandoned) return "abandoned (lost)";
  return m.won ? "won" : `lost (rank ${m.rank})`;
}

function ratingChange(m) {
  if (m.rating_after === null || m.rating_before === null) return "";
  const d = m.rating_after - m.rating_before;
  const change = `${d >= 0 ? "+" : "−"}${Math.abs(d).toFixed(2)}`;
  return h("span", {}, `${m.rating_before.toFixed(2)} → ${m.rating_after.toFixed(2)} `,
    h("span", { class: d >= 0 ? "up" : "down" }, `(${change})`));
}

// One's own finished game: the rematch (same people and settings, seats moved one place on),
// asked as the signed-in account, so it works on any device (docs/play-together.md).
async function playAgain(m, button) {
  button.disabled = true;
  try {
    const made = await api(m.rematch, { method: "POST", body: { tokens: [] } });
    location.href = made.link;
  } catch (e) {
    button.disabled = false;
    $("error").textContent = e.message;
  }
}

async function main() {
  whoami();
  const name = decodeURIComponent(location.pathname.split("/").pop());
  let p, games, catalogue;
  try {
    [p, games, catalogue] = await Promise.all([
      api(`/api/players/${encodeURIComponent(name)}`),
      api("/api/games"),
      api("/api/achievements"),
    ]);
  } catch (e) {
    $("error").textContent = e.message;
    return;
  }
  document.title = `dicehall — ${p.name}`;
  $("name").textContent = p.name;
  $("since").textContent = `Playing since ${p.created.slice(0, 10)}`;
  $("games").replaceChildren(
    p.games.length
      ? h("table", { class: "data" },
          h("tr", {}, h("th", {}, "Game"), h("th", { class: "num" }, "Played"), h("th", { class: "num" }, "Won"), h("th", { class: "num" }, "Rating"), h("th", { class: "num hide-narrow" }, "Rated games")),
          p.games.map((g) => h("tr", {},
            h("td", {}, gameName(games, g.game)),
            h("td", { class: "num" }, String(g.played)),
            h("td", { class: "num" }, String(g.won)),
            h("td", { class: "num" }, g.rating ? g.rating.ordinal.toFixed(2) : "—"),
            h("td", { class: "num hide-narrow" }, g.rating ? String(g.rating.games) : "0"))))
      : h("p", { class: "muted" }, "No finished games yet."),
  );
  $("matches").replaceChildren(
    p.matches.length
      ? h("table", { class: "data" },
          h("tr", {}, h("th", { class: "hide-narrow" }, "Date"), h("th", {}, "Game"), h("th", { class: "hide-narrow" }, "Against"), h("th", {}, "Result"), h("th", {}, "Rating"), h("th", {}, "")),
          p.matches.map((m) => h("tr", {},
            h("td", { class: "hide-narrow" }, m.created.slice(0, 10)),
            h("td", {}, gameName(games, m.game), m.rated ? h("span", { class: "badge" }, "rated") : null),
            h("td", { class: "hide-narrow" }, m.opponents.join(", ")),
            h("td", {}, outcome(m)),
            h("td", {}, ratingChange(m)),
            h("td", {}, m.replay ? h("a", { href: m.replay }, "replay") : h("a", { href: `/table/${m.match_id}` }, "table"),
              m.rematch ? [" · ", h("button", { type: "button", class: "secondary rematch", onclick: (e) => playAgain(m, e.target) }, "Play again")] : null))))
      : h("p", { class: "muted" }, "No matches yet."),
  );
  const held = new Map(p.achievements.map((a) => [`${a.game}/${a.key}`, a]));
  const sections = Object.entries(catalogue).map(([game, list]) => h("div", {},
    h("h3", {}, `${gameName(games, game)} — Super Achievements (${list.filter((a) => held.has(`${game}/${a.key}`)).length}/${list.length})`),
    h("ul", { class: "achievements" }, list.map((a) => {
      const got = held.get(`${game}/${a.key}`);
      return h("li", { class: got ? "earned" : "missing", "data-key": a.key },
        h("span", { class: got ? "badge earned" : "badge" }, got ? `✓ ${got.earned.slice(0, 10)}` : "not yet"),
        h("span", {}, a.text),
        got && got.attested ? h("span", { class: "badge" }, "declared by the player") : null,
        got && got.match_id ? h("a", { href: `/replay/${got.match_id}` }, "the match") : null,
        !got && a.how === "attested" ? h("span", { class: "muted" }, "(declared by the player)") : null);
    }))));
  $("achievements").replaceChildren(...sections);
}

main();
