/// Paragraph alignment, line breaking and fonts measured for layout are part of the report API.
@_exported import Typeset
