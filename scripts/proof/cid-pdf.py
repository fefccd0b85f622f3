"""Writes a one-page PDF whose text 日本語 is set in MS-Gothic, a non-embedded CID font of Adobe-Japan1.

The smallest PDF that needs Debian's poppler-data: without it pdffonts and pdftotext print
"Missing language pack for 'Adobe-Japan1' mapping" and pdftotext returns no text. Usage: cid-pdf.py OUT.pdf
"""
import sys

objects = [
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 50] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    None,  # the content stream, below
    b"<< /Type /Font /Subtype /Type0 /BaseFont /MS-Gothic /Encoding /UniJIS-UCS2-H /DescendantFonts [6 0 R] >>",
    b"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /MS-Gothic"
    b" /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 2 >> /FontDescriptor 7 0 R /DW 1000 >>",
    b"<< /Type /FontDescriptor /FontName /MS-Gothic /Flags 4 /FontBBox [0 -141 1000 859] /ItalicAngle 0"
    b" /Ascent 859 /Descent -141 /CapHeight 709 /StemV 78 >>",
]
content = b"BT /F1 20 Tf 10 15 Td <65E5672C8A9E> Tj ET"
objects[3] = b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content)

out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
offsets = []
for number, body in enumerate(objects, start=1):
    offsets.append(len(out))
    out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
with open(sys.argv[1], "wb") as file:
    file.write(out)
