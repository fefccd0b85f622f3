"""Chromium printing the ticket from HTML, as Chromium-based PDF services do: one headless browser (Debian's
chromium through Playwright), one page, set_content + pdf() per ticket. The QR code is left out (it favours Chromium).
Usage: python3 scripts/bench-serve-chromium.py N"""
import sys
import time

from playwright.sync_api import sync_playwright

count = int(sys.argv[1])
TICKET = """<!doctype html><html lang="ja"><head><meta charset="utf-8"><style>
@page { size: 400pt 150pt; margin: 0 }
body { margin: 0; width: 400pt; height: 150pt; font-family: "IPAexGothic"; position: relative }
.band { position: absolute; top: 0; left: 0; width: 400pt; height: 8pt; background: #EEEEFF }
.t { position: absolute } .l { font-size: 7pt; color: #808080 }
</style></head><body><div class="band"></div>
<div class="t" style="left:16pt;top:16pt;font-size:22pt;font-weight:bold">入場整理券</div>
<div class="t l" style="left:16pt;top:48pt">整理番号</div>
<div class="t" style="left:16pt;top:58pt;font-size:20pt;color:#1A1A99">FN-%06d</div>
<div class="t l" style="left:152pt;top:16pt">会員番号</div>
<div class="t" style="left:152pt;top:26pt;font-size:12pt">GCG-%05d</div>
<div class="t l" style="left:152pt;top:48pt">開催場所</div>
<div class="t" style="left:152pt;top:58pt;font-size:12pt;color:#CC0000">秘密（招待メール参照）</div>
<div class="t l" style="left:152pt;top:88pt">日付</div>
<div class="t" style="left:152pt;top:98pt;font-size:12pt">2014年12月20日</div>
<div class="t" style="left:40pt;top:122pt;font-size:8pt;color:#595959">ガイガー・カウント・グループ</div>
</body></html>"""

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    page = browser.new_page()
    page.set_content(TICKET % (0, 0))
    page.pdf(prefer_css_page_size=True)
    start = time.perf_counter()
    for k in range(count):
        page.set_content(TICKET % (k, k))
        page.pdf(prefer_css_page_size=True)
    seconds = time.perf_counter() - start
    browser.close()
print("chromium (playwright, one page): %d tickets in %.2fs = %.1f tickets/s" % (count, seconds, count / seconds))
