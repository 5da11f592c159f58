// The replay page: step through a finished match (or an uploaded record) frame by frame.
import { api, renderer, resultHtml, seatName } from "/static/js/common.js";
import { h } from "/static/js/svg.js";

const $ = (id) => document.getElementById(id);
let data = null,
  draw = null,
  step = 0;

function show(n) {
  step = Math.max(0, Math.min(data.frames.length - 1, n));
  const frame = data.frames[step];
  $("slider").value = step;
  $("step").textContent = `step ${step} / ${data.frames.length - 1}`;
  $("step-text").textContent = step === 0 ? "Start of the game" : `${frame.who}: ${frame.text}`;
  draw.render($("board"), {
    view: frame.view,
    seat: null,
    legal: [],
    seats: data.seats,
    me: false,
    over: step === data.frames.length - 1,
    act: () => {},
    result: data.result,
  });
  const items = $("log").children;
  for (let i = 0; i < items.length; i++) items[i].style.fontWeight = i === step - 1 ? "800" : "";
  $("result-body").replaceChildren(
    step === data.frames.length - 1 && data.result ? resultHtml(data.result, data.seats, h) : "",
  );
}

async function open(replay) {
  data = replay;
  draw = await renderer(data.game);
  const games = await api("/api/games").catch(() => []);
  const spec = games.find((g) => g.id === data.game);
  $("game-name").textContent = `Replay · ${spec ? spec.name : data.game}`;
  $("controls").hidden = false;
  $("slider").max = data.frames.length - 1;
  $("log").replaceChildren(
    ...data.frames
      .slice(1)
      .map((f, i) =>
        h("li", { onclick: () => show(i + 1), style: "cursor:pointer" }, h("b", {}, `${f.who}: `), f.text),
      ),
  );
  show(data.frames.length - 1);
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

async function main() {
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts.length === 2) {
    const id = decodeURIComponent(parts[1]);
    $("download").href = `/api/tables/${encodeURIComponent(id)}/record`;
    $("download").hidden = false;
    try {
      await open(await api(`/api/tables/${encodeURIComponent(id)}/replay`));
    } catch (e) {
      $("step-text").textContent = e.message;
    }
    return;
  }
  $("upload").hidden = false;
  $("file").addEventListener("change", async () => {
    $("upload-error").textContent = "";
    try {
      const record = JSON.parse(await $("file").files[0].text());
      await open(await api("/api/replays", { method: "POST", body: record }));
    } catch (e) {
      $("upload-error").textContent = e.message;
    }
  });
}
main();
