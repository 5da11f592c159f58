// The replay page's Review tab: a finished match's review (web/records/reviews.py). It leads with
// what a player wants (review/story.py): each player's accuracy, the game's 3 biggest mistakes
// with the better move (and a tap to see the position on the board), luck against skill in one
// sentence, and the win-chance graph with a legend; every figure and decision one tap away.
import { api, csrfHeader, named, seatName } from "/static/js/common.js";
import { h, s } from "/static/js/svg.js";

const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"];
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const pm = (se) => (se ? ` ±${(100 * se).toFixed(1)}` : "");

export function graph(review, seats, jump) {
  const w = 600, hgt = 180, pad = 34;
  const curve = review.curve;
  const n = Math.max(curve.length - 1, 1);
  const x = (i) => pad + ((w - pad - 4) * i) / n;
  const y = (v) => 6 + (1 - v) * (hgt - 12);
  const lines = review.seats.map((_, seat) =>
    s("polyline", {
      fill: "none", stroke: COLOURS[seat % COLOURS.length], "stroke-width": 1.6,
      points: curve.map((p, i) => `${x(i).toFixed(1)},${y(p[seat]).toFixed(1)}`).join(" "),
    }, s("title", {}, seatName(seats, seat))),
  );
  const marks = review.steps
    .filter((st) => st.kind === "decision" && st.loss > 0.02)
    .map((st) =>
      s("circle", { cx: x(st.index).toFixed(1), cy: y(st.before.mean[st.seat]).toFixed(1), r: 3.5,
        fill: COLOURS[st.seat % COLOURS.length], class: "review-mistake",
        onclick: () => jump(st.index) }, s("title", {}, `step ${st.index}: lost ${pct(st.loss)}`)),
    );
  return s("svg", { viewBox: `0 0 ${w} ${hgt}`, role: "img", "aria-label": "chance to win over the game", class: "review-graph" },
    s("line", { x1: pad, x2: w, y1: y(0.5), y2: y(0.5), stroke: "#bbb", "stroke-dasharray": "4 3" }),
    s("text", { x: 0, y: 12, "font-size": 12 }, "100%"),
    s("text", { x: 0, y: hgt - 2, "font-size": 12 }, "0%"),
    ...lines, ...marks);
}

function decisions(review, seats, jump) {
  const exact = review.exact_unit;
  const head = ["step", "player", "before", "move made", "best move", "loss", ...(exact ? ["turn pts lost (exact)"] : [])];
  const rows = review.steps.filter((st) => st.kind === "decision").map((st) => {
    const same = st.best.text === st.made.text;
    const note = st.exact_note;
    return h("tr", { class: st.loss > 0.02 ? "review-bad" : "", onclick: () => jump(st.index) },
      h("td", {}, String(st.index)), h("td", {}, seatName(seats, st.seat)),
      h("td", {}, pct(st.before.mean[st.seat])),
      h("td", {}, `${st.made.text} (${pct(st.made.value.mean[st.seat])})`),
      h("td", {}, same ? "=" : `${st.best.text} (${pct(st.best.value.mean[st.seat])})`),
      h("td", {}, `${(100 * st.loss).toFixed(2)}${pm(st.loss_se)}`),
      ...(exact ? [h("td", {}, note ? `${note.loss.toFixed(3)}${note.loss > 1e-9 ? ` (best: ${note.best_text})` : ""}` : "")] : []));
  });
  return h("div", { class: "review-scroll", tabindex: 0, role: "region", "aria-label": "decisions" }, // scrolls by keyboard too
    h("table", { class: "review-table" }, h("thead", {}, h("tr", {}, ...head.map((t) => h("th", {}, t)))), h("tbody", {}, ...rows)));
}

// An estimate's drift (where a new estimate differs from the last: neither luck nor skill) gets
// a row of its own; a solved table's is float32 rounding.
const showsDrift = (review) => !review.exact && review.summaries.some((p) => Math.abs(p.drift || 0) >= 5e-4);

// One column per seat and one row per figure (as in the terminal): five seats fit a phone.
function summary(review, seats) {
  const signed = (v) => `${v >= 0 ? "+" : ""}${(100 * v).toFixed(1)}`;
  const figures = [
    ["decisions", (p) => String(p.decisions)],
    ["total loss", (p) => (100 * p.total_loss).toFixed(2)],
    ["start", (p) => pct(p.start)],
    ["luck (dice)", (p) => signed(p.luck)],
    ["own decisions", (p) => signed(p.own)],
    ["others' decisions", (p) => signed(p.others)],
    ...(showsDrift(review) ? [["estimate drift", (p) => signed(p.drift)]] : []),
    ["final", (p) => pct(p.final)],
  ];
  const head = h("tr", {}, h("th", {}, ""), ...review.summaries.map((p) => h("th", {}, seatName(seats, p.seat))));
  const rows = figures.map(([name, cell]) =>
    h("tr", {}, h("th", { scope: "row" }, name), ...review.summaries.map((p) => h("td", {}, cell(p)))));
  return h("div", { class: "review-scroll", tabindex: 0, role: "region", "aria-label": "luck and skill" },
    h("table", { class: "review-table review-summary" }, h("thead", {}, head), h("tbody", {}, ...rows)));
}

// Each player's accuracy: the share of their decisions as good as the best move.
function accuracies(review, seats) {
  return h("ul", { class: "review-accuracy" },
    review.summaries.map((p) => {
      const good = p.accuracy === null || p.accuracy === undefined ? null : Math.round(p.accuracy * p.decisions);
      return h("li", {},
        h("span", { class: "dot", style: `background:${COLOURS[p.seat % COLOURS.length]}` }),
        h("b", {}, seatName(seats, p.seat)), " ",
        good === null
          ? h("span", { class: "muted" }, "made no decision")
          : [h("strong", { class: "review-figure" }, `${Math.round(100 * p.accuracy)}%`),
             ` accurate (${good} of ${p.decisions} decisions as good as the best move)`]);
    }));
}

// The game's costliest mistakes: the move made, the better one (the game's own words), what it
// cost, and a button that shows the position on the board.
function mistakes(review, seats, jump) {
  const steps = (review.biggest_mistakes || []).map((i) => review.steps[i]).filter(Boolean);
  if (!steps.length) return h("p", {}, "No mistakes: every decision was as good as the best move.");
  return h("ol", { class: "review-mistakes" },
    steps.map((st) => h("li", {},
      h("p", {}, h("b", {}, `Step ${st.index}, ${seatName(seats, st.seat)}: `),
        `played ${named(st.made.text, seats)} (${pct(st.made.value.mean[st.seat])} to win)`),
      h("p", {}, h("b", {}, "Better: "), `${named(st.best.text, seats)} (${pct(st.best.value.mean[st.seat])} to win), `,
        `${(100 * st.loss).toFixed(0)} points more`),
      h("button", { type: "button", class: "secondary", onclick: () => jump(st.index) }, "Show on the board"))));
}

function legend(review, seats) {
  return h("ul", { class: "review-legend", "aria-label": "legend" },
    review.seats.map((_, seat) => h("li", {},
      h("span", { class: "swatch", style: `background:${COLOURS[seat % COLOURS.length]}` }),
      seatName(seats, seat))),
    h("li", {}, h("span", { class: "mark" }), "a mistake (tap it to see the position)"));
}

export function render(box, review, seats, jump) {
  const label = review.exact ? "Exact" : "Estimate";
  box.replaceChildren(
    h("h3", {}, "How each player played"),
    accuracies(review, seats),
    review.luck_vs_skill ? h("p", { class: "review-luck" }, named(review.luck_vs_skill, seats)) : "",
    h("h3", {}, "The biggest mistakes"),
    mistakes(review, seats, jump),
    h("h3", {}, "Chance to win, move by move"),
    graph(review, seats, jump),
    legend(review, seats),
    h("details", { class: "review-details" },
      h("summary", {}, "All figures and decisions"),
      h("p", {}, h("strong", { class: review.exact ? "review-exact" : "review-estimate" }, label), `: ${review.method.replace(/^(exact|estimate): /, "")}`),
      h("p", { class: "muted" }, `Values: ${review.unit}.`),
      ...review.notes.map((n) => h("p", { class: "muted" }, n)),
      h("h3", {}, showsDrift(review) ? "Start + luck + decisions + estimate drift = final" : "Start + luck + decisions = final"),
      summary(review, seats),
      h("h3", {}, "Decisions"), decisions(review, seats, jump)),
  );
}

// Fetch a review, polling while the server makes it (the box shows how far it is): a finished
// table's (`tableId`), or an uploaded record's (`record`, the file's text: sent once, then
// its review is polled by the id the server gives it).
// An uploaded record's review can be stopped by whoever asked for it (the token its POST
// answered); the next poll then says it was cancelled.
export async function load(source, box, seats, jump) {
  let path = `/api/tables/${encodeURIComponent(source.tableId)}/review`;
  const status = h("p", { class: "muted", role: "status" }, "Reviewing…");
  box.replaceChildren(status);
  if (source.record !== undefined) {
    const asked = await api("/api/reviews", { method: "POST", body: source.record });
    path = `/api/reviews/${encodeURIComponent(asked.id)}`;
    if (asked.cancel) {
      const headers = { ...csrfHeader({ method: "DELETE" }), "X-Review-Token": asked.cancel };
      const stop = h("button", { type: "button", class: "secondary", id: "review-stop" }, "Stop the review");
      stop.addEventListener("click", () => api(path, { method: "DELETE", headers }).catch(() => {}));
      box.append(stop);
    }
  }
  for (;;) {
    const got = await api(path);
    if (got.status === "done") return render(box, got, seats, jump);
    status.textContent = `Reviewing… ${got.total ? Math.floor((100 * got.done) / got.total) : 0}%`;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
