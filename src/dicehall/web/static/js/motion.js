// Moves you can follow: when another player's (or a bot's) move redraws the board, the parts
// it changed move from where they were to where they are now (a die to its place, a Target
// marker to its zone, a track's bar to its new length) at the table's pace, and stay marked
// as the last move until the next one. A renderer names each part that can move or change with
// `data-key` (`data-travels` where it moves across the board), and what it is with `data-token`
// where the same thing is drawn elsewhere later (a Paradice die flies from the machine cell it
// left to the stall it is placed on). Only the board is animated: the action area is drawn at
// once, so its controls never wait. Under prefers-reduced-motion nothing moves; the mark stays.

const KEYED = "[data-key]";
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

export function stillPlease() {
  return reduced.matches;
}

// Where a part is on the board (not on the screen: a hint above the board may push it all down).
function placeOf(el, origin) {
  const r = el.getBoundingClientRect();
  return { left: r.left - origin.left, top: r.top - origin.top };
}

// Where each keyed part of the board is now, and what it shows.
export function snapshot(root) {
  const out = new Map(),
    origin = root.getBoundingClientRect();
  for (const el of root.querySelectorAll(KEYED))
    out.set(el.dataset.key, {
      box: placeOf(el, origin),
      width: el.getAttribute("width"),
      text: el.textContent,
      token: el.dataset.token, // what the part is ("41": a die's colour and value)
    });
  return out;
}

// Parts that left the board lately, by token, newest last: a die taken from Paradice's machine
// flies from there to the stall it is placed on a move or two later (it waits in the player's
// hand, off the board, in between).
let gone = [];
const REMEMBERED = 24;

function remember(before, root) {
  const now = new Map([...root.querySelectorAll(KEYED)].map((el) => [el.dataset.key, el.dataset.token]));
  for (const [key, was] of before)
    if (was.token !== undefined && now.get(key) !== was.token) gone.push({ token: was.token, box: was.box });
  gone = gone.slice(-REMEMBERED);
}

function cameFrom(token) {
  if (token === undefined) return null;
  for (let i = gone.length - 1; i >= 0; i--)
    if (gone[i].token === token) return gone.splice(i, 1)[0].box;
  return null;
}

// The screen-to-drawing scale of an SVG part (a CSS translate on it is in drawing units).
function scaleOf(el) {
  const m = el.getScreenCTM ? el.getScreenCTM() : null;
  return m && m.a ? m.a : 1;
}

// Animate and mark what changed since `before`; returns the keys of the parts it changed.
export function follow(root, before, ms) {
  const changed = new Set();
  if (!before || !before.size) return changed; // a first drawing: nothing moved
  const still = stillPlease(),
    origin = root.getBoundingClientRect();
  remember(before, root);
  for (const el of root.querySelectorAll(KEYED)) {
    const was = before.get(el.dataset.key);
    const now = placeOf(el, origin);
    const from = was ? null : cameFrom(el.dataset.token);
    if (from) {
      // a part that left the board lately comes back here: it flies from where it was
      changed.add(el.dataset.key);
      el.classList.add("followed");
      const k = scaleOf(el);
      if (!still)
        el.animate(
          [{ transform: `translate(${(from.left - now.left) / k}px, ${(from.top - now.top) / k}px)` }, { transform: "translate(0, 0)" }],
          { duration: ms, easing: "ease-in-out", composite: "add" },
        );
      continue;
    }
    if (!was) {
      // a new part (a die placed, a tile laid): it grows in where it lands
      changed.add(el.dataset.key);
      el.classList.add("followed");
      if (!still)
        el.animate([{ opacity: 0.2, transform: "scale(0.5)" }, { opacity: 1, transform: "scale(1)" }], {
          duration: ms,
          easing: "ease-out",
          composite: "add", // on top of the part's own position
        });
      continue;
    }
    const dx = was.box.left - now.left,
      dy = was.box.top - now.top;
    const width = el.getAttribute("width");
    // only a part that travels on the board (`data-travels`: a Target marker) moves; others
    // shift when the layout around them grows, which is no move of the game
    const moved = el.hasAttribute("data-travels") && (Math.abs(dx) > 1 || Math.abs(dy) > 1);
    const same = width === was.width && el.textContent === was.text && el.dataset.token === was.token;
    if (!moved && same) continue;
    changed.add(el.dataset.key);
    el.classList.add("followed");
    if (still) continue;
    if (moved) {
      const k = scaleOf(el);
      // added to the part's own transform attribute, which a CSS transform would replace
      el.animate([{ transform: `translate(${dx / k}px, ${dy / k}px)` }, { transform: "translate(0, 0)" }], {
        duration: ms,
        easing: "ease-in-out",
        composite: "add",
      });
    }
    if (width !== was.width && was.width !== null && width !== null)
      el.animate([{ width: `${was.width}px` }, { width: `${width}px` }], { duration: ms, easing: "ease-in-out" });
  }
  return changed;
}

// Mark again the parts of the last move after a redraw that was not a move (a tap, a resize).
export function markAgain(root, keys) {
  for (const el of root.querySelectorAll(KEYED)) if (keys.has(el.dataset.key)) el.classList.add("followed");
}
