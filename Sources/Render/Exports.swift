/// The laid-out document the renderers draw, and the errors and places they report, are part of Render's API.
@_exported import Layout
