// A series' running total on the table page (docs/play-together.md, "Series"): which game of
// the series this is, and each player's total; on the result, the totals with this game's.
// The players of a series keep their totals as seats move one place on at each game
// (`options.series.players`: who sits at each seat). table.js passes each server message on
// as a `dicehall:message` event.
import { seatName } from "/static/js/common.js";
import { h } from "/static/js/svg.js";

const $ = (id) => document.getElementById(id);
let series = null,
  seats = [],
  result = null,
  params = {};

// the series' totals with this game's result added (web/series.py, totals_after)
function totals() {
  const out = [...series.totals];
  if (!result) return out;
  series.players.forEach((player, seat) => {
    if (series.count === "points") out[player] += result.scores[seat];
    else if (result.winners.includes(seat)) out[player] += 1;
  });
  return out;
}

function table() {
  const sums = totals();
  const rows = series.players
    .map((player, seat) => [seatName(seats, seat), sums[player]])
    .sort((a, b) => b[1] - a[1]);
  return h(
    "table",
    { class: "series-totals" },
    h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, series.count === "points" ? "Points" : "Wins"))),
    h("tbody", {}, rows.map(([name, sum]) => h("tr", {}, h("td", {}, name), h("td", {}, String(sum))))),
  );
}

function title() {
  const side = params.side ? `, side ${String(params.side).toUpperCase()}` : "";
  return `Game ${series.number} of ${series.games}${side}`;
}

function render() {
  $("series-panel").hidden = !series;
  $("series-result").hidden = !series || !result;
  if (!series) return;
  $("series-title").textContent = `${title()} · counting ${series.count}`;
  $("series-now").replaceChildren(table());
  if (!result) return;
  const last = series.number >= series.games;
  const sums = totals();
  const best = Math.max(...sums);
  const leaders = series.players.filter((p) => sums[p] === best).map((p) => seatName(seats, series.players.indexOf(p)));
  $("series-result").replaceChildren(
    h("h3", {}, last ? `Series over: ${leaders.join(" and ")} ${leaders.length > 1 ? "share" : "has"} the highest total` : `Series: ${title()}`),
    table(),
    h("p", { class: "muted" }, last ? "Play again starts a new series." : `Play again for game ${series.number + 1} of ${series.games}.`),
  );
}

window.addEventListener("dicehall:message", (e) => {
  const msg = e.detail;
  if (msg.type === "welcome") [series, params] = [msg.table.options.series || null, msg.table.params || {}];
  if (msg.seats) seats = msg.seats;
  if ("result" in msg) result = msg.result;
  if (["welcome", "update", "seats"].includes(msg.type)) render();
});
