// Purrramid: the pyramid with its numbers, tiles by owner, gold and wool, this turn's dice,
// and (optionally) the exact odds of the next roll.
import { seatName } from "/static/js/common.js";
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
  confirming = null,
  chosenAt = -1,
  showOdds = false;
// Why a turn busted, in players' words (docs/rules/purrramid.md, "A turn").
const BUSTS = {
  "no placement": "no set of the rolled dice fitted a free space",
  "not connected": "this turn's spaces did not touch in one group",
  "not supported": "a space of this turn did not rest on tiles or this turn's dice",
};
const bustWhy = (reason) => BUSTS[reason] || reason || "no placement fitted";
const pct = (p) => `${(100 * p).toFixed(p < 0.1 ? 1 : 0)}%`;

function tint(hex, amount) {
  const n = parseInt(hex.slice(1), 16),
    mix = (c) => Math.round(c + (255 - c) * amount);
  return `rgb(${mix(n >> 16)},${mix((n >> 8) & 255)},${mix(n & 255)})`;
}

function woolBall(x, y, r) {
  return s(
    "g",
    {},
    s("circle", { cx: x, cy: y, r, fill: "#f4a6c6", stroke: "#b35b84", "stroke-width": 1.2 }),
    s("path", {
      d: `M${x - r * 0.7},${y - r * 0.2} q${r * 0.7},${r * 0.9} ${r * 1.4},0 M${x - r * 0.5},${y + r * 0.4} q${r * 0.5},-${r * 0.8} ${r},-${r * 0.9}`,
      fill: "none",
      stroke: "#b35b84",
      "stroke-width": 1,
    }),
  );
}

function spaceNode(sp, X, Y, w, hgt, placeable, picked, seats) {
  const owner = sp.owner,
    // a tile laid on the space is a part of the board a move adds (motion.js grows it in)
    g = s("g", { "data-space": sp.id, "data-number": sp.number, "data-key": owner !== null ? `tile-${sp.id}` : null });
  let fill = "#fbf3e0",
    stroke = "#d9c9a6",
    ink = "#6b5d40";
  if (owner === "setup") {
    fill = "#cfc6b5";
    ink = "#6d6454";
  } else if (owner !== null) {
    fill = tint(seatColour(owner), 0.35);
    stroke = seatColour(owner);
    ink = "#2d2a32";
  }
  if (placeable) stroke = placeable === "safe" ? "#2f9e6b" : "#c8413b";
  g.append(
    s("rect", {
      x: X + 2,
      y: Y + 2,
      width: w - 4,
      height: hgt - 4,
      rx: 6,
      fill,
      stroke: picked ? "#e0577e" : stroke,
      "stroke-width": picked ? 4 : placeable ? 3 : 1.3,
      "stroke-dasharray": placeable === "risky" && !picked ? "6 3" : null,
    }),
  );
  if (sp.gold)
    g.append(
      s("rect", {
        x: X + 5,
        y: Y + 5,
        width: w - 10,
        height: hgt - 10,
        rx: 4,
        fill: "none",
        stroke: "#d4a017",
        "stroke-width": 3,
      }),
    );
  g.append(
    s(
      "text",
      {
        x: X + w / 2,
        y: Y + (sp.dice.length ? hgt / 2 - 2 : hgt / 2 + 6),
        "text-anchor": "middle",
        "font-size": 17,
        "font-weight": 800,
        fill: ink,
      },
      sp.number,
    ),
  );
  if (sp.tiles > 1)
    g.append(
      s(
        "text",
        { x: X + w - 4, y: Y + 14, "text-anchor": "end", "font-size": 13, fill: ink },
        `×${sp.tiles}`,
      ),
    );
  if (sp.wool) g.append(woolBall(X + 11, Y + 12, 6));
  if (sp.dice.length) {
    const d = Math.min(16, (w - 8) / sp.dice.length - 2);
    sp.dice.forEach((v, i) =>
      g.append(pipDie(X + 5 + i * (d + 2), Y + hgt - d - 4, d, v, { fill: "#fff", stroke: "#e0577e" })),
    );
  }
  g.append(
    s(
      "title",
      {},
      `"${sp.number}" row ${sp.row + 1}${owner === "setup" ? " (set-up tile)" : owner !== null ? ` — tile of ${seatName(seats, owner)}` : ""}${sp.gold ? ", gold" : ""}${sp.wool ? ", wool" : ""}`,
    ),
  );
  return g;
}

// Would stopping after also covering `extra` succeed? The turn's spaces must be connected and
// each supported (docs/rules/purrramid.md, "A turn", step 4).
export function stopSafe(view, extra) {
  const turn = new Set(view.spaces.filter((sp) => sp.dice.length).map((sp) => sp.id));
  if (extra !== null && extra !== undefined) turn.add(extra);
  if (!turn.size) return false;
  const byId = new Map(view.spaces.map((sp) => [sp.id, sp]));
  const filled = (id) => turn.has(id) || byId.get(id).owner !== null;
  if (![...turn].every((id) => byId.get(id).below.every(filled))) return false;
  const [first] = turn,
    seen = new Set([first]),
    todo = [first];
  while (todo.length)
    for (const n of byId.get(todo.pop()).neighbours)
      if (turn.has(n) && !seen.has(n)) {
        seen.add(n);
        todo.push(n);
      }
  return seen.size === turn.size;
}

// A move that ends the turn in a bust: Stop when stopping is not safe, or a placement that
// uses every die left (dicehall then stops for the player) on an unsafe space.
function busts(view, move) {
  const a = move.action;
  if (a.type === "Stop") return !view.turn.stop_ok;
  if (a.type === "Place") return a.dice.length === view.turn.left && !stopSafe(view, a.space);
  return false;
}

function bustReason(view, move) {
  return move.action.type === "Stop"
    ? "this turn's spaces are not connected, or one is not supported"
    : "that uses your last dice, and the turn's spaces would not be connected and supported";
}

// Busting moves ask first (a new player should not lose a turn to one tap).
function act(root, ctx, move) {
  if (busts(ctx.view, move) && confirming !== move.i) {
    confirming = move.i;
    render(root, ctx);
    return;
  }
  confirming = null;
  ctx.act(move);
}

export function render(root, ctx) {
  const { view, legal, seats } = ctx;
  if (chosenAt !== ctx.version) {
    chosen = null;
    confirming = null;
    chosenAt = ctx.version;
  }
  const places = legal.filter((m) => m.action.type === "Place");
  const bySpace = new Map();
  for (const m of places) {
    if (!bySpace.has(m.action.space)) bySpace.set(m.action.space, []);
    bySpace.get(m.action.space).push(m);
  }
  const W = boardWidth(root),
    narrow = W < 700,
    units = Math.max(...view.spaces.map((sp) => sp.x + sp.width)),
    u = (W - 20) / units,
    rowH = narrow ? 44 : 48;
  const top = 10,
    pyramidH = top + view.rows * rowH,
    H = pyramidH + 10;
  const svg = svgRoot(W, H, "Purrramid pyramid");
  const lastSpaces = new Set(view.last_turn && view.last_turn.success ? view.last_turn.spaces : []);
  for (const sp of view.spaces) {
    const X = 10 + sp.x * u,
      Y = top + (view.rows - 1 - sp.row) * rowH,
      w = sp.width * u;
    const moves = bySpace.get(sp.id);
    const safe = moves ? stopSafe(view, sp.id) : null;
    const node = spaceNode(sp, X, Y, w, rowH, moves ? (safe ? "safe" : "risky") : null, chosen === sp.id, seats);
    if (lastSpaces.has(sp.id)) node.classList.add("last-move");
    // the whole cell takes the tap (at least 24×24 px on a phone), not only its drawn tile
    if (moves) node.prepend(s("rect", { x: X, y: Y, width: w, height: rowH, fill: "transparent" }));
    if (moves)
      svg.append(
        clickable(
          {
            "data-twin": narrow ? `space-${sp.id}` : null,
            "aria-label": `${shownText(node)}: place here (row ${sp.row + 1}${sp.tiles > 1 ? `, ${sp.tiles} tiles` : ""}${sp.wool ? ", wool" : ""}), ${safe ? "safe to stop after" : "stopping after it would bust"}`,
            "data-space": sp.id,
            "data-safe": String(safe),
          },
          () => {
            pickSpace(root, ctx, sp.id);
          },
          node,
        ),
      );
    else svg.append(node);
  }
  const extra = [rollStrip(view, seats, W, ctx.still)];
  if (view.turn.placed.length)
    extra.push(
      h(
        "p",
        { class: view.turn.stop_ok ? "safe-line" : "bust-line" },
        `Placed this turn: ${view.turn.placed.map((p) => p.dice.join("+")).join(", ")} · ${view.turn.tiles} tile(s) · `,
        view.turn.stop_ok ? "stopping now is safe" : "stopping now busts",
      ),
    );
  const notes = [];
  if (places.length)
    notes.push(
      h(
        "p",
        { class: "legend" },
        h("span", { class: "key safe" }, "solid green"),
        " stopping after it is safe · ",
        h("span", { class: "key risky" }, "dashed red"),
        " stopping after it busts (you may still continue)",
      ),
    );
  if (confirming !== null) {
    const move = legal.find((m) => m.i === confirming);
    if (move)
      extra.push(
        h(
          "div",
          { class: "confirm-bust", role: "alertdialog", "aria-label": "This move busts" },
          h("p", {}, h("b", {}, "This busts: "), `${bustReason(view, move)}. You would lose this turn's dice.`),
          h(
            "button",
            { type: "button", id: "bust-confirm", class: "danger", onclick: () => act(root, ctx, move) },
            "Bust anyway",
          ),
          " ",
          h(
            "button",
            {
              type: "button",
              id: "bust-cancel",
              class: "secondary",
              onclick: () => {
                confirming = null;
                render(root, ctx);
              },
            },
            "Go back",
          ),
        ),
      );
  }
  if (chosen !== null && bySpace.get(chosen))
    extra.push(
      h(
        "p",
        { class: "choices" },
        bySpace.get(chosen).length > 1 ? "Which dice go there? " : `Place on “${view.spaces[chosen].number}”? `,
        bySpace
          .get(chosen)
          .map((m) =>
            h("button", { type: "button", onclick: () => act(root, ctx, m) }, `${m.action.dice.join(" + ")} on ${view.spaces[chosen].number}`),
          ),
        " ",
        h("button", { type: "button", class: "secondary", id: "purrramid-back", onclick: () => pickSpace(root, ctx, null) }, "Back"),
      ),
    );
  const stops = legal.filter((m) => m.action.type === "Stop" || m.action.type === "Continue");
  if (stops.length)
    extra.push(
      h(
        "p",
        { class: "board-controls" },
        stops.map((m) =>
          h(
            "button",
            {
              type: "button",
              class: busts(view, m) ? "danger" : m.action.type === "Stop" ? "" : "secondary",
              "data-move": m.action.type,
              onclick: () => act(root, ctx, m),
            },
            m.action.type === "Stop" ? (busts(view, m) ? "Stop (busts!)" : "Stop and place tiles") : "Roll again",
          ),
        ),
      ),
    );
  if (narrow && places.length) extra.push(spaceButtons(root, ctx, view, bySpace));
  notes.push(players(view, seats));
  if (view.last_turn) {
    const l = view.last_turn;
    notes.push(
      h(
        "p",
        { class: "muted last-turn" },
        `Last turn: ${seatName(seats, l.seat)} ${l.success ? `placed ${l.tiles} tile(s)${l.gold ? `, ${l.gold} gold` : ""}${l.wool ? `, ${l.wool} wool` : ""}${l.bonus ? ", bonus turn" : ""}` : `busted (${bustWhy(l.reason)})`}.`,
      ),
    );
  }
  const odds = ctx.hints;
  notes.push(
    h(
      "label",
      { class: "odds-toggle" },
      h("input", {
        type: "checkbox",
        id: "odds-toggle",
        checked: showOdds,
        onchange: (e) => {
          showOdds = e.target.checked;
          render(root, ctx);
        },
      }),
      "Show the odds of the next roll",
    ),
  );
  if (showOdds)
    notes.push(
      h(
        "p",
        { id: "odds" },
        odds
          ? `Rolling ${odds.dice} ${odds.dice === 1 ? "die" : "dice"}: bust ${pct(odds.bust)}${odds.bust_with_wool < odds.bust ? ` (${pct(odds.bust_with_wool)} after wool rerolls)` : ""} · can stop safely after it ${pct(odds.can_stop)} · bonus turn ${pct(odds.bonus)}`
          : "Odds appear when you decide whether to continue.",
      ),
    );
  dock(root, ctx, [svg, ...notes], extra);
  return { handled: ["Place", "Stop", "Continue"] };
}

// A tap on a space previews the placement there (the space ringed, the dice choices in the
// action area); a confirm sends it, Back (or another tap on it) takes the pick back.
function pickSpace(root, ctx, id) {
  chosen = id === chosen ? null : id;
  confirming = null;
  render(root, ctx);
}

// On a phone the pyramid's spaces are narrower than a fingertip: the spaces that take dice now
// are also offered as touch-sized buttons, bottom row first (same marks: safe or busting).
function spaceButtons(root, ctx, view, bySpace) {
  const spaces = [...bySpace.keys()].map((id) => view.spaces[id]).sort((a, b) => a.row - b.row || a.x - b.x);
  return h(
    "div",
    { class: "space-grid", role: "group", "aria-label": "Spaces you can fill" },
    spaces.map((sp) => {
      const safe = stopSafe(view, sp.id),
        moves = bySpace.get(sp.id);
      return h(
        "button",
        {
          type: "button",
          class: `space ${safe ? "safe" : "risky"}${chosen === sp.id ? " picked" : ""}`,
          "data-space": sp.id,
          "data-twin": `space-${sp.id}`,
          onclick: () => {
            pickSpace(root, ctx, sp.id);
          },
        },
        h("b", {}, sp.number),
        h("small", {}, `row ${sp.row + 1}`),
        h("span", { class: "sr-only" }, safe ? ", safe to stop after" : ", stopping after it busts"),
      );
    }),
  );
}

// Each player's tiles, wool and score, as a list that wraps on a phone.
function players(view, seats) {
  return h(
    "ul",
    { class: "player-strip" },
    Array.from({ length: view.players }, (_, p) =>
      h(
        "li",
        { class: p === view.current ? "current" : "", style: `border-color:${seatColour(p)}` },
        h("span", { class: "swatch", style: `background:${tint(seatColour(p), 0.35)};border-color:${seatColour(p)}` }),
        h("b", {}, seatName(seats, p)),
        ` · tiles left ${view.tiles_left[p]} · wool ${view.wool[p]} · score ${view.scores[p]}`,
      ),
    ),
  );
}


// This turn's roll, in the action area: the dice to place.
function rollStrip(view, seats, W, still) {
  if (!(view.turn.roll || []).length) return null;
  const roll = view.turn.roll || [],
    d = 34,
    label = view.current === null ? "Game over" : `Roll of ${seatName(seats, view.current)}:`;
  const svg = svgRoot(W, d + 8, `${label} ${roll.join(", ")}`);
  svg.classList.add("dock-dice");
  svg.append(s("text", { x: 6, y: d / 2 + 9, "font-size": 14, "font-weight": 800 }, label));
  const rx = Math.min(16 + 7.5 * label.length, W - roll.length * (d + 6));
  const fresh = rolled("purrramid", [view.turns_played, roll], still);
  roll.forEach((v, i) => svg.append(tumbling(pipDie(rx + i * (d + 6), 4, d, v, { fill: "#fff" }), fresh)));
  return svg;
}
