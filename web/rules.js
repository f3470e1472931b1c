// The Rules panel: each game's rules page (docs/rules/, built into rules.json and
// rules/img/ by tools/web/build.py), opened on the game being played or chosen in the
// menu (web/shown.py), with a button per game to read the others. Kept apart from
// honeycomb.js: it only reads window.honeycomb and adds its own button and dialog.
const $ = (id) => document.getElementById(id);
let rules = null;                             // rules.json, fetched at the first opening

function current() {
  const hc = window.honeycomb;
  if (!hc || !hc.ready || !hc.mp) return "";
  try {
    return hc.mp.pyimport("shown").game();
  } catch (e) {
    return "";
  }
}

function show(game) {
  const names = rules.games.map((g) => g[0]);
  if (!names.includes(game)) game = names[0];
  for (const b of $("rules-games").children) b.setAttribute("aria-pressed", b.dataset.game === game);
  const text = $("rules-text");
  text.innerHTML = rules.pages[game];
  text.dataset.game = game;
  text.scrollTop = 0;
}

async function open() {
  if (!rules) {
    rules = await fetch("rules.json").then((r) => r.json());
    for (const [game, title] of rules.games) {
      const b = document.createElement("button");
      b.textContent = title;
      b.dataset.game = game;
      b.addEventListener("click", () => show(game));
      $("rules-games").append(b);
    }
  }
  show(current());
  $("rules").showModal();
}

$("rules-open").addEventListener("click", open);
$("rules-close").addEventListener("click", () => $("rules").close());
// keys typed in the panel are the panel's, not the board's (honeycomb.js listens on
// the document for cell names and function keys)
$("rules").addEventListener("keydown", (ev) => ev.stopPropagation());
window.honeycombRules = { open, show };
