// Small helpers to build SVG and HTML from plain data (no framework, no build step).
const NS = "http://www.w3.org/2000/svg";

export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "style") node.style.cssText = String(v); // CSSOM: the CSP forbids style="…"
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat())
    if (c !== null && c !== undefined && c !== false)
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  // a trailing space (not drawn) keeps words of neighbouring labels apart in the page's text,
  // so an accessible name made of them matches what is shown (WCAG label-in-name)
  if (tag === "text") node.append(" ");
  return node;
}

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else if (k === "style") node.style.cssText = String(v); // CSSOM: the CSP forbids style="…"
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat())
    if (c !== null && c !== undefined && c !== false)
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

export function svgRoot(width, height, label, ...children) {
  // a group, not an image: it holds controls (an image's contents are not interactive)
  return s("svg", { viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": label }, ...children);
}

// A focusable, clickable SVG group: Enter/Space act like a click (keyboard access).
// Its drawing is hidden from assistive technology: the aria-label speaks for it.
export function clickable(attrs, onPick, ...children) {
  const g = s(
    "g",
    { ...attrs, class: `clickable ${attrs.class || ""}`, tabindex: 0, role: "button" },
    s("g", { "aria-hidden": "true" }, ...children),
  );
  g.addEventListener("click", onPick);
  g.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onPick(e);
    } else if (ARROWS[e.key]) {
      // arrow keys move between the drawing's targets (in drawing order), Tab leaves it
      const all = [...g.ownerSVGElement.querySelectorAll("g.clickable")];
      const next = all[all.indexOf(g) + ARROWS[e.key]];
      if (next) {
        e.preventDefault();
        next.focus();
      }
    }
  });
  return g;
}
const ARROWS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export const PALETTE = ["#7b4fd6", "#e0577e", "#2f9e6b", "#e39a22", "#2f7fd0", "#8c6d4f"];
export function seatColour(seat) {
  return seat === null || seat === undefined || seat < 0 ? "#888" : PALETTE[seat % PALETTE.length];
}

// The text a drawing shows, in order (an accessible name must contain it).
export function shownText(node) {
  return [...node.querySelectorAll("text")]
    .map((n) => n.textContent.trim())
    .filter(Boolean)
    .join(" ");
}

// A die with pips (values 1..6) at (x, y), size d.
export function pipDie(x, y, d, value, { fill = "white", pip = "#2d2a32", stroke = "#2d2a32" } = {}) {
  const g = s("g", { transform: `translate(${x},${y})` });
  g.append(s("rect", { width: d, height: d, rx: d * 0.18, fill, stroke, "stroke-width": 2 }));
  const q = d / 4,
    spots =
      {
        1: [[2, 2]],
        2: [
          [1, 1],
          [3, 3],
        ],
        3: [
          [1, 1],
          [2, 2],
          [3, 3],
        ],
        4: [
          [1, 1],
          [3, 1],
          [1, 3],
          [3, 3],
        ],
        5: [
          [1, 1],
          [3, 1],
          [2, 2],
          [1, 3],
          [3, 3],
        ],
        6: [
          [1, 1],
          [3, 1],
          [1, 2],
          [3, 2],
          [1, 3],
          [3, 3],
        ],
      }[value] || [];
  for (const [cx, cy] of spots) g.append(s("circle", { cx: cx * q, cy: cy * q, r: d * 0.09, fill: pip }));
  if (!spots.length)
    g.append(
      s(
        "text",
        { x: d / 2, y: d * 0.66, "text-anchor": "middle", "font-size": d * 0.5, fill: pip },
        value ?? "?",
      ),
    );
  return g;
}

export function label(x, y, text, attrs = {}) {
  return s("text", { x, y, "font-size": 14, fill: "#2d2a32", ...attrs }, text);
}

// The width to lay a board out for: the board's own width on a phone (drawn at 1:1, so text
// keeps its size), else the desktop layout's 940 units scaled to fit.
export function boardWidth(root) {
  const cs = getComputedStyle(root);
  const w = root.clientWidth - parseFloat(cs.paddingLeft || 0) - parseFloat(cs.paddingRight || 0);
  return w > 0 && w < 700 ? Math.max(300, Math.floor(w)) : 940;
}

// An "i" badge: tap, click or focus it to read `text` in the board's info line (a hover title
// alone reaches neither touch nor keyboard). The clear square around it is the touch target.
export function infoBadge(x, y, text, name) {
  const g = clickable(
    { class: "info", "aria-label": `About ${name}: ${text}`, "data-info": text },
    () => showInfo(g, name, text),
    s("rect", { x: x - 20, y: y - 20, width: 40, height: 40, fill: "transparent" }),
    s("circle", { cx: x, cy: y, r: 11, fill: "#efe7ff", stroke: "#7b4fd6", "stroke-width": 1.5 }),
    s(
      "text",
      { x, y: y + 5, "text-anchor": "middle", "font-size": 15, "font-weight": 800, fill: "#5b35b0" },
      "i",
    ),
  );
  g.addEventListener("focus", () => showInfo(g, name, text));
  return g;
}

function showInfo(node, name, text) {
  const box = node.closest("#board") && node.closest("#board").querySelector(".board-info");
  if (!box) return;
  box.replaceChildren(h("b", {}, `${name}: `), text);
  box.hidden = false;
}

// The line an "i" badge writes into (rendered below the board's drawing).
export function infoLine() {
  return h("p", { class: "board-info", role: "status", hidden: true });
}

// Dice that were just rolled tumble in (CSS `tumble`, off for people who ask for less motion).
const lastRolls = new Map();
export function rolled(key, values, still = false) {
  const now = JSON.stringify(values),
    fresh = !still && lastRolls.has(key) && lastRolls.get(key) !== now && values.length > 0;
  lastRolls.set(key, now);
  return fresh;
}
export function tumbling(node, on) {
  return on ? s("g", { class: "tumble" }, node) : node;
}

// The board's drawing and notes go in `root`; what the player acts on now (their dice, the
// choices that follow a tap, the buttons that send a move) goes in the table page's action
// area (`ctx.dock`: a sheet fixed at the bottom of a phone's screen, so it is always in view).
// Pages without one (the replay) get the controls under the drawing, as one board.
export function dock(root, ctx, board, controls) {
  const [drawing, ...notes] = board;
  if (ctx.dock) {
    root.replaceChildren(drawing, ...notes);
    ctx.dock.replaceChildren(...controls.filter(Boolean));
  } else root.replaceChildren(drawing, ...controls.filter(Boolean), ...notes);
}

// Is the table laid out for a phone (the action area fixed at the bottom of the screen)?
export function phoneLayout() {
  return window.matchMedia("(max-width: 700px)").matches;
}
