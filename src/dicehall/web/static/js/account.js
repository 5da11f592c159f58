// The account page, and the "signed in as" corner every account page shows.
import { api } from "/static/js/common.js";

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) el.append(c);
  return el;
}

export const $ = (id) => document.getElementById(id);

export async function whoami() {
  const me = await api("/api/account");
  const corner = $("whoami");
  if (corner) {
    corner.replaceChildren(
      me.signed_in
        ? h("a", { class: "account-link", href: `/players/${encodeURIComponent(me.name)}` }, me.name)
        : h("a", { class: "account-link", href: "/account" }, "Sign in"),
    );
  }
  return me;
}

export function gameName(games, id) {
  const g = games.find((x) => x.id === id);
  return g ? g.name : id;
}

async function showAttested(me) {
  const [catalogue, profile] = await Promise.all([
    api("/api/achievements"),
    api(`/api/players/${encodeURIComponent(me.name)}`),
  ]);
  const held = new Set(profile.achievements.map((a) => `${a.game}/${a.key}`));
  const boxes = [];
  for (const [game, list] of Object.entries(catalogue)) {
    for (const a of list.filter((x) => x.how === "attested")) {
      const box = h("input", { type: "checkbox", checked: held.has(`${game}/${a.key}`) });
      box.addEventListener("change", async () => {
        box.disabled = true;
        try {
          await api("/api/account/achievements", {
            method: "POST",
            body: { game, key: a.key, held: box.checked },
          });
        } catch (e) {
          box.checked = !box.checked;
          alert(e.message);
        }
        box.disabled = false;
      });
      boxes.push(h("label", {}, box, `${a.text} (${game})`));
    }
  }
  $("attested").replaceChildren(h("div", { class: "stack" }, boxes));
}

function formHandler(id, path, after) {
  const form = $(id);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const data = Object.fromEntries(new FormData(form));
    $(`${id}-error`).textContent = "";
    try {
      await api(path, { method: "POST", body: data });
      after();
    } catch (e) {
      $(`${id}-error`).textContent = e.message;
    }
  });
}

// The account's sessions, each with its own sign-out (this device's signs out here too).
async function showSessions() {
  const { sessions } = await api("/api/account/sessions");
  const when = (t) => new Date(t).toLocaleString();
  $("sessions").replaceChildren(
    ...sessions.map((s) =>
      h(
        "li",
        { class: "row" },
        `Signed in ${when(s.created)}${s.current ? " (this device)" : ""}, ends ${when(s.expires)} `,
        h(
          "button",
          {
            type: "button",
            class: "secondary",
            onclick: async () => {
              await api(`/api/account/sessions/${s.id}/signout`, { method: "POST" });
              if (s.current) location.reload();
              else showSessions();
            },
          },
          "Sign out",
        ),
      ),
    ),
  );
}

async function accountPage() {
  const me = await whoami();
  $("signed-in").hidden = !me.signed_in;
  $("signed-out").hidden = me.signed_in;
  if (me.signed_in) {
    $("me").textContent = me.name;
    $("profile-link").href = `/players/${encodeURIComponent(me.name)}`;
    await showAttested(me);
    await showSessions();
  }
}

// Where to go after signing in: `?next=` only when the URL API resolves it on this origin
// (a prefix check passed `/\evil.example` and `/%09/evil.example`, which browsers read as
// `//evil.example`); the resolved absolute URL is followed, never the raw text.
function sameOriginNext() {
  const next = new URLSearchParams(location.search).get("next");
  if (!next) return null;
  try {
    const url = new URL(next, location.origin);
    return url.origin === location.origin && url.protocol === location.protocol ? url.href : null;
  } catch {
    return null;
  }
}

if ($("signin")) {
  const back = () => {
    const next = sameOriginNext();
    if (next) location.href = next;
    else accountPage();
  };
  formHandler("signin", "/api/account/signin", back);
  formHandler("signup", "/api/account/signup", back);
  formHandler("delete", "/api/account/delete", () => accountPage());
  formHandler("password", "/api/account/password", () => {
    $("password").reset();
    showSessions();
  });
  $("signout-everywhere").addEventListener("click", async () => {
    await api("/api/account/signout-everywhere", { method: "POST" });
    location.reload();
  });
  $("signout").addEventListener("click", async () => {
    await api("/api/account/signout", { method: "POST" });
    accountPage();
  });
  accountPage();
}
