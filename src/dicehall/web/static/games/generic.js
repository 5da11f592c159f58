// Fallback renderer for games without their own drawing: a readable outline of the view.
import { h } from "/static/js/svg.js";

function outline(value, depth = 0) {
  if (value === null || typeof value !== "object") return h("span", {}, JSON.stringify(value));
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object"))
      return h("span", {}, value.map((v) => JSON.stringify(v)).join(", "));
    return h(
      "ol",
      { start: 0 },
      value.map((v) => h("li", {}, outline(v, depth + 1))),
    );
  }
  return h(
    "div",
    { class: "kv" },
    Object.entries(value).flatMap(([k, v]) => [h("b", {}, k), outline(v, depth + 1)]),
  );
}

export function render(root, ctx) {
  root.replaceChildren(
    h("h2", {}, ctx.seat === null ? "Table (spectator view)" : "Your view"),
    outline(ctx.view),
  );
  return { handled: [] };
}
