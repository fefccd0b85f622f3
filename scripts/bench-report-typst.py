"""The mkpdf 1,000-member report made with Typst (pip typst), for comparison (scripts/bench-report runs it).

Usage: python3 bench-report-typst.py MEMBERS.csv OUT.pdf

The same content as Templates/report.yaml: A4, a header and "page / pages" footer, the title, the intro paragraph,
one table per rank (ゴールド, シルバー, ブロンズ) with a subtotal row, and the grand total; IPAexGothic, as mkpdf uses.
"""
import csv
import sys

import typst


def escape(text):
    """A CSV value as Typst markup text: markup characters escaped."""
    return "".join("\\" + c if c in "\\#*_`$<>@[]~/" else c for c in text)


def yen(value):
    return "¥{:,}".format(int(value))


def main(source, output):
    with open(source, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    rows.sort(key=lambda row: row["会員番号"])
    order = ["ゴールド", "シルバー", "ブロンズ"]
    columns = ["会員番号", "氏名", "フリガナ", "入会日", "都道府県", "年会費", "備考"]
    parts = [
        '#set page(paper: "a4", margin: (top: 25mm, left: 20mm, right: 20mm, bottom: 22mm),',
        '  header: [#set text(size: 9pt); 会員名簿 2024年度 — 会員各位の個人情報を含みます。取扱注意 #line(length: 100%, stroke: 0.5pt)],',
        '  footer: context [#line(length: 100%, stroke: 0.5pt) #align(right)[#set text(size: 8pt); '
        '#counter(page).display() / #counter(page).final().first() ページ]])',
        '#set text(font: "IPAexGothic", size: 10pt, lang: "ja")',
        '#set par(justify: true)',
        "= 会員名簿 2024年度",
        "ランク別の会員一覧と年会費の小計（GCG 会員事務局）",
        "",
        "本名簿は2024年度の全会員を「ゴールド」「シルバー」「ブロンズ」のランク別に掲載し、各ランクの年会費の小計と総合計を示します。",
    ]
    total = 0
    for rank in order:
        members = [row for row in rows if row["ランク"] == rank]
        subtotal = sum(int(row["年会費"]) for row in members)
        total += subtotal
        parts.append("== {}会員（{}名）".format(rank, len(members)))
        cells = ["[*{}*]".format(c) for c in columns]
        for row in members:
            values = [escape(row[c]) for c in columns]
            values[5] = yen(row["年会費"])
            cells += ["[{}]".format(v) for v in values]
        cells += ["table.cell(colspan: 5)[*{} 小計 {}名*]".format(rank, len(members)), "[*{}*]".format(yen(subtotal)), "[]"]
        parts.append("#table(columns: 7, align: (left, left, left, center, left, right, left), "
                     "table.header({}), {})".format(", ".join(cells[:7]), ", ".join(cells[7:])))
    parts.append("*合計 {}名 {}*".format(len(rows), yen(total)))
    typst.compile("\n".join(parts).encode("utf-8"), output=output,
                  font_paths=["/usr/share/fonts/opentype/ipaexfont-gothic"])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
