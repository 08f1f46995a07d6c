import Testing
import TransitionControl

@Suite("Progress bars")
struct ProgressBarTests {
    @Test(arguments: [
        (0.0, "[..........]"),
        (0.09, "[..........]"),
        (0.1, "[#.........]"),
        (0.999, "[#########.]"),
        (1.0, "[##########]"),
        (-3.0, "[..........]"),
        (7.0, "[##########]"),
        (Double.nan, "[..........]"),
    ])
    func cellsAreFilledRoundingDown(fraction: Double, bar: String) {
        #expect(ProgressBar.text(fraction: fraction, width: 10) == bar)
    }
}
