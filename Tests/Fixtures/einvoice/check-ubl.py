"""Checks JP PINT invoices offline: UBL 2.1 XSD (lxml) and the JP PINT Schematron rules (compiled XSLT, Saxon-HE
through saxonche), each rule file compiled once for every file given. Prints one line per finding and, per file, a
summary line `xsd-errors=N fatal=N warning=N` (after `FILE: ` when several are given); exit 0 when no file has an XSD
error or a fatal assertion, else 1."""
import os
import re
import sys

from lxml import etree
from saxonche import PySaxonProcessor

HERE = os.path.dirname(os.path.abspath(__file__))
SHEETS = ["PINT-UBL-validation-preprocessed.xslt", "PINT-jurisdiction-aligned-rules.xslt"]
ASSERT = re.compile(r"<svrl:failed-assert\b([^>]*)>(.*?)</svrl:failed-assert>", re.S)


def main(paths):
    schema = etree.XMLSchema(etree.parse(os.path.join(HERE, "ubl-2.1", "maindoc", "UBL-Invoice-2.1.xsd")))
    failed = False
    with PySaxonProcessor(license=False) as processor:
        xslt = processor.new_xslt30_processor()
        sheets = [xslt.compile_stylesheet(stylesheet_file=os.path.join(HERE, "pint-jp-1.1.3", name)) for name in SHEETS]
        for path in paths:
            xsd_errors = 0
            if not schema.validate(etree.parse(path)):
                for error in schema.error_log:
                    print(f"xsd: line {error.line}: {error.message}")
                    xsd_errors += 1
            counts = {"fatal": 0, "warning": 0}
            for executable in sheets:
                report = executable.transform_to_string(source_file=os.path.abspath(path))
                for attributes, body in ASSERT.findall(report):
                    flag = re.search(r'flag="(\w+)"', attributes)
                    flag = flag.group(1) if flag else "fatal"
                    text = re.sub(r"<[^>]+>", "", body).strip()
                    print(f"{flag}: {text}")
                    counts[flag] = counts.get(flag, 0) + 1
            prefix = f"{path}: " if len(paths) > 1 else ""
            print(f"{prefix}xsd-errors={xsd_errors} fatal={counts['fatal']} warning={counts['warning']}")
            failed = failed or xsd_errors > 0 or counts["fatal"] > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
