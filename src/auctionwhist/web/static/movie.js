// The movie of a finished deal: every frame was built on the server from the
// deal's log (pages.movie_frames); this steps through them.
import { SEATS, SEAT_NAMES, callIsRed, callText, cardElement, el, suitRows } from "./cards.js";
import { wireReview } from "./review.js";

const frames = JSON.parse(document.getElementById("frames").textContent);
// Who sat where, the robots' calls explained (in full: the deal is over), the review.
const meta = JSON.parse(document.getElementById("movie-meta").textContent);
const $ = (id) => document.getElementById(id);
const pos = { S: "bottom", W: "left", N: "top", E: "right" };
let at = 0;
let timer = null;

function show(i) {
  at = Math.max(0, Math.min(frames.length - 1, i));
  const f = frames[at];
  $("caption").textContent = f.caption;
  $("m-step").value = String(at);
  $("m-count").textContent = `${at + 1} / ${frames.length}`;
  $("m-contract").querySelector("b").textContent = f.contract
    ? `${callText(f.contract.replace(/X+$/, ""))}${f.contract.endsWith("XX") ? ", redoubled" : f.contract.endsWith("X") ? ", doubled" : ""} by ${SEAT_NAMES[f.declarer]}`
    : "—";
  $("m-tricks").querySelector("b").textContent = `N-S ${f.tricks[0]} · E-W ${f.tricks[1]}`;
  for (const seat of SEATS) {
    const box = document.querySelector(`.pos.${pos[seat]}`);
    const plate = box.querySelector(".plate");
    plate.textContent = "";
    plate.append(el("span", { class: "seat-name", text: SEAT_NAMES[seat] }));
    if (meta.names[seat]) plate.append(el("span", { class: "player-name", text: meta.names[seat] }));
    if (f.dealer === seat) plate.append(el("span", { class: "tag", text: "dealer" }));
    if (f.declarer === seat) plate.append(el("span", { class: "tag declarant", text: "declarant" }));
    const hand = box.querySelector(".hand");
    hand.textContent = "";
    hand.append(suitRows(f.hands[seat]));
  }
  for (const slot of document.querySelectorAll(".trick .slot")) slot.textContent = "";
  for (const [seat, card] of f.trick) {
    document.querySelector(`.trick .slot.${pos[seat]}`).append(cardElement(card));
  }
  const auction = $("auction");
  if (auction) {
    const order = [0, 1, 2, 3].map((k) => SEATS[(SEATS.indexOf(f.dealer) + k) % 4]);
    const head = auction.querySelector("thead tr");
    head.textContent = "";
    for (const s of order) head.append(el("th", {}, SEAT_NAMES[s], el("span", { class: "player-name", text: meta.names[s] || "" })));
    const body = auction.querySelector("tbody");
    body.textContent = "";
    // A director's entry replaces the play: the entry, not the calls made.
    if (f.entry) body.append(el("tr", {}, el("td", { colspan: "4", class: "entry", text: `Entered by the director: ${f.entry}` })));
    let row = null;
    f.calls.forEach(([seat, call], k) => {
      if (k % 4 === 0) body.append((row = el("tr")));
      const td = el("td", { class: callIsRed(call) ? "red" : "", text: callText(call) });
      const c = meta.calls[k];
      if (c && c.seat === seat && c.call === call) explainable(td, c);
      row.append(td);
    });
  }
  const score = f.score;
  $("score-panel").hidden = !score;
  if (score) {
    const body = $("score-items").querySelector("tbody");
    body.textContent = "";
    for (const it of score.items) {
      body.append(el("tr", {},
        el("td", { class: "l", text: it.text }),
        el("td", { text: it.side === 0 ? String(it.points) : "" }),
        el("td", { text: it.side === 1 ? String(it.points) : "" }),
        el("td", { class: "l law", text: it.law })));
    }
    const foot = $("score-items").querySelector("tfoot");
    foot.textContent = "";
    foot.append(el("tr", {}, el("th", { class: "l", text: "Total" }), el("th", { text: String(score.total[0]) }), el("th", { text: String(score.total[1]) }), el("th")));
  }
}

// A robot's call explained on hover, focus or tap, in the note under the auction.
function explainable(td, c) {
  const text = c && (c.full || c.meaning);
  if (!text) return;
  td.classList.add("explained");
  td.tabIndex = 0;
  td.title = text;
  const say = () => {
    const note = $("call-note");
    note.hidden = false;
    note.textContent = `${SEAT_NAMES[c.seat]}, ${callText(c.call)}: ${text}`;
  };
  td.addEventListener("mouseenter", say);
  td.addEventListener("focus", say);
  td.addEventListener("click", say);
}

function play() {
  if (timer) {
    clearInterval(timer);
    timer = null;
    $("m-play").textContent = "▶ Play";
    return;
  }
  if (at >= frames.length - 1) if (meta.review) wireReview($("review-button"), $("review-panel"), $("review"), () => meta.review);
show(0);
  $("m-play").textContent = "❚❚ Stop";
  timer = setInterval(() => {
    if (at >= frames.length - 1) return play();
    show(at + 1);
  }, 700);
}

$("m-first").addEventListener("click", () => show(0));
$("m-prev").addEventListener("click", () => show(at - 1));
$("m-next").addEventListener("click", () => show(at + 1));
$("m-last").addEventListener("click", () => show(frames.length - 1));
$("m-play").addEventListener("click", play);
$("m-step").addEventListener("input", (e) => show(Number(e.target.value)));
document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement) return;
  if (e.key === "ArrowRight") show(at + 1);
  else if (e.key === "ArrowLeft") show(at - 1);
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(frames.length - 1);
  else if (e.key === " ") play();
  else return;
  e.preventDefault(); // the movie's keys, not the page's scrolling
});
if (meta.review) wireReview($("review-button"), $("review-panel"), $("review"), () => meta.review);
show(0);
