/// A template makes drawings and documents, held to budgets (`Limits`): the drawing API is part of the template API.
@_exported import DrawingModule
/// A template's values and expressions, and the reports its flows become, are part of the template API.
@_exported import Expressions
/// A template's data comes from CSV tables and data files read there (`CSVTable`, `DataFile`, `DataError`).
@_exported import Records
@_exported import Reports
/// Paragraph alignment, line breaking and fonts measured for layout are part of the report API.
@_exported import Typeset

/// The template language's expression, named without its module: Foundation has an `Expression` of its own.
typealias Expression = Expressions.Expression
