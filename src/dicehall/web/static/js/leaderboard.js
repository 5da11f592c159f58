// Leaderboards per game: accounts by rating, and the bots' fixed reference ratings.
import { api } from "/static/js/common.js";
import { $, h, whoami } from "/static/js/account.js";

async function show(games, id) {
  history.replaceState(null, "", `/leaderboard?game=${id}`);
  for (const b of $("choose").children) b.className = b.dataset.game === id ? "" : "secondary";
  const board = await api(`/api/leaderboard/${id}`);
  const game = games.find((g) => g.id === id);
  $("title").textContent = `${game.name}: players`;
  // one figure per player and bot (the rating the ranking uses); bots by what they are, as the lobby says
  $("players").replaceChildren(
    board.players.length
      ? h("table", { class: "data" },
          h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, "Player"), h("th", { class: "num" }, "Rating"), h("th", { class: "num" }, "Games")),
          board.players.map((p, i) => h("tr", {},
            h("td", { class: "num" }, String(i + 1)),
            h("td", {}, h("a", { href: `/players/${encodeURIComponent(p.name)}` }, p.name)),
            h("td", { class: "num" }, p.ordinal.toFixed(1)),
            h("td", { class: "num" }, String(p.games)))))
      : h("p", { class: "muted" }, "No rated games yet: tick “Rated” when you create a table."),
    h("p", { class: "muted" }, `A player is listed after ${board.min_games} rated games against ${board.min_opponents} different opponents (each bot level counts once).`),
  );
  const names = game.level_labels || {}; // what each level is (a level's strength differs by game)
  const bots = Object.entries(board.bots).sort((a, b) => b[1].ordinal - a[1].ordinal);
  $("bots").replaceChildren(
    h("table", { class: "data" },
      h("tr", {}, h("th", {}, "Bot"), h("th", { class: "num" }, "Rating")),
      bots.map(([level, r]) => h("tr", {},
        h("td", {}, h("span", { class: "badge bot" }, names[level] || level)),
        h("td", { class: "num" }, r.ordinal.toFixed(1))))),
  );
}

async function main() {
  whoami();
  const games = await api("/api/games");
  const wanted = new URLSearchParams(location.search).get("game");
  const first = games.find((g) => g.id === wanted) ? wanted : games[0].id;
  $("choose").replaceChildren(...games.map((g) => {
    const b = h("button", { type: "button", "data-game": g.id }, g.name);
    b.addEventListener("click", () => show(games, g.id));
    return b;
  }));
  await show(games, games.find((g) => g.id === first) ? first : games[0].id);
}

main();
