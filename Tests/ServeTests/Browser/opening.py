"""Opens mkpdf serve's editor at / in Debian's Chromium (headless, through Playwright) without naming a template, and
prints the template it opened on and the first line of its text, as JSON for EditorOpeningTests.swift.

    python3 opening.py URL
"""
import json
import sys

from playwright.sync_api import sync_playwright

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    page = browser.new_page()
    page.goto(sys.argv[1] + "/")
    page.wait_for_selector("body[data-ready='true']", timeout=20000)
    text = page.evaluate("document.querySelector('.CodeMirror').CodeMirror.getValue()")
    print(json.dumps({
        "selected": page.evaluate("document.getElementById('templates').value"),
        "options": page.evaluate("Array.from(document.getElementById('templates').options).map((o) => o.value)"),
        "hasTicketName": "name: admission-ticket" in text,
    }))
    browser.close()
