// Replay deltas (web/records/view_delta.py): [path, value] sets the value at path, [path] removes it;
// an empty path replaces the whole view. Values are copied, so the same delta can be reused.
export function applyDelta(view, ops) {
  for (const op of ops) {
    const path = op[0];
    if (path.length === 0) {
      view = structuredClone(op[1]);
      continue;
    }
    let node = view;
    for (let i = 0; i < path.length - 1; i++) node = node[path[i]];
    const last = path[path.length - 1];
    if (op.length === 1) delete node[last];
    else node[last] = structuredClone(op[1]);
  }
  return view;
}

// Views of a replay by step, rebuilt from the start view and the frames' deltas. A copy is
// kept every `every` steps, so any step is at most that many deltas away.
export class ViewCache {
  constructor(start, frames, every = 64) {
    this.frames = frames;
    this.every = every;
    this.saved = [structuredClone(start)];
  }

  at(step) {
    const base = Math.floor(step / this.every);
    while (this.saved.length <= base) {
      const from = (this.saved.length - 1) * this.every;
      let view = structuredClone(this.saved[this.saved.length - 1]);
      for (let s = from + 1; s <= from + this.every; s++) view = applyDelta(view, this.frames[s - 1][2]);
      this.saved.push(view);
    }
    let view = structuredClone(this.saved[base]);
    for (let s = base * this.every + 1; s <= step; s++) view = applyDelta(view, this.frames[s - 1][2]);
    return view;
  }
}
