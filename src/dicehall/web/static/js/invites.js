// The host's invitations, found again on the table page (docs/play-together.md,
// "Invitations"): each friend's join link as the lobby made it, with Copy, on a phone Share
// (the Web Share API), and a QR code for a friend at the same table. The lobby keeps the links
// in this browser only (`dicehall.invites.ID`): the server keeps tokens as digests and cannot
// show them again. The host can also invite a signed-in player by user name (kept by the
// server). Each seat says whether its player has joined. table.js passes each server message
// on as a `dicehall:message` event.
import { api, csrfHeader, seatName } from "/static/js/common.js";
import { h } from "/static/js/svg.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const invites = JSON.parse(localStorage.getItem(`dicehall.invites.${tableId}`) || "{}");
let seats = [],
  over = false,
  you = [],
  options = {};
const sent = {}; // seat -> what the last invitation by name said

function hostSeat() {
  if (options.room) return options.room.host;
  const invited = seats.map((c, s) => (c.kind === "human" && !c.open ? s : -1)).filter((s) => s >= 0);
  return invited.length ? invited[0] : null;
}

async function qrCode(link, img, button) {
  if (!img.hidden) {
    img.hidden = true;
    button.textContent = "QR code";
    return;
  }
  try {
    // drawn by the server (SVG), shown as an image: the page's CSP allows data: images only
    const res = await fetch("/api/qr", {
      method: "POST",
      headers: { "content-type": "application/json", ...csrfHeader({ method: "POST" }) },
      body: JSON.stringify({ text: link }),
    });
    if (!res.ok) throw new Error(`${res.status}`);
    img.src = `data:image/svg+xml;base64,${btoa(await res.text())}`;
    img.hidden = false;
    button.textContent = "Hide the QR code";
  } catch {
    button.textContent = "No QR code now";
  }
}

function byName(seat) {
  const input = h("input", { type: "text", maxlength: 24, class: "invite-name", "aria-label": `User name to invite to ${seatName(seats, seat)}`, placeholder: "user name" });
  const note = h("span", { class: "invite-note", role: "status" }, sent[seat] || "");
  const form = h("form", { class: "invite-by-name" }, input, h("button", { type: "submit", class: "secondary" }, "Invite"), note);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const made = await api(`/api/tables/${encodeURIComponent(tableId)}/invitations`, {
        method: "POST",
        body: { tokens: JSON.parse(localStorage.getItem(`dicehall.tokens.${tableId}`) || "[]"), seat, name: input.value.trim() },
      });
      sent[seat] = `Invited ${made.name}: they find it in their lobby.`;
    } catch (err) {
      sent[seat] = err.message;
    }
    note.textContent = sent[seat];
  });
  return form;
}

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

function linkParts(seat, path) {
  if (!path) return [];
  const link = new URL(path, location.origin).href;
  const img = h("img", { class: "invite-qr", alt: `QR code of ${seatName(seats, seat)}'s link`, hidden: true });
  const qr = h("button", { type: "button", class: "secondary" }, "QR code");
  qr.addEventListener("click", () => qrCode(link, img, qr));
  return [h("code", { class: "invite-link" }, link), h("span", { class: "invite-actions" }, ...actions(seat, link), qr), img];
}

function render() {
  const host = hostSeat();
  // a hot-seat table's seats are all this device's: nobody to invite
  const hosting = host !== null && you.includes(host) && options.mode !== "hotseat";
  // the host: every friend's seat (a link kept here, and an invitation by user name);
  // anyone else: the links this browser keeps, if any
  const shown = hosting
    ? seats.map((c, s) => (c.kind === "human" && !c.open && s !== host ? s : -1)).filter((s) => s >= 0)
    : Object.keys(invites).map(Number);
  $("invites-panel").hidden = shown.length === 0 || over;
  $("invites").replaceChildren(
    ...shown.map((seat) => {
      const joined = (seats[seat] || {}).claimed;
      return h(
        "li",
        { class: "invite", "data-seat": seat },
        h("b", {}, seatName(seats, seat)),
        " ",
        h("span", { class: joined ? "joined" : "muted" }, joined ? "joined ✓" : "not here yet"),
        ...linkParts(seat, invites[seat]),
        hosting && !joined ? byName(seat) : "",
      );
    }),
  );
}

window.addEventListener("dicehall:message", (e) => {
  const msg = e.detail;
  if (msg.seats) seats = msg.seats;
  if (msg.type === "welcome") [you, options] = [msg.you || [], msg.table.options];
  if (msg.type === "room") options = { ...msg.options, room: msg.room };
  if (msg.type === "room_link") invites[msg.seat] = msg.link;
  const ended = msg.over && !over;
  if (msg.over) over = true;
  // not on every move: a name being typed must stay
  if (ended || ["welcome", "seats", "room", "room_link"].includes(msg.type)) render();
});
