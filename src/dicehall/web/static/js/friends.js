// The lobby's Friends panel (signed-in players): add a friend by user name, answer requests,
// see which friends are online and at which public table; and the "Friends only" table choice.
// docs/play-together.md, "Friends". Names are shown as text, never as HTML.
import { api } from "/static/js/common.js";
import { h } from "/static/js/svg.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 30000; // the server counts a lobby as online for 90 s after it reads the list

const path = (name) => `/api/friends/${encodeURIComponent(name)}`;

function say(text) {
  $("friend-status").textContent = text;
}

async function act(url, options, done) {
  try {
    await api(url, options);
    say(done);
  } catch (e) {
    say(e.message);
  }
  load();
}

function request(person) {
  return h(
    "li",
    { class: "friend-request" },
    h("span", { class: "friend-name" }, person.name),
    h("span", { class: "friend-actions" },
      h("button", { type: "button", onclick: () => act(`${path(person.name)}/accept`, { method: "POST" }, `${person.name} is your friend now.`) }, "Accept"),
      h("button", { type: "button", class: "secondary", onclick: () => act(`${path(person.name)}/decline`, { method: "POST" }, `Declined ${person.name}'s request.`) }, "Decline"),
    ),
  );
}

function friend(person) {
  const where = person.table
    ? h("span", { class: "friend-where" }, "online · ", h("a", { href: person.table.url }, "at a table: watch"))
    : h("span", { class: "friend-where muted" }, person.online ? "online" : "offline");
  return h(
    "li",
    { class: "friend" + (person.online ? " online" : "") },
    h("span", { class: "friend-dot", "aria-hidden": "true" }),
    h("span", { class: "friend-name" }, person.name),
    where,
    h("button", { type: "button", class: "secondary friend-remove", "aria-label": `Remove ${person.name}`, onclick: () => act(path(person.name), { method: "DELETE" }, `${person.name} is no longer your friend.`) }, "Remove"),
  );
}

function show(list) {
  const incoming = list.incoming.length
    ? [h("h3", {}, "Requests for you"), h("ul", { class: "friend-list" }, list.incoming.map(request))]
    : [];
  const outgoing = list.outgoing.length
    ? [h("p", { class: "muted" }, "Waiting for: ", list.outgoing.map((p) => p.name).join(", "))]
    : [];
  $("friend-requests").replaceChildren(...incoming, ...outgoing);
  $("friend-list").replaceChildren(
    list.friends.length
      ? h("ul", { class: "friend-list" }, list.friends.map(friend))
      : h("p", { class: "muted" }, "No friends yet: add one by their user name."),
  );
}

async function load() {
  try {
    show(await api("/api/friends"));
  } catch (e) {
    say(e.message);
  }
}

async function main() {
  const me = await api("/api/account");
  if (!me.signed_in) return; // friends are for accounts: guests see neither the panel nor the choice
  $("friends").hidden = false;
  $("friends-only-choice").hidden = false;
  $("friend-add").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("friend-name").value.trim();
    if (!name) return;
    api("/api/friends", { method: "POST", body: { name } })
      .then((got) => {
        $("friend-name").value = "";
        say(got.status === "friends" ? `${got.name} is your friend now.` : `Asked ${got.name}; they will see your request in their lobby.`);
      })
      .catch((e) => say(e.message))
      .finally(load);
  });
  load();
  setInterval(load, REFRESH_MS);
}
main();
