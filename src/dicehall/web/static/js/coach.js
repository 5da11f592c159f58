// The table page's coach (web/coach.py): on a table created with the coach, a seat may ask,
// for its own decision, each legal move's value from its own view. Asked with that seat's
// token; the advice is dropped when the position changes.
import { api } from "/static/js/common.js";
import { h } from "/static/js/svg.js";

let shownFor = null; // "seat/version" the advice on screen belongs to

function valueText(unit, m) {
  if (m.value === null) return "not estimated";
  const pct = unit.includes("chance");
  const v = pct ? `${(100 * m.value).toFixed(1)}%` : m.value.toFixed(3);
  const se = m.se ? ` ±${pct ? (100 * m.se).toFixed(1) : m.se.toFixed(3)}` : "";
  return v + se;
}

async function ask(tableId, seat, tokens) {
  for (const token of tokens) {
    try {
      return await api(`/api/tables/${encodeURIComponent(tableId)}/coach?seat=${seat}`, {
        headers: { "x-seat-token": token },
      });
    } catch (e) {
      if (!String(e.message).includes("token")) throw e; // another seat's token: try the next
    }
  }
  throw new Error("no token for this seat on this device");
}

function show(box, advice) {
  const kind = advice.exact ? "Exact" : "Estimate";
  box.replaceChildren(
    h("p", {}, h("strong", {}, kind), `: ${advice.unit}`),
    h("ol", { class: "coach-moves" },
      ...advice.moves.slice(0, 8).map((m) => h("li", {}, `${m.text}: ${valueText(advice.unit, m)}`))),
    h("p", { class: "muted" }, advice.method),
  );
}

export function renderCoach(tableId, state, panel, tokens) {
  const on = state.table && state.table.options && state.table.options.coach;
  const mine = panel && panel.seat !== null && panel.legal.length > 1 && !state.over;
  const box = document.getElementById("coach-panel");
  if (!box) return;
  box.hidden = !(on && mine);
  const key = mine ? `${panel.seat}/${state.version}` : null;
  if (key !== shownFor) document.getElementById("coach").replaceChildren();
  const button = document.getElementById("coach-ask");
  button.onclick = async () => {
    const out = document.getElementById("coach");
    out.replaceChildren(h("p", { class: "muted", role: "status" }, "Thinking…"));
    try {
      const advice = await ask(tableId, panel.seat, tokens);
      shownFor = `${advice.seat}/${advice.version}`;
      if (shownFor === key) show(out, advice);
    } catch (e) {
      out.replaceChildren(h("p", { class: "error" }, e.message));
    }
  };
}
