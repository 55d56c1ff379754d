// The live table: one WebSocket per seat (docs/web-protocol.md). The server is
// the only authority; this page shows the seat's own view and sends intentions.
import {
  SEATS, SEAT_NAMES, SUIT_SYMBOLS, backElement, callIsRed, callText, cardElement,
  cardText, el, positions, sideOf, sortHand, suitRows,
} from "./cards.js";
import { wireReview } from "./review.js";

const page = document.getElementById("table-page");
const boot = JSON.parse(page.dataset.boot);
const me = boot.seat;
const pos = positions(me);
const $ = (id) => document.getElementById(id);

let ws = null;
let state = null;
let last = null; // the last event number seen at this table
let retry = 500;
let typed = "";
let refs = 0;
let travellerShown = null;
let askedNext = false; // a "next" awaits its ack
const dealt = {}; // the hands as dealt, from each deal_over event

// -- the connection ---------------------------------------------------------------

function connect() {
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  ws = new WebSocket(proto + location.host + boot.ws);
  ws.addEventListener("open", () => {
    delete page.dataset.offline;
    retry = 500;
    asking = false;
    resync();
  });
  // A frame carries one message or several, one JSON text per line.
  ws.addEventListener("message", (e) => {
    for (const line of e.data.split("\n")) if (line) receive(JSON.parse(line));
  });
  ws.addEventListener("close", (e) => {
    if (e.code === 4404) {
      prompt("This link is not a seat at any table.");
      return;
    }
    offline();
    // 1011: the server could not send this table (a bug, in its log), not the network.
    prompt(e.code === 1011
      ? "The server failed to send this table (its log says why): nothing you do is sent. Trying again…"
      : "Not connected: nothing you do is sent. Taking your seat again…");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

// While the socket is down nothing can be sent and nothing is queued: the
// page says so and takes its cards and calls out of reach until the next view.
function offline() {
  page.dataset.offline = "1";
  for (const b of page.querySelectorAll("#baize button, #bidding-box button, #actions-panel button")) {
    b.disabled = true;
    b.classList.remove("playable");
  }
}

function send(msg) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    if (msg.type !== "hello" && msg.type !== "ping") offline();
    return;
  }
  if (msg.type !== "hello" && msg.type !== "ping") msg.ref = `r${++refs}`;
  ws.send(JSON.stringify(msg));
}

// Every event is followed by a fresh view of the table: the server says what
// is legal; this page never works it out for itself. One request at a time,
// and one more if events came meanwhile (no timers: a background tab's timers
// are slowed by the browser, its sockets are not).
let asking = false;
let stale = false;

function resync() {
  if (asking) {
    stale = true;
    return;
  }
  asking = true;
  stale = false;
  send({ type: "hello", last: null });
}

function receive(m) {
  switch (m.type) {
    case "state":
      state = m;
      last = m.n;
      asking = false;
      render();
      if (stale) resync();
      break;
    case "event":
      if (last !== null && m.n > last + 1) {
        send({ type: "hello", last });
        return;
      }
      last = m.n;
      if (m.event && m.event.type === "deal_over" && m.event.hands) {
        dealt[`${m.table}/${m.event.deal}`] = m.event.hands;
      }
      if (m.event && m.event.type === "moved") travellerShown = null;
      resync();
      break;
    case "error":
      question = null;
      showError(m.message || m.error);
      resync();
      break;
    case "ack":
      hideError();
      if (question) answerAsked(m.n);
      // A "next" after the table's last deal makes no event: ask how it stands.
      if (askedNext) {
        askedNext = false;
        resync();
      }
      break;
    case "moved": // a match: my next table (its events come after a hello)
      travellerShown = null;
      resync();
      break;
    case "game_over":
      resync(); // the state says where the results are once they may be seen
      break;
    case "named": // a player at the table took a name: the state has it
      resync();
      break;
    default:
      break;
  }
}

// -- what the seat sees --------------------------------------------------------------

function prompt(text) {
  $("prompt").textContent = text;
}

function showError(text) {
  const e = $("error");
  e.textContent = text;
  e.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(hideError, 8000);
}

function hideError() {
  $("error").hidden = true;
}

function setFact(id, text) {
  $(id).querySelector("b").textContent = text;
}

function render() {
  const s = state;
  page.dataset.phase = s.phase;
  page.dataset.n = String(s.n);
  page.dataset.myTurn = s.my_turn ? "1" : "0";
  setFact("fact-deal", s.tray ? `${s.tray}, ${s.overplay ? "overplay" : "original play"}` : `${(s.deal ?? 0) + 1}`);
  setFact("fact-dealer", SEAT_NAMES[s.dealer] || "—");
  setFact(
    "fact-contract",
    s.contract ? `${callText(s.contract.replace(/X+$/, ""))}${doubledText(s.contract)} by ${SEAT_NAMES[s.declarer]}`
    : s.turned ? `${SUIT_SYMBOLS[s.turned[0]]} (turned)` // no auction: the trump is the fact
    : "—",
  );
  setFact("fact-tricks", `N-S ${s.tricks[0]} · E-W ${s.tricks[1]}`);
  renderPlates();
  renderHands();
  renderTrick();
  renderAuction();
  renderTrump();
  renderActions();
  renderLastTrick();
  renderScore();
  renderCard();
  renderRubber();
  renderOver();
  renderNameEdit();
  renderReviewPanel();
  prompt(promptText());
}

function doubledText(contract) {
  if (contract.endsWith("XX")) return ", redoubled";
  if (contract.endsWith("X")) return ", doubled";
  return "";
}

function promptText() {
  const s = state;
  if (exposing) return "Expose a card: choose it from your hand (Escape: no card).";
  const who = SEAT_NAMES[s.to_act] || "";
  switch (s.phase) {
    case "auction":
      return s.my_turn ? "Your call." : `${who} to call.`;
    case "bridging":
      return s.my_turn
        ? "Bridge the nullo to your partner, or keep it and call the lead (Royalton law 34)."
        : `${who} decides whether to bridge the nullo.`;
    case "play":
      if (s.my_turn) {
        const fromDummy = s.dummy && s.dummy.seat !== me && s.legal_cards &&
          s.legal_cards.some((c) => s.dummy.cards.includes(c));
        return fromDummy ? "Play a card from dummy." : "Your card.";
      }
      return `${who} to play.`;
    case "claim":
      return s.claim ? `${SEAT_NAMES[s.claim.seat]} claims ${s.claim.tricks} of the tricks still to play.` : "A claim.";
    case "penalty":
      return s.penalty ? `${s.penalty.name}, ${s.penalty.law}: ${s.my_turn ? "you choose the penalty." : `${who} chooses the penalty.`}` : "An irregularity.";
    case "done":
      if (s.finished) return s.kind === "match" && !s.results ? "Your last tray is played." : "The game is over.";
      return "The deal is over.";
    default:
      return "";
  }
}

// The seat's cards laid face up on the table by a law (state.face_up).
function faceUp(seat) {
  const s = state;
  return (s.face_up && s.face_up[seat]) || [];
}

function playedBy(seat) {
  // Cards a hand has played: every quitted trick, and the trick on the table.
  const s = state;
  const quitted = s.tricks[0] + s.tricks[1];
  return quitted + (s.trick.some(([who]) => who === seat) ? 1 : 0);
}

function renderPlates() {
  for (const seat of SEATS) {
    const box = page.querySelector(`.pos.${pos[seat]} .plate`);
    box.textContent = "";
    const name = el("span", { class: "seat-name", text: SEAT_NAMES[seat] });
    box.append(name);
    if (playerName(seat)) box.append(el("span", { class: "player-name", text: playerName(seat) }));
    const tags = [];
    if (state.dealer === seat) tags.push("dealer");
    if (state.declarer === seat) tags.push("declarant");
    if (state.dummy && state.dummy.seat === seat) tags.push("dummy");
    if (seat === me) tags.push("you");
    for (const t of tags) box.append(el("span", { class: `tag ${t}`, text: t }));
    box.classList.toggle("to-act", state.to_act === seat && state.phase !== "done");
  }
}

// At the end of the deal every hand is shown as it was dealt.
function handsAsDealt() {
  const s = state;
  if (s.phase !== "done") return null;
  const cached = dealt[`${s.table}/${s.deal}`];
  if (s.hands && SEATS.some((seat) => (s.hands[seat] || []).length === 13)) return s.hands;
  return cached || s.hands || null;
}

// A hand is drawn again only when what it shows has changed, so a card under
// the pointer or the keyboard's focus is not pulled away by a robot's play.
const drawn = {};

function renderHands() {
  const s = state;
  const shown = handsAsDealt();
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.card : null;
  for (const seat of SEATS) {
    const where = pos[seat];
    const box = page.querySelector(`.pos.${where} .hand`);
    const sig = JSON.stringify([
      s.phase === "done", shown && shown[seat], seat === me ? s.hand : null,
      s.dummy && s.dummy.seat === seat ? s.dummy.cards : null,
      s.my_turn && s.phase === "play" ? s.legal_cards : null, playedBy(seat),
      faceUp(seat), lawsFree(s), exposing,
    ]);
    if (drawn[seat] === sig) continue;
    drawn[seat] = sig;
    box.textContent = "";
    box.classList.remove("dummy-hand", "shown", "face-up");
    if (seat === me) {
      const cards = shown ? shown[seat] : s.hand;
      const legal = s.my_turn && s.phase === "play" ? s.legal_cards || [] : [];
      const up = shown ? [] : faceUp(seat);
      const free = !shown && lawsFree(s);
      box.classList.toggle("exposing", free && exposing);
      for (const c of sortHand(cards)) {
        const b = cardElement(c, { button: true });
        if (up.includes(c)) {
          b.classList.add("liable");
          b.title = "face up on the table, liable to be called";
        }
        if (legal.includes(c) && !exposing) b.classList.add("playable");
        else if (free) lawsCard(b, c, s);
        else b.disabled = true;
        b.addEventListener("click", () => myCard(c));
        box.append(b);
      }
      continue;
    }
    if (shown) {
      box.classList.add("shown");
      box.append(suitRows(shown[seat]));
      continue;
    }
    if (s.dummy && s.dummy.seat === seat) {
      box.classList.add("dummy-hand");
      const legal = s.my_turn && s.phase === "play" ? s.legal_cards || [] : [];
      // Laws mode: the declarant may put any of dummy's cards on the table.
      const free = lawsFree(s) && s.declarer === me;
      const rows = suitRows(s.dummy.cards, { playable: free ? s.dummy.cards : legal });
      for (const b of rows.querySelectorAll("button")) {
        if (free && !legal.includes(b.dataset.card)) lawsCard(b, b.dataset.card, s);
        b.addEventListener("click", () => playCard(b.dataset.card));
      }
      box.append(rows);
      continue;
    }
    // Cards a law has laid face up (daw 86: an adversary's claim lays his
    // partner's hand face up; exposed cards stay face up until played).
    const up = faceUp(seat);
    if (up.length) {
      box.classList.add("face-up");
      const law = s.face_up_law && s.face_up_law[seat] ? ` — ${s.face_up_law[seat]}` : "";
      box.append(
        el("p", { class: "face-up-note", text: `Face up, liable to be called${law}` }),
        suitRows(up),
      );
    }
    const n = 13 - playedBy(seat) - up.length;
    const fan = el("div", { class: "backs", "aria-label": `${SEAT_NAMES[seat]}: ${n} cards` });
    for (let i = 0; i < n; i++) fan.append(backElement());
    box.append(fan);
  }
  if (focused && !page.contains(document.activeElement)) {
    const again = page.querySelector(`button[data-card="${focused}"]`);
    if (again) again.focus();
  }
}

function renderTrick() {
  const s = state;
  const slots = {};
  for (const slot of page.querySelectorAll(".trick .slot")) {
    slot.textContent = "";
    slots[slot.dataset.pos] = slot;
  }
  let trick = s.trick;
  let quitted = false;
  if (!trick.length && s.last_trick && s.phase !== "auction") {
    trick = s.last_trick;
    quitted = true;
  }
  for (const [seat, card] of trick) slots[pos[seat]].append(cardElement(card));
  $("trick").classList.toggle("quitted", quitted);
  $("trick-note").textContent = quitted ? "the trick just quitted" : "";
}

function renderAuction() {
  const table = $("auction");
  if (!table) return;
  const s = state;
  const order = [0, 1, 2, 3].map((i) => SEATS[(SEATS.indexOf(s.dealer) + i) % 4]);
  const head = table.querySelector("thead tr");
  head.textContent = "";
  for (const seat of order) head.append(auctionHead(seat));
  const body = table.querySelector("tbody");
  body.textContent = "";
  let row = null;
  s.calls.forEach(([seat, call], i) => {
    if (i % 4 === 0) {
      row = el("tr");
      body.append(row);
    }
    const td = el("td", { text: callText(call) });
    td.dataset.i = String(i);
    if (callIsRed(call)) td.classList.add("red");
    if (/R$/.test(call) && /^[1-7]/.test(call)) td.classList.add("royal");
    row.append(td);
  });
  if (s.phase === "auction") {
    if (!row || row.children.length === 4) {
      row = el("tr");
      body.append(row);
    }
    row.append(el("td", { class: "waiting", text: s.my_turn ? "?" : "…" }));
  }
  explainCalls();
  const box = $("bidding-box");
  // Laws mode: every call of the box, in turn or not (laws calls).
  const laws = boot.mode === "laws";
  const open = s.phase === "auction" && (s.my_turn || laws);
  box.hidden = !open;
  const legal = new Set(open && s.my_turn ? s.legal_calls || [] : []);
  for (const b of box.querySelectorAll("button[data-call]")) {
    const ok = legal.has(b.dataset.call);
    if (b.classList.contains("call-other")) b.hidden = !ok && !laws;
    b.disabled = !ok && !(open && laws);
    lawsCall(b, open && laws && !ok, s);
  }
  if (!open) setTyped("");
}

// -- names, the robots' calls explained ------------------------------------------------

// The name of who sits at a seat: a person's own, "Robot"; "" for a person
// who gave none (the seat's name says it).
function playerName(seat) {
  const p = state && state.seats && state.seats[seat];
  if (!p) return "";
  return p.robot ? "Robot" : p.name || "";
}

function auctionHead(seat) {
  return el("th", { scope: "col" }, SEAT_NAMES[seat], el("span", { class: "player-name", text: playerName(seat) }));
}

// A robot's call is explained on hover, focus or tap. While the deal is played
// only what the period's conventions let every player know (the rule's
// meaning), and only against robots outside laws mode; the robot's reasons
// from its own hand once the deal is over (docs/decisions.md). The server
// decides (GET /api/seat/<t>/calls/<table>/<deal>); the page asks only where
// it may answer.
let explained = null; // {key, calls}
let explaining = null;

function explainCalls() {
  const s = state;
  const over = s.phase === "done";
  if (!s.calls.length || s.deal == null || s.deal < 0) return;
  if (!over && !(boot.mode !== "laws" && aloneWithRobots(s))) return;
  const key = `${s.table}/${s.deal}/${s.calls.length}/${over}`;
  if (explained && !explained.key.startsWith(`${s.table}/${s.deal}/`)) $("call-note").hidden = true;
  if (explained && explained.key === key) {
    markCalls(explained.calls);
    return;
  }
  if (explaining === key) return;
  explaining = key;
  fetch(`/api/seat/${boot.token}/calls/${s.table}/${s.deal}`)
    .then((res) => (res.ok ? res.json() : null))
    .then((r) => {
      explaining = null;
      if (!r) return;
      explained = { key, calls: r.calls || [] };
      markCalls(explained.calls);
    })
    .catch(() => { explaining = null; });
}

function aloneWithRobots(s) {
  return s.seats && SEATS.every((seat) => seat === me || (s.seats[seat] && s.seats[seat].robot));
}

function markCalls(calls) {
  for (const td of $("auction").querySelectorAll("tbody td[data-i]")) {
    const c = calls[Number(td.dataset.i)];
    const text = c && (c.full || c.meaning);
    if (!text || td.classList.contains("explained")) continue;
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
}

function renderNameEdit() {
  const mine = state && state.seats && state.seats[me] ? state.seats[me].name : "";
  $("my-name").textContent = mine ? `(${mine})` : "";
}

async function takeName(e) {
  e.preventDefault();
  const res = await fetch(`/api/seat/${boot.token}/name`, {
    method: "PUT", headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: $("name-input").value }),
  });
  const r = await res.json().catch(() => ({}));
  if (!res.ok) {
    showError(r.message || `The name was not taken (HTTP ${res.status}).`);
    return;
  }
  $("name-input").value = r.name;
  $("name-edit").open = false;
  resync();
}

function renderTrump() {
  const p = $("turned-card");
  if (!p) return;
  p.textContent = "";
  if (state.turned) {
    p.append(cardElement(state.turned), el("span", { text: ` turned by ${SEAT_NAMES[state.dealer]}: ${SUIT_SYMBOLS[state.turned[0]]} are trumps` }));
  } else {
    p.textContent = "Trump declared for the sitting.";
  }
}

function renderActions() {
  const s = state;
  const bridging = s.phase === "bridging" && s.my_turn;
  const answer = s.phase === "claim" && s.my_turn && s.claim;
  const claim = s.phase === "play" && !(s.dummy && s.dummy.seat === me);
  const penalty = s.phase === "penalty" && s.penalty;
  const laws = boot.mode === "laws" && s.phase !== "done";
  $("bridging").hidden = !bridging;
  $("claim-answer").hidden = !answer;
  if (answer) $("claim-text").textContent = `${SEAT_NAMES[s.claim.seat]} claims ${s.claim.tricks} of the tricks still to play.`;
  $("claim-form").hidden = !claim;
  const undoable = mayUndo(s);
  $("undo-button").hidden = !undoable;
  $("claim-tricks").max = String(13 - s.tricks[0] - s.tricks[1]);
  const pen = $("penalty");
  pen.hidden = !penalty;
  pen.textContent = "";
  if (penalty) renderPenalty(pen, s.penalty, s.my_turn);
  const lawsShown = renderLaws(s);
  $("actions-panel").hidden = !(bridging || answer || claim || penalty || laws || lawsShown || undoable);
}

function renderPenalty(box, p, mine) {
  box.append(el("p", { class: "law", text: `${p.name} — ${p.law}` }));
  if (p.offender) box.append(el("p", { text: `Offender: ${SEAT_NAMES[p.offender] || p.offender}` }));
  if (!mine) {
    box.append(el("p", { text: `For ${(p.choosers || []).map((c) => SEAT_NAMES[c] || c).join(" or ")} to choose.` }));
    return;
  }
  for (const o of p.options || []) {
    const row = el("div", { class: "option" });
    const b = el("button", { type: "button", text: o.text || o.key, "data-option": o.key });
    let arg = null;
    if (o.arg === "suit") {
      arg = el("select", { "aria-label": "the suit" });
      for (const s of "SHDC") arg.append(el("option", { value: s, text: SUIT_SYMBOLS[s] }));
    } else if (o.arg === "card") {
      arg = el("input", { size: "4", placeholder: "card", "aria-label": "the card" });
    }
    b.addEventListener("click", () => send({ type: "rule", option: o.key, arg: arg ? arg.value.toUpperCase() : "" }));
    row.append(b);
    if (arg) row.append(arg);
    box.append(row);
  }
}

function renderLastTrick() {
  const s = state;
  const p = $("last-trick");
  p.textContent = "";
  // A trick turned and quitted may not be looked at (daw 93, Whist Club 93,
  // Royalton 94): the last trick stays in view only until the next lead.
  const show = s.last_trick && s.last_trick.length && !s.trick.length && s.phase !== "done";
  $("last-trick-panel").hidden = !show;
  if (!show) return;
  for (const [seat, card] of s.last_trick) {
    p.append(el("span", { class: "who", text: `${seat} ` }), cardElement(card, { small: true }), " ");
  }
}

function sideIndex(side) {
  return side === "ns" || side === 0 ? 0 : 1;
}

// The review panel belongs to the deal it reviewed: hidden when another begins.
let reviewed = null;

function renderReviewPanel() {
  const s = state;
  const key = `${s.table}/${s.deal}`;
  if (s.phase !== "done" || (reviewed !== null && reviewed !== key)) {
    $("review-panel").hidden = true;
    if (s.phase !== "done") reviewed = null;
  }
}

function reviewUrl() {
  reviewed = `${state.table}/${state.deal}`;
  return `/api/seat/${boot.token}/review/${state.table}/${state.deal}`;
}

function renderScore() {
  const s = state;
  const show = s.phase === "done" && s.score;
  $("score-panel").hidden = !show;
  // The last tray's traveller goes with its score: an overplay must not see it.
  if (s.phase !== "done") $("traveller-panel").hidden = true;
  if (!show) return;
  const body = $("score-items").querySelector("tbody");
  body.textContent = "";
  // Goodfellow's two columns: the trick score, then the honor score (Royalton:
  // penalties and bonuses), each item with its law.
  for (const column of ["trick", "honor"]) {
    const items = (s.score.items || []).filter((it) => (it.column === "trick") === (column === "trick"));
    if (!items.length) continue;
    const label = column === "trick" ? boot.columns[0] : boot.columns[1];
    body.append(el("tr", { class: "column-head" }, el("th", { colspan: "4", class: "l", text: `${label} score` })));
    for (const it of items) {
      const i = sideIndex(it.side);
      body.append(
        el("tr", {},
          el("td", { class: "l", text: it.text || it.reason }),
          el("td", { class: "pen", text: i === 0 ? String(it.points) : "" }),
          el("td", { class: "pen", text: i === 1 ? String(it.points) : "" }),
          el("td", { class: "l law", text: it.law || "" }),
        ),
      );
    }
  }
  const foot = $("score-items").querySelector("tfoot");
  foot.textContent = "";
  const tot = s.score.total || [0, 0];
  foot.append(el("tr", {}, el("th", { class: "l", text: "Total" }), el("th", { text: String(tot[0]) }), el("th", { text: String(tot[1]) }), el("th")));
  $("score-note").textContent = s.score.void ? s.score.note || "The deal is void." : s.score.note || "";
  $("movie-link").href = `/t/${boot.token}/movie/${s.table}/${s.deal}`;
  $("next-button").textContent = "";
  const rubberWon = s.rubber && s.rubber.finished;
  $("next-button").append(s.kind === "match" ? "Next tray " : rubberWon ? "End the rubber " : "Next deal ", el("kbd", { text: "n" }));
  $("next-button").hidden = Boolean(s.finished); // nothing follows: the over panel says what does
  if (s.kind === "match" && s.tray && travellerShown !== `${s.table}/${s.deal}`) {
    travellerShown = `${s.table}/${s.deal}`;
    showTraveller(s.tray);
  }
}

// The movement's label, and under it in small type the people's names where
// they gave them: one short line each in the narrow panel, the full names in
// the title when they are cut.
function sideCell(label, names) {
  const td = el("td", { class: "l", text: label });
  if (names) td.append(el("span", { class: "names", title: names, text: names }));
  return td;
}

async function showTraveller(tray) {
  const res = await fetch(`/api/seat/${boot.token}/traveller/${tray}`);
  if (!res.ok) return;
  const t = await res.json();
  const box = $("traveller");
  box.textContent = "";
  box.append(el("p", { class: "note", text: `Tray ${t.tray}, dealer ${t.dealer}${t.trump ? `, trump turned ${t.trump}` : ""}` }));
  const table = el("table", { class: "traveller" });
  const head = el("tr");
  // Short heads for the narrow panel; the score columns are the sides' scores.
  const heads = [["Table"], ["Play"], ["N-S", "l"], ["E-W", "l"], ["Declaration", "l"], ["Tricks", "", "N-S tricks"], ["N-S", "", "N-S score"], ["E-W", "", "E-W score"]];
  for (const [h, cls, title] of heads) head.append(el("th", { text: h, class: cls || "", title: title || h }));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (const p of t.plays || []) {
    body.append(
      el("tr", {},
        el("td", { text: String(p.table) }),
        el("td", { text: p.play }),
        sideCell(p.ns, p.ns_names),
        sideCell(p.ew, p.ew_names),
        el("td", { class: "l", text: p.contract ? `${p.contract}${p.declarer ? ` by ${p.declarer}` : ""}` : "—" }),
        el("td", { text: String(p.ns_tricks) }),
        el("td", { text: String(p.ns_score) }),
        el("td", { text: String(p.ew_score) }),
      ),
    );
  }
  table.append(body);
  box.append(table);
  $("traveller-panel").hidden = !(t.plays || []).length;
}

function cardRows(s) {
  if (Array.isArray(s.scorecard)) return s.scorecard;
  if (s.scorecard && Array.isArray(s.scorecard.rows)) return s.scorecard.rows;
  return [];
}

function renderCard() {
  const rows = cardRows(state);
  const body = $("mini-card").querySelector("tbody");
  body.textContent = "";
  const sum = [0, 0];
  for (const r of rows) {
    const tr = el("tr");
    const deal = el("td", { class: "deal" });
    const number = r.tray ?? r.deal + 1;
    deal.append(el("a", { href: `/t/${boot.token}/movie/${r.table}/${r.deal}`, title: "the movie of this deal", text: String(number) }));
    // The hand record of a deal this seat has finished (the server refuses any other).
    const record = `/api/seat/${boot.token}/deal/${r.table}/${r.deal}`;
    const dl = el("span", { class: "downloads" });
    for (const fmt of ["pbn", "json"]) {
      dl.append(" ", el("a", { href: `${record}.${fmt}`, download: `deal-${number}.${fmt}`, title: `the hand record of deal ${number} as ${fmt.toUpperCase()}`, text: fmt.toUpperCase() }));
    }
    deal.append(dl);
    const decl = r.contract ? `${callText(r.contract.replace(/X+$/, ""))}${r.contract.endsWith("XX") ? " Re-D." : r.contract.endsWith("X") ? " Doub." : ""} ${r.declarer}` : "—";
    const score = r.score || [0, 0];
    const cell = (i) => {
      const td = el("td", { class: "pen", text: String(score[i] || "") });
      if (r.trick && r.honor) td.title = `${boot.columns[0]} ${r.trick[i]}, ${boot.columns[1]} ${r.honor[i]}`;
      return td;
    };
    const gain = score[0] === score[1] ? "" : score[0] > score[1] ? `N-S ${score[0] - score[1]}` : `E-W ${score[1] - score[0]}`;
    tr.append(deal, el("td", { class: "l pen", text: decl }), el("td", { class: "pen", text: r.tricks ? `${r.tricks[0]}–${r.tricks[1]}` : "" }), cell(0), cell(1), el("td", { class: "pen gain", text: gain }));
    body.append(tr);
    sum[0] += score[0] || 0;
    sum[1] += score[1] || 0;
  }
  if (!rows.length) body.append(el("tr", {}, el("td", { colspan: "6", class: "note l", text: "Each deal is entered here as it is finished." })));
  const foot = $("mini-card").querySelector("tfoot");
  foot.textContent = "";
  if (rows.length) {
    foot.append(
      el("tr", {},
        el("th", { colspan: "3", class: "l", text: "Totals" }),
        el("td", { class: "pen", text: String(sum[0]) }),
        el("td", { class: "pen", text: String(sum[1]) }),
        el("td", { class: "pen gain", text: sum[0] === sum[1] ? "even" : sum[0] > sum[1] ? `N-S by ${sum[0] - sum[1]}` : `E-W by ${sum[1] - sum[0]}` }),
      ),
    );
  }
}

// The end of the game: its results when they may be seen, and the next game.
function renderOver() {
  const s = state;
  $("over-panel").hidden = !s.finished;
  if (!s.finished) return;
  const people = SEATS.filter((seat) => s.seats && s.seats[seat] && !s.seats[seat].robot);
  const words = {
    rubber: ["The rubber is over", "New rubber"],
    deal: ["The deal is over", "Another deal"],
    match: ["The match is over", ""],
  }[s.kind] || ["The game is over", ""];
  $("over-h").textContent = s.kind === "match" && !s.results ? "Your last tray is played" : words[0];
  $("over-text").textContent = s.kind === "match"
    ? (s.results ? "Every tray is played at every table: the results, your score-card and the travellers are published."
      : s.game_finished ? "Every table has finished; the results come here when the director publishes them."
      : "The other tables are still playing; the results come here when they finish.")
    : "";
  $("results-link").hidden = !s.results;
  if (s.results) $("results-link").href = s.results;
  // Alone with robots, the same game again at once; with other people, each
  // needs a new link, so the home page with the same choices.
  const again = $("again-button");
  again.hidden = !words[1] || people.length !== 1;
  again.textContent = words[1];
  $("home-link").href = `/?code=${boot.code}&mode=${boot.mode}${s.kind === "rubber" ? "&rubber=1" : ""}`;
  // A match its players direct (friends, the solo match): the next set, the same people.
  $("next-set-button").hidden = !(boot.next_set && s.results);
  $("next-set-button").textContent = people.length === 1 ? "Another match" : "Next set";
}

async function nextSet() {
  const res = await fetch(`/api/seat/${boot.token}/next`, { method: "POST" });
  const made = await res.json().catch(() => ({}));
  if (!res.ok || !made.seat) {
    showError(made.message || `The next set could not be started (HTTP ${res.status}).`);
    return;
  }
  location.assign(made.seat);
}

function nextDeal() {
  askedNext = true;
  send({ type: "next" });
}

async function playAgain() {
  const s = state;
  const spec = { kind: s.kind, code: boot.code, mode: boot.mode, humans: [me] };
  if (s.kind === "deal") spec.series = true;
  const res = await fetch("/api/games", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(spec),
  });
  const made = await res.json().catch(() => ({}));
  const link = made.seats && made.seats[me];
  if (!res.ok || !link) {
    showError(made.message || `A new game could not be started (HTTP ${res.status}).`);
    return;
  }
  location.assign(link);
}

function renderRubber() {
  const r = state.rubber;
  $("rubber-panel").hidden = !r;
  if (!r) return;
  const box = $("rubber-pad");
  box.textContent = "";
  // The score pad: honors and bonuses above the line, trick points below it,
  // each game ruled off (Whist Club laws 1-4; Royalton laws 88-93).
  const mySide = sideOf(me);
  const pad = el("table", { class: "pad" });
  pad.append(el("thead", {}, el("tr", {}, el("th", { text: mySide === 0 ? "We (N-S)" : "They (N-S)" }), el("th", { text: mySide === 1 ? "We (E-W)" : "They (E-W)" }))));
  const above = el("tbody", { class: "above" });
  const below = el("tbody", { class: "below" });
  for (const line of r.lines || []) {
    for (const it of line.items || []) {
      const i = sideIndex(it.side);
      const tr = el("tr", { title: `${it.text || it.reason} — ${it.law}` });
      tr.append(el("td", { text: i === 0 ? String(it.points) : "" }), el("td", { text: i === 1 ? String(it.points) : "" }));
      if (it.column === "trick") below.append(tr);
      else above.prepend(tr);
    }
    if (line.game) below.append(el("tr", { class: "game-line" }, el("td", { colspan: "2" })));
  }
  pad.append(above, below);
  const tot = r.totals || [0, 0];
  pad.append(el("tfoot", {}, el("tr", {}, el("th", { text: String(tot[0]) }), el("th", { text: String(tot[1]) }))));
  box.append(pad);
  const games = r.games || [0, 0];
  box.append(el("p", { class: "note", text: `Games: N-S ${Array.isArray(games[0]) ? games[0].join(" ") : games[0]}, E-W ${Array.isArray(games[1]) ? games[1].join(" ") : games[1]}${r.finished ? " — the rubber is finished." : ""}` }));
}

// -- laws mode: what a player can do with real cards ------------------------------------

// A player at a table played under the laws may put any card of his hand on
// the table, in turn or not, and expose one; the table names the
// irregularity and the laws take their course (docs/web.md, "Laws mode").
let exposing = false;
let reportPhase = null;
let question = null; // a "having none?" awaiting its ack: whom, and the event count then
let answeredAt = -1; // the cards played when the answer came: shown until the next card

function cardsPlayed(s) {
  const won = s.tricks || [0, 0];
  return 4 * (won[0] + won[1]) + (s.trick || []).length;
}

// The table answers from the hand: a renounce found is corrected and comes as
// events; a true void changes nothing, so the ack's event count is unchanged
// (docs/web-protocol.md).
function askRenounce(seat) {
  question = { seat, n: last };
  send({ type: "ask_renounce", seat });
}

// A renounce found is told by the penalty it brings (daw 103), on every page.
function answerAsked(n) {
  if (n === question.n && state) {
    $("ask-answer").textContent = `${SEAT_NAMES[question.seat] || question.seat} has none of the suit led.`;
    answeredAt = cardsPlayed(state);
    $("ask-answer").hidden = false;
  }
  question = null;
}

function lawsFree(s) {
  if (boot.mode !== "laws") return false;
  return s.phase === "play" || (exposing && s.phase === "auction");
}

// A card the laws let him play or expose though it is not a lawful card now.
function lawsCard(b, c, s) {
  b.disabled = false;
  b.classList.remove("playable");
  b.classList.add("irregular");
  if (exposing) b.title = `Expose the ${cardText(c)}`;
  else if (!s.my_turn) b.title = `Not your turn: the ${cardText(c)} now is a card out of turn`;
  else b.title = `Not a lawful card now (a renounce, or against a call the laws made): the ${cardText(c)}`;
}

function lawsCall(b, irregular, s) {
  b.classList.toggle("irregular", irregular);
  const label = b.getAttribute("aria-label") || b.textContent.trim();
  const why = s.my_turn ? "not a lawful call now" : "not your turn: a call out of turn";
  b.title = irregular ? `${label} — ${why}` : label;
}

function myCard(c) {
  if (exposing) {
    exposing = false;
    send({ type: "expose", card: c });
    render();
    return;
  }
  playCard(c);
}

function toggleExpose() {
  if (!state || boot.mode !== "laws" || !["auction", "play"].includes(state.phase)) return;
  exposing = !exposing;
  render();
  if (exposing) {
    const first = page.querySelector("#my-hand button:not(:disabled)");
    if (first) first.focus();
  }
}

// The laws' part of the actions panel: expose, correct a renounce, call
// attention to an irregularity, and the rulings of the deal so far.
function renderLaws(s) {
  const box = $("laws");
  if (!box) return false;
  const acting = ["auction", "play"].includes(s.phase);
  if (!acting) exposing = false;
  const rulings = s.rulings || [];
  box.hidden = !(acting || s.phase === "penalty" || rulings.length);
  const expose = $("expose-button");
  expose.hidden = !acting;
  expose.setAttribute("aria-pressed", exposing ? "true" : "false");
  expose.classList.toggle("primary", exposing);
  // "Having none?" (daw 102): the server names whom this seat may ask, those
  // who have just failed to follow suit, where the code lets him ask.
  const asks = $("ask-buttons");
  const whom = (s.ask || []).map((a) => a.seat).join();
  if (asks.dataset.whom !== whom) {
    asks.dataset.whom = whom;
    asks.textContent = "";
    for (const a of s.ask || []) {
      const name = SEAT_NAMES[a.seat] || a.seat;
      const b = el("button", { type: "button", class: "ask", "data-ask": a.seat, text: `Having none, ${name}?` });
      b.title = `Ask ${name} whether he has none of the suit led (${a.law}): a renounce in error is corrected`;
      b.addEventListener("click", () => askRenounce(a.seat));
      asks.append(b);
    }
  }
  if (s.phase !== "play" && s.phase !== "penalty") answeredAt = -1;
  if (answeredAt !== -1 && s.phase === "play" && cardsPlayed(s) !== answeredAt) answeredAt = -1;
  $("ask-answer").hidden = answeredAt === -1;
  $("correct-button").hidden = !s.renounce;
  if (s.renounce) $("correct-button").textContent = `Correct my card (the ${cardText(s.renounce)})`;
  const list = $("rulings");
  list.textContent = "";
  for (const r of rulings) {
    const arg = !r.arg ? "" : ` (${r.arg.length === 1 ? SUIT_SYMBOLS[r.arg] || r.arg : cardText(r.arg)})`;
    list.append(el("li", { text: `${r.offence} — ${r.law}: ${SEAT_NAMES[r.seat] || r.seat} chose: ${r.text}${arg}.` }));
  }
  // The offences a player may call attention to now (their phase).
  const fit = (boot.offences || []).filter((o) => o.phase === s.phase);
  if (reportPhase !== s.phase) {
    reportPhase = s.phase;
    const sel = $("report-offence");
    sel.textContent = "";
    for (const o of fit) sel.append(el("option", { value: o.key, text: `${o.name} (${o.law})` }));
  }
  $("report").hidden = !fit.length;
  return !box.hidden;
}

// -- intentions -------------------------------------------------------------------------

// Undo is for practice against robots only: the laws let no one take back a
// call or card at a table of people, nor in laws mode (the server says so too).
function mayUndo(s) {
  const alone = s.seats && SEATS.every((seat) => seat === me || (s.seats[seat] && s.seats[seat].robot));
  return boot.mode !== "laws" && alone && ["auction", "bridging", "play"].includes(s.phase);
}

function undo() {
  if (!state || !mayUndo(state)) return;
  setTyped("");
  send({ type: "undo" });
}

function playCard(card) {
  if (!state || state.phase !== "play" || !(state.my_turn || boot.mode === "laws")) return;
  send({ type: "play", card });
}

function makeCall(call) {
  if (!state || state.phase !== "auction" || !(state.my_turn || boot.mode === "laws")) return;
  send({ type: "call", call });
  setTyped("");
}

function setTyped(text) {
  typed = text;
  const out = $("typed");
  if (out) out.textContent = text ? callText(typedCall(text) || text.toUpperCase()) : "";
}

// What a player types: "1h", "2n", "3sr" (royal), "4r" (Royal Spades), "1l" (nullo).
function typedCall(buf) {
  const fixed = { p: "pass", x: "X", xx: "XX", b: "no bid" };
  if (buf in fixed) return fixed[buf];
  const m = /^([1-7])(nt|nl|rs|n|l|r|c|d|h|s)(r?)$/.exec(buf);
  if (!m) return null;
  const d = { n: "NT", nt: "NT", rs: "RS", r: "RS", nl: "NL", l: "NL" }[m[2]] || m[2].toUpperCase();
  return `${m[1]}${d}${m[3] ? "R" : ""}`;
}

let cardKey = "";

function onKey(e) {
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key.toLowerCase();
  if (k === "?") {
    openHelp();
    return;
  }
  if (!state) return;
  if (k === "u" && mayUndo(state)) {
    e.preventDefault();
    undo();
    return;
  }
  if (state.phase === "done" && k === "n" && !state.finished) {
    nextDeal();
    return;
  }
  const laws = boot.mode === "laws";
  if (laws && (k === "e" || (k === "escape" && exposing)) && ["auction", "play"].includes(state.phase)) {
    e.preventDefault();
    toggleExpose();
    return;
  }
  if (state.phase === "auction" && (state.my_turn || laws) && !exposing) {
    if (k === "enter") {
      const call = typedCall(typed);
      if (call && (laws || (state.legal_calls || []).includes(call))) {
        e.preventDefault();
        makeCall(call);
      } else if (typed) {
        e.preventDefault();
        showError(call ? `${callText(call)} is not a call you may make now.` : `Not a call: ${typed}`);
        setTyped("");
      }
      return;
    }
    if (k === "escape") return setTyped("");
    if (k === "backspace") return setTyped(typed.slice(0, -1));
    if (/^[0-9a-z]$/.test(k)) {
      setTyped((typed + k).slice(-4));
      e.preventDefault();
    }
    return;
  }
  if ((state.phase === "play" && (state.my_turn || laws)) || (exposing && state.phase === "auction")) {
    if (k === "arrowleft" || k === "arrowright") {
      const buttons = [...page.querySelectorAll(laws ? "#baize .hand button:not(:disabled)" : "button.playable")];
      if (!buttons.length) return;
      const i = buttons.indexOf(document.activeElement);
      const j = i < 0 ? 0 : (i + (k === "arrowright" ? 1 : buttons.length - 1)) % buttons.length;
      buttons[j].focus();
      e.preventDefault();
      return;
    }
    if ("shdc".includes(k) && k.length === 1) {
      cardKey = k.toUpperCase();
      return;
    }
    if (cardKey && /^[2-9tjqka0]$/.test(k)) {
      const card = cardKey + (k === "0" ? "T" : k.toUpperCase());
      cardKey = "";
      if (laws && (state.hand || []).concat(state.declarer === me && state.dummy ? state.dummy.cards : []).includes(card)) myCard(card);
      else if ((state.legal_cards || []).includes(card)) playCard(card);
      else showError(`You may not play the ${cardText(card)} now.`);
    }
  }
}

function openHelp() {
  const d = $("help");
  if (d.open) d.close();
  else d.showModal();
  $("help-button").setAttribute("aria-expanded", d.open ? "true" : "false");
}

// -- wiring -----------------------------------------------------------------------------

for (const b of page.querySelectorAll(".bidding-box button[data-call]")) {
  b.addEventListener("click", () => makeCall(b.dataset.call));
}
$("bridge-button").addEventListener("click", () => send({ type: "bridge" }));
$("call-lead-button").addEventListener("click", () => send({ type: "call_lead" }));
$("accept-claim").addEventListener("click", () => send({ type: "answer_claim", accept: true }));
$("dispute-claim").addEventListener("click", () => send({ type: "answer_claim", accept: false }));
$("claim-form").addEventListener("submit", (e) => {
  e.preventDefault();
  send({ type: "claim", tricks: Number($("claim-tricks").value) });
});
$("concede-button").addEventListener("click", () => send({ type: "claim", tricks: 0 }));
$("undo-button").addEventListener("click", undo);
$("next-button").addEventListener("click", nextDeal);
$("again-button").addEventListener("click", playAgain);
$("next-set-button").addEventListener("click", nextSet);
$("name-form").addEventListener("submit", takeName);
wireReview($("review-button"), $("review-panel"), $("review"), reviewUrl);
$("help-button").addEventListener("click", openHelp);
const reportForm = $("report-form");
if (reportForm) {
  const sel = $("report-offence");
  reportForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const card = $("report-card").value.trim().toUpperCase();
    const msg = { type: "report", offence: sel.value, offender: $("report-offender").value };
    if (card) msg.card = card;
    send(msg);
    $("report").open = false;
  });
  $("report-offender").value = SEATS[(SEATS.indexOf(me) + 1) % 4]; // his left-hand adversary, to start with
  $("expose-button").addEventListener("click", toggleExpose);
  $("correct-button").addEventListener("click", () => {
    if (state && state.renounce) send({ type: "correct_renounce", card: state.renounce });
  });
}
document.addEventListener("keydown", onKey);
setInterval(() => send({ type: "ping" }), 25000);
connect();
