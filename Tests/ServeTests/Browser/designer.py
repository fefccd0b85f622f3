"""Drives mkpdf serve's designer in Debian's Chromium (headless, through Playwright) as a clerk would: drags the
ticket's venue box and pulls its right handle, undoes both, adds a text from the palette and sets it vertical with
ruby in the properties panel, saves, fills the invoice's data form, and takes screenshots. Prints what it saw as one
JSON object for DesignerBrowserTests.swift to check.

    python3 designer.py URL OUT_FOLDER SCREENSHOT_FOLDER
"""
import hashlib
import json
import sys

from playwright.sync_api import sync_playwright

url, out, shots = sys.argv[1], sys.argv[2], sys.argv[3]
seen = {}


def number(page, name):
    return int(page.evaluate(f"document.body.dataset.{name} || '0'"))


def text(page):
    return page.evaluate("document.querySelector('.CodeMirror').CodeMirror.getValue()")


def preview_hash(page):
    data = page.evaluate(
        """async () => {
            const blob = await (await fetch(document.getElementById("preview").src)).blob();
            return Array.from(new Uint8Array(await blob.arrayBuffer()));
        }"""
    )
    return hashlib.sha256(bytes(data)).hexdigest()


def settled(page, edits):
    """Waits for `edits` edits, then for the render and the boxes that follow the last one."""
    page.wait_for_function(f"Number(document.body.dataset.edits || 0) >= {edits}", timeout=20000)
    renders = number(page, "renders")
    page.wait_for_function(
        f"Number(document.body.dataset.renders || 0) > {renders} || !document.getElementById('problem').hidden",
        timeout=20000,
    )
    page.wait_for_timeout(100)


def rerendered(page, action):
    renders = number(page, "renders")
    action()
    page.wait_for_function(
        f"Number(document.body.dataset.renders || 0) > {renders} || !document.getElementById('problem').hidden",
        timeout=20000,
    )
    page.wait_for_timeout(100)


def drag(page, start, by_x, by_y):
    page.mouse.move(start[0], start[1])
    page.mouse.down()
    for step in range(1, 6):
        page.mouse.move(start[0] + by_x * step / 5, start[1] + by_y * step / 5)
    page.mouse.up()


def pdf(page, name):
    data = page.evaluate(
        """async () => {
            const response = await fetch("render?format=pdf", {
                method: "POST", headers: {"Content-Type": "application/json"}, body: body(),
            });
            return Array.from(new Uint8Array(await response.arrayBuffer()));
        }"""
    )
    path = f"{out}/{name}"
    with open(path, "wb") as file:
        file.write(bytes(data))
    return path


def open_template(page, name):
    page.goto(f"{url}/?template={name}")
    page.wait_for_selector("body[data-ready='true']", timeout=30000)
    page.wait_for_function("Number(document.body.dataset.boxes || 0) >= 1", timeout=20000)


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    page = browser.new_page(viewport={"width": 1600, "height": 900})
    open_template(page, "ticket")
    original = text(page)
    seen["original"] = original
    # A cursor put in the QR code's line of the YAML selects the QR code on the page.
    page.evaluate(
        """() => {
            const cm = document.querySelector('.CodeMirror').CodeMirror;
            const line = cm.getValue().split('\\n').findIndex((l) => l.trim().startsWith('- qr:'));
            cm.focus();
            cm.setCursor({line, ch: 6});
        }"""
    )
    seen["cursorSelected"] = page.evaluate("document.body.dataset.selectedIndex")
    first = preview_hash(page)
    zoom = page.evaluate("state.zoom")
    venue = page.evaluate("state.boxes.elements.find((e) => e.keys && e.keys.text === '{{venue}}').shown[0]")
    overlay = page.locator("#overlay").bounding_box()
    centre = (
        overlay["x"] + (venue["x"] + venue["width"] / 2) * zoom,
        overlay["y"] + (venue["y"] + venue["height"] / 2) * zoom,
    )

    # Drag the venue 16 pt to the right (and a little down, less than half the grid), then pull its right handle
    # 13 pt further: both land on the template's 8 pt grid.
    drag(page, centre, 16 * zoom, 2 * zoom)
    settled(page, 1)
    moved = text(page)
    seen["moved"] = moved
    seen["previewMoved"] = preview_hash(page) != first
    handle = page.locator(".box.selected .handle.e").bounding_box()
    drag(page, (handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2), 13 * zoom, 0)
    settled(page, 2)
    seen["resized"] = text(page)
    seen["selectedAfterResize"] = page.evaluate("document.body.dataset.selectedIndex")

    # Undo both: the file byte for byte; redo gives the move back.
    rerendered(page, lambda: page.click("#undo"))
    rerendered(page, lambda: page.click("#undo"))
    seen["undone"] = text(page)
    seen["undoneHash"] = preview_hash(page) == first
    rerendered(page, lambda: page.click("#redo"))
    seen["redone"] = text(page)
    # The arrow keys nudge the selection by one step of the grid.
    page.focus("#overlay")
    page.keyboard.press("ArrowLeft")
    settled(page, 3)
    seen["nudged"] = text(page)
    rerendered(page, lambda: page.click("#undo"))
    rerendered(page, lambda: page.click("#undo"))
    seen["undoneAgain"] = text(page)

    # A text from the palette, made vertical with ruby in the properties panel, in a tall narrow box; then saved.
    page.click("#palette [data-kind='text']")
    settled(page, 4)
    seen["addedIndex"] = page.evaluate("state.selected")
    area = page.locator("#properties textarea[name='text']")
    area.fill("東京駅")
    area.evaluate("(a) => a.setSelectionRange(0, 2)")
    page.click("#ruby")
    page.keyboard.insert_text("とうきょう")
    page.locator("#properties select[name='role']").focus()
    settled(page, 5)
    edits = 5
    for key, value in [("h", "120"), ("w", "32"), ("x", "16"), ("y", "16")]:
        field = page.locator(f"#properties input[name='{key}']")
        field.fill(value)
        field.evaluate("(f) => f.dispatchEvent(new Event('change'))")
        edits += 1
        settled(page, edits)
        edits = number(page, "edits")
    page.locator("#properties select[name='writing']").select_option("vertical")
    settled(page, edits + 1)
    seen["designed"] = text(page)
    seen["problemShown"] = not page.evaluate("document.getElementById('problem').hidden")
    seen["problem"] = page.inner_text("#problem")
    page.click("#save")
    page.wait_for_function("document.body.dataset.saved === 'ticket'", timeout=20000)
    seen["saved"] = True

    # The certificate, its recipient's vertical name selected: the designer's screenshot.
    open_template(page, "certificate")
    page.wait_for_function("Number(document.body.dataset.renders || 0) >= 1", timeout=20000)
    recipient = page.evaluate(
        "state.boxes.elements.find((e) => e.list === 'elements' && (e.keys.text || '').includes('name'))"
    )
    seen["certificateRole"] = recipient.get("role")
    recipient = recipient["shown"][0]
    overlay = page.locator("#overlay").bounding_box()
    zoom = page.evaluate("state.zoom")
    page.mouse.click(
        overlay["x"] + (recipient["x"] + recipient["width"] / 2) * zoom,
        overlay["y"] + (recipient["y"] + recipient["height"] / 2) * zoom,
    )
    page.wait_for_selector("#properties select[name='writing']", timeout=20000)
    seen["certificateWriting"] = page.locator("#properties select[name='writing']").input_value()
    page.evaluate("document.getElementById('status').textContent = ''")
    page.screenshot(path=f"{shots}/designer-certificate.png")

    # The invoice's data form: a line added (a copy of the last), the first line's quantity changed.
    open_template(page, "invoice")
    page.wait_for_function("Number(document.body.dataset.renders || 0) >= 1", timeout=20000)
    overlay = page.locator("#overlay").bounding_box()
    zoom = page.evaluate("state.zoom")
    for name, find in [
        ("title", "e.list === 'elements' && e.index === 0"),
        ("table", "e.list === 'flow' && e.kind === 'table'"),
    ]:
        box = page.evaluate(f"state.boxes.elements.find((e) => {find}).shown[0]")
        page.mouse.click(
            overlay["x"] + (box["x"] + box["width"] / 2) * zoom, overlay["y"] + (box["y"] + 10) * zoom
        )
        first, last = map(int, page.evaluate("document.body.dataset.selected").split("-"))
        seen[f"{name}Selected"] = "\n".join(text(page).split("\n")[first - 1 : last])
    seen["before"] = pdf(page, "invoice-before.pdf")
    before = preview_hash(page)
    rows = "#data-form fieldset[data-list='items'] tbody tr"
    seen["rowsBefore"] = page.locator(rows).count()
    rerendered(page, lambda: page.click("#data-form button[data-add='items']"))
    seen["rowsAfter"] = page.locator(rows).count()
    quantity = page.locator(f"{rows}:nth-child(1) input[data-column='qty']")
    rerendered(page, lambda: quantity.fill("5"))
    seen["previewChanged"] = preview_hash(page) != before
    seen["data"] = json.loads(page.evaluate("document.querySelectorAll('.CodeMirror')[1].CodeMirror.getValue()"))
    seen["after"] = pdf(page, "invoice-after.pdf")
    # Kept as a sample record, the defaults chosen, then the record again: five lines, then four, then five.
    page.click("#keep")
    rerendered(page, lambda: page.select_option("#records", ""))
    seen["rowsDefaults"] = page.locator(rows).count()
    rerendered(page, lambda: page.select_option("#records", "0"))
    seen["rowsRecord"] = page.locator(rows).count()
    page.evaluate("document.getElementById('status').textContent = ''")
    page.screenshot(path=f"{shots}/designer-invoice.png")
    browser.close()

print(json.dumps(seen, ensure_ascii=False))
