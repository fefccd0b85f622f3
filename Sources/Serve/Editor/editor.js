// The mkpdf live editor: the template's YAML and its data as JSON on the left, the rendered page on the right,
// rendered again 250 ms after typing stops. A problem is shown in words and at its line; the last good preview stays.
"use strict";
const $ = (id) => document.getElementById(id);
const scale = window.devicePixelRatio >= 2 ? 2 : 1.5;
const state = { page: 1, pages: 1, generation: 0, timer: null, image: null, renders: 0 };

// One editing surface over CodeMirror (Debian's libjs-codemirror, when the server has it) or a plain text area with
// line numbers: text, change events, a problem line and a selection of lines.
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
      onChange: (handler) => editor.on("changes", handler),
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
        editor.setSelection({ line: first - 1, ch: 0 }, { line: last, ch: 0 });
        editor.scrollIntoView({ line: first - 1, ch: 0 });
        editor.focus();
      },
      selectedLines() {
        const from = editor.getCursor("from").line + 1;
        const to = editor.getCursor("to");
        return [from, to.ch === 0 && to.line + 1 > from ? to.line : to.line + 1];
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
  const lineOf = (at) => area.value.slice(0, at).split("\n").length;
  area.addEventListener("scroll", () => { gutter.scrollTop = area.scrollTop; });
  area.addEventListener("input", number);
  number();
  return {
    get: () => area.value,
    set: (text) => { area.value = text; number(); },
    onChange: (handler) => area.addEventListener("input", handler),
    mark(line) {
      area.dataset.problemLine = line || "";
      if (line) area.setSelectionRange(offset(line), Math.max(offset(line), offset(line + 1) - 1));
    },
    select(first, last) {
      area.focus();
      area.setSelectionRange(offset(first), Math.max(offset(first), offset(last + 1) - 1));
    },
    selectedLines: () => [lineOf(area.selectionStart), lineOf(Math.max(area.selectionStart, area.selectionEnd - 1))],
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

async function post(query) {
  return fetch(`render?${query}`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ template: template.get(), data: data.get() }),
  });
}

async function render() {
  const generation = ++state.generation;
  const started = performance.now();
  const response = await post(`format=png&scale=${scale}&page=${state.page}`);
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
  if (state.image) URL.revokeObjectURL(state.image);
  state.image = url;
  $("preview").src = url;
  $("page-label").textContent = `${state.page} / ${state.pages}`;
  clearProblem();
  state.renders += 1;
  document.body.dataset.renders = state.renders;
  $("status").textContent = `rendered in ${Math.round(performance.now() - started)} ms`;
}

function schedule() {
  clearTimeout(state.timer);
  state.timer = setTimeout(render, 250);
}

async function loadTemplate(name) {
  if (!name) return;
  const response = await fetch(`templates/${name}`);
  if (!response.ok) return showProblem(await response.json());
  template.set(await response.text());
  state.page = 1;
  render();
}

// A click on the preview selects the lines of the smallest element drawn under it.
$("preview").addEventListener("click", async (event) => {
  const image = event.currentTarget;
  const x = (event.offsetX / image.clientWidth) * image.naturalWidth / scale;
  const y = (event.offsetY / image.clientHeight) * image.naturalHeight / scale;
  const response = await fetch("places", {
    method: "POST", headers: { "Content-Type": "application/yaml" }, body: template.get(),
  });
  if (!response.ok) return;
  const { elements } = await response.json();
  const hits = elements.filter((e) => x >= e.x && x <= e.x + e.width && y >= e.y && y <= e.y + e.height);
  if (hits.length === 0) return;
  hits.sort((a, b) => a.width * a.height - b.width * b.height);
  template.select(hits[0].firstLine, hits[0].lastLine);
  document.body.dataset.selected = `${hits[0].firstLine}-${hits[0].lastLine}`;
});

$("download").addEventListener("click", async () => {
  const response = await post("format=pdf");
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
});

$("previous").addEventListener("click", () => { if (state.page > 1) { state.page -= 1; render(); } });
$("next").addEventListener("click", () => { if (state.page < state.pages) { state.page += 1; render(); } });
$("templates").addEventListener("change", (event) => loadTemplate(event.target.value));
template.onChange(schedule);
data.onChange(schedule);

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
  // The admission ticket is the house's first document; a root without one opens on its first template.
  const opening = templates.find((entry) => entry.name === "ticket" || entry.name === "ticket.yaml") || templates[0];
  const first = new URLSearchParams(location.search).get("template") || (opening && opening.name);
  if (first) {
    $("templates").value = first;
    await loadTemplate(first);
  }
  document.body.dataset.ready = "true";
})();
