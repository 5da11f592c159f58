// "Your turn" alerts (docs/play-together.md, "Your turn"): when it becomes one of this page's
// seats' turn while the tab is not in front, the tab's title and icon change, a short sound
// plays if the player chose it, and a browser notification (with the browser's permission)
// brings this table to the front when clicked. Everything is put back once the tab is seen.
// table.js passes each server message on as a `dicehall:message` event.
const $ = (id) => document.getElementById(id);
const soundKey = "dicehall.alerts.sound";
const notifyKey = "dicehall.alerts.notify";
const TURN_ICON = "/static/favicon-turn.svg";

let you = [],
  myTurn = false,
  alerting = false,
  plainTitle = document.title,
  plainIcon = null,
  gameName = "",
  hotseat = false,
  notice = null;

function icon() {
  return document.querySelector("link[rel=icon]");
}

function canNotify() {
  return "Notification" in window && Notification.permission === "granted" && localStorage.getItem(notifyKey) === "1";
}

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
    tone.onended = () => audio.close();
  } catch {
    // no audio on this device: the title and icon still say it
  }
}

function raise() {
  if (alerting) return;
  alerting = true;
  plainTitle = document.title;
  plainIcon = icon().getAttribute("href");
  document.title = `▶ Your turn — ${plainTitle}`;
  icon().setAttribute("href", TURN_ICON);
  if (localStorage.getItem(soundKey) === "1") beep();
  if (canNotify()) {
    notice = new Notification("Your turn", {
      body: `${gameName}: it is your turn at dicehall`,
      tag: `dicehall-${location.pathname}`,
      icon: TURN_ICON,
    });
    notice.onclick = () => {
      window.focus(); // this table's tab comes to the front
      notice.close();
    };
  }
}

function settle() {
  if (!alerting) return;
  alerting = false;
  document.title = plainTitle;
  icon().setAttribute("href", plainIcon);
  if (notice) notice.close();
  notice = null;
}

function receive(msg) {
  if (msg.type === "welcome") {
    you = msg.you;
    gameName = msg.game.name;
    hotseat = ((msg.table && msg.table.options) || {}).mode === "hotseat";
    $("alerts-panel").hidden = you.length === 0 || hotseat;
  }
  if ((msg.type !== "welcome" && msg.type !== "update") || !Array.isArray(msg.actors)) return;
  const was = myTurn;
  myTurn = !msg.over && msg.actors.some((s) => you.includes(s));
  if (myTurn && !was && document.hidden && !hotseat) raise();
  if (!myTurn) settle();
}

function setUp() {
  const sound = $("alert-sound");
  sound.checked = localStorage.getItem(soundKey) === "1";
  sound.addEventListener("change", () => localStorage.setItem(soundKey, sound.checked ? "1" : "0"));
  const notify = $("alert-notify");
  const showNotify = () => {
    const on = canNotify();
    notify.textContent = on ? "Notifications on (turn off)" : "Notify me when it is my turn";
    notify.hidden = !("Notification" in window) || Notification.permission === "denied";
  };
  notify.addEventListener("click", async () => {
    if (canNotify()) localStorage.setItem(notifyKey, "0");
    else if ((await Notification.requestPermission()) === "granted") localStorage.setItem(notifyKey, "1");
    showNotify();
  });
  showNotify();
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) settle();
  });
  window.addEventListener("dicehall:message", (e) => receive(e.detail));
}

setUp();
