// Paradice: the Dispensing Machine in colour with legal picks highlighted, each player's stalls
// with slots and conditions, the Plaza, the Storehouse, tickets, and the prize at the end.
import { clickable, h, pipDie, s, seatColour, svgRoot } from "/static/js/svg.js";

const DIE = {
  pink: "#ee7fb0",
  lilac: "#b49be0",
  orange: "#f59c42",
  blue: "#4f9fe0",
  green: "#5dbb63",
  black: "#2d2a32",
};
const TYPE = ["#e05d5d", "#f08dc0", "#e6b800", "#f08a24", "#8e6cd8"];
const HANDLED = [
  "PickRow",
  "PickColumn",
  "DuckRow",
  "DuckColumn",
  "CottonCandy",
  "Balloon",
  "TakeStall",
  "ChooseStall",
  "Place",
];
let chosen = null;
const nameOf = (seats, p) => (seats && seats[p] && seats[p].name) || `Seat ${p + 1}`;

function die(x, y, d, code, colours, extra = {}) {
  const colour = colours[Math.floor(code / 10)],
    fill = DIE[colour] || "#ccc";
  const g = pipDie(x, y, d, code % 10, {
    fill,
    pip: colour === "black" || colour === "blue" ? "white" : "#2d2a32",
    stroke: "#2d2a32",
  });
  for (const [k, v] of Object.entries(extra)) g.setAttribute(k, v);
  g.append(s("title", {}, `${colour} ${code % 10}`));
  return g;
}

// Which machine cells (col,row) a legal move takes.
function cells(m, machine) {
  const a = m.action;
  switch (a.type) {
    case "PickRow":
      return a.cols.map((c) => `${c},0`);
    case "PickColumn":
      return Array.from({ length: a.count }, (_, r) => `${a.col},${r}`);
    case "DuckRow":
      return a.cols.map((c) => `${c},${a.row}`);
    case "DuckColumn":
      return Array.from({ length: a.count }, (_, r) => `${a.col},${a.row + r}`);
    case "CottonCandy":
      return [`${a.col},${machine[a.col].length - 1}`];
    case "Balloon":
      return [`${a.col},${a.row}`];
    default:
      return [];
  }
}

function card(c, x, y, w, colours, types, dice = null) {
  const g = s("g", { "data-card": c.id });
  g.append(
    s("rect", {
      x,
      y,
      width: w,
      height: 118,
      rx: 10,
      fill: "white",
      stroke: TYPE[c.type],
      "stroke-width": 2,
    }),
  );
  g.append(s("rect", { x, y, width: w, height: 24, rx: 10, fill: TYPE[c.type] }));
  g.append(
    s("text", { x: x + 8, y: y + 17, "font-size": 11, fill: "white", "font-weight": 800 }, types[c.type]),
  );
  g.append(
    s(
      "text",
      { x: x + w - 8, y: y + 17, "font-size": 13, fill: "white", "font-weight": 800, "text-anchor": "end" },
      c.points,
    ),
  );
  const d = Math.min(30, (w - 24) / 3);
  c.slots.forEach((slot, i) => {
    const sx = x + 8 + i * (d + 4),
      sy = y + 32,
      placed = dice && dice[i];
    if (placed) g.append(die(sx, sy, d, placed, colours));
    else {
      g.append(
        s("rect", {
          x: sx,
          y: sy,
          width: d,
          height: d,
          rx: 6,
          fill: slot.colour !== null ? DIE[colours[slot.colour]] : "#f4ecdd",
          "fill-opacity": 0.35,
          stroke: slot.colour !== null ? DIE[colours[slot.colour]] : "#bbb",
          "stroke-width": 2,
          "stroke-dasharray": "4 2",
          "data-slot": i,
        }),
      );
      if (slot.value)
        g.append(
          s(
            "text",
            {
              x: sx + d / 2,
              y: sy + d / 2 + 5,
              "text-anchor": "middle",
              "font-size": 14,
              "font-weight": 800,
            },
            slot.value,
          ),
        );
    }
    g.append(s("title", {}, c.slot_text.join(" · ")));
  });
  const cond = c.condition_text === "none" ? "no condition" : c.condition_text;
  g.append(
    s(
      "text",
      { x: x + 8, y: y + 84, "font-size": 10.5, fill: "#555" },
      cond.length > w / 6 ? cond.slice(0, Math.floor(w / 6) - 1) + "…" : cond,
      s("title", {}, cond),
    ),
  );
  g.append(s("text", { x: x + 8, y: y + 104, "font-size": 10, fill: "#999" }, c.id));
  return g;
}

function pick(root, ctx, moves) {
  if (moves.length === 1) ctx.act(moves[0]);
  else {
    chosen = moves;
    render(root, ctx);
  }
}

export function render(root, ctx) {
  const { view, legal, seats } = ctx;
  const colours = view.colours,
    types = view.types,
    W = 940;
  if (chosen && !chosen.every((m) => legal.some((l) => l.i === m.i && l.text === m.text))) chosen = null;
  const byCell = new Map();
  for (const m of legal)
    for (const key of cells(m, view.machine)) {
      if (!byCell.has(key)) byCell.set(key, []);
      byCell.get(key).push(m);
    }
  const nPlayers = view.players,
    H = 430 + nPlayers * 150;
  const svg = svgRoot(W, H, "Paradice table");
  // the Dispensing Machine: 5 columns, bottom row at the bottom
  const d = 30,
    gap = 6,
    mx = 20,
    rows = Math.max(10, ...view.machine.map((c) => c.length)),
    mBottom = 20 + rows * (d + gap);
  svg.append(
    s("rect", {
      x: 8,
      y: 8,
      width: 5 * (d + gap) + 24,
      height: mBottom + 8,
      rx: 16,
      fill: "#f6ecff",
      stroke: "#b49be0",
      "stroke-width": 2,
    }),
  );
  svg.append(
    s(
      "text",
      {
        x: 12 + (5 * (d + gap) + 24) / 2 - 4,
        y: mBottom + 32,
        "text-anchor": "middle",
        "font-size": 12,
        "font-weight": 800,
        fill: "#7b4fd6",
      },
      "Dispensing Machine",
    ),
  );
  view.machine.forEach((col, c) =>
    col.forEach((code, r) => {
      const x = mx + c * (d + gap),
        y = mBottom - (r + 1) * (d + gap),
        moves = byCell.get(`${c},${r}`);
      const node = die(x, y, d, code, colours);
      if (moves) {
        node.prepend(s("rect", { x: -3, y: -3, width: d + 6, height: d + 6, rx: 8, fill: "#ffe66d" }));
        svg.append(
          clickable(
            { "data-cell": `${c},${r}`, "aria-label": `machine column ${c + 1} row ${r + 1}` },
            () => pick(root, ctx, moves),
            node,
          ),
        );
      } else svg.append(node);
    }),
  );
  // pending dice and the roulette
  const px = 230;
  svg.append(
    s(
      "text",
      { x: px, y: 24, "font-size": 13, "font-weight": 800 },
      view.pending.length
        ? `Dice to place (${nameOf(seats, view.turn)})`
        : view.roulette.length
          ? "Roulette"
          : `Turn of ${nameOf(seats, view.turn)} · round ${view.round}`,
    ),
  );
  [...view.pending, ...view.roulette].forEach((code, i) =>
    svg.append(die(px + i * 36, 32, 30, code, colours)),
  );
  // the Plaza
  svg.append(
    s(
      "text",
      { x: px, y: 88, "font-size": 13, "font-weight": 800 },
      `Plaza · ${view.deck_left} stall cards left`,
    ),
  );
  const cw = Math.min(136, (W - px - 10) / Math.max(1, view.plaza.length) - 8);
  view.plaza.forEach((c, i) => {
    if (!c) return;
    const moves = legal.filter(
      (m) => (m.action.type === "TakeStall" || m.action.type === "ChooseStall") && m.action.slot === i,
    );
    const node = card(c, px + i * (cw + 8), 96, cw, colours, types);
    if (moves.length) {
      node.prepend(
        s("rect", { x: px + i * (cw + 8) - 4, y: 92, width: cw + 8, height: 126, rx: 12, fill: "#ffe66d" }),
      );
      svg.append(
        clickable(
          { "data-plaza": i, "aria-label": `Plaza stall ${i + 1}` },
          () => pick(root, ctx, moves),
          node,
        ),
      );
    } else svg.append(node);
  });
  // the Storehouse and tickets
  const sy = 236,
    st = view.storehouse;
  svg.append(s("text", { x: px, y: sy, "font-size": 13, "font-weight": 800 }, "Storehouse"));
  types.forEach((t, k) => {
    const y = sy + 10 + k * 24;
    svg.append(s("text", { x: px, y: y + 14, "font-size": 11 }, t));
    for (let step = 0; step <= st.length; step++)
      svg.append(
        s("rect", {
          x: px + 86 + step * 26,
          y,
          width: 22,
          height: 18,
          rx: 4,
          fill: step === st.positions[k] ? TYPE[k] : "#f1e8d8",
          stroke: step === st.length ? "#c8413b" : "none",
        }),
      );
    const holder = view.tickets.stall[k];
    svg.append(
      s(
        "text",
        {
          x: px + 86 + (st.length + 1) * 26 + 8,
          y: y + 14,
          "font-size": 11,
          fill: holder !== null ? seatColour(holder) : "#999",
        },
        holder !== null ? `ticket: ${nameOf(seats, holder)}` : "ticket free",
      ),
    );
  });
  svg.append(
    s(
      "text",
      { x: px + 460, y: sy, "font-size": 12 },
      `Golden ticket: ${view.tickets.golden !== null ? nameOf(seats, view.tickets.golden) : "free"}`,
    ),
  );
  // the players' stalls
  view.seats.forEach((p, k) => {
    const y = 400 + k * 150,
      me = k === view.you,
      turn = k === view.turn;
    svg.append(
      s("rect", {
        x: 8,
        y,
        width: W - 16,
        height: 142,
        rx: 12,
        fill: me ? "#fbf7ff" : "white",
        stroke: turn ? seatColour(k) : "#e3d9c6",
        "stroke-width": turn ? 3 : 1,
      }),
    );
    svg.append(s("circle", { cx: 24, cy: y + 20, r: 7, fill: seatColour(k) }));
    svg.append(
      s(
        "text",
        { x: 38, y: y + 25, "font-size": 13, "font-weight": 800 },
        `${nameOf(seats, k)} · ${p.score} pts`,
      ),
    );
    // one short line each: completed stalls, powers by type, Surprise Bag prizes
    const lines = [`${p.done.length} stall(s) completed`];
    p.powers.forEach((n, t) => n && lines.push(`${types[t]} power ×${n}`));
    for (const b of p.surprise) lines.push(`surprise: ${b.text}`);
    lines.slice(0, 6).forEach((text, i) =>
      svg.append(
        s(
          "text",
          {
            x: 38,
            y: y + 44 + i * 15,
            "font-size": 11,
            fill: text.startsWith("surprise") ? "#8e6cd8" : "#746d7c",
          },
          text.length > 30 ? `${text.slice(0, 29)}…` : text,
          s("title", {}, text),
        ),
      ),
    );
    const sw = Math.min(140, (W - 250 - 16) / Math.max(1, p.stalls.length) - 10);
    p.stalls.forEach((c, i) => {
      const x = 250 + i * (sw + 10),
        moves = legal.filter((m) => m.action.type === "Place" && m.action.stall === i);
      const node = card(c, x, y + 12, sw, colours, types, c.dice);
      if (moves.length && me) {
        node.prepend(s("rect", { x: x - 4, y: y + 8, width: sw + 8, height: 126, rx: 12, fill: "#ffe66d" }));
        svg.append(
          clickable(
            { "data-stall": i, "aria-label": `your stall ${i + 1}` },
            () => pick(root, ctx, moves),
            node,
          ),
        );
      } else svg.append(node);
    });
  });
  const extra = [];
  if (chosen)
    extra.push(
      h(
        "div",
        { id: "paradice-choices" },
        h("b", {}, "Choose: "),
        chosen.map((m) =>
          h("button", { type: "button", class: "secondary", onclick: () => ctx.act(m) }, m.text),
        ),
      ),
    );
  else if (legal.some((m) => HANDLED.includes(m.action.type)))
    extra.push(
      h("p", { class: "muted" }, "Highlighted dice, stalls and Plaza cards are your legal picks: click one."),
    );
  if (view.result)
    extra.push(
      h(
        "p",
        { class: "winner" },
        `Prize: ${view.result.winners.map((w) => nameOf(seats, w)).join(" & ")} — ${view.result.reason}`,
      ),
    );
  root.replaceChildren(svg, ...extra);
  return { handled: HANDLED };
}
