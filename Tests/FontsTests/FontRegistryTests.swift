import Fonts
import Foundation
import TestSupport
import Testing

/// Name resolution: the repository table, overrides, and the errors when a font or the table is wrong.
@Suite("Font registry")
struct FontRegistryTests {
    static let gothicPath = "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf"
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// A registry on the repository table with no overrides, whatever the test process's environment holds.
    static func plain() -> FontRegistry { FontRegistry(environment: [:]) }

    @Test("The repository table maps the Japanese names to IPAex and the Latin names to DejaVu")
    func repositoryTable() throws {
        let registry = Self.plain()
        #expect(
            try registry.names() == [
                "gothic", "gothic-bold", "gothic-cjk", "gothic-cjk-bold", "mincho", "mincho-bold",
                "mincho-cjk", "mincho-ipamj", "mono", "sans", "sans-bold", "serif", "ud-gothic",
                "ud-gothic-bold", "ud-mincho"
            ])
        #expect(try registry.location(of: "gothic").url.path == Self.gothicPath)
        #expect(try registry.location(of: "mincho").url.path == "/usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf")
        #expect(try registry.location(of: "sans").url.path == Self.dejaVuSans)
        let families = try registry.names().map { try registry.face(named: $0).familyName }
        #expect(
            families == [
                "IPAexGothic", "Noto Sans CJK JP", "Noto Sans CJK JP", "Noto Sans CJK JP", "IPAexMincho",
                "Noto Serif CJK JP", "Noto Serif CJK JP", "IPAmjMincho", "DejaVu Sans Mono", "DejaVu Sans",
                "DejaVu Sans", "DejaVu Serif", "BIZ UDGothic", "BIZ UDGothic", "BIZ UDMincho"
            ])
        #expect(try registry.chain(named: "gothic").map(\.name) == ["gothic", "gothic-cjk"])
        #expect(try registry.chain(named: "mincho").map(\.name) == ["mincho", "mincho-ipamj", "mincho-cjk"])
        #expect(try registry.face(named: "gothic").postScriptName == "IPAexGothic")
    }

    @Test("Each file is opened once: every lookup, from any thread, gets the same face")
    func loadedOnce() async throws {
        let registry = Self.plain()
        let first = try registry.face(named: "gothic")
        let identical = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 { group.addTask { try registry.face(named: "gothic") === first } }
            return try await group.allSatisfy { $0 }
        }
        #expect(identical)
        #expect(try FontRegistry.shared.face(named: "sans") === FontRegistry.shared.face(named: "sans"))
    }

    @Test("MKPDF_FONT_<NAME> replaces one name, and can add a new one")
    func perFontOverride() throws {
        let registry = FontRegistry(environment: [
            "MKPDF_FONT_GOTHIC": Self.dejaVuSans,
            "MKPDF_FONT_HANDWRITING": Self.gothicPath
        ])
        #expect(try registry.face(named: "gothic").familyName == "DejaVu Sans")
        #expect(try registry.location(of: "gothic").origin == "MKPDF_FONT_GOTHIC")
        #expect(try registry.face(named: "handwriting").familyName == "IPAexGothic")
        #expect(try registry.face(named: "mincho").familyName == "IPAexMincho")
        #expect(FontRegistry.overrideVariable(for: "sans-bold") == "MKPDF_FONT_SANS_BOLD")
    }

    @Test("An override naming a missing file is an error, not a silent fallback to the table")
    func overrideMissing() throws {
        let registry = FontRegistry(environment: ["MKPDF_FONT_GOTHIC": "/nowhere/ipaexg.ttf"])
        let error = #expect(throws: FontError.self) { try registry.face(named: "gothic") }
        #expect(
            error
                == .fontMissing(
                    name: "gothic", tried: ["/nowhere/ipaexg.ttf (from MKPDF_FONT_GOTHIC)"],
                    package: nil, variable: "MKPDF_FONT_GOTHIC"))
    }

    @Test("A missing font names the logical name, every path looked for, the package and the variable")
    func missingFont() throws {
        let configuration = FontConfiguration(fonts: [
            "gothic": .init(files: ["/opt/a/ipaexg.ttf", "/opt/b/ipaexg.ttf"], package: "fonts-ipaexfont-gothic")
        ])
        let registry = FontRegistry(configuration: configuration, environment: [:])
        let error = #expect(throws: FontError.self) { try registry.face(named: "gothic") }
        let text = error?.description ?? ""
        for expected in [
            "\"gothic\"", "/opt/a/ipaexg.ttf", "/opt/b/ipaexg.ttf", "apt-get install fonts-ipaexfont-gothic",
            "MKPDF_FONT_GOTHIC=", "MKPDF_FONTS"
        ] {
            #expect(text.contains(expected), "\(expected) missing from: \(text)")
        }
        #expect(error?.errorDescription == text)
    }

    @Test("An unknown name lists the known ones and how to add it")
    func unknownName() throws {
        let error = #expect(throws: FontError.self) { try Self.plain().face(named: "comic") }
        let text = error?.description ?? ""
        #expect(text.contains("unknown font \"comic\""))
        #expect(text.contains("gothic, gothic-bold, gothic-cjk") && text.contains("mono, sans, sans-bold, serif"))
        #expect(text.contains("fonts.json") && text.contains("MKPDF_FONT_COMIC"))
    }

    @Test("MKPDF_FONTS selects another table; its relative paths are relative to it")
    func otherTable() throws {
        let scratch = try Scratch("fonts-table")
        try FileManager.default.copyItem(
            atPath: Self.dejaVuSans, toPath: scratch.url.appendingPathComponent("mine.ttf").path)
        let table = scratch.url.appendingPathComponent("fonts.json")
        try Data(#"{"fonts": {"body": {"files": ["missing.ttf", "mine.ttf"]}}}"#.utf8).write(to: table)
        let registry = FontRegistry(environment: ["MKPDF_FONTS": table.path])
        #expect(try registry.names() == ["body"])
        #expect(try registry.location(of: "body").url.lastPathComponent == "mine.ttf")
        #expect(try registry.face(named: "body").familyName == "DejaVu Sans")
    }

    @Test("MKPDF_FONTS naming a missing file says so")
    func tableMissing() throws {
        let registry = FontRegistry(environment: ["MKPDF_FONTS": "/nowhere/fonts.json"])
        let error = #expect(throws: FontError.self) { try registry.face(named: "gothic") }
        #expect(error == .configurationNotFound(tried: ["/nowhere/fonts.json (from MKPDF_FONTS)"]))
        #expect(error?.description.contains("Fix: set MKPDF_FONTS") == true)
    }

    @Test("Without MKPDF_FONTS an installed binary finds fonts.json beside it, and the error lists every place tried")
    func tableBesideTheExecutable() throws {
        let scratch = try Scratch("fonts-search")
        let bin = scratch.file("prefix/bin")
        let work = scratch.file("work")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let places = [
            scratch.file("prefix/share/mkpdf/fonts.json").path, scratch.file("prefix/bin/Fonts/fonts.json").path,
            scratch.file("work/Fonts/fonts.json").path
        ]
        #expect(
            FontConfiguration.searchPaths(sourceTree: nil, executableDirectory: bin, currentDirectory: work)
                .map(\.path) == places)
        let error = #expect(throws: FontError.self) {
            try FontConfiguration.defaultFile(
                environment: [:], sourceTree: nil, executableDirectory: bin,
                currentDirectory: work)
        }
        #expect(error == .configurationNotFound(tried: places + ["MKPDF_FONTS (not set)"]))
        for place in places { #expect(error?.description.contains(place) == true, "\(place)") }
        #expect(error?.description.components(separatedBy: "Fix:").count == 2)

        // Each place, once it holds the table, is found; the earlier ones win.
        for place in places.reversed() {
            let url = URL(fileURLWithPath: place)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Repo.root.appendingPathComponent("Fonts/fonts.json"), to: url)
            let found = try FontConfiguration.defaultFile(
                environment: [:], sourceTree: nil, executableDirectory: bin,
                currentDirectory: work)
            #expect(found.path == place)
        }
    }

    @Test("An installed prefix's fonts.json wins over the checkout the binary was built from")
    func installedTableWinsOverTheSourceTree() throws {
        let scratch = try Scratch("fonts-search-installed")
        let bin = scratch.file("prefix/bin")
        let tree = scratch.file("checkout")
        let installed = scratch.file("prefix/share/mkpdf/fonts.json")
        for folder in [bin, tree.appendingPathComponent("Fonts"), installed.deletingLastPathComponent()] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let table = Repo.root.appendingPathComponent("Fonts/fonts.json")
        try FileManager.default.copyItem(at: table, to: tree.appendingPathComponent("Fonts/fonts.json"))
        #expect(
            try FontConfiguration.defaultFile(
                environment: [:], sourceTree: tree, executableDirectory: bin, currentDirectory: scratch.url).path
                == tree.appendingPathComponent("Fonts/fonts.json").path)
        try FileManager.default.copyItem(at: table, to: installed)
        #expect(
            try FontConfiguration.defaultFile(
                environment: [:], sourceTree: tree, executableDirectory: bin, currentDirectory: scratch.url).path
                == installed.path)
        #expect(
            FontConfiguration.searchPaths(sourceTree: tree, executableDirectory: bin, currentDirectory: scratch.url)
                .first?.path == installed.path)
    }

    @Test(
        "fonts.json errors name the file and what is wrong",
        arguments: [
            (#"{"fonts": {"gothic": {"files": ["a.ttf"]}"#, "is not valid JSON"),
            (#"{"faces": {}}"#, "missing key \"fonts\""),
            (#"{"fonts": {"gothic": {"files": []}}}"#, "font \"gothic\" lists no files"),
            (#"{"fonts": {"gothic": {"files": "a.ttf"}}}"#, "wrong value at fonts.gothic.files"),
            (#"{"fonts": {"gothic": {"files": ["a.ttc"], "index": -1}}}"#, "index -1"),
            (#"{"fonts": []}"#, "wrong value at fonts: Expected to decode Dictionary<String, Any> but found an array"),
            (#"{"fonts": {"gothic": null}}"#, "wrong value at fonts.gothic: Cannot get keyed decoding container"),
            (#"{"fonts": {"gothic": {}}}"#, "missing key \"files\" in fonts.gothic"),
            (#"{"fonts": {"gothic": {"files": null}}}"#, "wrong value at fonts.gothic.files: Cannot get unkeyed"),
            (
                #"{"fonts": {"gothic": {"files": ["a", 1]}}}"#,
                "wrong value at fonts.gothic.files.[1]: Expected to decode String"
            ),
            (#"{"fonts": {"gothic": {"files": ["a"], "package": 1}}}"#, "wrong value at fonts.gothic.package"),
            (
                #"{"fonts": {"gothic": {"files": ["a"], "index": "0"}}}"#,
                "wrong value at fonts.gothic.index: Expected to decode Int"
            ),
            (
                #"{"fonts": {"gothic": {"files": ["a"], "fallback": "x"}}}"#,
                "wrong value at fonts.gothic.fallback: Expected to decode Array"
            ),
            (
                #"{"fonts": {"gothic": {"files": ["a"], "fallback": [null]}}}"#,
                "wrong value at fonts.gothic.fallback.[0]"
            )
        ])
    func tableErrors(json: String, reason: String) throws {
        let scratch = try Scratch("fonts-json")
        let table = scratch.url.appendingPathComponent("broken-fonts.json")
        try Data(json.utf8).write(to: table)
        let registry = FontRegistry(configurationFile: table, environment: [:])
        let error = #expect(throws: FontError.self) { try registry.face(named: "gothic") }
        let text = error?.description ?? ""
        #expect(text.hasPrefix(table.path + ":"), "\(text)")
        #expect(text.contains(reason), "\(text)")
    }

    @Test("Every field of a fonts.json entry is read; null is an absent field, and other keys are ignored")
    func tableFields() throws {
        let json = #"""
            {"fonts": {
              "gothic": {"files": ["a.ttf", "/b.ttf"], "package": "p", "licence": "l", "index": 2,
                         "fallback": ["mincho", "gothic"], "note": {"any": [1]}},
              "mincho": {"files": ["m.ttf"], "package": null, "licence": null, "index": null, "fallback": null},
              "髙𠮷": {"files": ["〜.ttc"]}
            }, "comment": "x"}
            """#
        let table = try FontConfiguration.parse(Data(json.utf8), source: URL(fileURLWithPath: "/t/fonts.json"))
        #expect(
            table.fonts == [
                "gothic": .init(
                    files: ["a.ttf", "/b.ttf"], package: "p", licence: "l", index: 2, fallback: ["mincho", "gothic"]),
                "mincho": .init(files: ["m.ttf"]), "髙𠮷": .init(files: ["〜.ttc"])
            ])
        #expect(table.candidatePaths(for: try #require(table.fonts["髙𠮷"])) == ["/t/〜.ttc"])
    }

    @Test(
        "The source tree's fonts.json is found after one look beside the executable (an installed prefix), without the current directory; MKPDF_FONTS still wins"
    )
    func tableInTheSourceTree() throws {
        var reads = FolderReads()
        let found = try FontConfiguration.defaultFile(
            environment: [:], sourceTree: Repo.root, executableDirectory: reads.folder("executable"),
            currentDirectory: reads.folder("current"))
        #expect(found.path == Repo.root.appendingPathComponent("Fonts/fonts.json").standardizedFileURL.path)
        #expect(reads.names == ["executable"], "read \(reads.names)")

        reads = FolderReads()
        let scratch = try Scratch("fonts-override")
        let other = scratch.file("other.json")
        try Data(#"{"fonts": {"gothic": {"files": ["a.ttf"]}}}"#.utf8).write(to: other)
        let chosen = try FontConfiguration.defaultFile(
            environment: ["MKPDF_FONTS": other.path], sourceTree: Repo.root,
            executableDirectory: reads.folder("executable"),
            currentDirectory: reads.folder("current"))
        #expect(chosen.path == other.path)
        #expect(reads.names.isEmpty, "read \(reads.names)")

        // Without a table in the source tree, the other places are worked out (the executable's folder once) and listed.
        let error = #expect(throws: FontError.self) {
            try FontConfiguration.defaultFile(
                environment: [:], sourceTree: scratch.url, executableDirectory: reads.folder("executable"),
                currentDirectory: reads.folder("current"))
        }
        #expect(reads.names == ["executable", "current"])
        #expect(
            error?.description.contains("/nonexistent/current/Fonts/fonts.json") == true, "\(String(describing: error))"
        )
    }

    @Test("A file that is not a font is reported with its path")
    func notAFont() throws {
        let scratch = try Scratch("fonts-bad")
        let fake = scratch.url.appendingPathComponent("fake.ttf")
        try Data("this is not a font".utf8).write(to: fake)
        let registry = FontRegistry(environment: ["MKPDF_FONT_GOTHIC": fake.path])
        let error = #expect(throws: FontError.self) { try registry.face(named: "gothic") }
        guard case .fontUnreadable(let name, let path, _) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(name == "gothic" && path == fake.path)
    }
}
