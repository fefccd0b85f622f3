"""The mkpdf 1,000-member report made with ReportLab Platypus, for comparison (scripts/bench-report runs both).

Usage: python3 report_reportlab.py MEMBERS.csv OUT.pdf
Same content as `mkpdf report --template Templates/report.yaml`: title, subtitle, one section per rank (heading,
table with the header row repeated on each page, zebra rows, subtotal row), total row, header text with logo,
footer "X / Y ページ" (two-pass canvas), bookmarks per heading, IPAexGothic TrueType subset, CJK word wrap in cells.
Prints: reportlab platypus: N rows, P pages in Xs, B bytes
"""
import csv, sys, time, os
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph, Table, TableStyle, Spacer
from reportlab.pdfgen import canvas as pdfcanvas

FONT = "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf"
LOGO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Templates", "report-logo.png")
NAVY, ZEBRA, SUMMARY = colors.HexColor("#1D3A6E"), colors.HexColor("#EEF2F8"), colors.HexColor("#FCEFD2")

def build(source, out):
    pdfmetrics.registerFont(TTFont("IPAexG", FONT))
    cell = ParagraphStyle("cell", fontName="IPAexG", fontSize=9, leading=12.6, wordWrap="CJK")
    right = ParagraphStyle("right", parent=cell, alignment=2)
    center = ParagraphStyle("center", parent=cell, alignment=1)
    head = ParagraphStyle("head", parent=cell, textColor=colors.white)
    h1 = ParagraphStyle("h1", fontName="IPAexG", fontSize=18, leading=23.4, textColor=NAVY, spaceAfter=10)
    h2 = ParagraphStyle("h2", fontName="IPAexG", fontSize=14, leading=18.2, textColor=NAVY, spaceBefore=12, spaceAfter=6)
    muted = ParagraphStyle("muted", fontName="IPAexG", fontSize=10, leading=15, textColor=colors.grey)

    with open(source, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    rows.sort(key=lambda r: r["会員番号"])
    title = "会員名簿 2024年度"
    columns = ["会員番号", "氏名", "フリガナ", "入会日", "都道府県", "年会費", "備考"]
    styles = [cell, cell, cell, center, cell, right, cell]
    yen = lambda v: "¥{:,}".format(v)

    class Bookmarked(Paragraph):
        def __init__(self, text, style, level):
            super().__init__(text, style); self.level, self.key = level, "h%d" % id(self)
        def draw(self):
            super().draw()
            self.canv.bookmarkPage(self.key)
            self.canv.addOutlineEntry(self.getPlainText(), self.key, level=self.level - 1)

    story = [Bookmarked(title, h1, 1), Paragraph("ランク別の会員一覧と年会費の小計（GCG 会員事務局）", muted),
             Paragraph("%d 件（%s）" % (len(rows), os.path.basename(source)), muted)]
    widths = [70, 62, 90, 62, 52, 56, None]
    def table(body, summary_rows, header=True):
        data = ([[Paragraph(c, head) for c in columns]] if header else []) + body
        t = Table(data, colWidths=widths[:-1] + [A4[0] - 112 - sum(widths[:-1])], repeatRows=1 if header else 0)
        style = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.grey)]
        style += [(side, (0, 0), (-1, -1), 4) for side in ("LEFTPADDING", "RIGHTPADDING", "TOPPADDING", "BOTTOMPADDING")]
        if header: style.append(("BACKGROUND", (0, 0), (-1, 0), NAVY))
        first = 1 if header else 0
        for i in range(first, len(data)):
            if (i - first) % 2 == 1: style.append(("BACKGROUND", (0, i), (-1, i), ZEBRA))
        for i in summary_rows: style.append(("BACKGROUND", (0, i + first), (-1, i + first), SUMMARY))
        t.setStyle(TableStyle(style)); return t
    total = 0
    for rank in ["ゴールド", "シルバー", "ブロンズ"]:
        group = [r for r in rows if r["ランク"] == rank]
        fees = sum(int(r["年会費"]) for r in group); total += fees
        story.append(Bookmarked("%s会員（%d名）" % (rank, len(group)), h2, 2))
        body = [[Paragraph(yen(int(r[c])) if c == "年会費" else r[c].replace("\n", "<br/>"), s)
                 for c, s in zip(columns, styles)] for r in group]
        body.append([Paragraph("%s 小計 %d名" % (rank, len(group)), cell), "", "", "", "", Paragraph(yen(fees), right), ""])
        story.append(table(body, [len(body) - 1]))
    story.append(Spacer(1, 8))
    story.append(table([[Paragraph("合計 %d名" % len(rows), cell), "", "", "", "", Paragraph(yen(total), right), ""]], [0], header=False))

    class NumberedCanvas(pdfcanvas.Canvas):
        """Page X of Y: keep each page's state, draw the footers once the count is known."""
        def __init__(self, *a, **k):
            super().__init__(*a, **k); self.pages = []
        def showPage(self):
            self.pages.append(dict(self.__dict__)); self._startPage()
        def save(self):
            for state in self.pages:
                self.__dict__.update(state)
                self.setFont("IPAexG", 8); self.setFillColor(colors.grey)
                self.drawRightString(A4[0] - 56, 56 - 4 - 7, "%d / %d ページ" % (self._pageNumber, len(self.pages)))
                super().showPage()
            super().save()

    def decorate(canv, doc):
        canv.saveState(); canv.setStrokeColor(colors.grey); canv.setLineWidth(0.5)
        canv.line(56, A4[1] - 64, A4[0] - 56, A4[1] - 64); canv.line(56, 56, A4[0] - 56, 56)
        canv.setFont("IPAexG", 9); canv.setFillColor(colors.grey)
        canv.drawString(56, A4[1] - 64 + 6, title + " — 会員各位の個人情報を含みます。取扱注意")
        canv.drawImage(LOGO, A4[0] - 56 - 28, A4[1] - 64 + 4, 28, 28, mask="auto"); canv.restoreState()

    doc = BaseDocTemplate(out, pagesize=A4, title=title, author="GCG 会員事務局")
    frame = Frame(56, 64, A4[0] - 112, A4[1] - 72 - 64, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate(frames=[frame], onPage=decorate)])
    doc.build(story, canvasmaker=NumberedCanvas)
    return len(rows)

if __name__ == "__main__":
    t0 = time.perf_counter()
    n = build(sys.argv[1], sys.argv[2])
    dt = time.perf_counter() - t0
    import subprocess
    pages = subprocess.run(["pdfinfo", sys.argv[2]], capture_output=True, text=True).stdout
    pages = next((l.split()[-1] for l in pages.splitlines() if l.startswith("Pages:")), "?")
    print("reportlab platypus: %d rows, %s pages in %.3fs, %d bytes" % (n, pages, dt, os.path.getsize(sys.argv[2])))
