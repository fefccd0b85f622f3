import Foundation

extension Oracle {
    /// A tagged PDF's structure tree as pikepdf walks it, each element's text read from the marked content its
    /// `/K` names by pdfium (pypdfium2: the text of each text object and the MCID and marks around it).
    public struct TaggedStructure: Sendable, Decodable {
        /// One structure element, in the tree's order (depth first).
        public struct Element: Sendable, Decodable {
            /// Its structure type without the slash (`P`, `TH`, `Figure`).
            public var type: String
            /// How deep it is: 0 for the `/Document` element the tree root holds.
            public var depth: Int
            /// The text of its own marked content, in its `/K` order.
            public var text: String
            /// Its own text and its kids' in `/K` order, a ruby's reading (`RT`) left out: what is read of it.
            public var reading: String
            /// Its attributes' keys and values (`Scope: Column`, `WritingMode: TbRl`, `ColSpan: 5`).
            public var attributes: [String: String]
            /// How many annotations it holds (`/OBJR` kids whose annotation has its `/StructParent`).
            public var objects: Int
            /// Its `/Alt`, or nil.
            public var alt: String?
        }

        /// Every structure element, the `/Document` first.
        public var elements: [Element]
        /// The text marked as artifacts, with its page from 0.
        public var artifacts: [[ArtifactText]]
        /// The catalog's `/Lang`.
        public var lang: String
        /// `/MarkInfo /Marked`.
        public var marked: Bool
        /// `/ViewerPreferences /DisplayDocTitle`.
        public var displayTitle: Bool
        /// Each page's `/Tabs`.
        public var tabs: [String]
        /// The XMP's `pdfuaid:part`.
        public var uaPart: String

        /// A page index or a text, as the script writes an artifact's pair.
        public enum ArtifactText: Sendable, Decodable {
            /// The page, from 0.
            case page(Int)
            /// The text.
            case text(String)

            /// Reads a number as the page, a string as the text.
            public init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let page = try? container.decode(Int.self) {
                    self = .page(page)
                } else {
                    self = .text(try container.decode(String.self))
                }
            }
        }

        /// The artifacts' texts joined, in order.
        public var artifactText: String {
            var joined = ""
            for pair in artifacts {
                for case .text(let text) in pair { joined += text }
            }
            return joined
        }
    }

    /// The structure tree of the tagged PDF `file` (`TaggedStructure`).
    /// - Throws: when pikepdf or pypdfium2 cannot read it, with the script's error.
    public static func structure(_ file: URL) throws -> TaggedStructure {
        let script = """
            import sys, json, ctypes, pikepdf, pypdfium2 as pdfium, pypdfium2.raw as raw
            path = sys.argv[1]
            doc = pdfium.PdfDocument(path)
            texts = {}      # (page, mcid) -> text
            artifacts = []  # (page, text)
            def mark_names(obj):
                names = []
                for i in range(raw.FPDFPageObj_CountMarks(obj)):
                    mark = raw.FPDFPageObj_GetMark(obj, i)
                    length = ctypes.c_ulong()
                    raw.FPDFPageObjMark_GetName(mark, None, 0, ctypes.byref(length))
                    buffer = ctypes.create_string_buffer(length.value)
                    raw.FPDFPageObjMark_GetName(mark, ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)), length, ctypes.byref(length))
                    names.append(buffer.raw[:length.value].decode('utf-16-le').rstrip('\\x00'))
                return names
            for index in range(len(doc)):
                page = doc[index]
                textpage = page.get_textpage()
                def visit(obj):
                    kind = raw.FPDFPageObj_GetType(obj)
                    if kind == raw.FPDF_PAGEOBJ_FORM:
                        for i in range(raw.FPDFFormObj_CountObjects(obj)):
                            visit(raw.FPDFFormObj_GetObject(obj, i))
                        return
                    if kind != raw.FPDF_PAGEOBJ_TEXT:
                        return
                    size = raw.FPDFTextObj_GetText(obj, textpage.raw, None, 0)
                    buffer = ctypes.create_string_buffer(size)
                    raw.FPDFTextObj_GetText(obj, textpage.raw, ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)), size)
                    text = buffer.raw[:size].decode('utf-16-le').rstrip('\\x00')
                    mcid = raw.FPDFPageObj_GetMarkedContentID(obj)
                    if 'Artifact' in mark_names(obj):
                        artifacts.append([index, text])
                    elif mcid >= 0:
                        texts[(index, mcid)] = texts.get((index, mcid), '') + text
                for i in range(raw.FPDFPage_CountObjects(page.raw)):
                    visit(raw.FPDFPage_GetObject(page.raw, i))
            pdf = pikepdf.open(path)
            pages = {p.objgen: i for i, p in enumerate(pdf.pages)}
            elements = []
            def walk(element, depth):
                page = pages.get(element.Pg.objgen) if '/Pg' in element else None
                kids = element.get('/K')
                kids = list(kids) if isinstance(kids, pikepdf.Array) else ([] if kids is None else [kids])
                attributes = element.get('/A')
                attributes = {} if attributes is None else {str(k)[1:]: str(v).lstrip('/') for k, v in attributes.items() if k != '/O'}
                entry = {'type': str(element.S)[1:], 'depth': depth, 'text': '', 'reading': '', 'objects': 0,
                         'attributes': attributes, 'alt': str(element.Alt) if '/Alt' in element else None}
                elements.append(entry)
                for kid in kids:
                    if isinstance(kid, int):
                        entry['text'] += texts.get((page, kid), '')
                        entry['reading'] += texts.get((page, kid), '')
                    elif isinstance(kid, pikepdf.Dictionary) and kid.get('/Type') == '/MCR':
                        text = texts.get((pages.get(kid.Pg.objgen), int(kid.MCID)), '')
                        entry['text'] += text
                        entry['reading'] += text
                    elif isinstance(kid, pikepdf.Dictionary) and kid.get('/Type') == '/OBJR':
                        entry['objects'] += 1 if kid.Obj.get('/StructParent') is not None else 0
                    elif isinstance(kid, pikepdf.Dictionary):
                        entry['reading'] += walk(kid, depth + 1)
                # pdfium ends a text object's text with a space where the next one starts apart.
                entry['text'] = entry['text'].strip()
                entry['reading'] = entry['reading'].strip()
                # What is read of it: its own text and its kids' in order, a ruby's reading (RT) left out.
                return '' if entry['type'] == 'RT' else entry['reading']
            root = pdf.Root.StructTreeRoot
            kids = root.K
            for kid in (list(kids) if isinstance(kids, pikepdf.Array) else [kids]):
                walk(kid, 0)
            print(json.dumps({'elements': elements, 'artifacts': artifacts, 'lang': str(pdf.Root.get('/Lang', '')),
              'marked': bool(pdf.Root.MarkInfo.Marked) if '/MarkInfo' in pdf.Root else False,
              'displayTitle': bool(pdf.Root.ViewerPreferences.DisplayDocTitle) if '/ViewerPreferences' in pdf.Root else False,
              'tabs': [str(p.obj.get('/Tabs', '')) for p in pdf.pages],
              'uaPart': str(pdf.open_metadata().get('pdfuaid:part'))}, ensure_ascii=False))
            """
        let result = try run("python3", ["-c", script, file.path])
        guard result.status == 0 else { throw StructureFailure(file: file.lastPathComponent, stderr: result.stderr) }
        return try JSONDecoder().decode(TaggedStructure.self, from: Data(result.stdout.utf8))
    }

    /// The structure script failed on a file.
    public struct StructureFailure: Error, CustomStringConvertible {
        /// The file's name.
        public var file: String
        /// The script's standard error.
        public var stderr: String
        /// The file and the error.
        public var description: String { "reading the structure tree of \(file): \(stderr)" }
    }
}
