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
update();
