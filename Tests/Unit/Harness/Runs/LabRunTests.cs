using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Runs;

/// <summary>The harness's run before and after it measures: its out folder, and the exit code its cases give.</summary>
public sealed class LabRunTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("commit-lab-run-").FullName;

    public void Dispose() => Directory.Delete(_root, recursive: true);

    [Fact]
    public async Task an_existing_out_folder_is_refused_and_left_as_it_was()
    {
        var folder = Directory.CreateDirectory(Path.Combine(_root, "earlier-run")).FullName;
        File.WriteAllText(Path.Combine(folder, "keep.txt"), "mine");
        var options = LabOptions.Parse(["--out", folder], PostgresStoreConfiguration.FromEnvironment());

        var error = await Assert.ThrowsAsync<ArgumentException>(() => LabRunner.RunAsync(options, "test", TextWriter.Null, CancellationToken.None));

        Assert.Contains("already exists", error.Message, StringComparison.Ordinal);
        Assert.Equal(["keep.txt"], Directory.GetFiles(folder).Select(Path.GetFileName));
    }

    [Fact]
    public async Task an_out_folder_that_cannot_be_created_is_bad_input_naming_it()
    {
        var options = LabOptions.Parse(["--out", "/proc/commit-lab-results"], PostgresStoreConfiguration.FromEnvironment());

        var error = await Assert.ThrowsAsync<ArgumentException>(() => LabRunner.RunAsync(options, "test", TextWriter.Null, CancellationToken.None));

        Assert.StartsWith("--out /proc/commit-lab-results: cannot be created", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(10, 0, 0, ExitCodes.Verified)]
    [InlineData(10, 2, 0, ExitCodes.SomeCasesFailed)]
    [InlineData(10, 10, 0, ExitCodes.NoCaseRan)]
    [InlineData(10, 2, 1, ExitCodes.BrokenGuarantee)]
    public void a_run_whose_cases_failed_does_not_exit_as_verified(int cases, int failed, int broken, int exit) =>
        Assert.Equal(exit, ExitCodes.OfRun(cases, failed, broken));
}
