using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Reporting;
using EventCommitLab.Tests.Engine;

namespace EventCommitLab.Tests.Harness.Cli;

public sealed class ReportCommandTests
{
    [Fact]
    public void report_regenerates_the_summary_and_charts_from_the_run_record()
    {
        var folder = Directory.CreateTempSubdirectory("commit-lab-report-").FullName;
        try
        {
            File.WriteAllText(Path.Combine(folder, RunRecord.FileName), SampleRuns.Run().ToJson());

            var exit = ReportCommand.Run([folder], TextWriter.Null);

            Assert.Equal(0, exit);
            Assert.Equal(DetailsWriter.Write(RunRecord.Read(folder)), File.ReadAllText(Path.Combine(folder, "summary.md")));
            Assert.True(File.Exists(Path.Combine(folder, "charts", "events-per-second-waves-CommitEvents-1.svg")));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public void report_on_a_folder_without_a_run_record_is_a_clear_error()
    {
        var error = Assert.Throws<ArgumentException>(() => ReportCommand.Run([Path.GetTempPath()], TextWriter.Null));

        Assert.Contains("results.json", error.Message, StringComparison.Ordinal);
    }
}
