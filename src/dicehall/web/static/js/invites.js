// The host's invitations, found again on the table page (docs/play-together.md,
// "Invitations"): each friend's join link as the lobby made it, with Copy and, on a phone,
// Share (the Web Share API). The lobby keeps them in this browser only (`dicehall.invites.ID`):
// the server keeps tokens as digests and cannot show them again. Each seat says whether its
// player has joined. table.js passes each server message on as a `dicehall:message` event.
import { seatName } from "/static/js/common.js";
import { h } from "/static/js/svg.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const invites = JSON.parse(localStorage.getItem(`dicehall.invites.${tableId}`) || "{}");
let seats = [],
  over = false;

function actions(seat, link) {
  const copy = h("button", { type: "button", class: "secondary" }, "Copy link");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link);
      copy.textContent = "Copied";
    } catch {
      copy.textContent = "Select the link to copy it";
    }
  });
  const out = [copy];
  if (navigator.share) {
    const share = h("button", { type: "button", class: "secondary" }, "Share");
    share.addEventListener("click", () =>
      navigator.share({ title: "Play dice with me", text: `Your seat: ${seatName(seats, seat)}`, url: link }).catch(() => {}),
    );
    out.push(share);
  }
  return out;
}

function render() {
  const list = Object.entries(invites);
  $("invites-panel").hidden = list.length === 0 || over;
  $("invites").replaceChildren(
    ...list.map(([s, path]) => {
      const seat = Number(s);
      const link = new URL(path, location.origin).href;
      const joined = (seats[seat] || {}).claimed;
      return h(
        "li",
        { class: "invite", "data-seat": seat },
        h("b", {}, seatName(seats, seat)),
        " ",
        h("span", { class: joined ? "joined" : "muted" }, joined ? "joined ✓" : "not here yet"),
        h("code", { class: "invite-link" }, link),
        h("span", { class: "invite-actions" }, ...actions(seat, link)),
      );
    }),
  );
}

window.addEventListener("dicehall:message", (e) => {
  const msg = e.detail;
  if (msg.seats) seats = msg.seats;
  if (msg.over) over = true;
  if (["welcome", "seats", "update"].includes(msg.type)) render();
});
