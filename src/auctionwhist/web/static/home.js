// The home page: "A rubber" is offered only for the codes that play rubbers.
const form = document.getElementById("start-form");
function update() {
  const code = form.querySelector("input[name=code]:checked");
  const rubber = code && code.dataset.rubber === "1";
  for (const b of form.querySelectorAll("[data-needs-rubber]")) {
    b.disabled = !rubber;
    b.title = rubber ? "" : "This code scores each deal alone: it has no rubbers.";
  }
}
form.addEventListener("change", update);
// "Start another game" from a table comes back with that game's choices.
const asked = new URLSearchParams(location.search);
const code = form.querySelector(`input[name=code][value="${CSS.escape(asked.get("code") || "")}"]`);
if (code) code.checked = true;
if (asked.get("mode") === "laws") form.querySelector("input[name=mode]").checked = true;
if (asked.get("rubber") === "1") form.querySelector("input[name=rubber]").checked = true;
update();

// The director's form: each movement takes only the table counts its seed
// arranges (the server refuses the others with the same reason).
const direct = document.getElementById("direct-form");
const tables = document.getElementById("direct-tables");

function ranges(counts) {
  const out = [];
  for (const n of counts) {
    const last = out[out.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else out.push([n, n]);
  }
  // Runs of odd (or even) counts read better as "3, 5, ... 33".
  if (out.length > 3 && out.every(([a, b]) => a === b)) {
    const step = counts[1] - counts[0];
    if (counts.every((n, i) => i === 0 || n - counts[i - 1] === step)) {
      return `${counts[0]}, ${counts[1]}, … ${counts[counts.length - 1]}`;
    }
  }
  return out.map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`)).join(", ");
}

function checkTables() {
  const opt = direct.querySelector("select[name=movement]").selectedOptions[0];
  const counts = opt.dataset.tables.split(" ").filter(Boolean).map(Number);
  document.getElementById("tables-note").textContent =
    `${opt.value} is played at ${ranges(counts)} table${counts.length === 1 && counts[0] === 1 ? "" : "s"}; left empty, ${opt.dataset.default}.`;
  tables.placeholder = opt.dataset.default;
  const raw = tables.value.trim();
  const n = Number(raw);
  tables.setCustomValidity(
    raw === "" || counts.includes(n) ? "" : `${opt.value} is not played at ${raw} tables: ${ranges(counts)}.`,
  );
}
direct.addEventListener("input", checkTables);
direct.addEventListener("change", checkTables);
checkTables();
