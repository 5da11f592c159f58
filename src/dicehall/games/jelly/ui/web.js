// Attack of the Jelly Monster: the city's districts with zones, Target markers and entrances,
// the city centre, your own roll behind your screen, and everyone's supplies.
import { clickable, h, pipDie, s, seatColour, svgRoot } from "/static/js/svg.js";

let chosen = null,
  chosenBy = null; // a district another seat opened says nothing to the next seat
const PLACE = new Set(["Place", "PlaceRemove", "PlaceMove"]);
const nameOf = (seats, p) => (seats && seats[p] && seats[p].name) || `Seat ${p + 1}`;

function target(x, y) {
  return s(
    "g",
    { "data-target": 1 },
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
    wrapText(t, Math.floor((w - 50) / 7)).forEach((line, k, all) =>
      g.append(
        s("text", { x: X + 16, y: zy + (all.length === 1 ? 23 : 15 + k * 14), "font-size": 12 }, line),
      ),
    );
    if (on) g.append(target(X + w - 22, zy + 18));
  });
  // the entrance: dice by owner
  const ey = Y + 166;
  g.append(
    s("rect", { x: X + 8, y: ey, width: w - 16, height: 58, rx: 8, fill: locked ? "#e5dff0" : "#efe3f9" }),
  );
  g.append(
    s(
      "text",
      { x: X + 14, y: ey + 13, "font-size": 10, fill: "#746d7c" },
      locked ? `entrance locked by ${nameOf(seats, d.locked_by)}` : "entrance",
    ),
  );
  const dd = Math.min(20, (w - 24) / Math.max(1, d.dice.length) - 2);
  d.dice.forEach(([owner, v], k) =>
    g.append(
      pipDie(X + 12 + k * (dd + 2), ey + 18, dd, v, {
        fill: seatColour(owner),
        pip: "white",
        stroke: "#2d2a32",
      }),
    ),
  );
  const totals = d.totals.map((t, p) => [p, t]).filter(([, t]) => t > 0);
  g.append(
    s(
      "text",
      { x: X + 14, y: ey + 52, "font-size": 11, fill: "#2d2a32" },
      totals.length ? totals.map(([p, t]) => `${nameOf(seats, p)} ${t}`).join(" · ") : "no dice yet",
    ),
  );
  return g;
}

function screen(x, y, w, roll, mine) {
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
      { x: x + 10, y: y + 26, "font-size": 12, fill: "white", "font-weight": 800 },
      mine ? "Behind your screen" : "Screen",
    ),
  );
  roll.forEach((v, i) => g.append(pipDie(x + 12 + i * 34, y + 36, 28, v, { fill: "white" })));
  if (mine && !roll.length)
    g.append(s("text", { x: x + 12, y: y + 58, "font-size": 12, fill: "#e8dcff" }, "no dice rolled"));
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
  const n = view.districts.length,
    perRow = Math.ceil(n / 2),
    W = 940,
    w = (W - 20 - (perRow - 1) * 10) / perRow;
  const svg = svgRoot(W, 2 * 242 + 250, "Jelly Monster city");
  view.districts.forEach((d, i) => {
    const X = 10 + (i % perRow) * (w + 10),
      Y = 10 + Math.floor(i / perRow) * 242;
    const moves = byDistrict.get(i),
      node = district(d, i, X, Y, w, seats, moves, chosen === i);
    if (moves)
      svg.append(
        clickable(
          { "aria-label": `district ${d.letter} ${d.name}`, "data-district": i },
          () => {
            chosen = i;
            render(root, ctx);
          },
          node,
        ),
      );
    else svg.append(node);
  });
  // the city centre and the players
  const by = 2 * 242 + 14;
  svg.append(s("rect", { x: 10, y: by, width: 220, height: 96, rx: 48, fill: "#fbe3ea", stroke: "#e0577e" }));
  svg.append(
    s(
      "text",
      { x: 120, y: by + 28, "text-anchor": "middle", "font-size": 13, "font-weight": 800, fill: "#c2255c" },
      "City centre",
    ),
  );
  view.table.forEach((p, k) =>
    svg.append(
      s(
        "g",
        {},
        s("rect", { x: 40 + k * 34, y: by + 42, width: 26, height: 26, rx: 6, fill: seatColour(p.seat) }),
        s(
          "text",
          {
            x: 53 + k * 34,
            y: by + 60,
            "text-anchor": "middle",
            "font-size": 13,
            "font-weight": 800,
            fill: "white",
          },
          p.centre,
        ),
      ),
    ),
  );
  svg.append(
    s(
      "text",
      { x: 120, y: by + 86, "text-anchor": "middle", "font-size": 10, fill: "#746d7c" },
      "dice sent to the centre, by player",
    ),
  );
  const mine = view.seat !== null && view.seat !== undefined;
  svg.append(screen(246, by, 270, view.roll || [], mine));
  svg.append(
    s(
      "text",
      { x: 540, y: by + 18, "font-size": 14, "font-weight": 800 },
      `Round ${Math.min(view.round, view.rounds)} of ${view.rounds}` +
        (view.timer.flipped_by !== null
          ? ` · sand timer flipped by ${nameOf(seats, view.timer.flipped_by)}`
          : ""),
    ),
  );
  svg.append(
    s("text", { x: 540, y: by + 36, "font-size": 12, fill: "#746d7c" }, `Jelly-pods left: ${view.pod_stack}`),
  );
  view.table.forEach((p, k) => {
    const y = by + 50 + k * 40,
      x = 540;
    svg.append(
      s("rect", {
        x,
        y,
        width: 390,
        height: 34,
        rx: 8,
        fill: "white",
        stroke: p.seat === view.seat ? seatColour(p.seat) : "#e3d9c6",
        "stroke-width": p.seat === view.seat ? 2.5 : 1,
      }),
    );
    svg.append(s("circle", { cx: x + 14, cy: y + 17, r: 7, fill: seatColour(p.seat) }));
    svg.append(
      s("text", { x: x + 28, y: y + 22, "font-size": 13, "font-weight": 700 }, nameOf(seats, p.seat)),
    );
    svg.append(
      s(
        "text",
        { x: x + 385, y: y + 22, "font-size": 12, "text-anchor": "end" },
        `Jelly ${p.jelly} · pods ${p.pods} · dice ${p.unplaced}${p.rolled ? " (rolled)" : ""}${p.done ? " · done" : ""}`,
      ),
    );
  });
  svg.setAttribute("viewBox", `0 0 ${W} ${by + 60 + view.table.length * 40}`);
  const extra = [];
  if (chosen !== null && byDistrict.get(chosen))
    extra.push(
      h(
        "div",
        { id: "jelly-choices" },
        h("b", {}, `District ${view.districts[chosen].letter}: `),
        byDistrict
          .get(chosen)
          .map((m) => h("button", { type: "button", class: "secondary", onclick: () => ctx.act(m) }, m.text)),
      ),
    );
  else if (byDistrict.size)
    extra.push(h("p", { class: "muted" }, "Click a highlighted district to place a die there."));
  root.replaceChildren(svg, ...extra);
  return { handled: [...PLACE] };
}
