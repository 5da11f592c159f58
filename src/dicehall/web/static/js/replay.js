// The replay page: step through a finished match (or an uploaded record) frame by frame.
// The server sends the start view once and a delta per step (web/records/replay_build.py).
import { api, fitLogNumbers, named, renderer, resultHtml, seatName } from "/static/js/common.js";
import { ViewCache } from "/static/js/delta.js";
import { load as loadReview } from "/static/js/review.js";
import { h } from "/static/js/svg.js";

const $ = (id) => document.getElementById(id);
let data = null,
  why = new Map(),
  views = null,
  draw = null,
  step = 0;

const who = (seat) => seatName(data.seats, seat);

function show(n) {
  const last = data.frames.length;
  step = Math.max(0, Math.min(last, n));
  $("slider").value = step;
  $("step").textContent = `step ${step} / ${last}`;
  const frame = data.frames[step - 1];
  $("step-text").textContent = step === 0 ? "Start of the game" : `${who(frame[0])}: ${named(frame[1], data.seats)}`;
  $("step-why").replaceChildren(...(why.get(step) || []).map((l) => h("li", { class: "explain" }, named(l, data.seats))));
  draw.render($("board"), {
    view: views.at(step),
    seat: null,
    legal: [],
    seats: data.seats,
    me: false,
    over: step === last,
    act: () => {},
    result: data.result,
    still: true, // stepping through a record: no dice tumble
  });
  const items = $("log").children;
  for (let i = 0; i < items.length; i++) {
    items[i].classList.toggle("current", i === step - 1);
    if (i === step - 1) items[i].setAttribute("aria-current", "step");
    else items[i].removeAttribute("aria-current");
  }
  const log = $("log"),
    item = items[step - 1];
  if (item) log.scrollTop = item.offsetTop - log.clientHeight / 2; // the current step in view
  $("result-body").replaceChildren(
    step === last && data.result ? resultHtml(data.result, data.seats, h) : "",
  );
}

// Where an uploaded record comes from, as far as the server could check.
function provenanceText(p) {
  if (!p || p.source !== "upload") return "";
  const signed = {
    ours: "Signed by this server: names, seats and dates are as it recorded them.",
    foreign: "Signed by another server, whose signature cannot be checked here: names, seats and dates are unverified.",
    unsigned: "Unsigned record: names, seat kinds, bot labels and dates are as the uploader wrote them.",
  }[p.signature];
  const dice =
    p.dice === "verified"
      ? "Every chance outcome was checked against the record's seed."
      : "Dice not verifiable: the record has no seed, so its rolls are as written.";
  const bots = p.bots_not_rerun.map(([s, level]) => `${who(s)} (${level})`).join(", ");
  return [signed, dice, bots ? `Moves of searching bots not re-run: ${bots}.` : ""].join(" ").trim();
}

async function open(replay) {
  data = replay;
  views = new ViewCache(data.start, data.frames);
  draw = await renderer(data.game);
  const note = provenanceText(data.provenance);
  $("provenance").textContent = note;
  $("provenance").hidden = !note;
  $("provenance").className = data.provenance.signature === "ours" ? "muted" : "warning";
  const games = await api("/api/games").catch(() => []);
  const spec = games.find((g) => g.id === data.game);
  $("game-name").textContent = `Replay · ${spec ? spec.name : data.game}`;
  $("controls").hidden = false;
  $("slider").max = data.frames.length;
  why = new Map((data.explain || []).map(([step, lines]) => [step, lines]));
  $("log").replaceChildren(
    ...data.frames.map((f, i) =>
      h(
        "li",
        { onclick: () => show(i + 1), style: "cursor:pointer" },
        h("b", {}, `${who(f[0])}: `),
        named(f[1], data.seats),
        ...(why.get(i + 1) || []).map((line) => h("span", { class: "explain" }, named(line, data.seats))),
      ),
    ),
  );
  fitLogNumbers($("log"));
  show(data.frames.length);
}

$("first").onclick = () => show(0);
$("back").onclick = () => show(step - 1);
$("fwd").onclick = () => show(step + 1);
$("last").onclick = () => show(Infinity);
$("slider").oninput = (e) => show(Number(e.target.value));
document.addEventListener("keydown", (e) => {
  if (!data || (e.target.tagName === "INPUT" && e.target.type !== "range")) return;
  if (e.key === "ArrowLeft") {
    e.preventDefault();
    show(step - 1);
  }
  if (e.key === "ArrowRight") {
    e.preventDefault();
    show(step + 1);
  }
  if (e.key === "Home") show(0);
  if (e.key === "End") show(Infinity);
});

// The Review tab: the review of this table, or of the uploaded record, made on request.
let reviewSource = null;
function offerReview(source) {
  reviewSource = source;
  $("review").replaceChildren();
  $("review-start").hidden = false;
  $("review-panel").hidden = false;
}
$("review-start").addEventListener("click", async () => {
  $("review-start").hidden = true;
  try {
    await loadReview(reviewSource, $("review"), data.seats, (n) => show(n));
  } catch (e) {
    $("review").textContent = e.message;
    $("review-start").hidden = false;
  }
});

async function main() {
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts.length === 2) {
    const id = decodeURIComponent(parts[1]);
    $("download").href = `/api/tables/${encodeURIComponent(id)}/record`;
    $("download").hidden = false;
    try {
      await open(await api(`/api/tables/${encodeURIComponent(id)}/replay`));
      offerReview({ tableId: id });
    } catch (e) {
      $("step-text").textContent = e.message;
    }
    return;
  }
  $("upload").hidden = false;
  $("file").addEventListener("change", async () => {
    $("upload-error").textContent = "";
    $("review-panel").hidden = true; // until this record is open (and if it is finished)
    try {
      // sent as the file's own text: JSON.parse would round its 62-bit seed
      const record = await $("file").files[0].text();
      try {
        JSON.parse(record);
      } catch {
        throw new Error("That file is not a dicehall record: it is not JSON text.");
      }
      await open(await api("/api/replays", { method: "POST", body: record }));
      if (data.result) offerReview({ record }); // a review is of a finished match only
    } catch (e) {
      $("upload-error").textContent = e.message;
    }
  });
}
main();
