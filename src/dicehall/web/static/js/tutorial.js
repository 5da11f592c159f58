// The guided first game page (/tutorial/<game>): the game's own renderer draws each step of its
// tutorial script, replayed by the server's rules engine; the scripted move is pointed at
// (tutorial-point.js) and any other move is refused with a hint. Progress is kept in this
// browser, so a player can leave and come back to the same step.
import { api, fitLogNumbers, named, renderer, resultHtml } from "/static/js/common.js";
import { h, phoneLayout } from "/static/js/svg.js";
import { point, restartTaps } from "/static/js/tutorial-point.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").pop());
const progressKey = `dicehall.tutorial.${gameId}`;
let draw = null,
  data = null,
  busy = false;

export function savedStep() {
  const n = Number(localStorage.getItem(progressKey));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

// actions compared by value (their wire forms: objects whose keys may come in any order)
function canon(x) {
  if (Array.isArray(x)) return x.map(canon);
  if (x && typeof x === "object") return Object.fromEntries(Object.keys(x).sort().map((k) => [k, canon(x[k])]));
  return x;
}
function same(a, b) {
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

function refuse() {
  const box = $("refused");
  box.textContent = "Not that one yet: tap the ringed control (the step above says why).";
  box.hidden = false;
}

function act(move) {
  if (busy || !data || !data.expected) return;
  if (!same(move.action, data.expected)) {
    refuse(); // the renderer built another move than the script's: start its taps again
    render();
    restartTaps();
    return;
  }
  go(data.step + 1);
}

async function go(step) {
  busy = true;
  try {
    data = await api(`/api/tutorials/${encodeURIComponent(gameId)}/${step}`);
  } catch (e) {
    if (step !== 0) return go(0); // a remembered step this script no longer has: start again
    $("turn").textContent = e.message;
    return;
  } finally {
    busy = false;
  }
  localStorage.setItem(progressKey, String(data.step));
  $("refused").hidden = true;
  render();
  document.body.dataset.tutorialStep = String(data.step); // the step shown (tests wait on it)
}

function renderSay() {
  const done = data.step >= data.steps;
  const parts = [];
  if (data.step === 0 && data.intro) parts.push(h("p", { class: "tutorial-intro" }, data.intro));
  for (const n of data.notes) parts.push(h("p", { class: "tutorial-note" }, named(n, data.seats)));
  parts.push(h("p", { class: "tutorial-now" }, h("b", {}, done ? "Well played! " : `Step ${data.step + 1}: `), data.say));
  if (done) parts.push(...lastChanges());
  if (done)
    parts.push(
      h(
        "p",
        { class: "tutorial-end" },
        h("a", { class: "button", href: "/", id: "tutorial-play" }, "Play a real game"),
        " ",
        h("button", { type: "button", class: "secondary", id: "tutorial-again", onclick: () => go(0) }, "Start over"),
      ),
    );
  $("say").replaceChildren(...parts);
}

// what the game's last explained action changed (a roll's gains, a round's scoring), in the
// players' words of the log
function lastChanges() {
  const explained = data.log.filter((l) => l.kind === "explain");
  if (!explained.length) return [];
  const last = explained.at(-1).index,
    lines = explained.filter((l) => l.index === last).slice(0, 12);
  return [
    h("p", { class: "tutorial-note" }, "What the last move changed:"),
    h("ul", { class: "tutorial-changes" }, lines.map((l) => h("li", {}, named(l.text, data.seats)))),
  ];
}

function renderMoves(handled) {
  const list = data.legal.filter((m) => !handled.has(m.action.type));
  $("moves").replaceChildren(
    ...list.map((m) =>
      h(
        "button",
        {
          type: "button",
          class: "move",
          "data-i": m.i,
          "data-expected": data.expected && same(m.action, data.expected) ? "" : null,
          onclick: () => act(m),
        },
        named(m.text, data.seats),
      ),
    ),
  );
  $("moves").hidden = !list.length;
}

function renderLog() {
  const ol = $("log");
  ol.replaceChildren(
    ...data.log.map((l) => h("li", { class: l.kind || "" }, h("b", {}, `${l.who}: `), named(l.text, data.seats))),
  );
  fitLogNumbers(ol);
  ol.scrollTop = ol.scrollHeight;
}

function render() {
  const done = data.step >= data.steps;
  $("game-name").textContent = `Guided first game · ${data.name}`;
  document.title = `dicehall — learn ${data.name}`;
  $("turn").textContent = done ? "You finished the guided game" : "Your turn";
  $("progress").textContent = `Step ${Math.min(data.step + 1, data.steps)} of ${data.steps}`;
  $("intro").textContent = data.intro;
  renderSay();
  $("dock").replaceChildren();
  const out =
    draw.render($("board"), {
      dock: $("dock"),
      view: data.view,
      seat: data.seat,
      legal: done ? [] : data.legal,
      seats: data.seats,
      me: !done,
      over: data.over,
      version: data.version,
      act,
      result: data.result,
      hints: data.hints,
      still: true,
    }) || {};
  renderMoves(new Set(out.handled || []));
  placeMoves();
  renderLog();
  if (done && data.result) {
    const card = resultHtml(data.result, data.seats, h),
      line = card.querySelector(".winner");
    if (line) line.textContent = line.textContent.replace(/\bYou wins!/, "You win!"); // the learner is "You"
    $("say").append(card);
  }
  point(done ? [] : data.tap, refuse);
}

// on a phone the moves list sits in the action area fixed at the bottom, as at a table
function placeMoves() {
  const moves = $("moves");
  if (phoneLayout() && moves.parentElement !== $("action")) $("action").append(moves);
  if (!phoneLayout() && moves.parentElement === $("action")) $("moves-home").after(moves);
  const height = phoneLayout() ? $("action").getBoundingClientRect().height : 0;
  document.body.style.setProperty("--sheet-h", `${Math.ceil(height)}px`);
}

async function main() {
  $("rules-link").href = `/rules/${encodeURIComponent(gameId)}`;
  $("restart").addEventListener("click", () => go(0));
  new ResizeObserver(placeMoves).observe($("action"));
  try {
    draw = await renderer(gameId);
  } catch (e) {
    $("turn").textContent = e.message;
    return;
  }
  await go(savedStep());
}
main();
