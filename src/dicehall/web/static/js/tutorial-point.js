// A guided first game points at what to tap: the scripted move's targets (CSS selectors of the
// game's renderer, in order) are ringed one at a time; a tap on any other control of the board
// or the action area is refused with a hint, and the target is brought into view if the page
// scrolled it away (on a phone, above the action area fixed at the bottom).
import { phoneLayout } from "/static/js/svg.js";

const $ = (id) => document.getElementById(id);
const CONTROL = "button, a[href], [role=button], input, select";
let targets = [],
  at = 0,
  onRefuse = () => {};

function visible(node) {
  const r = node.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(node).visibility !== "hidden";
}

// what a target names: a CSS selector, or "text:<words>", the control showing those words
// (exactly, else within its text or accessible name: a phone's short label names the move in full)
function matches(target) {
  if (!target.startsWith("text:")) return [...document.querySelectorAll(target)];
  const words = target.slice(5).trim(),
    controls = [...document.querySelectorAll(CONTROL)];
  const exact = controls.filter((n) => n.textContent.trim() === words);
  if (exact.length) return exact;
  return controls.filter((n) => `${n.textContent} ${n.getAttribute("aria-label") || ""}`.includes(words));
}

// the node a target means now: the action area's copy first (a phone's twin of a board
// target), else the board's
export function targetNode() {
  const target = targets[at];
  if (!target) return null;
  const found = matches(target).filter(visible);
  return found.find((n) => $("action").contains(n)) || found[0] || null;
}

function freeBottom() {
  return window.innerHeight - (phoneLayout() ? $("action").getBoundingClientRect().height : 0);
}

// scroll the page (never the test, never the player) until the target is in the free screen
function reveal(node) {
  if ($("action").contains(node)) {
    node.scrollIntoView({ block: "nearest", behavior: "instant" }); // inside the sheet's own scroll
    return;
  }
  const r = node.getBoundingClientRect(),
    bottom = freeBottom();
  if (r.top >= 0 && r.bottom <= bottom) return;
  window.scrollBy({ top: r.bottom > bottom ? r.bottom - bottom + 12 : r.top - 12, behavior: "instant" });
}

function draw() {
  const ring = $("ring"),
    node = targetNode();
  document.body.dataset.tutorialTap = String(at); // which tap of the step is ringed (tests wait on it)
  for (const old of document.querySelectorAll("[data-tutorial-target]")) old.removeAttribute("data-tutorial-target");
  if (!node) {
    ring.hidden = true;
    return;
  }
  node.setAttribute("data-tutorial-target", "");
  const r = node.getBoundingClientRect();
  Object.assign(ring.style, {
    left: `${r.left - 5}px`,
    top: `${r.top - 5}px`,
    width: `${r.width + 10}px`,
    height: `${r.height + 10}px`,
  });
  ring.hidden = false;
}

let queued = false;
export function repoint({ scroll = true } = {}) {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    const node = targetNode();
    if (node && scroll) reveal(node);
    draw();
  });
}

// a new step: its targets, from the first
export function point(selectors, refuse) {
  targets = selectors;
  at = 0;
  onRefuse = refuse;
  repoint();
}

// the move sent was not the scripted one: start its taps again
export function restartTaps() {
  at = 0;
  repoint();
}

// A tap (or Enter/Space on a drawn target, which acts without a click) on a control of the
// board or the action area: the ringed one goes on to the next target, any other is refused.
function guard(e) {
  const control = e.target.closest && e.target.closest(CONTROL);
  const area = control && (control.closest("#board") || control.closest("#action") || control.closest("#moves"));
  if (!area || !targets.length) return;
  const node = targetNode();
  if (node && (node === control || node.contains(control) || control.contains(node))) {
    at += 1;
    repoint();
    return;
  }
  e.preventDefault();
  e.stopImmediatePropagation();
  onRefuse();
  repoint();
}
document.addEventListener("click", guard, true);
document.addEventListener(
  "keydown",
  (e) => {
    const drawn = e.target.closest && e.target.closest("[role=button]:not(button)");
    if (drawn && (e.key === "Enter" || e.key === " ")) guard(e);
  },
  true,
);
new MutationObserver(() => repoint({ scroll: true })).observe(document.body, { childList: true, subtree: true });
window.addEventListener("scroll", () => repoint({ scroll: false }), { passive: true });
window.addEventListener("resize", () => repoint());
