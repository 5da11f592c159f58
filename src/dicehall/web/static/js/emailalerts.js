// The account page's "E-mail alerts": keep an address and opt in to "your turn" e-mails at
// turn-based tables (docs/play-together.md, "E-mail alerts").
import { api } from "/static/js/common.js";

const form = document.getElementById("email");
const status = document.getElementById("email-status");
let loaded = false;

// the kept address (once signed in: the page may sign in after it loaded)
async function load() {
  if (loaded) return;
  let kept;
  try {
    kept = await api("/api/account/email");
  } catch {
    return; // signed out
  }
  loaded = true;
  if (!form.address.value) {
    // nothing typed yet: show what is kept
    form.address.value = kept.address;
    form.alerts.checked = kept.alerts;
  }
  if (!kept.available)
    document.getElementById("email-note").textContent = "This server sends no e-mail: its operator has not set one up.";
}

form.addEventListener("focusin", load);
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const saved = await api("/api/account/email", {
      method: "POST",
      body: { address: form.address.value.trim(), alerts: form.alerts.checked },
    });
    loaded = true;
    status.textContent = saved.alerts ? "Saved: you get an e-mail when it is your move." : "Saved.";
  } catch (e) {
    status.textContent = e.message;
  }
});
load();
