// Offers a game's guided first game (/tutorial/<game>) where a player meets the game: the
// lobby's chosen game and a table's game. The first time a browser meets a game the offer is a
// panel of its own; afterwards a link stays (with "resume" while a guided game is half-way).
// Loaded as a module of its own beside the page's script: it reads the page, never changes it
// beyond its box (#tutorial-offer).
import { api } from "/static/js/common.js";
import { h } from "/static/js/svg.js";

const box = document.getElementById("tutorial-offer");
let catalogue = null;

function lists() {
  catalogue ??= Promise.all([api("/api/tutorials"), api("/api/games")]).then(([t, g]) => ({
    tutorials: new Set(t.games),
    names: new Map(g.map((x) => [x.id, x.name])),
  }));
  return catalogue;
}

const seenKey = (game) => `dicehall.tutorial-offered.${game}`;
const stepOf = (game) => Number(localStorage.getItem(`dicehall.tutorial.${game}`)) || 0;

export async function offer(game) {
  let known;
  try {
    known = await lists();
  } catch {
    return; // no list, no offer: the page works without it
  }
  if (!box || !known.tutorials.has(game)) {
    if (box) box.replaceChildren();
    return;
  }
  const name = known.names.get(game) || game,
    href = `/tutorial/${encodeURIComponent(game)}`,
    step = stepOf(game);
  const first = !localStorage.getItem(seenKey(game)) && step === 0;
  localStorage.setItem(seenKey(game), "1"); // offered once as a panel, then as a link
  if (first)
    box.replaceChildren(
      h(
        "div",
        { class: "panel tutorial-offer", role: "region", "aria-label": "Guided first game" },
        h("p", {}, h("b", {}, `New to ${name}? `), "A guided first game teaches it in a few minutes: fixed dice, and the board shows what to tap."),
        h(
          "p",
          {},
          h("a", { class: "button", href, id: "tutorial-go" }, "Play the guided game"),
          " ",
          h("button", { type: "button", class: "secondary", onclick: () => offer(game) }, "Not now"),
        ),
      ),
    );
  else
    box.replaceChildren(
      h("p", { class: "tutorial-link" }, h("a", { href }, step > 0 ? `Resume the guided first game of ${name}` : `Guided first game of ${name}`)),
    );
}

// the lobby: follow the chosen game card; a table: its game
const cards = document.getElementById("games");
if (cards) {
  const chosen = () => cards.querySelector(".game-card[aria-pressed=true]");
  let shown = null; // one offer per choice (a choice changes every card's aria-pressed)
  const follow = () => {
    const game = chosen() && chosen().dataset.id;
    if (game && game !== shown) offer((shown = game));
  };
  new MutationObserver(follow).observe(cards, {
    subtree: true,
    attributes: true,
    attributeFilter: ["aria-pressed"],
  });
  follow();
} else if (location.pathname.startsWith("/table/")) {
  const tableId = decodeURIComponent(location.pathname.split("/").pop());
  api(`/api/tables/${encodeURIComponent(tableId)}`)
    .then((t) => offer(t.game))
    .catch(() => {});
}
