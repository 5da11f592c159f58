// "Invitations for you" in the lobby (docs/play-together.md, "Invitations"): a signed-in
// player's invitations by user name, each with Accept, which takes the seat and opens the
// table. Shown only to a signed-in player who has some; looked at again now and then.
import { api } from "/static/js/common.js";
import { h } from "/static/js/svg.js";

const $ = (id) => document.getElementById(id);
const EVERY_MS = 20000;
let names = {};

async function accept(invitation, button) {
  button.disabled = true;
  try {
    const taken = await api(`/api/invitations/${encodeURIComponent(invitation.id)}/accept`, { method: "POST" });
    location.href = taken.link;
  } catch (e) {
    $("for-you-error").textContent = e.message;
    button.disabled = false;
    show();
  }
}

function row(invitation) {
  const button = h("button", { type: "button" }, "Accept");
  button.addEventListener("click", () => accept(invitation, button));
  const game = names[invitation.game] || invitation.game;
  return h(
    "li",
    { class: "for-you", "data-table": invitation.table },
    h("b", {}, invitation.host),
    ` invites you to ${game} (seat ${invitation.seat + 1}) `,
    button,
  );
}

async function show() {
  let list = [];
  try {
    list = await api("/api/invitations");
  } catch {
    list = []; // signed out meanwhile: nothing to show
  }
  $("for-you").hidden = list.length === 0;
  $("for-you-list").replaceChildren(...list.map(row));
}

async function main() {
  const me = await api("/api/account").catch(() => ({ signed_in: false }));
  if (!me.signed_in) return; // invitations by user name are for signed-in players
  try {
    names = Object.fromEntries((await api("/api/games")).map((g) => [g.id, g.name]));
  } catch {
    names = {};
  }
  await show();
  setInterval(show, EVERY_MS);
}

main();
