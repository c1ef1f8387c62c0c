using EventCommitLab.Reporting;
using EventCommitLab.Tests.Engine;

namespace EventCommitLab.Tests.Reporting;

public sealed class SeedTableTests
{
    [Fact]
    public void the_seeds_table_has_a_row_per_waves_cell_a_column_per_seed_strategy_and_the_time_per_wave_with_its_interval()
    {
        var run = SampleRuns.Run();

        var table = SeedTable.Write(run, ["TransactionalCounter", "InsertMany", "NotInTheRun"]);

        Assert.Contains("## The seed's table", table, StringComparison.Ordinal);
        Assert.Contains("| Method | Events | Committers | TransactionalCounter | InsertMany |", table, StringComparison.Ordinal);
        Assert.DoesNotContain("NotInTheRun", table, StringComparison.Ordinal);
        Assert.Matches(@"\| CommitEvents \| 1 \| 1 \| \d+\.\d+ ±\d+% \|", table);
        Assert.DoesNotContain("sustained", table, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public void a_time_per_wave_carries_the_wider_side_of_its_interval_rounded_up()
    {
        var run = SampleRuns.Run();
        var measured = run.Cases.First(c => c.Contender == "TransactionalCounter" && c.Cell.Load == EventCommitLab.Engine.Results.LoadKind.Waves && c.Race.EventsPerSecond is { HasBounds: true });
        var rate = measured.Race.EventsPerSecond!;
        var wider = Math.Max((rate.Estimate / rate.Lower!.Value) - 1, 1 - (rate.Estimate / rate.Upper!.Value));

        var table = SeedTable.Write(run, ["TransactionalCounter"]);

        Assert.Contains(FormattableString.Invariant($" ±{Math.Ceiling(wider * 100):0}% |"), table, StringComparison.Ordinal);
        Assert.DoesNotContain("[", table.Split('\n').Where(l => l.StartsWith("| Commit", StringComparison.Ordinal)).First(), StringComparison.Ordinal);
    }
}
