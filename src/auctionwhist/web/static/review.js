// A finished deal's play double dummy (GET .../review/<table>/<deal>), shown as
// `whist review` prints it: trick by trick, each card that gave up tricks with
// its cost and the best cards there; above it the deal's double-dummy table
// and par as `whist analyse` prints them (a nullo row the solver had no time
// to finish shown as bounds, "5-8", and par then as what it can still be).
// At nullo the cards are scored last first within the time: the first ones
// the time did not reach are shown unscored ("not scored").
// The table and the movie both use it.
import { SEAT_NAMES, cardText, el, isRed } from "./cards.js";

function card(c) {
  return el("span", { class: isRed(c) ? "red" : "", text: cardText(c) });
}

const STRAIN_LABELS = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT", NL: "Nul." };
const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

function figure(v) {
  return typeof v === "number" ? `${v}` : `${v.lo}-${v.hi}`;
}

// The double-dummy table (declarers down, strains across) and par.
function drawAnalysis(box, a) {
  const strains = Object.keys(a.table);
  const head = el("tr", {}, el("th", { text: "declarer" }));
  for (const s of strains) head.append(el("th", { class: "num " + ("DH".includes(s) ? "red" : ""), text: STRAIN_LABELS[s] || s }));
  const body = el("tbody");
  for (const seat of "NESW") {
    const row = el("tr", {}, el("th", { text: SEAT_NAMES[seat] }));
    for (const s of strains) {
      const v = a.table[s][seat];
      row.append(el("td", { class: "num" + (typeof v === "number" ? "" : " dd-bounds"), text: figure(v) }));
    }
    body.append(row);
  }
  box.append(el("table", { class: "dd-table", "aria-label": "Double-dummy tricks" }, el("thead", {}, head), body));
  box.append(el("p", { class: "note", text: "The declarer's side's tricks, double dummy; at nullo, those it cannot avoid." }));
  if (!a.exact) {
    box.append(el("p", { class: "note dd-bounds", text: "5-8: bounds, the exact figure lies within them; the solver's time ran out first (a nullo can take it minutes)." }));
  }
  if (a.par) {
    const how = a.par.contracts.map((c) => `${c.contract} by ${SEAT_NAMES[c.declarer]}`).join(", ");
    box.append(el("p", { class: "dd-par", text: a.par.contracts.length
      ? `Par: N-S ${signed(a.par.score.ns)} (${how}).`
      : `Par: ${signed(a.par.score.ns)}, nobody bids.` }));
  } else if (a.par_range) {
    const [lo, hi] = a.par_range.ns;
    box.append(el("p", { class: "dd-par", text: lo === hi
      ? `Par: N-S ${signed(lo)}; the contracts that reach it wait for the exact nullo row.`
      : `Par: N-S at least ${signed(lo)} and at most ${signed(hi)}, while the nullo row is bounds.` }));
  } else if (a.whist) {
    box.append(el("p", { class: "dd-par", text: `Trump ${STRAIN_LABELS[a.whist.trump]}, ${SEAT_NAMES[a.whist.leader]} leads: N-S ${a.whist.tricks.ns} tricks, E-W ${a.whist.tricks.ew}.` }));
  }
}

export function drawReview(box, r) {
  box.textContent = "";
  if (r.analysis) drawAnalysis(box, r.analysis);
  if (r.status !== "ready") {
    box.append(el("p", { class: "note", text: `The review is not available: ${r.message}.` }));
    return;
  }
  const cards = r.cards || [];
  const lost = cards.filter((c) => c.cost);
  const unscored = cards.filter((c) => c.solved === false);
  const total = [0, 0];
  for (const c of lost) total["NS".includes(c.seat) ? 0 : 1] += c.cost;
  const from = unscored.length ? " in the cards scored" : "";
  box.append(el("p", { class: "note", text: lost.length
    ? `Tricks given up against best play${from}: N-S ${total[0]}, E-W ${total[1]}. A card marked with its cost gave up that many tricks; the best cards there follow it.`
    : unscored.length === cards.length ? "No card was scored in the time."
    : `Every card${unscored.length ? " scored" : ""} was a best card, double dummy.` }));
  if (unscored.length) {
    box.append(el("p", { class: "note", text: `The first ${unscored.length} cards are not scored: at nullo the early tricks can take the solver minutes, and the time ran out. whist review scores them all.` }));
  }
  const list = el("ol", { class: "review-tricks" });
  let trick = null;
  let item = null;
  for (const c of cards) {
    if (c.trick !== trick) {
      trick = c.trick;
      item = el("li", { class: "review-trick" });
      list.append(item);
    }
    const who = el("span", { class: "rv-card" + (c.cost ? " costly" : ""), title: SEAT_NAMES[c.seat] },
      el("span", { class: "rv-seat", text: c.seat }), " ", card(c.card));
    if (c.solved === false) who.append(el("span", { class: "rv-cost unscored", text: " (not scored)" }));
    else if (c.cost === null) who.append(el("span", { class: "rv-cost", text: " (not legal)" }));
    else if (c.cost) {
      const best = el("span", { class: "rv-best" }, " best ");
      c.best_cards.forEach((b, i) => best.append(i ? " " : "", card(b)));
      who.append(el("span", { class: "rv-cost", text: ` −${c.cost}` }), best);
    }
    item.append(who, " ");
  }
  box.append(list);
}

// The button asks once; the answer is drawn in ``box`` (shown).
export function wireReview(button, panel, box, url) {
  button.addEventListener("click", async () => {
    button.disabled = true;
    const label = button.textContent;
    button.textContent = "Solving…";
    panel.hidden = false;
    box.textContent = "";
    box.append(el("p", { class: "note", text: "The solver is working through the play (up to 20 seconds)." }));
    try {
      const res = await fetch(url());
      const r = await res.json().catch(() => ({}));
      drawReview(box, res.ok ? r : { status: "unavailable", message: r.message || `HTTP ${res.status}` });
    } finally {
      button.textContent = label;
      button.disabled = false;
    }
  });
}
