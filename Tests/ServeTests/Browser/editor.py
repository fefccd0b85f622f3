"""Drives mkpdf serve's editor in Debian's Chromium (headless, through Playwright) as a user would, and prints what it
saw as one JSON object for EditorBrowserTests.swift to check.

    python3 editor.py URL OUT_FOLDER [SCREENSHOT]
"""
import hashlib
import json
import sys

from playwright.sync_api import sync_playwright

url, out = sys.argv[1], sys.argv[2]
screenshot = sys.argv[3] if len(sys.argv) > 3 else None
seen = {}


def preview_hash(page):
    data = page.evaluate(
        """async () => {
            const blob = await (await fetch(document.getElementById("preview").src)).blob();
            return Array.from(new Uint8Array(await blob.arrayBuffer()));
        }"""
    )
    return hashlib.sha256(bytes(data)).hexdigest()


def renders(page):
    return int(page.evaluate("document.body.dataset.renders || '0'"))


def set_template(page, text):
    page.evaluate("(text) => document.querySelector('.CodeMirror').CodeMirror.setValue(text)", text)


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    page = browser.new_page(viewport={"width": 1400, "height": 800}, accept_downloads=True)
    page.goto(url + "/?template=ticket")
    page.wait_for_selector("body[data-ready='true']", timeout=20000)
    page.wait_for_function("Number(document.body.dataset.renders || 0) >= 1", timeout=20000)
    seen["codeMirror"] = page.evaluate("!!document.querySelector('.CodeMirror')")
    first = preview_hash(page)
    text = page.evaluate("document.querySelector('.CodeMirror').CodeMirror.getValue()")
    seen["templateLoaded"] = "venue:" in text

    # Change the venue by typing: select the default's value and type over it.
    before = renders(page)
    editor = page.evaluate(
        """() => {
            const cm = document.querySelector('.CodeMirror').CodeMirror;
            const line = cm.getValue().split('\\n').findIndex((l) => l.trim().startsWith('venue:'));
            const ch = cm.getLine(line).indexOf(':') + 2;
            cm.setSelection({line, ch}, {line, ch: cm.getLine(line).length});
            cm.focus();
            return line;
        }"""
    )
    page.keyboard.insert_text("東京ドーム")
    page.wait_for_function(f"Number(document.body.dataset.renders || 0) > {before}", timeout=20000)
    second = preview_hash(page)
    seen["previewChanged"] = first != second

    # A misspelt key: the problem at its line, in words and in the editor; the last good preview stays.
    good = page.evaluate("document.getElementById('preview').src")
    current = page.evaluate("document.querySelector('.CodeMirror').CodeMirror.getValue()")
    set_template(page, current.replace("palette:", "palete:", 1))
    page.wait_for_selector("#problem:not([hidden])", timeout=20000)
    seen["problemText"] = page.inner_text("#problem")
    seen["problemLine"] = int(page.evaluate("document.getElementById('problem').dataset.line || '0'"))
    seen["expectedLine"] = current.split("\n").index(next(l for l in current.split("\n") if l.startswith("palette:"))) + 1
    seen["markedLines"] = page.evaluate(
        "Array.from(document.querySelectorAll('.CodeMirror .problem-line')).length"
    )
    seen["previewKept"] = page.evaluate("document.getElementById('preview').src") == good

    # Fixed again: a fresh preview, and the PDF downloaded.
    before = renders(page)
    set_template(page, current)
    page.wait_for_function(f"Number(document.body.dataset.renders || 0) > {before}", timeout=20000)
    seen["problemCleared"] = page.evaluate("document.getElementById('problem').hidden")
    with page.expect_download(timeout=20000) as download:
        page.click("#download")
    pdf = out + "/download.pdf"
    download.value.save_as(pdf)
    seen["downloadName"] = download.value.suggested_filename
    seen["pdf"] = pdf

    # A click on the QR code (288…384 × 16…112 pt on the ticket) selects its lines.
    box = page.locator("#preview").bounding_box()
    page.mouse.click(box["x"] + box["width"] * 336 / 400, box["y"] + box["height"] * 64 / 150)
    page.wait_for_function("!!document.body.dataset.selected", timeout=20000)
    first_line, last_line = map(int, page.evaluate("document.body.dataset.selected").split("-"))
    seen["selected"] = page.evaluate(
        f"document.querySelector('.CodeMirror').CodeMirror.getValue().split('\\n').slice({first_line - 1}, {last_line}).join('\\n')"
    )
    if screenshot:
        page.screenshot(path=screenshot)
    browser.close()

print(json.dumps(seen, ensure_ascii=False))
