import Fonts
import Foundation
import TestSupport
import Testing

/// Face indexes HarfBuzz and FreeType would read differently are refused before either library sees them.
@Suite struct FontFaceCAuditTests {
    @Test(arguments: [-1, -2, 65536])
    func anOutOfRangeFaceIndexIsRefused(_ index: Int) throws {
        #expect {
            try FontFace(contentsOf: Repo.ipaexGothic, index: index, name: "gothic")
        } throws: { error in
            "\(error)".contains("face index \(index)")
        }
    }

    @Test func faceZeroStillOpens() throws {
        let face = try FontFace(contentsOf: Repo.ipaexGothic, index: 0, name: "gothic")
        #expect(face.glyphCount > 1000)
        #expect(try !face.subset(for: "入場整理券 〜①髙").isEmpty)
    }
}
