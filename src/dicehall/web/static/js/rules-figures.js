// The rules page's pictures: each `figure[data-step]` is drawn by the game's own renderer from
// a real state, the step of the game's guided first game (the server replays its script through
// the rules). A picture is not a control: it is inert, and the ids a renderer gives its parts
// are dropped (a page holds several pictures).
import { api, renderer } from "/static/js/common.js";
import { h } from "/static/js/svg.js";

const article = document.querySelector("article.rules[data-game]");

async function draw(figure, game, draw) {
  const box = figure.querySelector(".figure-board");
  const data = await api(`/api/tutorials/${encodeURIComponent(game)}/${Number(figure.dataset.step)}`);
  const drawing = h("div", { class: "figure-drawing" }),
    dock = h("div", { class: "figure-dock" });
  box.replaceChildren(drawing, dock);
  draw.render(drawing, {
    dock,
    view: data.view,
    seat: data.seat,
    legal: data.legal, // what may be played there: the board's outlines show it
    seats: data.seats,
    me: true,
    over: data.over,
    version: -1 - Number(figure.dataset.step),
    act: () => {},
    result: data.result,
    hints: data.hints,
    still: true,
  });
  for (const node of box.querySelectorAll("[id]")) node.removeAttribute("id");
  for (const node of box.querySelectorAll("[tabindex]")) node.removeAttribute("tabindex");
}

async function main() {
  const figures = article ? [...article.querySelectorAll("figure.rules-figure[data-step]")] : [];
  if (!figures.length) return;
  const game = article.dataset.game;
  let module;
  try {
    module = await renderer(game);
  } catch {
    return;
  }
  for (const figure of figures) {
    try {
      await draw(figure, game, module);
    } catch {
      figure.querySelector(".figure-board").replaceChildren(); // the caption still says it
    }
  }
}
main();
