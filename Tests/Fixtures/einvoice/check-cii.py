"""Checks a Factur-X invoice offline: given a PDF, the factur-x library finds `factur-x.xml` in it and checks it
against the Factur-X EN 16931 XSD, and its XMP must state the fx: file name and ConformanceLevel EN 16931; given the
XML, the same XSD check. Either way the XML then runs through the EN 16931 CII Schematron rules (CEN's compiled XSLT,
Saxon-HE through saxonche). Prints one line per finding and `xsd=ok|failed fatal=N warning=N level=…`; exit 0 when
the XSD check passes and no rule is fatal, else 1."""
import io
import os
import re
import sys

import facturx
import pikepdf
from saxonche import PySaxonProcessor

HERE = os.path.dirname(os.path.abspath(__file__))
SHEET = os.path.join(HERE, "en16931-cii", "EN16931-CII-validation.xslt")
ASSERT = re.compile(r"<svrl:failed-assert\b([^>]*)>(.*?)</svrl:failed-assert>", re.S)


def main(path):
    data = open(path, "rb").read()
    failed = False
    level = ""
    if data.startswith(b"%PDF"):
        name, xml = facturx.get_xml_from_pdf(data, check_xsd=True)
        if name != "factur-x.xml" or not xml:
            print(f"pdf: no factur-x.xml attachment (found {name!r})")
            return 1
        with pikepdf.open(io.BytesIO(data)) as pdf:
            meta = pdf.open_metadata()
            fx = "{urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#}"
            level = meta.get(fx + "ConformanceLevel", "")
            for key, wanted in (("DocumentFileName", "factur-x.xml"), ("DocumentType", "INVOICE")):
                if meta.get(fx + key) != wanted:
                    print(f"xmp: fx:{key} is {meta.get(fx + key)!r}, not {wanted!r}")
                    failed = True
            if level != "EN 16931":
                print(f"xmp: fx:ConformanceLevel is {level!r}, not 'EN 16931'")
                failed = True
            relationship = None
            for spec in pdf.Root.AF:
                if str(spec.get("/UF", "")) == "factur-x.xml":
                    relationship = str(spec.get("/AFRelationship"))
            if relationship != "/Alternative":
                print(f"pdf: factur-x.xml has AFRelationship {relationship}, not /Alternative")
                failed = True
    else:
        xml = data
        facturx.xml_check_xsd(xml, flavor="factur-x", level="en16931")
    # xml_check_xsd and get_xml_from_pdf raise on an XSD failure, so reaching here means the XSD passed.
    counts = {"fatal": 0, "warning": 0}
    with PySaxonProcessor(license=False) as processor:
        executable = processor.new_xslt30_processor().compile_stylesheet(stylesheet_file=SHEET)
        document = processor.parse_xml(xml_text=xml.decode("utf-8"))
        report = executable.transform_to_string(xdm_node=document)
        for attributes, body in ASSERT.findall(report):
            flag = re.search(r'flag="(\w+)"', attributes)
            flag = flag.group(1) if flag else "fatal"
            print(f"{flag}: " + re.sub(r"<[^>]+>", "", body).strip())
            counts[flag] = counts.get(flag, 0) + 1
    print(f"xsd=ok fatal={counts['fatal']} warning={counts['warning']} level={level}")
    return 1 if failed or counts["fatal"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
