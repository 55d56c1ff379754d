// The director's room: progress brought up to date, results entered, rulings,
// publication — each through the director's API (docs/web-protocol.md).
const room = document.getElementById("director");
const token = room.dataset.token;
const api = `/api/director/${token}`;
const $ = (id) => document.getElementById(id);

async function post(path, body, out) {
  out.textContent = "…";
  const res = await fetch(api + path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    out.textContent = data.message || `Refused (${res.status})`;
    out.classList.add("red");
    return null;
  }
  out.classList.remove("red");
  refresh();
  return data;
}

async function refresh() {
  const res = await fetch(`/d/${token}?part=progress`);
  if (!res.ok) return;
  const html = await res.text();
  const box = $("progress");
  if (box.contains(document.activeElement)) return; // do not pull a button from under the hand
  box.innerHTML = html;
}

$("entry-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  const body = { table: Number(f.get("table")) };
  // A match's entry names the tray, as the table's score-card does.
  if (f.has("tray")) body.tray = Number(f.get("tray"));
  else body.deal = Number(f.get("deal")) - 1;
  if (room.dataset.auction === "1") {
    Object.assign(body, {
      declarer: f.get("declarer"),
      contract: String(f.get("contract")).replace(/\s+/g, "").toUpperCase(),
      doubled: Number(f.get("doubled")),
      tricks: Number(f.get("tricks")),
    });
  } else body.tricks_ns = Number(f.get("tricks_ns"));
  const done = await post("/results", body, $("entry-result"));
  if (done) $("entry-result").textContent = `Entered (event ${done.n}).`;
});

$("publish").addEventListener("click", async () => {
  const done = await post("/publish", {}, $("publish-result"));
  if (done) {
    $("publish-result").textContent = "Published.";
    const a = $("results-link");
    a.hidden = false;
    a.href = done.results;
  }
});

const report = $("report-form");
if (report) {
  report.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const body = { table: Number(f.get("table")), seat: f.get("seat"), report: f.get("report") };
    const card = String(f.get("card") || "").trim().toUpperCase();
    if (card) body.card = card;
    const done = await post("/rule", body, $("report-result"));
    if (done) $("report-result").textContent = "Named; the table waits for the ruling.";
  });
}

$("progress").addEventListener("click", async (e) => {
  const b = e.target.closest("button.rule");
  if (!b) return;
  const box = b.closest(".penalty");
  let arg = "";
  if (b.dataset.argKind === "suit") arg = (prompt("Which suit? S, H, D or C") || "").toUpperCase();
  if (b.dataset.argKind === "card") arg = (prompt("Which card? e.g. SA") || "").toUpperCase();
  const out = $("entry-result");
  await post("/rule", { table: Number(box.dataset.table), seat: box.dataset.seat, option: b.dataset.option, arg }, out);
});

for (const b of document.querySelectorAll("button.copy")) {
  b.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(b.dataset.copy);
      b.textContent = "Copied";
    } catch {
      b.textContent = "Select and copy";
    }
  });
}

setInterval(refresh, 2500);
