"""Another site's page, in Debian's Chromium (headless, through Playwright), trying what a page can do to a service on
the user's machine: a form posted as text/plain, a no-cors fetch with a text/plain body, a JSON fetch and a save
(both need a CORS preflight). Prints what the page saw as one JSON object for CrossOriginBrowserTests.swift.

    python3 cross_origin.py SERVICE_URL

The page is served from another port on 127.0.0.1: another origin, and a local one, so Chromium's Private Network
Access rules do not stop the requests before they reach the service.
"""
import http.server
import json
import sys
import threading

from playwright.sync_api import sync_playwright

service = sys.argv[1]
page_html = f"""<!doctype html>
<html><body>
<iframe name="sink"></iframe>
<form id="form" method="POST" enctype="text/plain" action="{service}/render/ticket" target="sink">
  <input name='{{"member": "FORM-1", "x": "' value='"}}'>
</form>
<script>
window.attempts = {{}};
async function attempt(name, run) {{
  try {{
    const response = await run();
    window.attempts[name] = {{type: response.type, status: response.status}};
  }} catch (error) {{
    window.attempts[name] = {{error: String(error)}};
  }}
}}
window.run = async () => {{
  await attempt("noCorsText", () => fetch("{service}/render/ticket", {{
    method: "POST", mode: "no-cors", headers: {{"Content-Type": "text/plain"}}, body: '{{"member": "NOCORS-1"}}'}}));
  await attempt("noCorsBlob", () => fetch("{service}/render/ticket", {{
    method: "POST", mode: "no-cors", body: new Blob(['{{"member": "BLOB-1"}}'])}}));
  await attempt("json", () => fetch("{service}/render/ticket", {{
    method: "POST", headers: {{"Content-Type": "application/json"}}, body: '{{"member": "JSON-1"}}'}}));
  await attempt("save", () => fetch("{service}/templates/ticket", {{
    method: "PUT", headers: {{"Content-Type": "application/yaml"}}, body: "page: a6\\nelements: []\\n"}}));
  await attempt("settings", () => fetch("{service}/editor/settings"));
  return window.attempts;
}};
</script>
</body></html>"""


class Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = page_html.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
threading.Thread(target=server.serve_forever, daemon=True).start()
origin = f"http://127.0.0.1:{server.server_address[1]}"

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    page = browser.new_page()
    page.goto(origin + "/")
    with page.expect_event("framenavigated", predicate=lambda frame: frame.name == "sink", timeout=20000):
        page.evaluate("document.getElementById('form').submit()")
    page.wait_for_timeout(500)
    seen = page.evaluate("window.run()")
    seen["origin"] = origin
    browser.close()
server.shutdown()
print(json.dumps(seen))
