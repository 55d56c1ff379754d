// A finished deal's play double dummy (GET .../review/<table>/<deal>), shown as
// `whist review` prints it: trick by trick, each card that gave up tricks with
// its cost and the best cards there. The table and the movie both use it.
import { SEAT_NAMES, cardText, el, isRed } from "./cards.js";

function card(c) {
  return el("span", { class: isRed(c) ? "red" : "", text: cardText(c) });
}

export function drawReview(box, r) {
  box.textContent = "";
  if (r.status !== "ready") {
    box.append(el("p", { class: "note", text: `The review is not available: ${r.message}.` }));
    return;
  }
  const cards = r.cards || [];
  const lost = cards.filter((c) => c.cost);
  const total = [0, 0];
  for (const c of lost) total["NS".includes(c.seat) ? 0 : 1] += c.cost;
  box.append(el("p", { class: "note", text: lost.length
    ? `Tricks given up against best play: N-S ${total[0]}, E-W ${total[1]}. A card marked with its cost gave up that many tricks; the best cards there follow it.`
    : "Every card was a best card, double dummy." }));
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
    if (c.cost === null) who.append(el("span", { class: "rv-cost", text: " (not legal)" }));
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
