// Paradice: the Dispensing Machine in colour with legal picks highlighted, each player's stalls
// with slots and conditions, the Plaza, the Storehouse, tickets, and the prize at the end.
import { named, seatName } from "/static/js/common.js";
import { boardWidth, clickable, dock, h, pipDie, s, seatColour, shownText, svgRoot } from "/static/js/svg.js";

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
let chosen = null,
  // the machine dice picked so far (keys "col,row"), sent only by a confirm (issue: one tap
  // used to take a whole run); dropped when the table moves on
  picking = [],
  pickingAt = -1;

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

function card(c, x, y, w, colours, types, dice = null, label = "", key = "") {
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
    s(
      "text",
      { x: x + 8, y: y + 17, "font-size": 13, fill: c.type === 2 ? "#2d2a32" : "white", "font-weight": 800 },
      `${label}${types[c.type]}`,
    ),
  );
  g.append(
    s(
      "text",
      { x: x + w - 8, y: y + 113, "font-size": 13, fill: "#2d2a32", "font-weight": 800, "text-anchor": "end" },
      `${c.points} pts`,
    ),
  );
  const d = Math.min(30, (w - 24) / 3);
  c.slots.forEach((slot, i) => {
    const sx = x + 8 + i * (d + 4),
      sy = y + 32,
      placed = dice && dice[i];
    // a die placed on a player's stall: marked (and grown in) when another player's move put it there
    if (placed) g.append(die(sx, sy, d, placed, colours, key ? { "data-key": `${key}-${i}`, "data-token": placed } : {}));
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
  });
  const cond = c.condition_text === "none" ? "no condition" : c.condition_text;
  wrap(cond, Math.floor((w - 12) / 6.6), 2).forEach((line, k) =>
    g.append(s("text", { x: x + 8, y: y + 82 + k * 15, "font-size": 13, fill: "#4b4453" }, line)),
  );
  for (const text of g.querySelectorAll("text")) text.append(" "); // words apart when read as one
  return g;
}

function cardText(c, types) {
  const cond = c.condition_text === "none" ? "no condition" : c.condition_text;
  return `${types[c.type]}, ${c.points} points, slots ${c.slot_text.join(", ")}, ${cond}`;
}

function wrap(text, max, lines) {
  const out = [""];
  for (const word of String(text).split(" ")) {
    const next = `${out.at(-1)} ${word}`.trim();
    if (next.length > max && out.at(-1)) out.push(word);
    else out[out.length - 1] = next;
  }
  if (out.length > lines) {
    out.length = lines;
    out[lines - 1] = `${out[lines - 1].slice(0, max - 1)}…`;
  }
  return out;
}

function pick(root, ctx, moves) {
  if (moves.length === 1) ctx.act(moves[0]);
  else {
    chosen = moves;
    render(root, ctx);
  }
}

const sameCells = (m, keys, machine) => {
  const got = cells(m, machine);
  return got.length === keys.length && keys.every((k) => got.includes(k));
};
const fits = (m, keys, machine) => keys.every((k) => cells(m, machine).includes(k));

// A tap on a machine die adds it to the pick, made up to the smallest legal pick that holds
// it (a preview: nothing is sent before the confirm); a tap on a picked die takes it back out.
// A die that no legal move takes together with the others starts a new pick.
function tapCell(root, ctx, key) {
  const { legal, view } = ctx;
  const smallest = (keys) =>
    legal
      .filter((m) => fits(m, keys, view.machine))
      .map((m) => cells(m, view.machine))
      .sort((a, b) => a.length - b.length)[0];
  if (picking.includes(key)) picking = picking.filter((k) => k !== key);
  else {
    const grown = smallest([...picking, key]) || smallest([key]) || [key];
    const base = grown.includes(key) && picking.every((k) => grown.includes(k)) ? picking : [];
    picking = [...base, key, ...grown.filter((k) => k !== key && !base.includes(k))];
  }
  chosen = null;
  render(root, ctx);
  const again = root.querySelector(`g.clickable[data-cell="${key}"]`);
  if (again) again.focus({ preventScroll: true }); // the keyboard stays on the machine
}

// The pick so far, in words, and the buttons that send it (one per legal move that takes
// exactly these dice), take back the last die, or clear it.
function pickControls(root, ctx) {
  const { legal, view, seats } = ctx;
  const names = picking.map((k) => {
    const [c, r] = k.split(",").map(Number),
      code = view.machine[c][r];
    return `${view.colours[Math.floor(code / 10)]} ${code % 10}`;
  });
  const exact = legal.filter((m) => cells(m, view.machine).length && sameCells(m, picking, view.machine));
  const out = [
    h(
      "p",
      { class: "dock-line", id: "paradice-pick" },
      picking.length
        ? `Picked: ${names.join(", ")}${exact.length ? "" : " — tap more dice to make a legal pick"}`
        : "Tap the machine's dice you want to take, then confirm.",
    ),
  ];
  const buttons = exact.map((m, k) =>
    h(
      "button",
      { type: "button", id: k === 0 ? "paradice-confirm" : null, onclick: () => ctx.act(m) },
      exact.length > 1 ? `Confirm: ${named(m.text, seats)}` : `Confirm: take ${names.length === 1 ? "this die" : `these ${names.length} dice`}`,
    ),
  );
  if (picking.length)
    buttons.push(
      h(
        "button",
        {
          type: "button",
          class: "secondary",
          id: "paradice-undo",
          onclick: () => {
            picking = [];
            render(root, ctx);
          },
        },
        "Clear the pick",
      ),
    );
  if (buttons.length) out.push(h("div", { class: "dock-buttons" }, buttons));
  return out;
}

export function render(root, ctx) {
  const { view, legal, seats } = ctx;
  const colours = view.colours,
    types = view.types,
    W = boardWidth(root),
    narrow = W < 700;
  if (chosen && !chosen.every((m) => legal.some((l) => l.i === m.i && l.text === m.text))) chosen = null;
  if (pickingAt !== ctx.version) [picking, pickingAt] = [[], ctx.version];
  const byCell = new Map();
  for (const m of legal)
    for (const key of cells(m, view.machine)) {
      if (!byCell.has(key)) byCell.set(key, []);
      byCell.get(key).push(m);
    }
  const svg = svgRoot(W, 100, "Paradice table");
  // the Dispensing Machine: 5 numbered columns, bottom row at the bottom
  // on a phone the whole machine fits on the screen above the action area
  const d = narrow ? Math.min(32, (W - 60) / 5 - 8) : 30,
    gap = narrow ? 6 : 6,
    mx = 20,
    rows = Math.max(10, ...view.machine.map((c) => c.length)),
    mBottom = 20 + rows * (d + gap),
    mW = 5 * (d + gap) + 24;
  const machineBox = s("rect", { x: 8, y: 8, width: mW, height: mBottom + 30, rx: 16, fill: "#f6ecff", stroke: "#b49be0", "stroke-width": 2 });
  svg.append(machineBox);
  for (let c = 0; c < 5; c++)
    svg.append(
      s(
        "text",
        { x: mx + c * (d + gap) + d / 2, y: mBottom + 20, "text-anchor": "middle", "font-size": 14, "font-weight": 800, fill: "#5b35b0" },
        c + 1,
      ),
    );
  svg.append(
    s(
      "text",
      { x: narrow ? 12 : 8 + mW / 2, y: mBottom + 56, "text-anchor": narrow ? "start" : "middle", "font-size": 13, "font-weight": 800, fill: "#5b35b0" },
      narrow ? "Dispensing Machine (columns 1–5)" : "Dispensing Machine",
    ),
  );
  view.machine.forEach((col, c) =>
    col.forEach((code, r) => {
      const x = mx + c * (d + gap),
        y = mBottom - (r + 1) * (d + gap),
        moves = byCell.get(`${c},${r}`);
      // a machine cell's die: when a move takes it, it flies to the stall it is placed on (motion.js)
      const node = die(x, y, d, code, colours, { "data-key": `cell-${c}-${r}`, "data-token": code }),
        key = `${c},${r}`,
        inPick = picking.includes(key),
        extends_ = moves && moves.some((m) => fits(m, [...picking, key], view.machine));
      if (moves) {
        // picked: a thick pink ring; could join the pick: yellow; else a plain tap target
        if (inPick) node.prepend(s("rect", { x: -5, y: -5, width: d + 10, height: d + 10, rx: 9, fill: "#e0577e" }));
        else if (!picking.length || extends_)
          node.prepend(s("rect", { x: -3, y: -3, width: d + 6, height: d + 6, rx: 8, fill: "#ffe66d" }));
        const colour = colours[Math.floor(code / 10)];
        svg.append(
          clickable(
            {
              "data-cell": key,
              "aria-pressed": String(inPick),
              "aria-label": `${colour} ${code % 10}: machine column ${c + 1}, row ${r + 1} from the bottom`,
            },
            () => tapCell(root, ctx, key),
            node,
          ),
        );
      } else svg.append(node);
    }),
  );
  // to the right of the machine on a desktop, below it on a phone
  const px = narrow ? 10 : 230,
    right = W - 10;
  let y = narrow ? mBottom + 84 : 24;
  svg.append(
    s(
      "text",
      { x: px, y, "font-size": 14, "font-weight": 800 },
      view.pending.length
        ? `Dice to place (${seatName(seats, view.turn)})`
        : view.roulette.length
          ? "Roulette"
          : `Turn of ${seatName(seats, view.turn)} · round ${view.round}`,
    ),
  );
  const dd = narrow ? 36 : 30;
  [...view.pending, ...view.roulette].forEach((code, i) =>
    svg.append(die(px + (i % 8) * (dd + 6), y + 8 + Math.floor(i / 8) * (dd + 6), dd, code, colours)),
  );
  y += 64;
  // the Plaza
  svg.append(s("text", { x: px, y, "font-size": 14, "font-weight": 800 }, `Plaza · ${view.deck_left} stall cards left`));
  const perRow = narrow ? 2 : Math.max(1, view.plaza.length);
  const cw = Math.min(150, (right - px) / perRow - 8);
  view.plaza.forEach((c, i) => {
    if (!c) return;
    const x = px + (i % perRow) * (cw + 8),
      cy = y + 8 + Math.floor(i / perRow) * 130;
    const moves = legal.filter(
      (m) => (m.action.type === "TakeStall" || m.action.type === "ChooseStall") && m.action.slot === i,
    );
    const node = card(c, x, cy, cw, colours, types, null, `${i + 1} · `);
    if (moves.length) {
      node.prepend(s("rect", { x: x - 4, y: cy - 4, width: cw + 8, height: 126, rx: 12, fill: "#ffe66d" }));
      svg.append(
        clickable({ "data-plaza": i, "data-twin": narrow ? `plaza-${i}` : null, "aria-label": `${shownText(node)}: Plaza stall ${i + 1}, ${cardText(c, types)}` }, () => pick(root, ctx, moves), node),
      );
    } else svg.append(node);
  });
  y += 8 + Math.ceil(view.plaza.length / perRow) * 130 + 20;
  // the Storehouse: one token per type; the red box is "no stock"
  const st = view.storehouse,
    step = Math.min(26, (right - px - 110) / (st.length + 1));
  svg.append(s("text", { x: px, y, "font-size": 14, "font-weight": 800 }, "Storehouse (red box: no stock)"));
  types.forEach((tname, k) => {
    const ry = y + 10 + k * 24;
    svg.append(s("text", { x: px, y: ry + 14, "font-size": 13 }, tname));
    for (let i = 0; i <= st.length; i++)
      svg.append(
        s("rect", {
          x: px + 104 + i * step,
          y: ry,
          width: step - 4,
          height: 18,
          rx: 4,
          fill: i === st.positions[k] ? TYPE[k] : "#f1e8d8",
          stroke: i === st.length ? "#c8413b" : "none",
        }),
      );
  });
  y += 10 + types.length * 24;
  if (!narrow) y = Math.max(y, mBottom + 70);
  // the players' stalls
  const infos = [];
  let myStalls = null;
  view.seats.forEach((p, k) => {
    const me = k === view.you,
      turn = k === view.turn,
      sPer = narrow ? 2 : 3,
      sw = narrow ? (W - 40) / 2 - 6 : Math.min(150, (W - 250 - 16) / 3 - 10),
      sx = narrow ? 20 : 250,
      // a fourth stall (a Surprise Bag's extra Plaza stall) starts a new row, never covers one
      stallRows = Math.max(1, Math.ceil(p.stalls.length / sPer)),
      top = y + 8,
      bh = narrow ? 40 + stallRows * 130 : 12 + stallRows * 130;
    const box = s("rect", {
      x: 8,
      y: top,
      width: W - 16,
      height: bh,
      rx: 12,
      fill: me ? "#fbf7ff" : "white",
      stroke: turn ? seatColour(k) : "#e3d9c6",
      "stroke-width": turn ? 3 : 1,
    });
    if (me) myStalls = box;
    svg.append(box);
    svg.append(s("circle", { cx: 24, cy: top + 20, r: 7, fill: seatColour(k) }));
    svg.append(
      s("text", { x: 38, y: top + 25, "font-size": 14, "font-weight": 800, "data-key": `score-${k}` }, `${seatName(seats, k)} · ${p.score} pts`),
    );
    p.stalls.forEach((c, i) => {
      const x = sx + (i % sPer) * (sw + 10),
        cy = (narrow ? top + 36 : top + 12) + Math.floor(i / sPer) * 130,
        moves = legal.filter((m) => m.action.type === "Place" && m.action.stall === i);
      const node = card(c, x, cy, sw, colours, types, c.dice, `${i + 1} · `, `stall-${k}-${c.id ?? i}`);
      if (moves.length && me) {
        node.prepend(s("rect", { x: x - 4, y: cy - 4, width: sw + 8, height: 126, rx: 12, fill: "#ffe66d" }));
        svg.append(
          clickable({ "data-stall": i, "data-twin": narrow ? `stall-${i}` : null, "aria-label": `${shownText(node)}: your stall ${i + 1}, ${cardText(c, types)}` }, () => pick(root, ctx, moves), node),
        );
      } else svg.append(node);
    });
    if (!narrow) {
      const lines = [`${p.done.length} stall(s) completed`];
      p.powers.forEach((n, t) => n && lines.push(`${types[t]} power ×${n}`));
      lines.slice(0, 6).forEach((text, i) =>
        svg.append(s("text", { x: 38, y: top + 46 + i * 16, "font-size": 13, fill: "#5f5868" }, text)),
      );
    }
    infos.push(playerInfo(view, p, k, seats, types));
    y = top + bh;
  });
  svg.setAttribute("viewBox", `0 0 ${W} ${y + 10}`);
  const extra = [];
  const controls = [pendingDice(view, W)];
  if (chosen)
    controls.push(
      h(
        "div",
        { id: "paradice-choices", class: narrow ? "dock-choices" : "board-controls" },
        h("b", {}, chosen[0].action.type === "Place" ? `Stall ${chosen[0].action.stall + 1}: ` : "Choose: "),
        chosen.map((m) =>
          h(
            "button",
            { type: "button", class: "secondary", onclick: () => ctx.act(m), "aria-label": choiceName(m, view, seats, narrow) },
            choiceLabel(m, view, seats, narrow),
          ),
        ),
        h(
          "button",
          {
            type: "button",
            class: "secondary",
            id: "paradice-back",
            onclick: () => {
              chosen = null;
              render(root, ctx);
            },
          },
          "Back",
        ),
      ),
    );
  else if (byCell.size) controls.push(...pickControls(root, ctx));
  else if (!narrow && legal.some((m) => HANDLED.includes(m.action.type)))
    controls.push(h("p", { class: "muted dock-line" }, "Highlighted stalls and Plaza cards are your legal picks: tap one."));
  if (narrow) controls.push(cardButtons(root, ctx));
  if (view.result)
    extra.push(
      h(
        "p",
        { class: "winner" },
        `Prize: ${view.result.winners.map((w) => seatName(seats, w)).join(" & ")} — ${named(view.result.reason, seats)}`,
      ),
    );
  extra.push(h("ul", { class: "player-strip paradice-players" }, infos));
  extra.push(
    h(
      "p",
      { class: "muted tickets" },
      `Golden Ticket: ${view.tickets.golden !== null ? seatName(seats, view.tickets.golden) : "free"} · Stall Tickets: ` +
        types.map((tname, k) => `${tname} ${view.tickets.stall[k] !== null ? seatName(seats, view.tickets.stall[k]) : "free"}`).join(", "),
    ),
  );
  dock(root, ctx, [svg, ...extra], controls);
  // the part of the board the player acts on: the machine when picking, their stalls when placing
  const placing = narrow && legal.some((m) => m.action.type === "Place");
  return { handled: HANDLED, reveal: byCell.size ? machineBox : placing ? myStalls : null };
}

// A player's completed stalls, powers and Surprise Bag prizes, in words.
function playerInfo(view, p, k, seats, types) {
  const parts = [`${p.done.length} stall(s) completed`];
  p.powers.forEach((n, t) => n && parts.push(`${types[t]} power ×${n}`));
  for (const b of p.surprise) parts.push(`Surprise Bag: ${b.text}`);
  return h(
    "li",
    { class: k === view.turn ? "current" : "", style: `border-color:${seatColour(k)}`, "data-key": `info-${k}` },
    h("b", {}, seatName(seats, k)),
    ` · ${p.score} pts · ${parts.join(" · ")}`,
  );
}


// A choice's words: on a phone a placement on the stall named above is "green 4 → slot 2"
// (its name for a screen reader adds the whole move), else the move's own text.
function choiceLabel(m, view, seats, narrow) {
  const a = m.action;
  if (!narrow || a.type !== "Place") return named(m.text, seats);
  return `${view.colours[Math.floor(a.die / 10)]} ${a.die % 10} → slot ${a.slot + 1}`;
}

function choiceName(m, view, seats, narrow) {
  const shown = choiceLabel(m, view, seats, narrow),
    full = named(m.text, seats);
  return shown === full ? null : `${shown}: ${full}`;
}

// The dice this player has to place (or the roulette's), in the action area.
function pendingDice(view, W) {
  const dice = [...view.pending, ...view.roulette];
  if (!dice.length) return null;
  const dd = 32,
    label = view.pending.length ? "Dice to place:" : "Roulette:";
  const svg = svgRoot(W, dd + 8, `${label} ${dice.map((c) => `${view.colours[Math.floor(c / 10)]} ${c % 10}`).join(", ")}`);
  svg.classList.add("dock-dice");
  svg.append(s("text", { x: 6, y: dd / 2 + 9, "font-size": 14, "font-weight": 800 }, label));
  dice.forEach((code, i) => svg.append(die(120 + i * (dd + 6), 4, dd, code, view.colours)));
  return svg;
}

// On a phone the Plaza and the stalls lie far down the page: the ones a move can use now are
// also buttons in the action area (the same choice as tapping the card on the board).
function cardButtons(root, ctx) {
  const { view, legal } = ctx;
  const plaza = new Map(),
    stalls = new Map();
  for (const m of legal) {
    const a = m.action;
    if (a.type === "TakeStall" || a.type === "ChooseStall") plaza.set(a.slot, [...(plaza.get(a.slot) || []), m]);
    if (a.type === "Place") stalls.set(a.stall, [...(stalls.get(a.stall) || []), m]);
  }
  const button = (kind, i, label, moves) =>
    h(
      "button",
      { type: "button", class: "secondary", [`data-${kind}`]: i, "data-twin": `${kind}-${i}`, onclick: () => pick(root, ctx, moves) },
      label,
    );
  const out = [
    ...[...plaza].sort((a, b) => a[0] - b[0]).map(([i, moves]) => {
      const c = view.plaza[i];
      return button("plaza", i, `Plaza ${i + 1}: ${view.types[c.type]} ${c.points} pts`, moves);
    }),
    ...[...stalls].sort((a, b) => a[0] - b[0]).map(([i, moves]) => {
      const c = view.seats[view.you].stalls[i];
      return button("stall", i, `Stall ${i + 1}: ${view.types[c.type]}`, moves);
    }),
  ];
  return out.length ? h("div", { class: "dock-buttons cards", role: "group", "aria-label": "Cards you can use" }, out) : null;
}
