using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Processes;

namespace EventCommitLab.Tests.Harness.Processes;

/// <summary>The processes suite for real: writer processes of the harness on its own private PostgreSQL.</summary>
public sealed class ProcessesSuiteTests
{
    [Fact]
    public async Task two_writer_processes_owning_the_same_aggregates_conflict_where_one_process_never_does_and_every_version_holds()
    {
        var (run, page) = await RunSuiteAsync("--command-modes", "owned");

        var one = run.Cases.Single(c => c.Processes == 1);
        var two = run.Cases.Single(c => c.Processes == 2);
        Assert.All([one, two], c => Assert.Equal(2, c.Rounds.Count));
        // Two owners of an aggregate trade it back and forth: a round of theirs may acknowledge little, not both rounds nothing.
        Assert.All(one.Rounds, r => Assert.True(r.Commits > 0, "a round of one process acknowledged nothing"));
        Assert.True(two.Total.Commits > 0, "two processes acknowledged nothing");
        Assert.Equal(0, one.Total.Conflicts);
        Assert.Equal(0, one.Total.GivenUp);
        Assert.True(two.Total.Conflicts > 0, "two owners of the same aggregates never conflicted");
        var check = run.Checks["BatchingPipeline"];
        Assert.True(check.Passed, $"{check.BrokenAggregates} aggregates broken, {check.RepeatedNumbers} numbers repeated");
        Assert.True(check.Events >= one.Total.Events + two.Total.Events);
        Assert.Contains("| owned | 2 x 50 |", page, StringComparison.Ordinal);
    }

    [Fact]
    public async Task plain_commits_from_one_writer_process_and_from_two_never_conflict_and_every_number_is_held_once()
    {
        var (run, page) = await RunSuiteAsync("--methods", "CommitEvents");

        Assert.Equal([1, 2], run.Cases.Select(c => c.Processes).Order());
        Assert.All(run.Cases, c =>
        {
            Assert.Equal(BenchmarkMethod.CommitEvents, c.Method);
            Assert.Equal(ProcessesWorkload.PlainEventsPerCommit, c.EventsPerCommit);
            Assert.True(c.Total.Commits > 0, $"{c.Processes} processes acknowledged nothing");
            Assert.Equal(0, c.Total.Conflicts);
            Assert.Equal(0, c.Total.Deadlocks);
            Assert.NotNull(c.Total.StrategyRetries);
        });
        // In one process nothing moves the counter but the pipeline's own batches, and nothing fails: nothing to write again.
        Assert.Equal(0, run.Cases.Single(c => c.Processes == 1).Total.StrategyRetries);
        var check = run.Checks["BatchingPipeline"];
        Assert.True(check.Passed, $"{check.RepeatedNumbers} numbers repeated");
        Assert.Equal(0, check.Aggregates);
        Assert.Contains("| plain, 100 events | 2 x 50 |", page, StringComparison.Ordinal);
        Assert.Contains("| Deadlocks | Strategy's retries | Rounds |", page, StringComparison.Ordinal);
    }

    /// <summary>The suite with <paramref name="options"/>, two rounds of 1 s windows, into a folder removed afterwards: its record and its page.</summary>
    private static async Task<(ProcessesRun Run, string Page)> RunSuiteAsync(params string[] options)
    {
        var folder = Path.Combine(Path.GetTempPath(), $"commit-lab-processes-{Guid.NewGuid():N}");
        try
        {
            var error = new StringWriter();

            var exit = await LabHost.RunAsync(
                ["suite", "processes", .. options, "--rounds", "2", "--window", "1", "--out", folder], TextWriter.Null, error, CancellationToken.None);

            Assert.True(exit == ExitCodes.Verified, error.ToString());
            var (suite, result) = SuiteRecord.TryRead(folder)!.Value;
            Assert.Equal(ProcessesSuite.Name, suite);
            return (ProcessesSuite.Report.Result<ProcessesRun>(result, folder),
                await File.ReadAllTextAsync(Path.Combine(folder, ProcessesSuite.Report.Page), TestContext.Current.CancellationToken));
        }
        finally
        {
            if (Directory.Exists(folder))
            {
                Directory.Delete(folder, recursive: true);
            }
        }
    }
}
