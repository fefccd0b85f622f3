import Foundation
import Support
import TestSupport
import Testing

/// The one output writer: modes, long names, symbolic links, all-or-none groups, failures leave nothing.
@Suite struct AtomicFileTests {
    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func anExisting0600FileKeepsItsModeWhenOverwritten() throws {
        let scratch = try Scratch("atomic-mode")
        let path = scratch.file("secret.pdf").path
        try AtomicFile.write(Data("old".utf8), to: path)
        chmod(path, 0o600)
        try AtomicFile.write(Data("new".utf8), to: path)
        #expect(try mode(path) == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try scratch.contents() == ["secret.pdf"])
    }

    @Test func aNewFileFollowsTheUmask() throws {
        let scratch = try Scratch("atomic-umask")
        let path = scratch.file("new.pdf").path
        try AtomicFile.write(Data("x".utf8), to: path)
        #expect(try mode(path) == Int(AtomicFile.newFileMode))
        #expect(AtomicFile.newFileMode & 0o022 == 0 || AtomicFile.newFileMode & 0o600 == 0o600)
    }

    @Test func theUmaskReadFromProcIsTheOneUmaskReturns() {
        let mask = umask(0o022)
        umask(mask)
        #expect(AtomicFile.newFileMode == 0o666 & ~mask)
    }

    @Test func aNameOfNAMEMAXBytesIsWritten() throws {
        let scratch = try Scratch("atomic-long")
        let name = String(repeating: "あ", count: 83) + "xy.pdf" // 249 + 6 = 255 bytes
        #expect(name.utf8.count == 255)
        try AtomicFile.write(Data("x".utf8), to: scratch.file(name).path)
        #expect(try scratch.contents() == [name])
    }

    @Test func symbolicLinksAreWrittenThroughExistingOrDangling() throws {
        let scratch = try Scratch("atomic-link")
        let target = scratch.file("real.pdf").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        symlink("real.pdf", scratch.file("link.pdf").path)
        try AtomicFile.write(Data("new".utf8), to: scratch.file("link.pdf").path)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.file("link.pdf").path) == "real.pdf")
        symlink("made.pdf", scratch.file("dangling.pdf").path)
        try AtomicFile.write(Data("made".utf8), to: scratch.file("dangling.pdf").path)
        #expect(try String(contentsOfFile: scratch.file("made.pdf").path, encoding: .utf8) == "made")
        #expect(try scratch.contents().sorted() == ["dangling.pdf", "link.pdf", "made.pdf", "real.pdf"])
    }

    /// Unflushed single files (every document output) are first tried as new names without looking at the
    /// destination; what is already there is still treated by the rules: a mode kept, links written through or
    /// replaced, a folder refused, and nothing temporary left.
    @Test func anUnflushedFileMeetsWhatIsAlreadyThereByTheSameRules() throws {
        let scratch = try Scratch("atomic-unflushed")
        let fresh = scratch.file("fresh.pdf").path
        try AtomicFile.write(Data("fresh".utf8), to: fresh, durability: .unflushed)
        #expect(try mode(fresh) == Int(AtomicFile.newFileMode))
        let secret = scratch.file("secret.pdf").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: secret))
        chmod(secret, 0o600)
        try AtomicFile.write(Data("new".utf8), to: secret, durability: .unflushed)
        #expect(try mode(secret) == 0o600)
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == "new")
        symlink("secret.pdf", scratch.file("link.pdf").path)
        try AtomicFile.write(Data("through".utf8), to: scratch.file("link.pdf").path, durability: .unflushed)
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == "through")
        symlink("made.pdf", scratch.file("dangling.pdf").path)
        try AtomicFile.write(Data("made".utf8), to: scratch.file("dangling.pdf").path, durability: .unflushed)
        #expect(try String(contentsOfFile: scratch.file("made.pdf").path, encoding: .utf8) == "made")
        try AtomicFile.writeAll(
            [(scratch.file("link.pdf").path, Data("own".utf8))], durability: .unflushed, links: .replace)
        #expect(try String(contentsOfFile: scratch.file("link.pdf").path, encoding: .utf8) == "own")
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == "through", "the link's target untouched")
        mkdir(scratch.file("folder.pdf").path, 0o755)
        #expect(throws: AtomicFileError.self) {
            try AtomicFile.write(Data("x".utf8), to: scratch.file("folder.pdf").path, durability: .unflushed)
        }
        #expect(
            try scratch.contents() == [
                "dangling.pdf", "folder.pdf", "fresh.pdf", "link.pdf", "made.pdf", "secret.pdf"
            ])
    }

    @Test func aGroupIsWrittenAllOrNone() throws {
        let scratch = try Scratch("atomic-group")
        mkdir(scratch.file("p-2.png").path, 0o755) // the second page cannot replace a folder
        #expect(throws: AtomicFileError.self) {
            try AtomicFile.writeAll([
                (scratch.file("p-1.png").path, Data("1".utf8)),
                (scratch.file("p-2.png").path, Data("2".utf8))
            ])
        }
        #expect(try scratch.contents() == ["p-2.png"])
    }

    @Test func aFullDiskLeavesNoTemporaryFile() throws {
        // /dev/full is a device, written directly; ENOSPC is reported with its fix.
        do {
            try AtomicFile.write(Data(count: 10), to: "/dev/full")
            Issue.record("writing /dev/full succeeded")
        } catch {
            #expect(error.errno == ENOSPC)
            #expect(error.description.contains("disk is full"))
        }
    }
}

/// Control characters from data never reach the terminal raw.
@Suite struct TerminalTextTests {
    @Test func controlCharactersAreEscaped() {
        #expect(TerminalText.escaped("a\u{0}b\nc\u{1B}[2J\u{202E}") == "a\\u{0}b\\nc\\u{1B}[2J\\u{202E}")
        #expect(TerminalText.escaped("髙橋 〜") == "髙橋 〜")
    }
}
