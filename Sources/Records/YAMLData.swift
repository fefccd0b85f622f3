import DrawingModule
import Expressions
import Foundation
import Yams

/// The YAML reading that templates and data files share: the node tree of a text, libyaml's syntax problems with
/// their line and column, the shape and size checks a document passes before it is read, and YAML values as the
/// template language's values.
///
/// Templates (the Documents module) and data files (`DataFile`) read the same YAML; each turns these answers into
/// its own error, a template's problems being its author's and a data file's the data's.
package enum YAMLData {
    /// Yams' node tree of `yaml` (nil when it holds no document): the basic resolver, a constructor without tables
    /// and UTF-8 input, each given rather than left to Yams' defaults.
    ///
    /// The nodes are read by their text and style (see `value(_:)`), never through a constructor, while Yams'
    /// default constructor builds its tables of types anew for every document. Yams' default encoding reads the
    /// process environment (`YAMS_DEFAULT_ENCODING`) on every call and announces an override on standard output;
    /// a Swift string is UTF-8.
    /// - Throws: Yams' `YamlError`, which `syntaxProblem(_:)` reads.
    package static func compose(_ yaml: String) throws -> Node? {
        try Yams.compose(yaml: yaml, .basic, Constructor([:], [:], [:]), .utf8)
    }

    /// What went wrong in `compose(_:)`: libyaml's problem, with the line and column of its mark when it has one.
    package static func syntaxProblem(_ error: any Error) -> (line: Int?, column: Int?, problem: String) {
        guard let yaml = error as? YamlError else { return (nil, nil, "\(error)") }
        switch yaml {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) (\($0.text) at \($0.mark.line):\($0.mark.column))" } ?? problem
            return (mark.line, mark.column, detail)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let problem = "duplicate key " + duplicates.sorted().joined(separator: ", ")
            return (context.mark.line, context.mark.column, problem)
        case .reader(let problem, let offset, _, let text):
            guard let offset else { return (nil, nil, problem) }
            var line = 1
            var column = 1
            for scalar in text.unicodeScalars.prefix(offset) {
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            return (line, column, problem)
        default:
            return (nil, nil, yaml.description)
        }
    }

    /// What `node`, which is not a mapping, is instead: its line and `line 3 is a list, not a mapping of WHAT`,
    /// naming the line and never the text, as the document may be any file.
    package static func notAMapping(_ node: Node, holding what: String) -> (line: Int, kind: String) {
        let line = node.startMark?.line ?? 1
        let kind =
            switch node {
            case .scalar: "is text, not a mapping of \(what)"
            case .sequence: "is a list, not a mapping of \(what)"
            default: "is not a mapping of \(what)"
            }
        return (line, "line \(line) \(kind)")
    }

    /// The `yaml-nodes` budget gone over, or nil: the nodes of `root` counted as a reader visits them (an alias
    /// counts its anchor's nodes again), with an explicit stack, stopping at `maximum`.
    package static func nodesOverLimit(_ root: Node, maximum: Int) -> LimitExceeded? {
        var count = 0
        var stack = [root]
        while let node = stack.popLast() {
            count += 1
            if count > maximum {
                return LimitExceeded(
                    limit: "yaml-nodes", what: "the YAML, its aliases (*name) expanded, holds at least", value: count,
                    maximum: maximum, unit: "nodes")
            }
            switch node {
            case .scalar, .alias: break
            case .sequence(let sequence): stack.append(contentsOf: sequence)
            case .mapping(let mapping):
                for (key, value) in mapping.pairsInPlace {
                    stack.append(key)
                    stack.append(value)
                }
            }
        }
        return nil
    }

    /// A YAML value as a template value: plain scalars that YAML reads as numbers, booleans or null become those;
    /// everything else is text; sequences are lists and mappings records.
    /// - Throws: `ValueFailure` for a mapping key that is not text, or an alias.
    package static func value(_ node: Node) throws(ValueFailure) -> TemplateValue {
        switch node {
        case .scalar(let scalar):
            guard scalar.style == .plain else { return .text(scalar.string) }
            if let bool = Bool.construct(from: scalar) { return .bool(bool) }
            if NSNull.construct(from: scalar) != nil,
                scalar.string.isEmpty || ["null", "~", "Null", "NULL"].contains(scalar.string)
            {
                return .null
            }
            if Int.construct(from: scalar) != nil || Double.construct(from: scalar) != nil,
                let number = TemplateValue.number(reading: scalar.string)
            {
                return .number(number)
            }
            return .text(scalar.string)
        case .sequence(let sequence):
            var list: [TemplateValue] = []
            for item in sequence { list.append(try value(item)) }
            return .list(list)
        case .mapping(let mapping):
            var record = TemplateRecord()
            for (key, item) in mapping.pairsInPlace {
                guard let name = key.scalar?.string else {
                    throw ValueFailure(at: key, value: key.described, expected: "keys are plain names")
                }
                record[name] = try value(item)
            }
            return .record(record)
        case .alias:
            throw ValueFailure(at: node, value: "an alias", expected: "write the value out")
        }
    }

    /// A YAML value that is not a template value: where it starts, the value as a message quotes it, and what it
    /// should be.
    package struct ValueFailure: Error {
        /// The 1-based line of the node at fault.
        package var line: Int?
        /// The 1-based column of the node at fault.
        package var column: Int?
        /// The node as a message shows it (`a mapping`, `an alias`).
        package var value: String
        /// What it should be.
        package var expected: String

        init(at node: Node, value: String, expected: String) {
            line = node.startMark?.line
            column = node.startMark?.column
            self.value = value
            self.expected = expected
        }
    }
}
