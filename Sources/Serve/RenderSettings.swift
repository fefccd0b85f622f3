import DrawingModule
import EInvoice
import Foundation
import Render

/// How one request wants its document: the format (`?format=` or the `Accept` header), the PDF's font mode, the
/// raster scale, whether form fields are drawn flat, whether a PDF is tagged and, for a PNG of a longer document, the
/// page.
public struct RenderSettings: Sendable, Hashable {
    /// The format answered.
    public var format: OutputFormat
    /// How a PDF carries its fonts (`?font-mode=embedded|cid`).
    public var fontMode: PDFFontMode
    /// Pixels per point of a PNG, and the grid barcodes are placed on (`?scale=`).
    public var scale: RasterScale
    /// The 1-based page of a PNG (`?page=`); a PDF holds every page.
    public var page: Int
    /// True draws every form field as page content, nothing left to fill (`?flatten-forms=true`, the service's
    /// `--flatten-forms`, as `mkpdf render --flatten-forms`); false keeps the template's own choice.
    public var flattensForms: Bool
    /// True makes the PDF a tagged PDF/UA-1 document (`?pdfua=true`, as `mkpdf render --pdfua`), false an untagged
    /// one (`?pdfua=false`, as `--no-pdfua`); nil keeps the template's own choice.
    public var pdfua: Bool?
    /// The e-invoice the PDF carries (`?einvoice=jp-pint|factur-x`, as `mkpdf render --einvoice`), written from the
    /// template's `einvoice:` mapping; nil for none.
    public var eInvoice: EInvoiceFormat?

    /// Settings for `format` with the service's defaults for the rest.
    public init(
        format: OutputFormat = .pdf, fontMode: PDFFontMode = .embedded, scale: RasterScale = .standard, page: Int = 1,
        flattensForms: Bool = false, pdfua: Bool? = nil, eInvoice: EInvoiceFormat? = nil
    ) {
        self.format = format
        self.fontMode = fontMode
        self.scale = scale
        self.page = page
        self.flattensForms = flattensForms
        self.pdfua = pdfua
        self.eInvoice = eInvoice
    }

    /// The settings a request's query and `Accept` header ask for, over `defaults`.
    /// - Throws: `ServiceProblem` `.notAcceptable` for a format the service does not write, `.badRequest` for a font
    ///   mode, scale, page, `flatten-forms`, `pdfua` or `einvoice` that is not one, and for `pdfua=true` or an
    ///   e-invoice asked of a PNG.
    public init(query: [String: String], accept: String?, defaults: RenderSettings) throws(ServiceProblem) {
        self = defaults
        if let name = query["format"] {
            guard let format = OutputFormat(rawValue: name.lowercased()) else {
                throw ServiceProblem(
                    .notAcceptable,
                    detail: "format=\(name) is not a format mkpdf writes. Fix: ask for " + OutputFormat.names)
            }
            self.format = format
        } else if let accept {
            format = try Self.format(accepting: accept, fallback: defaults.format)
        }
        if let mode = query["font-mode"] {
            guard let fontMode = PDFFontMode(rawValue: mode) else {
                throw ServiceProblem(
                    .badRequest,
                    detail: "font-mode=\(mode) is not a font mode. Fix: use "
                        + PDFFontMode.allCases.map(\.rawValue).joined(separator: " or "))
            }
            self.fontMode = fontMode
        }
        if let text = query["scale"] {
            guard let factor = Double(text), factor.isFinite, factor > 0, factor <= 16 else {
                throw ServiceProblem(
                    .badRequest, detail: "scale=\(text) is not a scale. Fix: give pixels per point from 0.1 to 16")
            }
            scale = .factor(factor)
        }
        if let text = query["page"] {
            guard let page = Int(text), page >= 1 else {
                throw ServiceProblem(.badRequest, detail: "page=\(text) is not a page. Fix: count pages from 1")
            }
            self.page = page
        }
        if let flatten = try Self.switchValue(
            query, "flatten-forms",
            fix: "flatten-forms=true draws form fields flat, flatten-forms=false keeps them fillable (unless the "
                + "service or template flattens)")
        {
            flattensForms = flatten
        }
        if let tagged = try Self.switchValue(
            query, "pdfua",
            fix: "pdfua=true tags the PDF and claims PDF/UA-1, pdfua=false writes it untagged; without it, as the "
                + "template says")
        {
            pdfua = tagged
            if tagged, format != .pdf {
                throw ServiceProblem(
                    .badRequest,
                    detail: "pdfua=true makes a tagged PDF, and this request asks for \(format.rawValue). Fix: ask "
                        + "for format=pdf, or leave pdfua out")
            }
        }
        if let text = query["einvoice"] {
            guard let format = EInvoiceFormat(rawValue: text.lowercased()) else {
                throw ServiceProblem(
                    .badRequest,
                    detail: "einvoice=\(text) is not an e-invoice mkpdf writes. Fix: ask for "
                        + EInvoiceFormat.allCases.map(\.rawValue).joined(separator: " or "))
            }
            guard self.format == .pdf else {
                throw ServiceProblem(
                    .badRequest,
                    detail: "einvoice=\(text) is carried inside a PDF/A-3b, and the answer asked for is "
                        + "\(self.format.rawValue). Fix: ask for format=pdf, or leave einvoice out")
            }
            eInvoice = format
        }
    }

    /// The query's `true` or `false` (any case) for `key`; nil when the query does not name it.
    /// - Throws: `ServiceProblem` `.badRequest` for another value, with `fix`.
    private static func switchValue(_ query: [String: String], _ key: String, fix: String) throws(ServiceProblem)
        -> Bool?
    {
        guard let text = query[key] else { return nil }
        switch text.lowercased() {
        case "true": return true
        case "false": return false
        default:
            throw ServiceProblem(.badRequest, detail: "\(key)=\(text) is neither true nor false. Fix: \(fix)")
        }
    }

    /// The format an `Accept` header prefers among those mkpdf writes (`*/*` and absent: `fallback`).
    private static func format(accepting accept: String, fallback: OutputFormat) throws(ServiceProblem)
        -> OutputFormat
    {
        let ranges = accept.split(separator: ",").compactMap { range -> (type: String, quality: Double)? in
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let type = parts.first?.lowercased(), !type.isEmpty else { return nil }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return (type, quality)
        }
        for range in ranges.filter({ $0.quality > 0 }).sorted(by: { $0.quality > $1.quality }) {
            switch range.type {
            case "application/pdf": return .pdf
            case "image/png": return .png
            case "*/*", "application/*", "image/*": return range.type == "image/*" ? .png : fallback
            default: continue
            }
        }
        throw ServiceProblem(
            .notAcceptable,
            detail: "Accept: \(accept) names no format mkpdf writes. Fix: accept application/pdf or image/png")
    }

    /// The media type of `format`.
    static func mediaType(of format: OutputFormat) -> String {
        format == .png ? "image/png" : "application/pdf"
    }
}
