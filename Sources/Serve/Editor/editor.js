// The mkpdf designer: the template's YAML and its data (a form made from its `data:` declarations, or JSON) on the
// left, the rendered page in the middle with a box and handles over each element, properties and a palette on the
// right. The page is rendered again 250 ms after a change; element boxes come from the server's layout of the same
// document (POST designer/boxes), and every move, resize or property change is an edit of the YAML text made by the
// server (POST designer/edit) that leaves every other byte as it was. Undo and redo step through the texts.
"use strict";
const $ = (id) => document.getElementById(id);
const scale = 2;
const units = { pt: 1, mm: 72 / 25.4 };
const state = {
  page: 1, pages: 1, generation: 0, timer: null, image: null, renders: 0, zoom: 1.5, boxes: null, selected: null,
  history: [], at: -1, restoring: false, lastTyping: 0, typingEntry: -1, boxRefreshes: 0, edits: 0, drag: null,
  pendingSelect: null, formShape: "",
};

// One editing surface over CodeMirror (Debian's libjs-codemirror, when the server has it) or a plain text area with
// line numbers: text, change and cursor events, a problem line and a selection of lines.
function makeSource(id, mode) {
  const area = $(id);
  const gutter = $(id + "-lines");
  if (window.CodeMirror) {
    gutter.remove();
    const editor = CodeMirror.fromTextArea(area, {
      lineNumbers: true, mode, indentUnit: 2, tabSize: 2,
      extraKeys: { Tab: (cm) => cm.replaceSelection("  ") },
    });
    let marked = null;
    return {
      get: () => editor.getValue(),
      set: (text) => editor.setValue(text),
      refresh: () => editor.refresh(),
      onChange: (handler) => editor.on("changes", handler),
      onCursor: (handler) => editor.on("cursorActivity", () => { if (editor.hasFocus()) handler(editor.getCursor().line + 1); }),
      mark(line) {
        if (marked !== null) editor.removeLineClass(marked, "background", "problem-line");
        marked = null;
        if (line) {
          marked = line - 1;
          editor.addLineClass(marked, "background", "problem-line");
          editor.scrollIntoView({ line: marked, ch: 0 });
        }
      },
      select(first, last) {
        editor.setSelection({ line: first - 1, ch: 0 }, { line: last, ch: 0 }, { scroll: false });
        editor.scrollIntoView({ line: first - 1, ch: 0 });
      },
    };
  }
  const number = () => {
    const count = area.value.split("\n").length;
    gutter.textContent = Array.from({ length: count }, (_, i) => i + 1).join("\n");
  };
  const offset = (line) => {
    const lines = area.value.split("\n");
    let at = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
    return at;
  };
  area.addEventListener("scroll", () => { gutter.scrollTop = area.scrollTop; });
  area.addEventListener("input", number);
  number();
  return {
    get: () => area.value,
    set: (text) => { area.value = text; number(); },
    refresh: () => {},
    onChange: (handler) => area.addEventListener("input", handler),
    onCursor: (handler) => area.addEventListener("click", () => handler(area.value.slice(0, area.selectionStart).split("\n").length)),
    mark(line) {
      area.dataset.problemLine = line || "";
      if (line) area.setSelectionRange(offset(line), Math.max(offset(line), offset(line + 1) - 1));
    },
    select(first, last) {
      area.setSelectionRange(offset(first), Math.max(offset(first), offset(last + 1) - 1));
    },
  };
}

const template = makeSource("template", "yaml");
const data = makeSource("data", { name: "javascript", json: true });

function showProblem(problem) {
  const box = $("problem");
  box.textContent = `${problem.title}\n${problem.detail}`;
  box.hidden = false;
  box.dataset.line = problem.line || "";
  box.dataset.file = problem.file || "";
  template.mark(problem.file === "data" ? null : problem.line);
  data.mark(problem.file === "data" ? problem.line : null);
  $("status").textContent = "";
}

function clearProblem() {
  $("problem").hidden = true;
  $("problem").dataset.line = "";
  template.mark(null);
  data.mark(null);
}

const body = () => JSON.stringify({ template: template.get(), data: data.get() });
const postJSON = (path, object) =>
  fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(object) });

async function render() {
  const generation = ++state.generation;
  const started = performance.now();
  const [response] = await Promise.all([
    fetch(`render?format=png&scale=${scale}&page=${state.page}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: body(),
    }),
    refreshBoxes(generation),
  ]);
  if (generation !== state.generation) return;
  if (!response.ok) {
    const problem = await response.json();
    if (state.page > 1 && /^page=/.test(problem.detail)) {
      state.page = 1;
      return render();
    }
    return showProblem(problem);
  }
  state.pages = Number(response.headers.get("MKPDF-Pages")) || 1;
  const url = URL.createObjectURL(await response.blob());
  await new Promise((done) => { $("preview").onload = done; $("preview").onerror = done; $("preview").src = url; });
  if (state.image) URL.revokeObjectURL(state.image);
  state.image = url;
  $("page-label").textContent = `${state.page} / ${state.pages}`;
  clearProblem();
  layoutSheet();
  state.renders += 1;
  document.body.dataset.renders = state.renders;
  $("status").textContent = `rendered in ${Math.round(performance.now() - started)} ms`;
}

function schedule() {
  clearTimeout(state.timer);
  state.timer = setTimeout(render, 250);
}

// ---- Element boxes, from the server's layout of the document ----

async function refreshBoxes(generation) {
  const response = await fetch("designer/boxes", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: body(),
  });
  if (generation !== state.generation || !response.ok) return;
  state.boxes = await response.json();
  for (const entry of state.boxes.elements) {
    entry.id = `${entry.list}:${entry.index}`;
    frame(entry);
  }
  buildForm(state.boxes.inputs || []);
  if (state.pendingSelect !== null) {
    const index = state.pendingSelect;
    state.pendingSelect = null;
    select(index);
  } else if (state.selected !== null && !element(state.selected)) {
    select(null);
  } else if (!$("properties").contains(document.activeElement)) {
    showProperties();
    listElements();
  }
  state.boxRefreshes += 1;
  document.body.dataset.boxes = state.boxRefreshes;
}

const element = (id) => state.boxes && state.boxes.elements.find((e) => e.id === id);
const unitName = () => $("unit").value;
const unit = () => units[unitName()] || 1;
function grid() {
  const chosen = Number($("grid").value);
  return chosen > 0 ? chosen : (state.boxes && state.boxes.grid) || 1;
}
const round = (value) => Math.round(value * 10000) / 10000;
const snap = (value) => round(Math.round(value / grid()) * grid());

// A length as a template writes it (12, 12pt, 10mm, 1.5cm, 1in), in points; NaN when it is not one.
function points(text) {
  if (text === undefined) return NaN;
  const match = /^\s*(-?[0-9.]+)\s*(mm|cm|in|pt)?\s*$/i.exec(String(text));
  if (!match) return NaN;
  const factor = { mm: 72 / 25.4, cm: 720 / 25.4, in: 72, pt: 1 }[(match[2] || "pt").toLowerCase()];
  return Number(match[1]) * factor;
}

// The boxes an element is shown and picked by, page by page: where layout drew it, an element's on the first page
// grown to the rectangle its keys give (a text box's frame, a QR code's square), so its handles sit on the edges its
// keys set.
function frame(entry) {
  const keys = entry.keys || {};
  const x = points(keys.x);
  const y = points(keys.y);
  const w = keys.w !== undefined ? points(keys.w) : entry.kind === "qr" ? points(keys.size) : NaN;
  const h = keys.h !== undefined ? points(keys.h) : entry.kind === "qr" ? points(keys.size) : NaN;
  const given = entry.list === "elements" && [x, y, w, h].every((v) => !Number.isNaN(v))
    ? { page: 1, x, y, width: w, height: h } : null;
  entry.shown = entry.boxes.map((box) => (given && box.page === 1 ? { ...union(given, box), page: 1 } : box));
  if (given && entry.shown.length === 0) entry.shown = [given];
}

function union(a, b) {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

function layoutSheet() {
  const image = $("preview");
  if (!image.naturalWidth) return;
  const width = (image.naturalWidth / scale) * state.zoom;
  const height = (image.naturalHeight / scale) * state.zoom;
  image.style.width = `${width}px`;
  image.style.height = `${height}px`;
  $("sheet").style.width = `${width}px`;
  $("sheet").style.height = `${height}px`;
  $("zoom-label").textContent = `${Math.round(state.zoom * 100)}%`;
  drawRulers(width / state.zoom, height / state.zoom);
  drawBoxes();
}

// Rulers in points (the template's unit) or millimetres: a tick every step, a number every fifth.
function drawRulers(widthPoints, heightPoints) {
  const step = unitName() === "mm" ? 5 : 10;
  for (const [id, length, horizontal] of [["ruler-top", widthPoints, true], ["ruler-left", heightPoints, false]]) {
    const ruler = $(id);
    ruler.replaceChildren();
    ruler.style[horizontal ? "width" : "height"] = `${length * state.zoom}px`;
    for (let value = 0; value * unit() <= length; value += step) {
      const tick = document.createElement("span");
      const major = value % (step * 5) === 0;
      tick.className = major ? "tick major" : "tick";
      tick.style[horizontal ? "left" : "top"] = `${value * unit() * state.zoom}px`;
      if (major) tick.textContent = value === 0 ? unitName() : String(value);
      ruler.append(tick);
    }
  }
}

function drawBoxes() {
  const overlay = $("overlay");
  overlay.replaceChildren();
  if (!state.boxes) return;
  for (const entry of state.boxes.elements) {
    for (const shown of entry.shown.filter((s) => s.page === state.page)) {
      const box = document.createElement("div");
      box.className = "box" + (entry.id === state.selected ? " selected" : "");
      box.dataset.id = entry.id;
      box.title = `${entry.kind}${entry.role ? " (" + entry.role + ")" : ""}, lines ${entry.firstLine}–${entry.lastLine}`;
      place(box, shown);
      if (entry.id === state.selected && entry.list === "elements") {
        for (const handle of ["nw", "n", "ne", "e", "se", "s", "sw", "w"]) {
          const knob = document.createElement("span");
          knob.className = `handle ${handle}`;
          knob.dataset.handle = handle;
          box.append(knob);
        }
      }
      overlay.append(box);
    }
  }
}

function place(box, area) {
  box.style.left = `${area.x * state.zoom}px`;
  box.style.top = `${area.y * state.zoom}px`;
  box.style.width = `${Math.max(area.width, 1) * state.zoom}px`;
  box.style.height = `${Math.max(area.height, 1) * state.zoom}px`;
}

// ---- Selection ----

function select(id, fromText) {
  state.selected = id;
  const entry = id === null ? null : element(id);
  document.body.dataset.selectedIndex = id === null ? "" : id;
  if (entry) {
    document.body.dataset.selected = `${entry.firstLine}-${entry.lastLine}`;
    if (!fromText) template.select(entry.firstLine, entry.lastLine);
  }
  $("selection-label").textContent = entry ? `— ${entry.list} ${entry.index + 1}: ${entry.kind}` : "";
  drawBoxes();
  showProperties();
  listElements();
}

function hit(x, y) {
  if (!state.boxes) return null;
  const hits = state.boxes.elements.flatMap((e) => e.shown.map((s) => ({ id: e.id, ...s }))).filter(
    (s) => s.page === state.page && x >= s.x - 1 && x <= s.x + s.width + 1 && y >= s.y - 1 && y <= s.y + s.height + 1);
  if (hits.length === 0) return null;
  hits.sort((a, b) => a.width * a.height - b.width * b.height);
  return hits[0].id;
}

function pointAt(event) {
  const rect = $("overlay").getBoundingClientRect();
  return { x: (event.clientX - rect.left) / state.zoom, y: (event.clientY - rect.top) / state.zoom };
}

// ---- Moving and resizing: key changes snapped to the grid ----

// The keys a move by (dx, dy) or a pull of `handle` sets, only those whose value changes. The move and the pull
// are whole steps of the grid, so a value on the grid stays on it and one off it (y: 58 on an 8 pt grid) is not
// pulled onto it by a move along the other axis.
function proposal(entry, handle, dx, dy) {
  const keys = entry.keys || {};
  const has = (key) => keys[key] !== undefined && !Number.isNaN(points(keys[key]));
  const value = (key) => points(keys[key]);
  const changes = {};
  const set = (key, next) => { if (Math.abs(next - value(key)) > 1e-6) changes[key] = round(next); };
  const [mx, my] = [snap(dx), snap(dy)];
  if (handle === "move") {
    if (has("x1") && has("y1")) {
      for (const key of ["x1", "x2"]) if (has(key)) set(key, value(key) + mx);
      for (const key of ["y1", "y2"]) if (has(key)) set(key, value(key) + my);
    } else if (has("x") && has("y")) {
      set("x", value("x") + mx);
      set("y", value("y") + my);
    }
    return changes;
  }
  if (!has("x") || !has("y")) return changes;
  if (has("size") && !has("w") && entry.kind !== "text") {
    const pull = handle.includes("e") ? mx : handle.includes("w") ? -mx : handle.includes("s") ? my : -my;
    const size = value("size") + pull;
    if (size > 0) {
      set("size", size);
      if (handle.includes("w")) set("x", value("x") - pull);
      if (handle.includes("n")) set("y", value("y") - pull);
    }
    return changes;
  }
  const least = grid();
  if (has("w")) {
    const w = value("w");
    if (handle.includes("e")) set("w", Math.max(least, w + mx));
    if (handle.includes("w")) {
      const pull = Math.min(mx, w - least);
      set("x", value("x") + pull);
      set("w", w - pull);
    }
  }
  if (has("h")) {
    const h = value("h");
    if (handle.includes("s")) set("h", Math.max(least, h + my));
    if (handle.includes("n")) {
      const pull = Math.min(my, h - least);
      set("y", value("y") + pull);
      set("h", h - pull);
    }
  }
  return changes;
}

// The area an element would cover after `changes`: its laid-out box moved and grown by the keys' changes.
function moved(entry, changes) {
  const keys = entry.keys || {};
  const change = (key) => (changes[key] !== undefined ? changes[key] - points(keys[key]) : 0);
  const dx = change("x") || change("x1");
  const dy = change("y") || change("y1");
  const grow = change("size");
  const shown = entry.shown[0];
  return {
    x: shown.x + dx, y: shown.y + dy,
    width: shown.width + (change("w") || grow), height: shown.height + (change("h") || grow),
  };
}

$("overlay").addEventListener("pointerdown", (event) => {
  if (event.button !== 0) return;
  const at = pointAt(event);
  const handle = event.target.dataset && event.target.dataset.handle;
  const id = handle ? state.selected : hit(at.x, at.y);
  $("overlay").focus();
  if (id === null) return select(null);
  if (id !== state.selected) select(id);
  else {
    const entry = element(id);
    if (entry) {
      document.body.dataset.selected = `${entry.firstLine}-${entry.lastLine}`;
      template.select(entry.firstLine, entry.lastLine);
    }
  }
  state.drag = { id, handle: handle || "move", start: at, changes: {} };
  $("overlay").setPointerCapture(event.pointerId);
  event.preventDefault();
});

$("overlay").addEventListener("pointermove", (event) => {
  const drag = state.drag;
  if (!drag) return;
  const at = pointAt(event);
  const entry = element(drag.id);
  if (!entry || entry.list !== "elements") return;
  drag.changes = proposal(entry, drag.handle, at.x - drag.start.x, at.y - drag.start.y);
  const box = $("overlay").querySelector(`.box[data-id="${drag.id}"]`);
  if (box) place(box, moved(entry, drag.changes));
});

$("overlay").addEventListener("pointerup", async () => {
  const drag = state.drag;
  state.drag = null;
  if (!drag || Object.keys(drag.changes).length === 0) return drawBoxes();
  await edit({ index: element(drag.id).index, set: drag.changes });
});

$("overlay").addEventListener("keydown", async (event) => {
  const entry = state.selected === null ? null : element(state.selected);
  if (!entry || entry.list !== "elements") return;
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
  if (steps) {
    event.preventDefault();
    const changes = proposal(entry, "move", steps[0] * grid(), steps[1] * grid());
    if (Object.keys(changes).length) await edit({ index: entry.index, set: changes });
  } else if (event.key === "Delete" || event.key === "Backspace") {
    event.preventDefault();
    state.selected = null;
    await edit({ remove: entry.index });
  }
});

// ---- Edits of the text, and their history ----

async function edit(request) {
  const response = await postJSON("designer/edit", { template: template.get(), ...request });
  const answer = await response.json();
  if (!response.ok) return showProblem(answer);
  if (request.add) state.pendingSelect = `elements:${answer.index}`;
  apply(answer.template);
  state.edits += 1;
  document.body.dataset.edits = state.edits;
}

function apply(text) {
  state.restoring = true;
  template.set(text);
  state.restoring = false;
  remember(text, false);
  schedule();
}

function remember(text, typing) {
  if (state.at >= 0 && state.history[state.at] === text) return;
  const now = Date.now();
  state.history.length = state.at + 1;
  if (typing && state.typingEntry === state.at && state.at > 0 && now - state.lastTyping < 1000) {
    state.history[state.at] = text;
  } else {
    state.history.push(text);
    state.at = state.history.length - 1;
  }
  state.lastTyping = typing ? now : 0;
  state.typingEntry = typing ? state.at : -1;
  undoButtons();
}

function step(by) {
  const at = state.at + by;
  if (at < 0 || at >= state.history.length) return;
  state.at = at;
  state.typingEntry = -1;
  state.restoring = true;
  template.set(state.history[at]);
  state.restoring = false;
  undoButtons();
  schedule();
}

function undoButtons() {
  $("undo").disabled = state.at <= 0;
  $("redo").disabled = state.at >= state.history.length - 1;
  document.body.dataset.history = `${state.at}/${state.history.length}`;
}

// ---- Properties of the selection ----

const lengthKeys = new Set(["x", "y", "w", "h", "x1", "y1", "x2", "y2"]);
const fields = [
  { key: "text", label: "Text", kinds: ["text", "paragraph", "heading"], type: "textarea" },
  { key: "payload", label: "QR data", kinds: ["qr"] },
  { key: "data", label: "Barcode data", kinds: ["barcode"] },
  { key: "kind", label: "Symbology", kinds: ["barcode"], options: ["code128", "qr", "ean13", "nw7", "datamatrix", "jppost"] },
  { key: "name", label: "Field name", kinds: ["field"] },
  { key: "type", label: "Field type", kinds: ["field"], options: ["text", "checkbox", "radio", "combo", "list"] },
  { key: "value", label: "Value", kinds: ["field"] },
  { key: "file", label: "Image file", kinds: ["image", "part"] },
  { key: "role", label: "Colour role", kinds: ["text", "rect", "circle", "ellipse", "line", "qr", "barcode", "field"], roles: true },
  { key: "font", label: "Font role", kinds: ["text", "field"], options: ["gothic", "mincho", "sans", "serif"] },
  { key: "size", label: "Size (pt)", kinds: ["text", "field", "paragraph"], number: true },
  { key: "weight", label: "Weight", kinds: ["text"], options: ["regular", "bold"] },
  { key: "align", label: "Alignment", kinds: ["text", "field", "paragraph"], options: ["left", "center", "right", "justified"] },
  { key: "valign", label: "Vertical alignment", kinds: ["text"], options: ["top", "middle", "bottom"], box: true },
  { key: "writing", label: "Writing", kinds: ["text"], options: ["horizontal", "vertical"], box: true },
  { key: "fit", label: "Fit", kinds: ["text"], box: true },
  { key: "x", label: "x", number: true },
  { key: "y", label: "y", number: true },
  { key: "w", label: "w", number: true },
  { key: "h", label: "h", number: true },
  { key: "x1", label: "x1", number: true }, { key: "y1", label: "y1", number: true },
  { key: "x2", label: "x2", number: true }, { key: "y2", label: "y2", number: true },
  { key: "link", label: "Link", kinds: ["text", "rect", "image", "qr", "barcode"] },
  { key: "alt", label: "Alt text", kinds: ["image", "qr", "barcode", "chart", "part"] },
];

function showProperties() {
  const form = $("properties");
  form.replaceChildren();
  const entry = state.selected === null ? null : element(state.selected);
  if (!entry) {
    form.innerHTML = '<p class="hint">Click an element on the page.</p>';
    return;
  }
  const keys = entry.keys || {};
  const isBox = keys.h !== undefined;
  for (const field of fields) {
    const present = keys[field.key] !== undefined;
    const fits = field.kinds ? field.kinds.includes(entry.kind) && (!field.box || isBox) : present;
    if (!present && !fits) continue;
    const label = document.createElement("label");
    const lengthKey = lengthKeys.has(field.key) || (field.key === "size" && entry.kind === "qr");
    label.append(lengthKey ? `${field.label} (${unitName()})` : field.label);
    let input;
    if (field.type === "textarea") {
      input = document.createElement("textarea");
      input.rows = 3;
    } else if (field.options || field.roles) {
      input = document.createElement("select");
      const options = field.roles ? (state.boxes.roles || []) : field.options;
      // A key the element has keeps a value (there is no empty choice to write); one it lacks starts empty.
      const written = present && !options.includes(keys[field.key]) ? [keys[field.key]] : [];
      for (const option of [...(present ? [] : [""]), ...options, ...written]) {
        const choice = document.createElement("option");
        choice.value = choice.textContent = option;
        input.append(choice);
      }
    } else {
      input = document.createElement("input");
      input.type = field.number ? "number" : "text";
      if (field.number) input.step = "any";
    }
    input.name = field.key;
    let shown = present ? keys[field.key] : "";
    if (lengthKey && present && !Number.isNaN(points(shown))) shown = String(round(points(shown) / unit()));
    input.value = shown;
    const commit = () => {
      let value = input.value;
      if (value === "" && !present) return;
      if (field.number || lengthKey) {
        if (value === "" || Number.isNaN(Number(value))) return;
        value = lengthKey ? round(Number(value) * unit()) : Number(value);
      }
      edit({ list: entry.list, index: entry.index, set: { [field.key]: value } });
    };
    input.addEventListener("change", commit);
    label.append(input);
    form.append(label);
    if (field.key === "text") {
      const ruby = document.createElement("button");
      ruby.type = "button";
      ruby.id = "ruby";
      ruby.textContent = "Ruby ｜《》";
      ruby.title = "Put the selected characters under a reading: ｜漢字《かんじ》";
      // The text keeps the focus (and its selection) while the button is pressed.
      ruby.addEventListener("mousedown", (event) => event.preventDefault());
      ruby.addEventListener("click", () => {
        const { selectionStart: from, selectionEnd: to, value } = input;
        const base = value.slice(from, to) || "漢字";
        input.value = `${value.slice(0, from)}｜${base}《よみ》${value.slice(to)}`;
        input.focus();
        const reading = from + base.length + 2;
        input.setSelectionRange(reading, reading + 2);
      });
      const help = document.createElement("p");
      help.className = "hint";
      help.textContent = "Ruby: ｜base《reading》; readings split by spaces go one per character (｜東京《とう きょう》). "
        + "{{name}} fills from data. Writing: vertical sets 縦書き columns, ruby to the right.";
      form.append(ruby, help);
    }
  }
  if (entry.list !== "elements") return;
  const remove = document.createElement("button");
  remove.type = "button";
  remove.id = "remove";
  remove.textContent = "Remove element";
  remove.addEventListener("click", () => { state.selected = null; edit({ remove: entry.index }); });
  form.append(remove);
}

function listElements() {
  const list = $("element-list");
  list.replaceChildren();
  if (!state.boxes) return;
  for (const entry of state.boxes.elements) {
    const item = document.createElement("li");
    const keys = entry.keys || {};
    const flow = entry.list === "flow" ? "flow: " : "";
    item.textContent = `${flow}${entry.kind} ${keys.text || keys.payload || keys.data || keys.name || keys.file || ""}`.slice(0, 40);
    item.className = entry.id === state.selected ? "selected" : "";
    item.addEventListener("click", () => {
      const first = entry.shown[0];
      if (first && first.page !== state.page) { state.page = first.page; schedule(); }
      select(entry.id);
    });
    list.append(item);
  }
}

// ---- The palette: a new element of each kind, on the grid near the page's middle ----

function addElement(kind) {
  const page = (state.boxes && state.boxes.pages[0]) || { width: 400, height: 300 };
  const roles = (state.boxes && state.boxes.roles) || [];
  const role = roles[0] || "ink";
  const code = roles.find((name) => /code/i.test(name)) || roles.find((name) => /ink|dark|black/i.test(name)) || role;
  const x = snap(page.width / 2 - 60);
  const y = snap(page.height / 2 - 10);
  const count = state.boxes ? state.boxes.elements.length + 1 : 1;
  const keys = {
    text: { text: "テキスト", role, size: 12, x, y, w: 120, h: 18 },
    rect: { role, paint: "stroke", width: 1, x, y, w: 80, h: 40 },
    line: { role, width: 1, x1: x, y1: y, x2: x + 80, y2: y },
    image: { file: "report-logo.png", x, y, w: 48, h: 48, alt: "画像" },
    qr: { role: code, payload: "mkpdf", x, y, size: 64 },
    barcode: { role: code, kind: "code128", data: "12345678", x, y, w: 160, h: 48 },
    field: { type: "text", name: `field${count}`, x, y, w: 120, h: 20 },
  }[kind];
  if (kind === "base") {
    // A scanned paper form (申込書, 伝票) under every element, the page's size: the fields are then placed on it.
    const file = prompt("Image of the paper form, in the templates' folder (PNG or JPEG):", "form.png");
    if (!file) return;
    return edit({
      add: { kind: "image", first: true, keys: { file, x: 0, y: 0, w: page.width, h: page.height, decorative: true } },
    });
  }
  return edit({ add: { kind, keys } });
}

// ---- The data form, made from the template's `data:` declarations ----

const numeric = new Set(["number", "integer", "money", "decimal", "percent"]);
function typed(text, type) {
  if (numeric.has(String(type).split(" ")[0]) && /^-?[0-9]+(\.[0-9]+)?$/.test(text.trim())) return Number(text);
  return text;
}

function currentData() {
  try {
    const value = JSON.parse(data.get() || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return null;
  }
}

function buildForm(inputs, force) {
  const shape = JSON.stringify(inputs.map((i) => [i.name, i.type, i.fields]));
  if (shape === state.formShape && !force) return;
  state.formShape = shape;
  const form = $("data-form");
  form.replaceChildren();
  const given = currentData() || {};
  for (const input of inputs) {
    if (input.type === "list") {
      const rows = Array.isArray(given[input.name]) ? given[input.name] : Array.isArray(input.default) ? input.default : [];
      const columns = [...new Set([...rows.flatMap((r) => (r && typeof r === "object" ? Object.keys(r) : [])), ...(input.fields || []).map((f) => f.name)])];
      const types = Object.fromEntries((input.fields || []).map((f) => [f.name, f.type]));
      const set = document.createElement("fieldset");
      set.dataset.list = input.name;
      const legend = document.createElement("legend");
      legend.textContent = `${input.name} (list of records)`;
      const table = document.createElement("table");
      table.innerHTML = `<thead><tr>${columns.map((c) => `<th>${c}</th>`).join("")}<th></th></tr></thead><tbody></tbody>`;
      const addRow = (row) => {
        const line = document.createElement("tr");
        for (const column of columns) {
          const cell = document.createElement("td");
          const field = document.createElement("input");
          field.dataset.column = column;
          field.dataset.type = types[column] || "text";
          field.value = row && row[column] !== undefined ? row[column] : "";
          cell.append(field);
          line.append(cell);
        }
        const cell = document.createElement("td");
        const drop = document.createElement("button");
        drop.type = "button";
        drop.textContent = "×";
        drop.title = "Remove the row";
        drop.addEventListener("click", () => { line.remove(); set.dataset.touched = "true"; formChanged(); });
        cell.append(drop);
        line.append(cell);
        table.tBodies[0].append(line);
      };
      rows.forEach(addRow);
      const add = document.createElement("button");
      add.type = "button";
      add.dataset.add = input.name;
      add.textContent = "+ row";
      add.addEventListener("click", () => {
        const last = table.tBodies[0].rows[table.tBodies[0].rows.length - 1];
        addRow(last ? Object.fromEntries(Array.from(last.querySelectorAll("input")).map((f) => [f.dataset.column, f.value])) : {});
        set.dataset.touched = "true";
        formChanged();
      });
      set.append(legend, table, add);
      form.append(set);
      continue;
    }
    const label = document.createElement("label");
    label.append(`${input.name}${input.required ? " *" : ""}`);
    const field = document.createElement("input");
    field.name = input.name;
    field.dataset.type = input.declared || input.type;
    field.placeholder = input.default !== undefined && typeof input.default !== "object" ? String(input.default) : "";
    field.value = given[input.name] !== undefined && typeof given[input.name] !== "object" ? given[input.name] : "";
    field.required = input.required;
    label.append(field);
    form.append(label);
  }
}

// The form's values written into the data JSON: text inputs left empty take the template's default.
function formChanged() {
  const value = currentData() || {};
  for (const field of $("data-form").querySelectorAll("label > input")) {
    if (field.value === "") delete value[field.name];
    else value[field.name] = typed(field.value, field.dataset.type);
  }
  for (const set of $("data-form").querySelectorAll("fieldset[data-list]")) {
    if (set.dataset.touched !== "true") continue;
    value[set.dataset.list] = Array.from(set.querySelectorAll("tbody tr")).map((row) =>
      Object.fromEntries(Array.from(row.querySelectorAll("input")).map((f) => [f.dataset.column, typed(f.value, f.dataset.type)])));
  }
  data.set(JSON.stringify(value, null, 2));
  schedule();
}

$("data-form").addEventListener("input", (event) => {
  const set = event.target.closest("fieldset[data-list]");
  if (set) set.dataset.touched = "true";
  clearTimeout(state.formTimer);
  state.formTimer = setTimeout(formChanged, 200);
});

function showData(form) {
  $("data-form").hidden = !form;
  $("data-json").hidden = form;
  $("show-form").setAttribute("aria-pressed", String(form));
  $("show-json").setAttribute("aria-pressed", String(!form));
  if (form && state.boxes) buildForm(state.boxes.inputs || [], true);
  else data.refresh();
}

// ---- Sample records: kept in this browser per template, to flip through ----

const recordsKey = () => `mkpdf-records:${$("templates").value}`;
const keptRecords = () => JSON.parse(localStorage.getItem(recordsKey()) || "[]");

function listRecords(chosen) {
  const select = $("records");
  select.replaceChildren(new Option("defaults", ""));
  keptRecords().forEach((_, index) => select.append(new Option(`record ${index + 1}`, String(index))));
  select.value = chosen === undefined ? "" : String(chosen);
}

$("keep").addEventListener("click", () => {
  const records = keptRecords();
  records.push(data.get());
  localStorage.setItem(recordsKey(), JSON.stringify(records));
  listRecords(records.length - 1);
});

$("records").addEventListener("change", (event) => {
  const chosen = event.target.value;
  data.set(chosen === "" ? "{}" : keptRecords()[Number(chosen)]);
  if (state.boxes) buildForm(state.boxes.inputs || [], true);
  schedule();
});

// ---- Loading, saving, and the page's controls ----

async function loadTemplate(name) {
  if (!name) return;
  const response = await fetch(`templates/${name}`);
  if (!response.ok) return showProblem(await response.json());
  const text = await response.text();
  state.restoring = true;
  template.set(text);
  data.set("{}");
  state.restoring = false;
  state.history = [text];
  state.at = 0;
  state.selected = null;
  state.formShape = "";
  undoButtons();
  listRecords();
  state.page = 1;
  await render();
}

$("download").addEventListener("click", async () => {
  const response = await fetch("render?format=pdf", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: body(),
  });
  if (!response.ok) return showProblem(await response.json());
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = ($("templates").value || "document").split("/").pop() + ".pdf";
  document.body.append(link);
  link.click();
  link.remove();
});

$("save").addEventListener("click", async () => {
  const name = $("templates").value || prompt("Template name (letters, digits, - and _):");
  if (!name) return;
  // The token comes from editor/settings, which another site's page cannot read: a save is this page's own.
  const response = await fetch(`templates/${name}`, {
    method: "PUT", headers: { "Content-Type": "application/yaml", "MKPDF-Editor-Token": state.token },
    body: template.get(),
  });
  if (!response.ok) return showProblem(await response.json());
  $("status").textContent = `saved ${name}`;
  document.body.dataset.saved = name;
});

function zoom(by) {
  state.zoom = Math.min(6, Math.max(0.25, Math.round(state.zoom * by * 100) / 100));
  layoutSheet();
}

for (const form of [$("properties"), $("data-form")]) form.addEventListener("submit", (event) => event.preventDefault());
$("zoom-in").addEventListener("click", () => zoom(1.25));
$("zoom-out").addEventListener("click", () => zoom(0.8));
$("grid").addEventListener("change", () => drawBoxes());
$("unit").addEventListener("change", () => { layoutSheet(); showProperties(); });
$("undo").addEventListener("click", () => step(-1));
$("redo").addEventListener("click", () => step(1));
$("show-form").addEventListener("click", () => showData(true));
$("show-json").addEventListener("click", () => showData(false));
$("palette").addEventListener("click", (event) => { if (event.target.dataset.kind) addElement(event.target.dataset.kind); });
$("previous").addEventListener("click", () => { if (state.page > 1) { state.page -= 1; render(); } });
$("next").addEventListener("click", () => { if (state.page < state.pages) { state.page += 1; render(); } });
$("templates").addEventListener("change", (event) => loadTemplate(event.target.value));
document.addEventListener("keydown", (event) => {
  if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== "z") return;
  if (event.target.closest && event.target.closest(".CodeMirror, textarea, input")) return;
  event.preventDefault();
  step(event.shiftKey ? 1 : -1);
});
template.onChange(() => {
  if (state.restoring) return;
  remember(template.get(), true);
  schedule();
});
// A cursor moved in the YAML selects the element whose lines hold it.
template.onCursor((line) => {
  if (!state.boxes) return;
  const entry = state.boxes.elements.find((e) => line >= e.firstLine && line <= e.lastLine);
  if (entry && entry.id !== state.selected) select(entry.id, true);
});
data.onChange(() => { if (!state.restoring) schedule(); });

(async () => {
  const settings = await (await fetch("editor/settings")).json();
  $("save").hidden = !settings.allowSave;
  state.token = settings.token;
  const templates = await (await fetch("templates")).json();
  for (const entry of templates) {
    const option = document.createElement("option");
    option.value = option.textContent = entry.name;
    $("templates").append(option);
  }
  // The admission ticket is the house's first document; a root without one opens on its first template that is not
  // the benchmark's copy of the seed.
  const opening = templates.find((entry) => entry.name === "ticket" || entry.name === "ticket.yaml")
    || templates.find((entry) => !/anchor/.test(entry.name)) || templates[0];
  const first = new URLSearchParams(location.search).get("template") || (opening && opening.name);
  showData(true);
  undoButtons();
  if (first) {
    $("templates").value = first;
    await loadTemplate(first);
  }
  document.body.dataset.ready = "true";
})();
