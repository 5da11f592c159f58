// Puru Puru Paradice: every jelly's three tracks, the six dice with their faces, keep/reroll
// selection, and who receives the majority.
import { named, seatName } from "/static/js/common.js";
import {
  boardWidth,
  clickable,
  dock,
  h,
  infoBadge,
  infoLine,
  rolled,
  s,
  seatColour,
  svgRoot,
  tumbling,
} from "/static/js/svg.js";

const FACE_BG = { heart: "#ffd3de", star: "#fff0b0", crying: "#d4e9ff", angry: "#ffd2c4" };
const FACE_INK = { heart: "#d6336c", star: "#e0a100", crying: "#2f7fd0", angry: "#c8413b" };
const TRACKS = [
  ["love", "Love", "#e0577e"],
  ["excitement", "Excitement", "#e9a800"],
  ["jelly", "Jelly", "#3aa6b9"],
];
const POWERS = {
  puru_puru: "when a neighbour gains 3+ Love or Excitement from another's roll, copy 1 of it",
  space_jelly: "6 of a kind or a 3-3 split: roll again with one die fewer",
  jelly_fish: "make a neighbour drip: gain 2 Love or 2 Excitement",
  fruit_jelly: "5 or 6 of a kind: may keep the majority",
  grass_jelly: "dripping 2+ in one roll: ignore 1 drip and gain 1 instead",
  rainbow_jelly: "all 4 faces: +1 Love, +1 Excitement, +1 Jelly",
};
let picked = new Set(),
  pickedAt = -1;

function heart(x, y, r, fill) {
  return s("path", {
    d: `M${x},${y + r * 0.9} C${x - r * 1.6},${y - r * 0.2} ${x - r * 0.6},${y - r * 1.3} ${x},${y - r * 0.4} C${x + r * 0.6},${y - r * 1.3} ${x + r * 1.6},${y - r * 0.2} ${x},${y + r * 0.9}Z`,
    fill,
  });
}
function star(x, y, r, fill) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5,
      rr = i % 2 ? r * 0.45 : r;
    pts.push(`${x + rr * Math.cos(a)},${y + rr * Math.sin(a)}`);
  }
  return s("polygon", { points: pts.join(" "), fill });
}

// One die showing a jelly face: eyes tell the face (hearts, stars, tears, angry brows).
export function face(x, y, d, name, extra = {}) {
  const ink = FACE_INK[name] || "#555",
    g = s("g", { transform: `translate(${x},${y})`, ...extra });
  g.append(
    s("rect", {
      width: d,
      height: d,
      rx: d * 0.22,
      fill: FACE_BG[name] || "#eee",
      stroke: ink,
      "stroke-width": 2.5,
    }),
  );
  const ex = [d * 0.32, d * 0.68],
    ey = d * 0.4,
    r = d * 0.12;
  for (const cx of ex) {
    if (name === "heart") g.append(heart(cx, ey, r, ink));
    else if (name === "star") g.append(star(cx, ey, r * 1.2, ink));
    else g.append(s("circle", { cx, cy: ey, r: r * 0.55, fill: "#2d2a32" }));
  }
  if (name === "crying")
    g.append(
      s("path", {
        d: `M${ex[0]},${ey + r} q-${r * 0.6},${r * 1.4} 0,${r * 1.8} q${r * 0.6},-${r * 0.4} 0,-${r * 1.8}Z`,
        fill: "#5fb3ff",
      }),
    );
  if (name === "angry")
    for (const [cx, dir] of [
      [ex[0], 1],
      [ex[1], -1],
    ])
      g.append(
        s("line", {
          x1: cx - r * dir,
          y1: ey - r * 1.5,
          x2: cx + r * dir,
          y2: ey - r * 0.7,
          stroke: "#2d2a32",
          "stroke-width": 3,
          "stroke-linecap": "round",
        }),
      );
  const sad = name === "crying" || name === "angry";
  g.append(
    s("path", {
      d: sad
        ? `M${d * 0.36},${d * 0.78} q${d * 0.14},-${d * 0.12} ${d * 0.28},0`
        : `M${d * 0.36},${d * 0.7} q${d * 0.14},${d * 0.14} ${d * 0.28},0`,
      fill: "none",
      stroke: "#2d2a32",
      "stroke-width": 2.5,
      "stroke-linecap": "round",
    }),
  );
  g.append(s("title", {}, name));
  return g;
}

function track(x, y, w, key, labelText, colour, value, seat) {
  const g = s("g", { transform: `translate(${x},${y})` });
  g.append(s("text", { x: 0, y: 12, "font-size": 13, fill: "#555" }, labelText));
  const bx = 78,
    bw = w - bx - 30;
  g.append(s("rect", { x: bx, y: 0, width: bw, height: 14, rx: 7, fill: "#efe6d6" }));
  g.append(
    s("rect", {
      x: bx,
      y: 0,
      width: (bw * Math.max(0, Math.min(20, value))) / 20,
      height: 14,
      rx: 7,
      fill: colour,
      "data-key": `bar-${seat}-${key}`, // the bar grows or shrinks as a move changes it
    }),
  );
  for (let t = 5; t < 20; t += 5)
    g.append(
      s("line", {
        x1: bx + (bw * t) / 20,
        x2: bx + (bw * t) / 20,
        y1: 2,
        y2: 12,
        stroke: "white",
        "stroke-width": 1.5,
      }),
    );
  g.append(
    s(
      "text",
      {
        x: w - 4,
        y: 12,
        "text-anchor": "end",
        "font-size": 14,
        "font-weight": 800,
        fill: colour,
        "data-track": key,
        "data-key": `value-${seat}-${key}`,
      },
      value,
    ),
  );
  return g;
}

function playerCard(p, x, y, w, view, receivers, seats) {
  const roller = view.roller === p.seat && view.phase !== "over";
  const colour = seatColour(p.seat);
  const name = p.auto ? "AutoPuray" : seatName(seats, p.seat);
  const g = s("g", { transform: `translate(${x},${y})`, "data-seat": p.seat });
  g.append(
    s("rect", {
      width: w,
      height: 132,
      rx: 14,
      fill: "white",
      stroke: roller ? colour : "#e3d9c6",
      "stroke-width": roller ? 4 : 1.5,
    }),
  );
  g.append(s("circle", { cx: 18, cy: 20, r: 8, fill: colour }));
  g.append(s("text", { x: 32, y: 25, "font-size": 15, "font-weight": 800 }, name));
  if (p.character_name) {
    const label = s(
      "text",
      { x: 32, y: 44, "font-size": 13, fill: "#5f5868", "data-power": p.character },
      p.character_name,
    );
    g.append(label);
    g.append(infoBadge(40 + 7.5 * p.character_name.length, 40, POWERS[p.character] || "", p.character_name));
  }
  if (roller)
    g.append(
      s(
        "text",
        { x: w - 10, y: 25, "text-anchor": "end", "font-size": 13, fill: colour, "font-weight": 800 },
        "ROLLING",
      ),
    );
  if (receivers.includes(p.seat))
    g.append(
      s(
        "text",
        { x: w - 10, y: 44, "text-anchor": "end", "font-size": 13, fill: "#c8413b", "font-weight": 800 },
        "⇐ majority",
      ),
    );
  TRACKS.forEach(([key, text, c], i) =>
    g.append(
      track(12, 58 + i * 24, w - 24, key, text, key === "jelly" && p.jelly <= 5 ? "#c8413b" : c, p[key], p.seat),
    ),
  );
  return g;
}

const sign = (n) => (n > 0 ? `+${n}` : `${n}`);

// What the last resolved roll did, in players' words: the dice, then each player's gains and
// drips (docs/rules/puru.md, "A turn").
function lastRollLines(view, nm, seats) {
  const last = view.last,
    out = [];
  const dice = Object.entries(last.dice)
    .filter(([, c]) => c)
    .map(([f, c]) => `${c} ${f}`)
    .join(", ");
  const majority = last.majority
    ? `; majority ${last.majority} ${last.kept ? "kept" : `to ${last.receivers.map(nm).join(" & ")}`}`
    : "";
  out.push(`Last roll (${nm(last.roller)}): ${dice}${majority}.`);
  view.players.forEach((_, p) => {
    const parts = [];
    if (last.love[p]) parts.push(`${sign(last.love[p])} Love`);
    if (last.excitement[p]) parts.push(`${sign(last.excitement[p])} Excitement`);
    if (last.jelly[p]) parts.push(`${sign(last.jelly[p])} Jelly${last.jelly[p] < 0 ? " (drips)" : ""}`);
    if (parts.length) out.push(`${nm(p)}: ${parts.join(", ")}`);
  });
  for (const e of last.events || []) out.push(named(e, seats));
  return out;
}

function receiversOf(view) {
  if (!view.majority || view.phase !== "choose") return [];
  const me = view.players[view.roller];
  return me ? me.neighbours : [];
}

function legalReroll(legal, counts) {
  return legal.find(
    (m) =>
      m.action.type === "Reroll" &&
      ["heart", "star", "crying", "angry"].every((f) => m.action[f] === counts[f]),
  );
}

export function render(root, ctx) {
  const { view, legal, seats } = ctx;
  if (pickedAt !== ctx.version) {
    picked = new Set();
    pickedAt = ctx.version;
  }
  const n = view.players.length,
    W = boardWidth(root),
    narrow = W < 700,
    perRow = narrow ? 1 : n > 3 ? Math.ceil(n / 2) : n;
  const cardW = Math.min(360, (W - 20 - (perRow - 1) * 12) / perRow),
    rowsH = Math.ceil(n / perRow) * 144;
  const receivers = receiversOf(view);
  const nm = (i) => (view.players[i].auto ? "AutoPuray" : seatName(seats, i));
  const svg = svgRoot(W, 20 + rowsH, "Puru Puru table");
  view.players.forEach((p, i) =>
    svg.append(
      playerCard(
        p,
        10 + (i % perRow) * (cardW + 12),
        10 + Math.floor(i / perRow) * 144,
        cardW,
        view,
        receivers,
        seats,
      ),
    ),
  );
  const canPick = legal.some((m) => m.action.type === "Reroll");
  // what the dice mean now (in the action area), and what the last roll did (on the board)
  const now = [];
  if (view.majority)
    now.push(
      `Majority: ${view.majority.count} × ${view.majority.face}` +
        (receivers.length ? ` → goes to ${receivers.map(nm).join(" & ")}` : ""),
    );
  else if (view.faces.length && view.phase === "choose") now.push("No majority: the roller keeps every die.");
  if (view.phase === "choose")
    now.push(`Rerolls left: ${view.rerolls_left}${view.next_reroll_cost ? " (the next one costs 1 Jelly)" : ""}`);
  const notes = view.last ? lastRollLines(view, nm, seats) : [];
  dock(
    root,
    ctx,
    [svg, h("ul", { class: "board-notes", id: "puru-notes" }, notes.map((l) => h("li", {}, l))), infoLine()],
    [
      tray(root, ctx, W, narrow, canPick),
      h("ul", { class: "board-notes", id: "puru-now" }, now.map((l) => h("li", {}, l))),
      h("div", { class: "board-controls" }, controls(root, ctx, canPick)),
    ],
  );
  return { handled: ["Reroll", "Resolve"] };
}


// The dice tray: this roll's dice; the roller marks the ones to reroll (a mark undoes by
// another tap; nothing is sent before the Reroll button).
function tray(root, ctx, W, narrow, canPick) {
  const { view } = ctx;
  const gap = narrow ? 8 : 14,
    d = Math.min(56, (W - 40 - gap * 5) / 6),
    trayW = Math.max(1, view.faces.length) * (d + gap) - gap,
    tx = (W - trayW) / 2,
    ty = 14;
  const svg = svgRoot(W, d + 36, "Dice");
  svg.classList.add("dock-dice");
  const fresh = rolled("puru", view.faces, ctx.still);
  view.faces.forEach((name, i) => {
    const up = picked.has(i),
      dy = up ? -10 : 0;
    const die = face(tx + i * (d + gap), ty + dy, d, name, {
      "data-face": name,
      "data-die": i,
      opacity: up ? 0.75 : 1,
    });
    if (up)
      die.append(
        s(
          "text",
          { x: d / 2, y: d + 18, "text-anchor": "middle", "font-size": 13, fill: "#5b35b0", "font-weight": 800 },
          "reroll",
        ),
      );
    if (canPick)
      svg.append(
        clickable(
          {
            "aria-label": `${name} die ${i + 1}${up ? ", marked to reroll" : ""}`,
            "aria-pressed": String(up),
            "data-die": i,
          },
          () => {
            if (picked.has(i)) picked.delete(i);
            else picked.add(i);
            render(root, ctx);
            const again = root.ownerDocument.querySelector(`g.clickable[data-die="${i}"]`);
            if (again) again.focus({ preventScroll: true }); // the keyboard stays on the dice
          },
          tumbling(die, fresh),
        ),
      );
    else svg.append(tumbling(die, fresh));
  });
  if (!view.faces.length)
    svg.append(
      s(
        "text",
        { x: W / 2, y: ty + d / 2, "text-anchor": "middle", fill: "#5f5868" },
        view.rolling ? `rolling ${view.rolling} dice…` : "waiting for the roll",
      ),
    );
  return svg;
}

// The roller's buttons: reroll the marked dice (the preview says how many and the cost), clear
// the marks, or resolve.
function controls(root, ctx, canPick) {
  const { view, legal } = ctx;
  const out = [];
  const resolve = legal.find((m) => m.action.type === "Resolve");
  if (!canPick && !resolve) return out;
  const counts = { heart: 0, star: 0, crying: 0, angry: 0 };
  for (const i of picked) counts[view.faces[i]] += 1;
  const move = picked.size ? legalReroll(legal, counts) : null;
  const cost = view.next_reroll_cost ? " (costs 1 Jelly)" : " (free)";
  if (canPick)
    out.push(
      h(
        "button",
        { type: "button", id: "puru-reroll", disabled: !move, onclick: () => move && ctx.act(move) },
        picked.size
          ? `Reroll ${picked.size} ${picked.size === 1 ? "die" : "dice"}${cost}`
          : "Tap dice to reroll",
      ),
    );
  if (picked.size)
    out.push(
      h(
        "button",
        {
          type: "button",
          id: "puru-clear",
          class: "secondary",
          onclick: () => {
            picked = new Set();
            render(root, ctx);
          },
        },
        "Clear marks",
      ),
    );
  if (resolve)
    out.push(
      h("button", { type: "button", id: "puru-resolve", class: "secondary", onclick: () => ctx.act(resolve) }, "Resolve the dice"),
    );
  return out;
}
