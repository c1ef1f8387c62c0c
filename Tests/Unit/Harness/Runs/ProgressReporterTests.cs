using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Runs;

namespace EventCommitLab.Tests.Harness.Runs;

public sealed class ProgressReporterTests
{
    [Fact]
    public void progress_stops_printing_once_the_run_is_cancelled()
    {
        using var cancel = new CancellationTokenSource();
        using var output = new StringWriter();
        var progress = new ProgressReporter(2, output, cancel.Token);
        var cell = new CellKey(LoadKind.Waves, BenchmarkMethod.CommitEvents, 1, 1);

        progress.CellStarting(cell);
        progress.Note("InsertMany stopped after round 1");
        var before = output.ToString();
        cancel.Cancel();
        progress.Note("TransactionalCounter FAILED: The run was cancelled.");
        progress.CellStarting(cell with { Committers = 10 });

        Assert.Contains("[  1/2]", before, StringComparison.Ordinal);
        Assert.Contains("InsertMany stopped after round 1", before, StringComparison.Ordinal);
        Assert.Equal(before, output.ToString());
    }

    [Fact]
    public void the_estimate_left_follows_the_cells_pace_but_never_passes_the_budget_left()
    {
        var clock = new SteppedClock();
        using var output = new StringWriter();
        var cell = new CellKey(LoadKind.Waves, BenchmarkMethod.CommitEvents, 1, 1);
        var paced = new ProgressReporter(10, output, CancellationToken.None, TimeSpan.FromMinutes(20), clock);
        var bounded = new ProgressReporter(10, output, CancellationToken.None, TimeSpan.FromSeconds(60), clock);

        paced.CellStarting(cell);
        bounded.CellStarting(cell);
        clock.Advance(TimeSpan.FromSeconds(50));
        paced.CellStarting(cell);
        bounded.CellStarting(cell);

        var lines = output.ToString().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries);
        Assert.EndsWith("estimating: waves CommitEvents 1 events x 1 concurrent", lines[0], StringComparison.Ordinal);
        Assert.Contains("00:50 elapsed, ~07:30 left", lines[2], StringComparison.Ordinal);
        Assert.Contains("00:50 elapsed, ~00:10 left", lines[3], StringComparison.Ordinal);
    }

    private sealed class SteppedClock : TimeProvider
    {
        private long _ticks;

        public override long TimestampFrequency => TimeSpan.TicksPerSecond;

        public override long GetTimestamp() => _ticks;

        public void Advance(TimeSpan by) => _ticks += by.Ticks;
    }
}
