using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Reporting;
using EventCommitLab.Tests.Engine;
using EventCommitLab.Tests.Infrastructure;

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
    public void report_writes_a_raced_runs_verdict_then_its_details_and_names_the_pages_it_wrote()
    {
        var folder = Directory.CreateTempSubdirectory("commit-lab-report-").FullName;
        try
        {
            var raced = SampleRuns.Run() with { Verdicts = [] };
            File.WriteAllText(Path.Combine(folder, RunRecord.FileName), raced.ToJson());
            var output = new StringWriter();

            var exit = ReportCommand.Run([folder], output);

            Assert.Equal(0, exit);
            Assert.Equal([VerdictWriter.FileName, DetailsWriter.FileName], RunPages.Of(raced).Select(p => p.FileName));
            Assert.Equal(VerdictWriter.Write(RunRecord.Read(folder)), File.ReadAllText(Path.Combine(folder, VerdictWriter.FileName)));
            Assert.False(File.Exists(Path.Combine(folder, "summary.md")));
            Assert.Contains($"Rewrote {Path.Combine(folder, VerdictWriter.FileName)}, {Path.Combine(folder, DetailsWriter.FileName)} and the charts", output.ToString(), StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public void the_readmes_latest_verdict_is_written_again_from_its_record_alone_and_under_sixteen_kilobytes()
    {
        var readme = File.ReadAllText(Path.Combine(RepositoryFolder.Root, "README.md"));
        var latest = System.Text.RegularExpressions.Regex.Match(readme, @"\(results/([^/)]+)/verdict\.md\)").Groups[1].Value;
        Assert.False(string.IsNullOrEmpty(latest), "the README links its latest verdict");
        var folder = Directory.CreateTempSubdirectory("commit-lab-latest-").FullName;
        try
        {
            File.Copy(Path.Combine(RepositoryFolder.Results, latest, RunRecord.FileName), Path.Combine(folder, RunRecord.FileName));

            var exit = ReportCommand.Run([folder], TextWriter.Null);

            Assert.Equal(0, exit);
            Assert.All(RunPages.Of(RunRecord.Read(folder)), page => Assert.True(new FileInfo(Path.Combine(folder, page.FileName)).Length > 0, page.FileName));
            Assert.NotEmpty(Directory.GetFiles(Path.Combine(folder, "charts"), "decisions-*.svg"));
            // The page a review reads stays short enough to read: under 16 KB, written again from a real run's record.
            Assert.InRange(new FileInfo(Path.Combine(folder, VerdictWriter.FileName)).Length, 1, 16_000);
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
