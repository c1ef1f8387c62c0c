using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Tests.Engine.Measurement;

public sealed class CellCostFitTests
{
    [Fact]
    public void cells_that_took_what_the_model_predicts_refit_to_the_models_own_constants()
    {
        var settings = SampleRuns.Environment.Measurement with { Margin = 0.1, Looks = [6, 12] };
        var cells = (from load in new[] { LoadKind.Waves, LoadKind.Sustained }
                     from events in new[] { 1, 10, 100 }
                     from committers in new[] { 1, 10, 100 }
                     select new CellKey(load, BenchmarkMethod.CommitEvents, events, committers)).ToArray();
        string[] contenders = ["A", "B", "C"];
        var cases = cells.SelectMany(c => contenders.Select(name => SampleRuns.Case(name, c.Committers, SampleRuns.Rounds(100), load: c.Load, numberOfEvents: c.NumberOfEvents))).ToArray();
        var verdicts = cells.Select(c => new CellVerdict(c.Load, c.Method, c.NumberOfEvents, c.Committers, 6, null, null, null, [],
            Time: new CellTime(null, CellCostModel.StartsAndChecks(c, contenders.Length).TotalSeconds, 0, 0, 0, CellCostModel.FirstLook(c, contenders.Length, settings).TotalSeconds))).ToArray();
        var record = new RunRecord(SampleRuns.Environment with { Measurement = settings }, SampleRuns.Claims, cases, Verdicts: verdicts);

        var fit = CellCostFit.Of([record]);

        Assert.Equal(cells.Length, fit.Cells);
        Assert.All(fit.StartsAndChecks.Zip(CellCostModel.StartsAndChecksConstants), p => Assert.Equal(p.Item2, p.Item1, 1e-6 * p.Item2 + 1e-12));
        Assert.All(fit.FirstLook.Zip(CellCostModel.FirstLookConstants), p => Assert.Equal(p.Item2, p.Item1, 1e-6 * p.Item2 + 1e-12));
        Assert.True(fit.StartsAndChecksError < 1e-6 && fit.FirstLookError < 1e-6);
    }

    [Fact]
    public void runs_that_kept_no_cell_time_have_nothing_to_fit_and_say_so()
    {
        Assert.Throws<ArgumentException>(() => CellCostFit.Of([SampleRuns.Run()]));
    }
}
