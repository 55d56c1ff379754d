// Cards, seats and calls as the table shows them. Cards are "SA", "HT", "C2".

export const SEATS = ["N", "E", "S", "W"];
export const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAMES = {
  A: "ace", K: "king", Q: "queen", J: "knave", T: "ten", 9: "nine", 8: "eight",
  7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};
const RANKS = "23456789TJQKA";
// Suits alternate in colour in the hand: spades, hearts, clubs, diamonds.
const HAND_ORDER = "SHCD";
const DENOMS = { C: "♣", D: "♦", H: "♥", S: "♠", RS: "R♠", NT: "NT", NL: "Nul." }; // as calls.call_text says them

export function isRed(card) {
  return card[0] === "H" || card[0] === "D";
}

export function rankText(card) {
  return card[1] === "T" ? "10" : card[1];
}

export function cardText(card) {
  return rankText(card) + SUIT_SYMBOLS[card[0]];
}

export function cardName(card) {
  return `${RANK_NAMES[card[1]]} of ${SUIT_NAMES[card[0]]}`;
}

export function sortHand(cards) {
  return [...cards].sort(
    (a, b) =>
      HAND_ORDER.indexOf(a[0]) - HAND_ORDER.indexOf(b[0]) ||
      RANKS.indexOf(b[1]) - RANKS.indexOf(a[1]),
  );
}

export function sideOf(seat) {
  return seat === "N" || seat === "S" ? 0 : 1;
}

// Where each seat sits on the screen, the viewer at the bottom.
export function positions(me) {
  const i = SEATS.indexOf(me);
  return {
    [SEATS[i]]: "bottom",
    [SEATS[(i + 1) % 4]]: "left",
    [SEATS[(i + 2) % 4]]: "top",
    [SEATS[(i + 3) % 4]]: "right",
  };
}

// "3SR" -> "3 ♠ royal", "X" -> "Double": the call as the table says it.
export function callText(call) {
  const words = { pass: "Pass", X: "Double", XX: "Redouble", "no bid": "No bid" };
  if (call in words) return words[call];
  const m = /^([1-7])(NT|RS|NL|C|D|H|S)(R?)$/.exec(call);
  if (!m) return call;
  return `${m[1]} ${DENOMS[m[2]]}${m[3] ? " royal" : ""}`;
}

export function callIsRed(call) {
  return /^[1-7][HD]R?$/.test(call);
}

// A card as an element: a face-up card, or a button when it may be played.
export function cardElement(card, { button = false, small = false } = {}) {
  const el = document.createElement(button ? "button" : "span");
  el.className = `card${isRed(card) ? " red" : ""}${small ? " small" : ""}`;
  el.dataset.card = card;
  if (button) {
    el.type = "button";
    el.setAttribute("aria-label", cardName(card));
  } else {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", cardName(card));
  }
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = rankText(card);
  const suit = document.createElement("span");
  suit.className = "suit";
  suit.textContent = SUIT_SYMBOLS[card[0]];
  suit.setAttribute("aria-hidden", "true");
  rank.setAttribute("aria-hidden", "true");
  el.append(rank, suit);
  return el;
}

export function backElement() {
  const el = document.createElement("span");
  el.className = "card back";
  el.setAttribute("aria-hidden", "true");
  return el;
}

// A hand laid out by suits (dummy, the hands shown at the end, the movie).
export function suitRows(cards, { playable = null } = {}) {
  const wrap = document.createElement("div");
  wrap.className = "suit-rows";
  for (const s of HAND_ORDER) {
    const row = document.createElement("div");
    row.className = `suit-row${s === "H" || s === "D" ? " red" : ""}`;
    const sym = document.createElement("span");
    sym.className = "sym";
    sym.textContent = SUIT_SYMBOLS[s];
    sym.setAttribute("aria-label", SUIT_NAMES[s]);
    row.append(sym);
    const inSuit = sortHand(cards.filter((c) => c[0] === s));
    if (!inSuit.length) {
      const dash = document.createElement("span");
      dash.className = "void";
      dash.textContent = "—";
      row.append(dash);
    }
    for (const c of inSuit) {
      if (playable && playable.includes(c)) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "pip playable";
        b.dataset.card = c;
        b.textContent = rankText(c);
        b.setAttribute("aria-label", cardName(c));
        row.append(b);
      } else {
        const r = document.createElement("span");
        r.className = "pip";
        r.textContent = rankText(c);
        row.append(r);
      }
    }
    wrap.append(row);
  }
  return wrap;
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}
