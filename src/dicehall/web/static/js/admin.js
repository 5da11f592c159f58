// The operators' /admin page: live numbers, live tables (with close), reported chat messages,
// account actions and the log of operators' actions (web/admin/routes.py).
import { api } from "/static/js/common.js";
import { $, h, whoami } from "/static/js/account.js";

const NUMBERS = [
  ["tables_live", "Live tables"],
  ["people_connected", "People at tables"],
  ["spectators_connected", "Spectators"],
  ["moves", "Moves (total)"],
  ["move_ack_seconds", "Move acknowledgement"],
  ["review_jobs", "Reviews in progress"],
  ["coach_jobs", "Coach answers in progress"],
  ["refusals", "Refusals by limit"],
  ["errors", "Errors"],
];

function shown(value) {
  if (value === undefined || value === null) return "none yet";
  if (typeof value === "number") return String(Math.round(value * 100) / 100);
  if ("mean_ms" in value) {
    return value.count ? `${value.count} moves, mean ${value.mean_ms.toFixed(1)} ms` : "none yet";
  }
  const parts = Object.entries(value).map(([k, v]) => `${k.replaceAll("_", " ")}: ${shown(v)}`);
  return parts.length ? parts.join(", ") : "none";
}

function showNumbers(numbers) {
  $("numbers").replaceChildren(
    ...NUMBERS.map(([key, label]) => h("div", {}, h("dt", {}, label), h("dd", {}, shown(numbers[key])))),
  );
}

async function act(path, done) {
  try {
    await api(path, { method: "POST" });
    done();
  } catch (e) {
    $("updated").textContent = e.message;
  }
  await load();
}

function showTables(tables) {
  const items = tables.map((t) => {
    const seats = t.seats.map((s) => s.name || s.kind).join(", ");
    const flags = [t.private ? "private" : null, t.rated ? "rated" : null].filter(Boolean).join(", ");
    const close = h("button", { type: "button", class: "secondary" }, "Close table");
    close.addEventListener("click", () => {
      close.disabled = true;
      act(`/api/admin/tables/${encodeURIComponent(t.id)}/close`, () => {});
    });
    return h(
      "li",
      {},
      h("span", { class: "what" }, h("a", { href: `/table/${encodeURIComponent(t.id)}` }, `${t.game} ${t.id}`),
        ` — ${seats}${flags ? ` (${flags})` : ""}`),
      h("span", { class: "muted" }, `${t.actions} action${t.actions === 1 ? "" : "s"}, last move ${t.updated}`),
      h("span", { class: "row" }, close),
    );
  });
  $("tables").replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, "No live table.")]));
}

function showReports(reports) {
  const items = reports.map((r) =>
    h(
      "li",
      {},
      h("span", { class: "what" }, h("strong", {}, r.author), " wrote ", h("q", {}, r.text)),
      h("span", { class: "muted" },
        `at table ${r.table} (${r.channel}), ${r.sent}; reported by ${r.by}, ${r.reported}`),
    ),
  );
  $("reports").replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, "No report.")]));
}

function showActions(actions) {
  const items = actions.map((a) =>
    h("li", {}, h("span", { class: "what" }, `${a.made}: ${a.operator} — ${a.action.replaceAll("_", " ")} ${a.target}`)),
  );
  $("actions").replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, "None yet.")]));
}

async function load() {
  const data = await api("/api/admin");
  showNumbers(data.numbers);
  showTables(data.tables);
  showReports(data.reports);
  showActions(data.actions);
  $("updated").textContent = `Updated ${new Date().toLocaleTimeString()}`;
}

$("account-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const action = ev.submitter ? ev.submitter.value : "suspend";
  const name = $("account-name").value.trim();
  const result = $("account-result");
  result.textContent = "";
  try {
    const answer = await api(`/api/admin/accounts/${encodeURIComponent(name)}/${action}`, { method: "POST" });
    result.textContent = Object.entries(answer).map(([k, v]) => `${k.replaceAll("_", " ")}: ${v}`).join(", ");
  } catch (e) {
    result.textContent = e.message;
  }
  await load();
});
$("refresh").addEventListener("click", load);
whoami();
load();
setInterval(load, 10000);
