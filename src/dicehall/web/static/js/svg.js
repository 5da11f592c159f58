// Small helpers to build SVG and HTML from plain data (no framework, no build step).
const NS = "http://www.w3.org/2000/svg";

export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat())
    if (c !== null && c !== undefined && c !== false)
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat())
    if (c !== null && c !== undefined && c !== false)
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

export function svgRoot(width, height, label, ...children) {
  return s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label }, ...children);
}

// A focusable, clickable SVG group: Enter/Space act like a click (keyboard access).
export function clickable(attrs, onPick, ...children) {
  const g = s(
    "g",
    { ...attrs, class: `clickable ${attrs.class || ""}`, tabindex: 0, role: "button" },
    ...children,
  );
  g.addEventListener("click", onPick);
  g.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onPick(e);
    }
  });
  return g;
}

export const PALETTE = ["#7b4fd6", "#e0577e", "#2f9e6b", "#e39a22", "#2f7fd0", "#8c6d4f"];
export function seatColour(seat) {
  return seat === null || seat === undefined || seat < 0 ? "#888" : PALETTE[seat % PALETTE.length];
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
