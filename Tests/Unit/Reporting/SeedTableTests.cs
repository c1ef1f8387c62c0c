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
        Assert.Matches(@"\| CommitEvents \| 1 \| 1 \| \d+\.\d+ \[\d+\.\d+–\d+\.\d+\] \|", table);
        Assert.DoesNotContain("sustained", table, StringComparison.OrdinalIgnoreCase);
    }
}
