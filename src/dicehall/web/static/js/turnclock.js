// A turn-based table's clock on the table page: the table's rule (time per move, what happens
// when it runs out) and how long the players to move have left (docs/play-together.md).
import { seatName } from "/static/js/common.js";

const $ = (id) => document.getElementById(id);
let last = null;

export function duration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86400),
    hrs = Math.floor((s % 86400) / 3600),
    min = Math.floor((s % 3600) / 60);
  if (d) return `${d} day${d > 1 ? "s" : ""}${hrs ? ` ${hrs} h` : ""}`;
  if (hrs) return `${hrs} h${min ? ` ${min} min` : ""}`;
  if (min) return `${min} min`;
  return `${s} s`;
}

function paint() {
  if (!last) return;
  const { turn, seats, over } = last;
  const then =
    turn.on_timeout === "end"
      ? "the game ends for that player (a bot plays their seat to the end)"
      : "a bot makes that move for them";
  $("turn-rule").textContent = `Turn-based: ${duration(turn.move_seconds)} per move; when a player's time runs out, ${then}.`;
  const who = turn.seats.map((s) => seatName(seats, s)).join(", ");
  $("turn-left").textContent =
    over || turn.deadline === null || !turn.seats.length
      ? ""
      : `${who}: ${duration(turn.deadline - Date.now() / 1000)} left to move.`;
}

export function renderTurnClock(state, seats) {
  const panel = $("turn-clock");
  if (!panel) return;
  panel.hidden = !state.turn;
  last = state.turn ? { turn: state.turn, seats, over: state.over } : null;
  paint();
}

setInterval(paint, 15000);
