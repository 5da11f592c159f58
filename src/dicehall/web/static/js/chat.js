// The table's chat panel (docs/play-together.md, "Chat"): players' and spectators' channels, quick
// phrases, muting a person (this browser only) and reporting a message. Every text is shown with
// textContent, never as HTML. The table page (table.js) passes each server message on as a
// `dicehall:message` event and sends what this panel asks for with a `dicehall:send` event.
import { h } from "/static/js/svg.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const muteKey = `dicehall.chat.muted.${tableId}`;
const hideKey = "dicehall.chat.hideSpectators";
const PHRASES = ["Good luck!", "Nice roll!", "Well played!", "Thanks!", "Oops!"];
const MAX_LINES = 200; // the page keeps the newest lines; the server sends at most its history

let you = [],
  lines = [],
  muted = new Set(JSON.parse(localStorage.getItem(muteKey) || "[]")),
  hideSpectators = localStorage.getItem(hideKey) === "1";
const reported = new Set();

function send(data) {
  window.dispatchEvent(new CustomEvent("dicehall:send", { detail: data }));
}

function say(text) {
  if (text.trim()) send({ type: "chat", text });
}

function mine(line) {
  return line.seat !== null && you.includes(line.seat);
}

function saveMuted() {
  localStorage.setItem(muteKey, JSON.stringify([...muted]));
}

function lineItem(line) {
  const spectator = line.channel === "spectators";
  const item = h("li", { class: spectator ? "chat-line spectator" : "chat-line", "data-id": line.id });
  const who = h("b", { class: "chat-author" }, line.author);
  const text = h("span", { class: "chat-text" });
  text.textContent = line.text; // text, never markup
  item.append(who, spectator ? h("span", { class: "muted" }, " (watching)") : "", ": ", text);
  if (!mine(line)) {
    const mute = h("button", { type: "button", class: "chat-act", title: `Hide ${line.author}'s messages` }, "Mute");
    mute.addEventListener("click", () => {
      muted.add(line.author);
      saveMuted();
      render();
    });
    const flag = h("button", { type: "button", class: "chat-act", title: "Report this message" }, "Report");
    flag.disabled = reported.has(line.id);
    flag.addEventListener("click", () => {
      flag.disabled = true;
      send({ type: "chat_report", message: line.id });
    });
    item.append(" ", mute, flag);
  }
  return item;
}

function render() {
  const list = $("chat-lines");
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  list.replaceChildren(
    ...lines
      .filter((l) => !muted.has(l.author) && !(hideSpectators && you.length && l.channel === "spectators"))
      .map(lineItem),
  );
  if (atEnd) list.scrollTop = list.scrollHeight;
  const mutedList = $("chat-muted");
  mutedList.replaceChildren(
    ...[...muted].map((name) => {
      const undo = h("button", { type: "button", class: "chat-act" }, `Unmute ${name}`);
      undo.addEventListener("click", () => {
        muted.delete(name);
        saveMuted();
        render();
      });
      return undo;
    }),
  );
  mutedList.hidden = muted.size === 0;
}

function add(newLines) {
  const known = new Set(lines.map((l) => l.id));
  lines = [...lines, ...newLines.filter((l) => !known.has(l.id))].sort((a, b) => a.id - b.id).slice(-MAX_LINES);
  render();
}

function receive(msg) {
  if (msg.type === "welcome") {
    you = msg.you;
    $("chat-spectators").hidden = you.length === 0; // spectators always read their own channel
  } else if (msg.type === "chat_history") {
    $("chat-panel").hidden = false;
    add(msg.lines);
  } else if (msg.type === "chat") {
    add([msg.line]);
  } else if (msg.type === "chat_off") {
    $("chat-panel").hidden = true;
    $("chat-panel").dataset.off = msg.message; // why (a hot-seat or private table)
  } else if (msg.type === "chat_reported") {
    reported.add(msg.id);
    render();
  }
}

function setUp() {
  const quick = $("chat-quick");
  quick.replaceChildren(
    ...PHRASES.map((p) => {
      const b = h("button", { type: "button", class: "secondary" }, p);
      b.addEventListener("click", () => say(p));
      return b;
    }),
  );
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("chat-text");
    say(input.value);
    input.value = "";
  });
  const toggle = $("chat-spectators").querySelector("input");
  toggle.checked = !hideSpectators;
  toggle.addEventListener("change", () => {
    hideSpectators = !toggle.checked;
    localStorage.setItem(hideKey, hideSpectators ? "1" : "0");
    render();
  });
  window.addEventListener("dicehall:message", (e) => receive(e.detail));
}

setUp();
