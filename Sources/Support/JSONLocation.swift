import Foundation

/// Where JSONDecoder's bare "not valid JSON" went wrong: JSONSerialization reports a character offset, turned here
/// into `line L, column C: <what>` so the author can jump to it. Public so every JSON file we read (drawings,
/// fonts.json) reports syntax errors the same way; nil when the data is valid JSON.
package func jsonSyntaxLocation(in data: Data) -> String? {
    do {
        _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return nil
    } catch {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        guard let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
            let offset = Int(detail[range].dropFirst("character ".count))
        else { return detail }
        let before = String(decoding: data.prefix(offset), as: UTF8.self)
        let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let column = (before.split(separator: "\n", omittingEmptySubsequences: false).last?.count ?? 0) + 1
        return "line \(line), column \(column): \(detail)"
    }
}
