// Purrramid: the pyramid with its numbers, tiles by owner, gold and wool, this turn's dice,
// and (optionally) the exact odds of the next roll.
import { clickable, h, pipDie, s, seatColour, svgRoot } from "/static/js/svg.js";

let chosen = null,
  chosenAt = -1,
  showOdds = false;
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

function spaceNode(sp, X, Y, w, hgt, placeable, picked) {
  const owner = sp.owner,
    g = s("g", { "data-space": sp.id, "data-number": sp.number });
  let fill = "#fbf3e0",
    stroke = "#d9c9a6",
    ink = "#8a7a5a";
  if (owner === "setup") {
    fill = "#cfc6b5";
    ink = "#6d6454";
  } else if (owner !== null) {
    fill = tint(seatColour(owner), 0.35);
    stroke = seatColour(owner);
    ink = "#2d2a32";
  }
  if (placeable) {
    stroke = "#7b4fd6";
  }
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
      "stroke-dasharray": placeable && !picked ? "6 3" : null,
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
        { x: X + w - 6, y: Y + 14, "text-anchor": "end", "font-size": 10, fill: ink },
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
      `"${sp.number}" row ${sp.row + 1}${owner === "setup" ? " (set-up tile)" : owner !== null ? ` — tile of seat ${owner + 1}` : ""}${sp.gold ? ", gold" : ""}${sp.wool ? ", wool" : ""}`,
    ),
  );
  return g;
}

export function render(root, ctx) {
  const { view, legal, seats } = ctx;
  if (chosenAt !== ctx.version) {
    chosen = null;
    chosenAt = ctx.version;
  }
  const places = legal.filter((m) => m.action.type === "Place");
  const bySpace = new Map();
  for (const m of places) {
    if (!bySpace.has(m.action.space)) bySpace.set(m.action.space, []);
    bySpace.get(m.action.space).push(m);
  }
  const W = 940,
    units = Math.max(...view.spaces.map((sp) => sp.x + sp.width)),
    u = (W - 20) / units,
    rowH = 48;
  const top = 10,
    H = top + view.rows * rowH + 150;
  const svg = svgRoot(W, H, "Purrramid pyramid");
  for (const sp of view.spaces) {
    const X = 10 + sp.x * u,
      Y = top + (view.rows - 1 - sp.row) * rowH,
      w = sp.width * u;
    const moves = bySpace.get(sp.id);
    const node = spaceNode(sp, X, Y, w, rowH, !!moves, chosen === sp.id);
    if (moves)
      svg.append(
        clickable(
          { "aria-label": `place on the ${sp.number}, row ${sp.row + 1}`, "data-space": sp.id },
          () => {
            if (moves.length === 1) ctx.act(moves[0]);
            else {
              chosen = sp.id;
              render(root, ctx);
            }
          },
          node,
        ),
      );
    else svg.append(node);
  }
  // this turn's roll and the players
  const by = top + view.rows * rowH + 14;
  svg.append(
    s(
      "text",
      { x: 10, y: by + 14, "font-size": 14, "font-weight": 800 },
      view.current === null ? "Game over" : `Roll of ${name(seats, view.current)}:`,
    ),
  );
  (view.turn.roll || []).forEach((v, i) => svg.append(pipDie(180 + i * 40, by, 32, v, { fill: "#fff" })));
  if (view.turn.placed.length)
    svg.append(
      s(
        "text",
        { x: 390, y: by + 22, "font-size": 13, fill: "#746d7c" },
        `placed this turn: ${view.turn.placed.map((p) => p.dice.join("+")).join(", ")} · ${view.turn.tiles} tile(s)${view.turn.stop_ok ? " · stopping is safe" : " · stopping now busts"}`,
      ),
    );
  for (let p = 0; p < view.players; p++) {
    const x = 10 + p * (W / view.players),
      y = by + 56,
      me = p === view.current;
    svg.append(
      s("rect", {
        x,
        y,
        width: W / view.players - 10,
        height: 70,
        rx: 10,
        fill: "white",
        stroke: me ? seatColour(p) : "#e3d9c6",
        "stroke-width": me ? 3 : 1,
      }),
    );
    svg.append(
      s("rect", {
        x: x + 10,
        y: y + 12,
        width: 14,
        height: 14,
        rx: 3,
        fill: tint(seatColour(p), 0.35),
        stroke: seatColour(p),
      }),
    );
    svg.append(s("text", { x: x + 32, y: y + 24, "font-size": 14, "font-weight": 800 }, name(seats, p)));
    svg.append(
      s(
        "text",
        { x: x + 10, y: y + 46, "font-size": 13 },
        `tiles left ${view.tiles_left[p]} · wool ${view.wool[p]} · score ${view.scores[p]}`,
      ),
    );
    svg.append(woolBall(x + W / view.players - 30, y + 20, 7));
    svg.append(
      s(
        "text",
        { x: x + W / view.players - 42, y: y + 25, "font-size": 13, "text-anchor": "end" },
        `×${view.wool[p]}`,
      ),
    );
  }
  const extra = [];
  if (chosen !== null && bySpace.get(chosen))
    extra.push(
      h(
        "p",
        {},
        "Which dice go there? ",
        bySpace
          .get(chosen)
          .map((m) =>
            h(
              "button",
              { type: "button", class: "secondary", onclick: () => ctx.act(m) },
              m.action.dice.join(" + "),
            ),
          ),
      ),
    );
  if (view.last_turn) {
    const l = view.last_turn;
    extra.push(
      h(
        "p",
        { class: "muted" },
        `Last turn: ${name(seats, l.seat)} ${l.success ? `placed ${l.tiles} tile(s)${l.gold ? `, ${l.gold} gold` : ""}${l.wool ? `, ${l.wool} wool` : ""}${l.bonus ? ", bonus turn" : ""}` : `busted${l.reason ? ` (${l.reason})` : ""}`}.`,
      ),
    );
  }
  const odds = ctx.hints;
  extra.push(
    h(
      "label",
      {},
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
    extra.push(
      h(
        "p",
        { id: "odds" },
        odds
          ? `Rolling ${odds.dice} ${odds.dice === 1 ? "die" : "dice"}: bust ${pct(odds.bust)}${odds.bust_with_wool < odds.bust ? ` (${pct(odds.bust_with_wool)} after wool rerolls)` : ""} · can stop safely after it ${pct(odds.can_stop)} · bonus turn ${pct(odds.bonus)}`
          : "Odds appear when you decide whether to continue.",
      ),
    );
  root.replaceChildren(svg, ...extra);
  return { handled: ["Place"] };
}

function name(seats, s) {
  return (seats && seats[s] && seats[s].name) || `Seat ${s + 1}`;
}
