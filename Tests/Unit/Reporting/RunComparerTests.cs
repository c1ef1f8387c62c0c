using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Reporting;
using EventCommitLab.SuitePorts.Ceiling;
using EventCommitLab.Tests.Engine;

namespace EventCommitLab.Tests.Reporting;

public sealed class RunComparerTests
{
    [Fact]
    public void two_runs_that_differ_only_by_machine_speed_agree_on_every_ratio()
    {
        var agreement = RunAgreement.Of(SampleRuns.Run(), SampleRuns.Run(scale: 0.6));

        Assert.Equal((5, 5), (agreement.RatiosAgreeing, agreement.RatiosCompared));
    }

    [Fact]
    public void a_ratio_that_moved_more_than_15_percent_is_counted()
    {
        var agreement = RunAgreement.Of(SampleRuns.Run(), SampleRuns.Run(insertManyAt1: 1.3, tieBecomesWin: true));

        Assert.Equal((3, 5), (agreement.RatiosAgreeing, agreement.RatiosCompared));
    }

    [Fact]
    public void ratios_of_contenders_stopped_early_are_counted_apart_from_those_measured_in_every_round()
    {
        var agreement = RunAgreement.Of(SampleRuns.Run(counterStoppedAt1: true), SampleRuns.Run(insertManyAt1: 1.3));

        Assert.Equal((4, 5), (agreement.RatiosAgreeing, agreement.RatiosCompared));
        Assert.Equal((3, 4), (agreement.FullRatiosAgreeing, agreement.FullRatiosCompared));
    }

    [Fact]
    public void a_change_beyond_both_intervals_is_flagged_and_one_within_them_is_not()
    {
        Assert.Equal("2.00 **▲ faster**", RunComparer.Cell(SampleRuns.Run().Cases[0], SampleRuns.Run(scale: 2).Cases[0]));
        Assert.Equal("0.50 **▼ slower**", RunComparer.Cell(SampleRuns.Run(scale: 2).Cases[0], SampleRuns.Run().Cases[0]));
        Assert.Equal("1.01", RunComparer.Cell(SampleRuns.Run().Cases[0], SampleRuns.Run(scale: 1.01).Cases[0]));
    }

    [Fact]
    public void the_ceiling_against_the_store_tool_is_shown_per_run_and_with_both_runs_turns_taken_together()
    {
        StoreToolComparison Measured(params double[] ceiling) =>
            new(100, 1, new StoreToolInsertRate("pgbench (PostgreSQL) 15.18", 3000, 1000, "pgbench sent"), Rows: StoreToolRows.SentByClient,
                Turns: new StoreToolTurns("Ceiling:PerCommit", 1, ceiling, [1000, 1000, 1000]));
        var older = SampleRuns.Run() with { StoreTool = [Measured(900, 1000, 800)] };
        var newer = SampleRuns.Run() with { StoreTool = [Measured(1100, 1000, 1200)] };

        var page = RunComparer.Compare(older, newer, "old", "new");

        Assert.Contains("## The ceiling against the store's own tool", page, StringComparison.Ordinal);
        Assert.Contains("| payloads sent by the client | 100 | 1 | 0.90 [0.68–1.18] | 1.10 [0.87–1.38] | 0.99 [0.85–1.15] (6 turns) |", page, StringComparison.Ordinal);
        Assert.DoesNotContain("store's own tool", RunComparer.Compare(SampleRuns.Run(), newer, "old", "new"), StringComparison.Ordinal);
    }

    [Fact]
    public void failed_and_missing_cells_say_so()
    {
        var failed = SampleRuns.Run().Cases.Single(c => c.Failure is not null);

        Assert.Equal("failed in new", RunComparer.Cell(SampleRuns.Run().Cases[0], failed));
        Assert.Equal("new only", RunComparer.Cell(null, SampleRuns.Run().Cases[0]));
    }

    [Fact]
    public void the_compare_command_prints_and_writes_the_agreement_and_the_ratio_table_of_two_run_folders()
    {
        var root = Directory.CreateTempSubdirectory("commit-lab-compare-");
        try
        {
            var older = Directory.CreateDirectory(Path.Combine(root.FullName, "old")).FullName;
            var newer = Directory.CreateDirectory(Path.Combine(root.FullName, "new")).FullName;
            File.WriteAllText(Path.Combine(older, RunRecord.FileName), SampleRuns.Run().ToJson());
            File.WriteAllText(Path.Combine(newer, RunRecord.FileName), SampleRuns.Run(scale: 2).ToJson());
            var output = new StringWriter();

            var exit = CompareCommand.Run([older, newer], null, output);

            Assert.Equal(0, exit);
            var written = File.ReadAllText(Path.Combine(newer, "compare-vs-old.md"));
            Assert.Contains("within ±15% of each other: **5 of 5** (100%)", written, StringComparison.Ordinal);
            Assert.Contains("Strategy/ceiling ratios within ±15% of each other: **5 of 5**", written, StringComparison.Ordinal);
            Assert.Contains("| waves | CommitEvents | 1 | 1 | 2.00 **▲ faster** | 2.00 **▲ faster** | 2.00 **▲ faster** |", written, StringComparison.Ordinal);
            Assert.Contains("| waves | CommitEvents | 1 | 10 | 2.00 **▲ faster** | failed in both | 2.00 **▲ faster** |", written, StringComparison.Ordinal);
            Assert.Contains(written.Trim(), output.ToString(), StringComparison.Ordinal);
        }
        finally
        {
            root.Delete(recursive: true);
        }
    }

    [Fact]
    public void compare_without_two_run_folders_is_a_clear_error()
    {
        var missing = Assert.Throws<ArgumentException>(() => CompareCommand.Run(["only-one"], null, TextWriter.Null));
        var notARun = Assert.Throws<ArgumentException>(() => CompareCommand.Run([Path.GetTempPath(), Path.GetTempPath()], null, TextWriter.Null));

        Assert.Contains("needs two run folders", missing.Message, StringComparison.Ordinal);
        Assert.Contains("results.json", notARun.Message, StringComparison.Ordinal);
    }
}
