// "Play again" on the result (docs/play-together.md, "Rematch"): the same people and settings
// at a new table, seats moved one place on so a different person starts. The first to ask opens
// it; everyone still at this table is told and joins with one tap. table.js passes each server
// message on as a `dicehall:message` event.
import { api } from "/static/js/common.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
let you = [],
  over = false,
  ready = null;

function tokens() {
  return JSON.parse(localStorage.getItem(`dicehall.tokens.${tableId}`) || "[]");
}

async function playAgain() {
  const button = $("rematch");
  button.disabled = true;
  try {
    const made = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {
      method: "POST",
      body: { tokens: tokens() },
    });
    location.href = made.link;
  } catch (e) {
    $("rematch-note").textContent = e.message;
    button.disabled = false;
  }
}

function render() {
  const button = $("rematch");
  button.hidden = !over || you.length === 0;
  button.textContent = ready ? "Join the rematch" : "Play again";
  const watch = $("rematch-watch");
  watch.hidden = !ready || you.length > 0;
  if (ready) watch.href = `/table/${encodeURIComponent(ready)}`;
  if (ready) $("rematch-note").textContent = "A rematch is ready: same players and settings, seats moved one place on.";
}

window.addEventListener("dicehall:message", (e) => {
  const msg = e.detail;
  if (msg.type === "welcome") you = msg.you;
  if ((msg.type === "welcome" || msg.type === "update") && msg.over) over = true;
  if (msg.type === "rematch") {
    ready = msg.id;
    $("result").hidden = false; // bring the result (with its button) back if it was closed
  }
  if (["welcome", "update", "rematch"].includes(msg.type)) render();
});
$("rematch").addEventListener("click", playAgain);
