// The lobby's "Your games" (signed-in players): every live table where you hold a seat, the
// ones where it is your move first, with the time left at turn-based tables.
import { api } from "/static/js/common.js";
import { h } from "/static/js/svg.js";
import { duration } from "/static/js/turnclock.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 30000;

function row(game) {
  const left = game.deadline === null ? "" : ` · ${duration(game.deadline - Date.now() / 1000)} left`;
  return h(
    "li",
    { class: "your-game" + (game.your_turn ? " your-turn" : "") },
    h("b", {}, game.name),
    h("span", { class: game.your_turn ? "turn-badge" : "muted" }, game.your_turn ? `Your turn${left}` : "waiting for others"),
    game.turn_based ? h("span", { class: "muted" }, "turn-based") : "",
    h("a", { class: "button secondary", href: game.url }, "Open"),
  );
}

async function load() {
  let listed;
  try {
    listed = await api("/api/account/games");
  } catch {
    return;
  }
  $("your-games").hidden = false;
  $("your-games-list").replaceChildren(
    listed.length
      ? h("ul", { class: "your-games" }, listed.map(row))
      : h("p", { class: "muted" }, "None: the tables where you take a seat signed in are listed here."),
  );
}

async function main() {
  const me = await api("/api/account");
  if (!me.signed_in) return;
  load();
  setInterval(load, REFRESH_MS);
}
main();
