import Drawing

/// The Drawing module's line cap, named apart from libHaru's `LineCap` for files that import both modules.
typealias DrawingLineCap = LineCap
