import Charts
import DrawingModule
import Fonts

extension Replayer {
    /// The primitive commands of a chart, or its error with the command's place.
    func chartCommands(_ chart: Drawing.Command.Chart, at location: RenderLocation) throws(RenderError)
        -> [Drawing.Command]
    {
        try Self.chartCommands(chart, at: location, fonts: fonts)
    }

    /// The primitive commands of a chart laid out with the fonts of `fonts`, or its error with the command's place.
    static func chartCommands(
        _ chart: Drawing.Command.Chart, at location: RenderLocation, fonts: FontRegistry
    ) throws(RenderError) -> [Drawing.Command] {
        do {
            return try ChartLayout(chart, fonts: fonts).commands
        } catch {
            throw .chart(location: location, error)
        }
    }
}
