using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Reporting;

namespace EventCommitLab.Tests.Harness;

public sealed class RunComparerTests
{
    [Fact]
    public void a_change_beyond_both_runs_noise_is_flagged_and_one_within_it_is_not()
    {
        Assert.Equal("0.50 **▼ faster**", RunComparer.Cell(SampleRuns.Case("X", 1, 1, 4, errorMs: 0.1), SampleRuns.Case("X", 1, 1, 2, errorMs: 0.1)));
        Assert.Equal("2.00 **▲ slower**", RunComparer.Cell(SampleRuns.Case("X", 1, 1, 2, errorMs: 0.1), SampleRuns.Case("X", 1, 1, 4, errorMs: 0.1)));
        Assert.Equal("1.05", RunComparer.Cell(SampleRuns.Case("X", 1, 1, 4, errorMs: 0.2), SampleRuns.Case("X", 1, 1, 4.2, errorMs: 0.2)));
    }

    [Fact]
    public void failed_and_missing_cells_say_so()
    {
        Assert.Equal("failed in new", RunComparer.Cell(SampleRuns.Case("X", 1, 1, 4), SampleRuns.Case("X", 1, 1, null, failure: "boom")));
        Assert.Equal("new only", RunComparer.Cell(null, SampleRuns.Case("X", 1, 1, 4)));
    }

    [Fact]
    public void the_compare_command_prints_and_writes_a_ratio_table_of_two_run_folders()
    {
        var root = Directory.CreateTempSubdirectory("commit-lab-compare-");
        try
        {
            var older = Directory.CreateDirectory(Path.Combine(root.FullName, "old")).FullName;
            var newer = Directory.CreateDirectory(Path.Combine(root.FullName, "new")).FullName;
            File.WriteAllText(Path.Combine(older, RunRecord.FileName), SampleRuns.Run().ToJson());
            File.WriteAllText(Path.Combine(newer, RunRecord.FileName), SampleRuns.Run(scale: 0.5).ToJson());
            var output = new StringWriter();

            var exit = CompareCommand.Run([older, newer], output);

            Assert.Equal(0, exit);
            var written = File.ReadAllText(Path.Combine(newer, "compare-vs-old.md"));
            Assert.Contains("| CommitEvents | 1 | 1 | 0.50 **▼ faster** | 0.50 **▼ faster** | 0.50 **▼ faster** |", written, StringComparison.Ordinal);
            Assert.Contains("| CommitEvents | 1 | 10 | 0.50 **▼ faster** | failed in both | 0.50 **▼ faster** |", written, StringComparison.Ordinal);
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
        var missing = Assert.Throws<ArgumentException>(() => CompareCommand.Run(["only-one"], TextWriter.Null));
        var notARun = Assert.Throws<ArgumentException>(() => CompareCommand.Run([Path.GetTempPath(), Path.GetTempPath()], TextWriter.Null));

        Assert.Contains("needs two run folders", missing.Message, StringComparison.Ordinal);
        Assert.Contains("results.json", notARun.Message, StringComparison.Ordinal);
    }
}
