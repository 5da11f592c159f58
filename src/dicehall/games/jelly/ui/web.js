// Attack of the Jelly Monster: the city's districts with zones, Target markers and entrances,
// the city centre, your own roll behind your screen, and everyone's supplies.
import { named, seatName } from "/static/js/common.js";
import {
  boardWidth,
  clickable,
  dock,
  h,
  pipDie,
  rolled,
  s,
  seatColour,
  shownText,
  svgRoot,
  tumbling,
} from "/static/js/svg.js";

let chosen = null,
  chosenValue = null, // the die value picked in the chosen district, when it has several effects
  chosenBy = null; // a district another seat opened says nothing to the next seat
const PLACE = new Set(["Place", "PlaceRemove", "PlaceMove"]);


function shortName(seats, p) {
  const name = seatName(seats, p).replace(/ \([^)]*\)$/, "");
  return name.length > 14 ? `${name.slice(0, 13)}…` : name;
}

function target(x, y, district) {
  return s(
    "g",
    { "data-target": 1, "data-key": `target-${district}`, "data-travels": 1 }, // from zone to zone
    s("circle", { cx: x, cy: y, r: 10, fill: "#c8413b" }),
    s("circle", { cx: x, cy: y, r: 6.5, fill: "white" }),
    s("circle", { cx: x, cy: y, r: 3, fill: "#c8413b" }),
  );
}

function wrapText(text, max) {
  const words = String(text).split(" "),
    lines = [""];
  for (const w of words) {
    if ((lines.at(-1) + " " + w).trim().length > max) lines.push(w);
    else lines[lines.length - 1] = (lines.at(-1) + " " + w).trim();
  }
  return lines.slice(0, 2);
}

function district(d, i, X, Y, w, seats, moves, picked) {
  const g = s("g", { "data-district": i });
  const hgt = 232,
    locked = d.locked_by !== null;
  g.append(
    s("rect", {
      x: X,
      y: Y,
      width: w,
      height: hgt,
      rx: 14,
      fill: "#fffdf8",
      stroke: picked ? "#e0577e" : moves ? "#7b4fd6" : "#d9c9a6",
      "stroke-width": picked ? 4 : moves ? 3 : 1.5,
      "stroke-dasharray": moves && !picked ? "7 4" : null,
    }),
  );
  g.append(s("circle", { cx: X + 20, cy: Y + 20, r: 13, fill: "#7b4fd6" }));
  g.append(
    s(
      "text",
      { x: X + 20, y: Y + 25, "text-anchor": "middle", "font-size": 14, fill: "white", "font-weight": 800 },
      d.letter,
    ),
  );
  g.append(s("text", { x: X + 40, y: Y + 25, "font-size": 14, "font-weight": 800 }, d.name));
  if (d.beginner)
    g.append(
      s("circle", { cx: X + w - 14, cy: Y + 18, r: 5, fill: "#2f9e6b" }, s("title", {}, "beginner face")),
    );
  d.zone_text.forEach((t, z) => {
    const zy = Y + 40 + z * 40,
      on = d.target === z;
    g.append(
      s("rect", {
        x: X + 8,
        y: zy,
        width: w - 16,
        height: 36,
        rx: 8,
        fill: on ? "#ffe4e0" : "#f4ecdd",
        stroke: on ? "#c8413b" : "none",
      }),
    );
    wrapText(t, Math.floor((w - 50) / 7.2)).forEach((line, k, all) =>
      g.append(
        s("text", { x: X + 16, y: zy + (all.length === 1 ? 23 : 15 + k * 15), "font-size": 13 }, line),
      ),
    );
    if (on) g.append(target(X + w - 22, zy + 18, i));
  });
  // the entrance: dice by owner
  const ey = Y + 166;
  g.append(
    s("rect", { x: X + 8, y: ey, width: w - 16, height: 58, rx: 8, fill: locked ? "#e5dff0" : "#efe3f9" }),
  );
  g.append(
    s(
      "text",
      { x: X + 14, y: ey + 14, "font-size": 13, fill: "#5f5868" },
      locked ? `entrance locked by ${seatName(seats, d.locked_by)}` : "entrance",
    ),
  );
  const dd = Math.min(20, (w - 24) / Math.max(1, d.dice.length) - 2);
  d.dice.forEach(([owner, v], k) => {
    const die = pipDie(X + 12 + k * (dd + 2), ey + 18, dd, v, {
      fill: seatColour(owner),
      pip: "white",
      stroke: "#2d2a32",
    });
    die.setAttribute("data-key", `die-${i}-${k}`); // a die placed on the entrance
    g.append(die);
  });
  const totals = d.totals.map((t, p) => [p, t]).filter(([, t]) => t > 0);
  // each player's dice here, by name without a bot's level ("Bot 2 (random moves)" is "Bot 2");
  // a line longer than the district is drawn narrower to fit it (about 7 units a letter)
  const line = totals.length ? totals.map(([p, t]) => `${shortName(seats, p)} ${t}`).join(" · ") : "no dice yet";
  const fit = line.length * 7 > w - 28 ? { textLength: w - 28, lengthAdjust: "spacingAndGlyphs" } : {};
  g.append(s("text", { x: X + 14, y: ey + 53, "font-size": 13, fill: "#2d2a32", ...fit }, line));
  return g;
}

function screen(x, y, w, roll, mine, still) {
  const g = s("g", { "data-screen": 1 });
  g.append(
    s("path", {
      d: `M${x},${y + 10} l${w / 3},-10 l${w / 3},10 l${w / 3},-10 v70 l-${w / 3},10 l-${w / 3},-10 l-${w / 3},10 Z`,
      fill: "#5a3d8a",
      stroke: "#3e2866",
    }),
  );
  g.append(
    s(
      "text",
      { x: x + 10, y: y + 26, "font-size": 13, fill: "white", "font-weight": 800 },
      mine ? "Behind your screen" : "Screen",
    ),
  );
  const fresh = rolled("jelly-screen", roll, still);
  roll.forEach((v, i) => g.append(tumbling(pipDie(x + 12 + i * 34, y + 36, 28, v, { fill: "white" }), fresh)));
  if (mine && !roll.length)
    g.append(s("text", { x: x + 12, y: y + 58, "font-size": 13, fill: "#f1eaff" }, "no dice rolled"));
  return g;
}

export function render(root, ctx) {
  const { view, legal, seats } = ctx;
  const byDistrict = new Map();
  for (const m of legal)
    if (PLACE.has(m.action.type)) {
      if (!byDistrict.has(m.action.district)) byDistrict.set(m.action.district, []);
      byDistrict.get(m.action.district).push(m);
    }
  // everyone plays at once: keep the chosen district while it still takes a die
  if (ctx.seat !== chosenBy) [chosen, chosenBy] = [null, ctx.seat];
  if (!byDistrict.has(chosen)) chosen = null;
  if (chosen === null || !byDistrict.get(chosen).some((m) => m.action.value === chosenValue)) chosenValue = null;
  const n = view.districts.length,
    W = boardWidth(root),
    narrow = W < 700,
    perRow = narrow ? 1 : Math.ceil(n / 2),
    w = (W - 20 - (perRow - 1) * 10) / perRow,
    rows = Math.ceil(n / perRow);
  const by = rows * 242 + 14;
  const svg = svgRoot(W, by + 110, "Jelly Monster city");
  view.districts.forEach((d, i) => {
    const X = 10 + (i % perRow) * (w + 10),
      Y = 10 + Math.floor(i / perRow) * 242;
    const moves = byDistrict.get(i),
      node = district(d, i, X, Y, w, seats, moves, chosen === i);
    if (moves)
      svg.append(
        clickable(
          {
            "data-twin": narrow ? `district-${i}` : null,
            // the name starts with the text shown (WCAG label-in-name), then says what it means
            "aria-label": `${shownText(node)}: district ${d.letter} ${d.name}; Target on zone ${d.target + 1}: ${d.zone_text[d.target]}`,
            "data-district": i,
          },
          () => {
            chosen = i;
            render(root, ctx);
          },
          node,
        ),
      );
    else svg.append(node);
  });
  // the city centre and this seat's screen (stacked on a phone)
  const cw = narrow ? W - 20 : 220;
  svg.append(s("rect", { x: 10, y: by, width: cw, height: 96, rx: 48, fill: "#fbe3ea", stroke: "#e0577e" }));
  svg.append(
    s(
      "text",
      { x: 10 + cw / 2, y: by + 28, "text-anchor": "middle", "font-size": 13, "font-weight": 800, fill: "#a61e4d" },
      "City centre: dice by player",
    ),
  );
  const cx0 = 10 + cw / 2 - (view.table.length * 34) / 2;
  view.table.forEach((p, k) =>
    svg.append(
      s(
        "g",
        {},
        s("rect", { x: cx0 + k * 34, y: by + 42, width: 26, height: 26, rx: 6, fill: seatColour(p.seat) }),
        s(
          "text",
          { x: cx0 + k * 34 + 13, y: by + 60, "text-anchor": "middle", "font-size": 13, "font-weight": 800, fill: "white" },
          p.centre,
        ),
        s("title", {}, `${seatName(seats, p.seat)}: ${p.centre} in the centre`),
      ),
    ),
  );
  const mine = view.seat !== null && view.seat !== undefined;
  // the player's own roll is in the action area, with the choices it leads to
  const controls = [];
  if (mine) controls.push(rollStrip(view.roll || [], W, ctx.still));
  const extra = [];
  extra.push(
    h(
      "p",
      { class: "round-line" },
      h("b", {}, `Round ${Math.min(view.round, view.rounds)} of ${view.rounds}`),
      view.timer.flipped_by !== null ? ` · sand timer flipped by ${seatName(seats, view.timer.flipped_by)}` : "",
      ` · Jelly-pods left: ${view.pod_stack}`,
    ),
    h(
      "ul",
      { class: "player-strip" },
      view.table.map((p) =>
        h(
          "li",
          {
            class: p.seat === view.seat ? "current" : "",
            style: `border-color:${seatColour(p.seat)}`,
            "data-key": `player-${p.seat}`, // Jelly, pods and dice: marked when a move changes them
          },
          h("span", { class: "swatch", style: `background:${seatColour(p.seat)};border-color:${seatColour(p.seat)}` }),
          h("b", {}, seatName(seats, p.seat)),
          ` · Jelly ${p.jelly} · pods ${p.pods} · dice ${p.unplaced}${p.rolled ? " (rolled)" : ""}${p.done ? " · done" : ""}`,
        ),
      ),
    ),
  );
  if (narrow && byDistrict.size) controls.push(districtButtons(root, ctx, byDistrict));
  if (chosen !== null && byDistrict.get(chosen)) controls.push(choices(root, ctx, byDistrict.get(chosen), narrow));
  else if (byDistrict.size && !narrow)
    controls.push(h("p", { class: "muted dock-line" }, "Tap a highlighted district to place a die there."));
  extra.push(rewardsList(view));
  dock(root, ctx, [svg, ...extra], controls);
  return { handled: [...PLACE] };
}

// On a phone the districts stack far down the page: the ones that take a die now are also
// buttons in the action area (the same choice as tapping the district on the board).
function districtButtons(root, ctx, byDistrict) {
  const { view } = ctx;
  return h(
    "div",
    { class: `dock-buttons districts${chosen === null ? "" : " letters"}`, role: "group", "aria-label": "Districts you can place in" },
    [...byDistrict.keys()].sort((a, b) => a - b).map((i) =>
      h(
        "button",
        {
          type: "button",
          class: i === chosen ? "" : "secondary",
          "data-district": i,
          "data-twin": `district-${i}`,
          "aria-pressed": String(i === chosen),
          onclick: () => {
            chosen = i;
            render(root, ctx);
          },
        },
        // once one is open its choices need the room: letters only
        chosen === null ? `${view.districts[i].letter} ${view.districts[i].name}` : view.districts[i].letter,
        chosen === null ? null : h("span", { class: "sr-only" }, ` ${view.districts[i].name}`),
      ),
    ),
  );
}

// The chosen district's moves: a button per die value; a value with several effects (sending a
// die to the city centre, moving the Target) opens its variants, with Back to choose again.
function choices(root, ctx, moves, narrow) {
  const { view, seats } = ctx,
    d = view.districts[chosen];
  const full = (m) => (narrow ? shortChoice(named(m.text, seats), d.letter) : named(m.text, seats));
  const byValue = new Map();
  for (const m of moves) byValue.set(m.action.value, [...(byValue.get(m.action.value) || []), m]);
  const pickValue = (v) => () => {
    chosenValue = v;
    render(root, ctx);
  };
  const buttons =
    chosenValue === null
      ? [...byValue]
          .sort((a, b) => a[0] - b[0])
          .map(([v, ms]) =>
            ms.length === 1
              ? h("button", { type: "button", class: "secondary", onclick: () => ctx.act(ms[0]) }, full(ms[0]))
              : h("button", { type: "button", class: "secondary", "aria-haspopup": "true", "data-value": v, onclick: pickValue(v) }, `place ${v} …`),
          )
      : [
          ...byValue.get(chosenValue).map((m) => h("button", { type: "button", class: "secondary", onclick: () => ctx.act(m) }, full(m))),
          h("button", { type: "button", class: "secondary", id: "jelly-back", onclick: pickValue(null) }, "Back"),
        ];
  return h(
    "div",
    { id: "jelly-choices", class: "dock-choices" },
    h("b", {}, `District ${d.letter} ${d.name}${chosenValue === null ? "" : `, a ${chosenValue}`}: `),
    buttons,
  );
}

function shortChoice(text, letter) {
  const short = text.replace(` on ${letter}`, "");
  return short === text ? text : [short, h("span", { class: "sr-only" }, ` (${text})`)];
}

// The player's own roll, behind their screen, in the action area.
function rollStrip(roll, W, still) {
  const d = Math.min(30, (W - 170) / Math.max(1, roll.length) - 5),
    label = "Behind your screen:";
  const svg = svgRoot(W, 38, `${label} ${roll.length ? roll.join(", ") : "no dice rolled"}`);
  svg.classList.add("dock-dice");
  svg.append(s("rect", { x: 0, y: 0, width: W, height: 38, rx: 10, fill: "#5a3d8a" }));
  svg.append(s("text", { x: 10, y: 24, "font-size": 13, fill: "white", "font-weight": 800 }, label));
  const fresh = rolled("jelly-screen", roll, still);
  roll.forEach((v, i) => svg.append(tumbling(pipDie(165 + i * (d + 5), 19 - d / 2, d, v, { fill: "white" }), fresh)));
  if (!roll.length) svg.append(s("text", { x: 165, y: 24, "font-size": 13, fill: "#f1eaff" }, "no dice rolled"));
  return svg;
}

// Every district's zones in full (the drawing may shorten them), opened by tap or keyboard.
function rewardsList(view) {
  return h(
    "details",
    { class: "rewards" },
    h("summary", {}, "What each district rewards (zone 1 is nearest the entrance)"),
    h(
      "ul",
      {},
      view.districts.map((d) =>
        h(
          "li",
          {},
          h("b", {}, `${d.letter} ${d.name}: `),
          d.zone_text.map((z, i) => `zone ${i + 1}: ${z}${i === d.target ? " (Target)" : ""}`).join(" · "),
        ),
      ),
    ),
  );
}

