// Honeycomb in a web page: the firmware's app runs in MicroPython's WebAssembly build
// (browser.py is its board); this script is the glue to the page: the canvas the LEDs
// are drawn on, mouse, touch and keyboard, Web Audio for the buzzer, localStorage for
// the app's store, and the share link. Every URL here is relative: the folder works
// from any static host, and once loaded it needs no network.
import { loadMicroPython } from "./micropython.mjs";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const variant = ["full", "hexboard"].includes(params.get("board")) ? params.get("board") : "pocket";
$("variant").value = variant;                 // the picker names this board, even if it fails

// What the tests and the benchmark read (window.honeycomb).
const hc = {
  variant, firstPaint: -1, ready: false, errors: [], frames: 0, longest: 0,
  longestThinking: 0, thinkingFrames: 0, tones: [], answers: [], paused: false,
  // a key's centre on the page, its pixel on the canvas, and the LED colour there: cell
  // i < n, or function key n + k where it is drawn on the board (the HexBoard's)
  centre: (i) => {
    const box = canvas.getBoundingClientRect();
    return [box.left + (centres[i][0] * box.width) / width, box.top + (centres[i][1] * box.height) / gridH];
  },
  pixel: (i) => {
    const dpr = canvas.width / width;
    return Array.from(ctx.getImageData(Math.round(centres[i][0] * dpr), Math.round(centres[i][1] * dpr), 1, 1).data.slice(0, 3));
  },
  led: (i) => Array.from(colours.slice(3 * i, 3 * i + 3)),
  // the screen as drawn on the page: rows of '#' (lit) and '.', as host_sim/screen.py's rows()
  screenRows: () => {
    const d = sctx.getImageData(0, 0, oled.width, oled.height).data, rows = [];
    for (let y = 0; y < oled.height; y++) {
      let row = "";
      for (let x = 0; x < oled.width; x++) row += d[4 * (y * oled.width + x)] ? "#" : ".";
      rows.push(row);
    }
    return rows;
  },
  key: (name) => n + hw.function_keys.findIndex((k) => k.name === name),   // "MENU" -> n + k
  state: () => JSON.parse(hc.probe.state_json()),
};
window.honeycomb = hc;

// -- the look of the window simulator (host_sim/window.py) --------------------------
// LED drive level -> screen value: the app's gamma undone, a quarter of full drive
// (the default brightness) taken as white, so the page shows what the eye sees.
const SCREEN = new Uint8Array(256).map((_, v) =>
  Math.round(255 * Math.min(1, (4 * v) / 255) ** (1 / 2.2)));
const BACKGROUND = "rgb(18,18,22)", SHELL = "rgb(34,34,40)", DARK_CELL = "rgb(28,28,32)";
const EDGE = "rgb(55,55,62)";

const LABEL_W = 90;                           // px left of the board: placed keys' labels
const KEY_EDGE = "rgb(120,110,90)";           // the outline of a function key on the board

let hw, n, oled = null, R, size, pad, width, gridH, centres = [], colours, names = null, showNames = false;
const canvas = $("board"), ctx = canvas.getContext("2d");
const sctx = $("screen").getContext("2d");

// -- the screen of a board that has one (the HexBoard's OLED) and its knob ------------
// The glass arrives as the driver's buffer (framebuf MONO_VLSB: byte x of page p holds
// rows 8p..8p+7 of column x) and is drawn one canvas pixel a screen pixel, scaled up
// by CSS: lit pixels pale blue on black, as the window simulator draws them.
const LIT = [170, 215, 255];
function drawScreen(hex) {
  const w = oled.width, img = sctx.createImageData(w, oled.height), d = img.data;
  for (let p = 0; p < oled.height / 8; p++) {
    for (let x = 0; x < w; x++) {
      const col = parseInt(hex.substr(2 * (p * w + x), 2), 16);
      for (let b = 0; b < 8; b++) {
        const k = 4 * ((8 * p + b) * w + x), on = (col >> b) & 1;
        d[k] = on ? LIT[0] : 0;
        d[k + 1] = on ? LIT[1] : 0;
        d[k + 2] = on ? LIT[2] : 0;
        d[k + 3] = 255;
      }
    }
  }
  sctx.putImageData(img, 0, 0);
}

// The knob turns a click at a time: one wheel notch is a click, whatever its size in
// px; a touchpad's small deltas add up to one click per 40 px.
let wheelSum = 0;
function wheel(ev) {
  if (!py || !oled) return;
  ev.preventDefault();
  wheelSum += ev.deltaMode ? 40 * Math.sign(ev.deltaY) : ev.deltaY;
  if (Math.abs(wheelSum) < 40 && Math.abs(ev.deltaY) < 40) return;
  knob(wheelSum > 0 ? 1 : 0);                 // down (away from you): clockwise
  wheelSum = 0;
}
function knob(what) {                          // 0 counter-clockwise, 1 clockwise, 2 press
  if (!py || choosing) return;
  wakeAudio();
  py.knob(what);
}

// On a narrow screen (a phone) the board is drawn no smaller than MIN_PITCH px from one
// cell's centre to the next, so a finger finds its cell; what then does not fit pans in
// its view (#view scrolls), and the Zoom button shows the whole board instead.
const MIN_PITCH = 32;
let zoom = 1, overview = false;

function layoutCanvas() {
  n = hw.cells.length;
  const avail = $("face").clientWidth;
  // Function keys with a place (the HexBoard's command keys, beside the field) are drawn
  // there, as keys, their labels to their left; the others are buttons (makeKeys).
  const placed = hw.function_keys.filter((k) => "q" in k);
  const spots = hw.cells.concat(placed);
  // the keys' extent in half-cell columns (2q + r) and rows: a hexhex or a field
  const xs = spots.map((c) => 2 * c.q + c.r), rs = spots.map((c) => c.r);
  const cols = (Math.max(...xs) - Math.min(...xs)) / 2 + 1, rows = Math.max(...rs) - Math.min(...rs) + 1;
  const mid = [(Math.min(...xs) + Math.max(...xs)) / 4, (Math.min(...rs) + Math.max(...rs)) / 2];
  R = hw.shape.kind === "hexhex" ? hw.shape.base - 1 : -1;       // -1: a field, in a case
  size = cols <= 13 && rows <= 14 ? 22 : 15;  // hexagon radius in px, as the window's
  const margin = 2 * size;
  pad = placed.length ? LABEL_W : 0;
  // at least 520 px wide where there is room (the window simulator's width), no wider
  // than the cells need where there is not
  width = pad + Math.max(Math.floor(Math.sqrt(3) * size * cols) + 2 * margin, Math.min(520, avail));
  gridH = Math.floor(size * (1.5 * rows + 0.5)) + 2 * margin;
  const fit = Math.min(1, avail / width), pressable = Math.max(fit, MIN_PITCH / (Math.sqrt(3) * size));
  // in whole CSS px: never under MIN_PITCH, nor over the view, by a rounding
  zoom = (overview ? Math.floor(width * fit) : Math.ceil(width * pressable)) / width;
  $("zoom").hidden = pressable <= fit;         // it all fits as it is: nothing to zoom
  $("zoom").textContent = overview ? "Zoom in" : "Whole board";
  $("zoom").setAttribute("aria-pressed", String(overview));
  const dpr = (window.devicePixelRatio || 1) * zoom;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(gridH * dpr);
  canvas.style.width = width * zoom + "px";
  canvas.style.height = gridH * zoom + "px";
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const view = $("view");                      // the middle in view, to pan from
  view.scrollLeft = (view.scrollWidth - view.clientWidth) / 2;
  // hardware/<variant>.json lists cells in reading order, the app's numbering; then the
  // function keys, key k as n + k (null: not on the board)
  const at = (c) => [pad + (width - pad) / 2 + Math.sqrt(3) * size * (c.q + c.r / 2 - mid[0]),
    gridH / 2 + 1.5 * size * (c.r - mid[1])];
  centres = hw.cells.map(at).concat(hw.function_keys.map((k) => ("q" in k ? at(k) : null)));
  if (!colours) colours = new Uint8Array(3 * centres.length);
}

function relayout() {
  if (!hw) return;
  layoutCanvas();
  draw();
}
window.addEventListener("resize", relayout);
$("zoom").addEventListener("click", () => {
  overview = !overview;
  relayout();
});

function hexagon(x, y, radius, turn) {
  ctx.beginPath();
  for (let k = 0; k < 6; k++) {
    const a = ((60 * k + turn) * Math.PI) / 180;
    ctx.lineTo(x + radius * Math.cos(a), y + radius * Math.sin(a));
  }
  ctx.closePath();
}

function draw() {
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, width, gridH);
  ctx.fillStyle = SHELL;
  if (R >= 0) {
    hexagon(width / 2, gridH / 2, size * Math.sqrt(3) * (R + 1.1), 0);
  } else {
    ctx.beginPath();
    ctx.roundRect(pad + size, size, width - pad - 2 * size, gridH - 2 * size, size);
  }
  ctx.fill();
  const lit = [];
  for (let i = 0; i < centres.length; i++) {
    if (!centres[i]) continue;
    const [x, y] = centres[i];
    const r = SCREEN[colours[3 * i]], g = SCREEN[colours[3 * i + 1]], b = SCREEN[colours[3 * i + 2]];
    const on = Math.max(r, g, b) >= 8;
    ctx.fillStyle = on ? `rgb(${(r * 0.45) | 0},${(g * 0.45) | 0},${(b * 0.45) | 0})` : DARK_CELL;
    hexagon(x, y, size * 0.95, 30);
    ctx.fill();
    ctx.strokeStyle = i < n ? EDGE : KEY_EDGE;
    ctx.lineWidth = 1;
    ctx.stroke();
    if (on) lit.push([x, y, `rgb(${r},${g},${b})`]);
  }
  ctx.font = "13px system-ui, sans-serif";
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  ctx.fillStyle = "rgb(200,200,200)";
  hw.function_keys.forEach((k, j) => {
    if (centres[n + j]) ctx.fillText(k.label, pad + size - 6, centres[n + j][1]);
  });
  // The LEDs last: first each one's halo in its own colour (light, not paint),
  // then the LEDs themselves on top, so a halo never tints a neighbour's LED.
  ctx.save();
  ctx.shadowBlur = size * 0.9;
  for (const [x, y, c] of lit) {
    ctx.fillStyle = c;
    ctx.shadowColor = c;
    ctx.beginPath();
    ctx.arc(x, y, size * 0.55, 0, 2 * Math.PI);
    ctx.fill();
  }
  ctx.restore();
  for (const [x, y, c] of lit) {
    ctx.fillStyle = c;
    ctx.beginPath();
    ctx.arc(x, y, size * 0.55, 0, 2 * Math.PI);
    ctx.fill();
  }
  if (showNames && names) {
    ctx.font = `${Math.max(9, size - 10)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    for (let i = 0; i < n; i++) {
      const on = colours[3 * i] + colours[3 * i + 1] + colours[3 * i + 2] > 0;
      ctx.fillStyle = on ? "rgb(20,20,20)" : "rgb(235,235,235)";
      ctx.fillText(names[i], centres[i][0], centres[i][1]);
    }
  }
}

// -- the buzzer --------------------------------------------------------------------
let audio = null;
function wakeAudio() {                        // browsers start sound only after a gesture
  if (!audio && window.AudioContext) audio = new AudioContext();
  if (audio && audio.state === "suspended") audio.resume();
}
function tone(freq, ms) {
  hc.tones.push([freq, ms]);
  if (hc.tones.length > 50) hc.tones.shift();
  if (!audio || audio.state !== "running") return;
  const t = audio.currentTime, osc = audio.createOscillator(), gain = audio.createGain();
  osc.type = "square";                        // a piezo buzzer driven by PWM
  osc.frequency.value = freq;
  gain.gain.setValueAtTime(0.06, t);
  gain.gain.setValueAtTime(0.06, t + ms / 1000);
  gain.gain.linearRampToValueAtTime(0, t + ms / 1000 + 0.01);
  osc.connect(gain).connect(audio.destination);
  osc.start(t);
  osc.stop(t + ms / 1000 + 0.02);
}

// -- the app's store and notices -----------------------------------------------------
const host = {
  load: (key) => localStorage.getItem(key),
  save: (key, text) => {
    try {
      localStorage.setItem(key, text);
    } catch (e) {                              // full or forbidden: the app reports OSError
      throw new Error("storage refused the save: " + e.name);
    }
  },
  tone,
  report: (text) => { hc.report = text; notice(text); },
};
// The live region: a line per move played (yours and the computer's), a take-back, the
// result; the last three kept on the page.
function say(text) {
  const box = $("said");
  for (const words of text.split("\n")) {
    const line = document.createElement("div");
    line.textContent = words;
    box.appendChild(line);
  }
  while (box.childElementCount > 3) box.firstElementChild.remove();
}
function notice(text) {
  $("notice").textContent = text;
}

// -- the firmware ------------------------------------------------------------------
let py;                                       // the browser module inside the VM

async function boot() {
  const [mp, bundle, hardware] = await Promise.all([
    loadMicroPython({ heapsize: 16 * 1024 * 1024, stdout: (l) => console.log(l),
      stderr: (l) => console.warn(l) }),
    fetch("firmware.json").then((r) => r.json()),
    fetch(`hardware/${variant}.json`).then((r) => r.json()),
  ]);
  hw = hardware;
  layoutCanvas();
  if (hw.screen && "knob_a" in hw.pins) {     // drawn beside the board, with its knob
    oled = hw.screen;
    $("screen").width = oled.width;
    $("screen").height = oled.height;
    $("side").hidden = false;
    document.querySelector("main").classList.add("wide");
  }
  $("title").textContent = hw.title.replace(/^Honeycomb /, "");
  for (const [path, text] of Object.entries(bundle.files)) {
    mp.FS.mkdirTree("/fw/" + path.split("/").slice(0, -1).join("/"));
    mp.FS.writeFile("/fw/" + path, Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
  }
  mp.runPython("import sys\nsys.path.insert(0, '/fw')");
  py = mp.pyimport("browser");
  py.start(variant, host);
  hc.mp = mp;
  hc.py = py;
  hc.probe = mp.pyimport("probe");          // for tests and the benchmark
  makeKeys();
  readLink();
  // A link pasted into the address bar of the open page changes only the fragment:
  // no load, just this event.
  window.addEventListener("hashchange", readLink);
  hc.ready = true;
  requestAnimationFrame(tick);
}

// Shown in the notice line: a link may be any length, the line is one line.
const clip = (text) => (text.length > 160 ? text.slice(0, 160) + "..." : text);

// The share link in the address, if any: the record after the `#`. A link is anyone's
// text, damaged in any way (a mail client's line break, a bad % escape, a game this
// page lacks): whatever it holds, the page says why and goes on at a fresh menu.
function readLink() {
  const hash = location.hash;
  if (hash.length <= 1) return;
  closeAsk();                                 // a new link: the last one's question is moot
  // Dropped before it is read: a reload then resumes the saved game, and a link that
  // cannot be read is not read again at every reload.
  history.replaceState(null, "", location.pathname + location.search);
  let record;
  try {
    record = decodeURIComponent(hash.slice(1));
  } catch (e) {                               // URIError: a % not followed by UTF-8 in hex
    py.to_menu();                             // as for a link that does not replay
    linkRefused(`its text is damaged (${e.name}: ${e.message}) in "${clip(hash)}"`);
    return;
  }
  hc.report = "";
  let why;
  try {
    why = py.open_record(record);
  } catch (e) {                               // a bug in the app: restart it at the menu
    if (recover(e)) linkRefused(String(e).split("\n").pop());
    return;
  }
  if (why) {
    linkRefused(why);
  } else {
    notice(`Opened a shared game: ${clip(record)}. ${hc.report}`);
    hc.linkResult = "";
    askOpponent();
  }
}

// A shared game goes on as its opener chooses: against the computer at a level, they
// playing X or O, or between two people. The board waits (presses ignored) meanwhile.
let choosing = false;
function askOpponent() {
  const turn = py.to_move();
  if (!turn) return;                          // over: nothing to go on with
  choosing = true;
  $("opponent").hidden = false;
  document.querySelector(`#opponent input[value="${turn}"]`).checked = true;   // the side to move
  $("opponent").querySelector("button").focus();
}
function closeAsk() {
  choosing = false;
  $("opponent").hidden = true;
}
$("opponent").addEventListener("click", (ev) => {
  const level = ev.target.dataset && ev.target.dataset.level;
  if (level === undefined || !py) return;
  const human = Number(document.querySelector("#opponent input:checked").value);
  const why = py.go_on(Number(level), human);
  closeAsk();
  canvas.focus();
  notice(why ? "The shared game could not go on that way: " + why : Number(level)
    ? `The shared game goes on against the computer at level ${level}; you play ${"XO"[human - 1]}.`
    : "The shared game goes on between two people.");
});

function linkRefused(why) {
  notice("The link's game could not be opened: " + clip(why));
  hc.linkResult = why;
}

let last = 0, searchFrames = 0;
function tick(now) {
  if (last) {
    const d = now - last;                     // from one animation frame to the next
    if (hc.frames > 2) hc.longest = Math.max(hc.longest, d);
    if (hc.searched) {                        // the last frame ran the opponent's search
      hc.longestThinking = Math.max(hc.longestThinking, d);
      hc.thinkingFrames++;
    }
  }
  last = now;
  if (hc.paused || step()) requestAnimationFrame(tick);   // paused: a still picture
}

// One frame of the app; false once it has stopped for good. The tests call it too,
// to run a frame without waiting for the screen's next one.
let stopped = false;
function step() {
  if (stopped) return false;
  try {
    const json = py.frame();
    const stats = py.stats().split(" ").map(Number);
    hc.searched = stats[0] !== searchFrames;
    searchFrames = stats[0];
    hc.answers = stats.slice(1);
    if (json !== null) {
      const out = JSON.parse(json), hex = out.leds;
      for (let k = 0; k < colours.length; k++) colours[k] = parseInt(hex.substr(2 * k, 2), 16);
      if (out.screen) drawScreen(out.screen);
      $("caption").textContent = out.caption;
      if (out.label) canvas.setAttribute("aria-label", out.label);
      if (out.say) say(out.say);
      if (showNames) names = py.cell_names().split(" ");
      if (named >= 0 && named < n) $("cellname").textContent = py.cell_name(named);   // a game began
      draw();
      if (hc.firstPaint < 0) hc.firstPaint = performance.now();   // since navigation
    }
    hc.frames++;
  } catch (e) {
    stopped = !recover(e);
  }
  return !stopped;
}
hc.step = step;

function fail(e) {
  stopped = true;
  hc.errors.push(String(e));
  console.error(e);
  notice("The firmware stopped: " + e + " (reload the page)");
}

// A crash in a frame: as the board does, start the app again at the menu (the
// game was saved after its last move), unless it keeps crashing.
const crashes = [];
function recover(e) {
  const now = performance.now();
  crashes.push(now);
  if (crashes.length >= 3 && now - crashes[crashes.length - 3] < 10000) {
    fail(e);
    return false;
  }
  hc.errors.push(String(e));
  console.error(e);
  try {
    py.restart();
  } catch (e2) {
    fail(e2);
    return false;
  }
  notice(`The app stopped (${String(e).split("\n").pop()}) and started again at the menu.`);
  return true;
}

// -- input -------------------------------------------------------------------------
function makeKeys() {
  const box = $("keys");
  hw.function_keys.forEach((k, j) => {
    if (centres[n + j]) return;               // drawn on the board, pressed there
    const b = document.createElement("button");
    b.textContent = k.label;
    b.dataset.key = k.name;
    b.addEventListener("click", () => {
      if (choosing) return;                   // a shared game's opponent first
      wakeAudio();
      py.press(n + j);
    });
    box.appendChild(b);
  });
}

function cellAt(x, y) {
  let best = -1, dist = size * 0.95;
  for (let i = 0; i < centres.length; i++) {
    if (!centres[i]) continue;
    const d = Math.hypot(x - centres[i][0], y - centres[i][1]);
    if (d < dist) { best = i; dist = d; }
  }
  return best;
}

function keyAt(x, y) {                       // the key under a point of the page, or -1
  const box = canvas.getBoundingClientRect();
  return cellAt(((x - box.left) * width) / box.width, ((y - box.top) * gridH) / box.height);
}

function pressAt(x, y) {
  const i = keyAt(x, y);
  if (i >= 0 && !choosing) py.press(i);
}

// -- cell names without a keyboard ---------------------------------------------------
// The name a player would type for the key under the mouse (or under a finger held
// still for LONG_MS) is shown beside it: the game's names during a game, a function
// key's label on the board. The "Cell names" button draws them all (Shift+N).
const LONG_MS = 500;
let named = -1;
function showName(i, x, y) {
  const tip = $("cellname");
  named = i;
  if (i < 0) {
    tip.hidden = true;
    return;
  }
  tip.textContent = i < n ? py.cell_name(i) : hw.function_keys[i - n].label;
  tip.hidden = false;
  tip.style.left = x + 14 + "px";
  tip.style.top = y - 30 + "px";
}
canvas.addEventListener("pointermove", (ev) => {
  if (!py) return;
  if (ev.pointerType === "mouse") {
    const i = keyAt(ev.clientX, ev.clientY);
    if (i !== named || i >= 0) showName(i, ev.clientX, ev.clientY);
  } else if (touch && touch[0] === ev.pointerId
             && Math.hypot(ev.clientX - touch[1], ev.clientY - touch[2]) >= 10) {
    clearTimeout(touch[3]);                   // a pan, not a long press
  }
});
canvas.addEventListener("pointerleave", (ev) => { if (ev.pointerType === "mouse") showName(-1); });
canvas.addEventListener("contextmenu", (ev) => ev.preventDefault());   // a long press's menu
function toggleNames() {
  showNames = !showNames;
  names = showNames ? py.cell_names().split(" ") : null;
  $("names").setAttribute("aria-pressed", String(showNames));
  draw();
}
$("names").addEventListener("click", () => { if (py) toggleNames(); });

// The mouse presses at once; a finger when it lifts, unless it moved: a finger that
// moves pans the board (the browser then cancels the pointer), it presses nothing.
// A finger held still for LONG_MS shows the name of its cell and presses nothing.
let touch = null;                             // [pointer, x, y, long-press timer, long]
canvas.addEventListener("pointerdown", (ev) => {
  if (!py) return;
  wakeAudio();
  if (ev.pointerType === "touch") {
    if (touch) clearTimeout(touch[3]);
    showName(-1);
    const t = [ev.pointerId, ev.clientX, ev.clientY, 0, false];
    t[3] = setTimeout(() => {
      t[4] = true;
      showName(keyAt(t[1], t[2]), t[1], t[2]);
    }, LONG_MS);
    touch = t;
    return;
  }
  pressAt(ev.clientX, ev.clientY);
  ev.preventDefault();
});
canvas.addEventListener("pointerup", (ev) => {
  if (!touch || touch[0] !== ev.pointerId) return;
  const moved = Math.hypot(ev.clientX - touch[1], ev.clientY - touch[2]), long = touch[4];
  clearTimeout(touch[3]);
  touch = null;
  wakeAudio();
  if (moved < 10 && !long) pressAt(ev.clientX, ev.clientY);
});
canvas.addEventListener("pointercancel", () => {
  if (touch) clearTimeout(touch[3]);
  touch = null;
});

// The terminal front end's keys: a cell name and Enter presses that cell (the game's
// names during a game); capitals are the function keys, as there.
const FN = { M: "MENU", U: "UNDO", O: "OK", H: "HINT" };
let typed = "";
// A board with a knob: [ and ] (or the left and right arrows) turn it, Space presses it,
// as in the window simulator.
const KNOB = { "[": 0, "]": 1, ArrowLeft: 0, ArrowRight: 1, " ": 2 };
document.addEventListener("keydown", (ev) => {
  const tag = ev.target.tagName;
  if (!py || ev.ctrlKey || ev.metaKey || ev.altKey || tag === "INPUT" || tag === "SELECT") return;
  if (tag === "BUTTON" && (ev.key === "Enter" || ev.key === " ")) return;   // that button's
  if (choosing) return;                       // a shared game's opponent first
  wakeAudio();
  const k = ev.key;
  if (oled && k in KNOB) {
    py.knob(KNOB[k]);
  } else if (k.length === 1 && FN[k]) {
    py.press(py.fn_key(FN[k]));
  } else if (k === "N") {
    toggleNames();
  } else if (k === "Enter") {
    if (typed) {
      notice(py.press_name(typed));
      typed = "";
    } else {
      py.press(py.fn_key("OK"));
    }
  } else if (k === "Backspace") {
    typed = typed.slice(0, -1);
  } else if (k === "Escape") {
    typed = "";
  } else if (/^[a-z0-9]$/.test(k) && typed.length < 4) {
    typed += k;
  } else {
    return;
  }
  $("typed").textContent = typed ? ` (typed: ${typed})` : "";
  ev.preventDefault();
});

canvas.addEventListener("wheel", wheel, { passive: false });
$("side").addEventListener("wheel", wheel, { passive: false });
$("knob").addEventListener("click", () => knob(2));
$("turn-left").addEventListener("click", () => knob(0));
$("turn-right").addEventListener("click", () => knob(1));

$("variant").addEventListener("change", () => {
  location.search = $("variant").value === "pocket" ? "" : "?board=" + $("variant").value;
});

$("share").addEventListener("click", () => {
  const record = py && py.share();
  if (!record) {
    notice("No game to share yet: start one from the menu.");
    return;
  }
  const url = location.href.split("#")[0] + "#" + encodeURI(record);
  const box = $("link");
  box.hidden = false;
  box.value = url;
  box.select();
  hc.shared = url;
  if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
  notice("The link to this game is below (copied where the browser allows).");
});

window.addEventListener("error", (e) => hc.errors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => hc.errors.push(String(e.reason)));
boot().catch(fail);
// Offline once loaded, reloads too: sw.js keeps the files (where the browser lets
// it: service workers need https or localhost).
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("sw.js").catch(() => {});
}
