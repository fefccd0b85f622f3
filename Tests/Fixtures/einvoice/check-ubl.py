"""Checks a JP PINT invoice offline: UBL 2.1 XSD (lxml) and the JP PINT Schematron rules (compiled XSLT, Saxon-HE
through saxonche). Prints one line per finding and a summary line `xsd-errors=N fatal=N warning=N`; exit 0 when
there is no XSD error and no fatal assertion, else 1."""
import os
import re
import sys

from lxml import etree
from saxonche import PySaxonProcessor

HERE = os.path.dirname(os.path.abspath(__file__))
SHEETS = ["PINT-UBL-validation-preprocessed.xslt", "PINT-jurisdiction-aligned-rules.xslt"]
ASSERT = re.compile(r"<svrl:failed-assert\b([^>]*)>(.*?)</svrl:failed-assert>", re.S)


def main(path):
    schema = etree.XMLSchema(etree.parse(os.path.join(HERE, "ubl-2.1", "maindoc", "UBL-Invoice-2.1.xsd")))
    xsd_errors = 0
    if not schema.validate(etree.parse(path)):
        for error in schema.error_log:
            print(f"xsd: line {error.line}: {error.message}")
            xsd_errors += 1
    counts = {"fatal": 0, "warning": 0}
    with PySaxonProcessor(license=False) as processor:
        xslt = processor.new_xslt30_processor()
        for sheet in SHEETS:
            executable = xslt.compile_stylesheet(stylesheet_file=os.path.join(HERE, "pint-jp-1.1.3", sheet))
            report = executable.transform_to_string(source_file=os.path.abspath(path))
            for attributes, body in ASSERT.findall(report):
                flag = re.search(r'flag="(\w+)"', attributes)
                flag = flag.group(1) if flag else "fatal"
                text = re.sub(r"<[^>]+>", "", body).strip()
                print(f"{flag}: {text}")
                counts[flag] = counts.get(flag, 0) + 1
    print(f"xsd-errors={xsd_errors} fatal={counts['fatal']} warning={counts['warning']}")
    return 0 if xsd_errors == 0 and counts["fatal"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
