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
}
