"""The invoice of Templates/invoice.yaml made with Typst (pip typst) for every line of a JSONL file, in one process
(scripts/bench-invoice runs it): the fair peer for `mkpdf batch`, which also starts once.

Usage: python3 bench-invoice-typst.py INVOICES.jsonl OUT_FOLDER

The same content: A4, the title, addressee, total box, issuer and 登録番号 on page 1, the lines' table with a
repeated header, a continuation header from page 2 on, per-rate subtotals with the tax rounded down, page numbers;
IPAexGothic, as mkpdf uses.
"""
import json
import os
import sys

import typst


def escape(text):
    """A data value as Typst markup text: markup characters escaped."""
    return "".join("\\" + c if c in "\\#*_`$<>@[]~/" else c for c in str(text))


def yen(value):
    return "¥{:,}".format(int(value))


def source(invoice):
    items = invoice["items"]
    base = {rate: sum(i["price"] * i["qty"] for i in items if i["rate"] == rate) for rate in (10, 8)}
    tax = {rate: base[rate] * rate // 100 for rate in (10, 8)}
    total = base[10] + tax[10] + base[8] + tax[8]
    cells = ["[*品名*]", "[*数量*]", "[*単価*]", "[*金額*]"]
    body = []
    for i in items:
        mark = "　※" if i["rate"] == 8 else ""
        body += ["[{}{}]".format(escape(i["name"]), mark), "[{}]".format(i["qty"]), "[{}]".format(yen(i["price"])),
                 "[{}]".format(yen(i["price"] * i["qty"]))]
    summary = [("10%対象　小計", base[10]), ("消費税（10%）", tax[10]), ("8%対象（軽減税率）　小計", base[8]),
               ("消費税（8%）", tax[8]), ("合計（税込）", total)]
    for label, value in summary:
        body += ["table.cell(colspan: 3, align: right)[{}]".format(label), "[{}]".format(yen(value))]
    number, customer = escape(invoice["number"]), escape(invoice["customer"])
    return "\n".join([
        '#set page(paper: "a4", margin: (top: 30mm, left: 18mm, right: 18mm, bottom: 20mm),',
        '  header: context { if counter(page).get().first() > 1 [#set text(size: 9pt); 請求番号 ' + number
        + '　' + customer + ' 様　（続き） #line(length: 100%, stroke: 0.5pt)] },',
        '  footer: context [#line(length: 100%, stroke: 0.5pt) #align(right)[#set text(size: 8pt); '
        '#counter(page).display() / #counter(page).final().first()]])',
        '#set text(font: "IPAexGothic", size: 10pt, lang: "ja")',
        '#align(center)[#text(size: 24pt)[請　求　書]]',
        '#align(right)[#set text(size: 9pt); 請求番号 ' + number + ' \\ 発行日 令和7年11月25日]',
        '#grid(columns: (1fr, 1fr), [#text(size: 14pt)[' + customer + '　御中] #line(length: 100%) '
        '下記のとおりご請求申し上げます。 #block(fill: rgb("#EEF1FA"), inset: 8pt, width: 100%)[ご請求金額 #h(1fr) '
        '#text(size: 18pt)[' + yen(total) + '（税込）]] お支払期限 令和7年12月31日 \\ 振込先 三井住友銀行 渋谷支店 普通 1234567],',
        '  align(right)[株式会社サンプル商事 \\ #text(size: 8pt)[〒150-0001 東京都渋谷区神宮前3-25-18 \\ '
        '登録番号 T9234567890123]])',
        '#v(12mm)',
        "#table(columns: (1fr, auto, auto, auto), align: (left, right, right, right), table.header({}), {})".format(
            ", ".join(cells), ", ".join(body)),
        "#text(size: 8pt)[※印は軽減税率（8%）の対象品目です。]",
    ])


def main(data, folder):
    with open(data, encoding="utf-8") as f:
        invoices = [json.loads(line) for line in f if line.strip()]
    for invoice in invoices:
        typst.compile(source(invoice).encode("utf-8"), output=os.path.join(folder, invoice["number"] + ".pdf"),
                      font_paths=["/usr/share/fonts/opentype/ipaexfont-gothic"])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
